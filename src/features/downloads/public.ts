// What the rest of the application may use of the downloads feature: the PDF of a stored document in the
// format its type defaults to (WhatsApp sends it). Other features import from here, never from the files beside it.
export { defaultPdfFormat, pdfForDocument } from './pdf-service.ts';
