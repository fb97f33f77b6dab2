// The document core's façade: thin wiring of the pure capabilities (schema → compute → UBL → derived values).
// Nothing here does I/O; the clock, the issuer and the keys are arguments. Signing lives in ./signing.ts.
import { documentFilename } from './filenames.ts';
import type { Issuer } from './issuer.ts';
import type { ComputedDocument } from './invoice/types.ts';
import { withNumber } from './numbering.ts';
import { qrText } from './qr.ts';
import { buildDocumentXml as buildXml, ublRootOf } from './ubl/document.ts';

export type { Issuer, IssuerAddress } from './issuer.ts';
export type { Issue, Warning } from './issues.ts';
export { ISSUE_CODES, WARNING_CODES } from './issues.ts';
export type { DocumentContext } from './invoice/context.ts';
export { DEFAULT_ISSUE_DATE_MAX_AGE_DAYS } from './invoice/context.ts';
export type * from './invoice/types.ts';
export { prepareDocument, type PrepareResult } from './invoice/prepare.ts';
export { computeDocument, type ComputeResult } from './invoice/compute.ts';
export { documentBodySchema, type DocumentBody, type DocumentBodyInput } from './invoice/schema.ts';
export { zodIssuesToIssues } from './invoice/zod-issues.ts';
export { amountInWords, numberToLetter } from './words.ts';
export { qrText, type QrData } from './qr.ts';
export { documentFilename, documentId, cdrFilename, zipFilename, xmlFilename } from './filenames.ts';
export { isValidRuc, rucCheckDigit } from './ruc.ts';
export { isValidIsoDate } from './invoice/primitives.ts';
export { ublRootOf };

/** The unsigned "C14N-ready" UBL 2.1 XML (src/core/ubl/xml-writer.ts) of a computed document with its number assigned. */
export function buildDocumentXml(document: ComputedDocument, issuer: Issuer): string {
  return buildXml(document, issuer);
}

/** The document with the correlative allocated by the database (replaces '#'). */
export function assignNumber(document: ComputedDocument, number: number): ComputedDocument {
  return withNumber(document, number);
}

/** For a note given by external_id: the affected document's series, number and type, resolved by the service. */
export function withAffectedDocument(
  document: ComputedDocument,
  ref: { series: string; number: number; documentType: string },
): ComputedDocument {
  if (!document.note) throw new Error('withAffectedDocument: not a credit/debit note');
  return { ...document, note: { ...document.note, affectedDocument: { ...document.note.affectedDocument, ...ref } } };
}

/** `RUC-TT-SERIE-NUMERO` (SUNAT's file name, also FacturadorPro's `filename`). */
export function filenameOf(document: ComputedDocument, issuerRuc: string): string {
  if (document.number === null) throw new Error('filenameOf: the document has no number yet');
  return documentFilename(issuerRuc, document.documentType, document.series, document.number);
}

/** The QR text of the printed representation, given the signature's DigestValue (layout in src/core/qr.ts). */
export function qrTextOf(document: ComputedDocument, issuerRuc: string, digestValue: string): string {
  if (document.number === null) throw new Error('qrTextOf: the document has no number yet');
  return qrText(
    {
      ruc: issuerRuc,
      documentType: document.documentType,
      series: document.series,
      number: document.number,
      igv: document.totals.igv,
      total: document.totals.payable,
      issueDate: document.issueDate,
      customerDocumentType: document.customer.documentType,
      customerDocumentNumber: document.customer.documentNumber,
    },
    digestValue,
  );
}
