// What the rest of the application may use of the downloads feature: the PDF of a stored document in the
// format its type defaults to (WhatsApp sends it), its signed XML and CDR (e-mail attaches them). Other features import from here, never from the files beside it.
export { defaultPdfFormat, pdfForDocument, PRINTABLE_SELECT } from './pdf-service.ts';
export { cdrZipOf, signedXmlOf } from './files-service.ts';
