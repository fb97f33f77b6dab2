// XML builders for Invoice (01/03), CreditNote (07) and DebitNote (08), assembled from the shared fragments in the
// element order of each root's UBL 2.1 sequence (the XSD's xsd:sequence). Output is the "C14N-ready" form of
// src/core/ubl/xml-writer.ts, ready for signXml(..., { assumeCanonical: true }).
import type { Issuer } from '../issuer.ts';
import type { ComputedDocument } from '../invoice/types.ts';
import { documentId } from '../filenames.ts';
import { NS } from './namespaces.ts';
import type { XmlWriter } from './xml-writer.ts';
import { A } from './fragments/attributes.ts';
import { writeAllowanceCharge } from './fragments/allowance-charges.ts';
import { writeLine } from './fragments/lines.ts';
import { writeMonetaryTotal } from './fragments/monetary-total.ts';
import { openUbl21 } from './fragments/opening.ts';
import { writeCustomer, writeSignaturePointer, writeSupplier } from './fragments/parties.ts';
import { writePaymentMeans, writePaymentTerms, writePrepaidPayments } from './fragments/payment.ts';
import {
  writeAdditionalReferences,
  writeBillingReference,
  writeDespatchReferences,
  writeDiscrepancyResponse,
  writeOrderReference,
} from './fragments/references.ts';
import { writeDocumentTaxTotal } from './fragments/tax-total.ts';

/** Free-text notes (informacion_adicional) longer than this stay on the PDF only. */
export const MAX_FREE_NOTE = 500;

/** A writer with the document's root open and its UBL 2.1 opening written. */
function open(root: 'Invoice' | 'CreditNote' | 'DebitNote', doc: ComputedDocument): XmlWriter {
  if (doc.number === null)
    throw new Error('buildDocumentXml: the document has no number yet ("#"); call assignNumber() first');
  const namespace = root === 'Invoice' ? NS.invoice : root === 'CreditNote' ? NS.creditNote : NS.debitNote;
  return openUbl21(root, namespace, documentId(doc.series, doc.number), doc);
}

function notes(w: XmlWriter, doc: ComputedDocument): void {
  for (const l of doc.legends) w.leaf('cbc:Note', l.value, A.legend(l.code));
  if (doc.additionalInformation && doc.additionalInformation.length <= MAX_FREE_NOTE)
    w.leaf('cbc:Note', doc.additionalInformation);
  w.leaf('cbc:DocumentCurrencyCode', doc.currency, A.currencyCode);
}

function parties(w: XmlWriter, doc: ComputedDocument, issuer: Issuer): void {
  writeSignaturePointer(w, issuer);
  writeSupplier(w, issuer);
  writeCustomer(w, doc.customer);
}

function buildInvoice(doc: ComputedDocument, issuer: Issuer): string {
  const w = open('Invoice', doc);
  w.optionalLeaf('cbc:DueDate', doc.dueDate);
  w.leaf('cbc:InvoiceTypeCode', doc.documentType, A.invoiceTypeCode(doc.operationType ?? '0101'));
  notes(w, doc);
  writeOrderReference(w, doc);
  writeDespatchReferences(w, doc);
  writeAdditionalReferences(w, doc, issuer.ruc);
  parties(w, doc, issuer);
  writePaymentMeans(w, doc);
  writePaymentTerms(w, doc);
  writePrepaidPayments(w, doc);
  return totalsAndLines(w, doc, 'cac:LegalMonetaryTotal', 'InvoiceLine');
}

type MonetaryTotalTag = Parameters<typeof writeMonetaryTotal>[2];
type LineTag = Parameters<typeof writeLine>[2];

/** The end every document shares: global allowances and charges, the tax total, the monetary total, the lines. */
function totalsAndLines(w: XmlWriter, doc: ComputedDocument, monetaryTag: MonetaryTotalTag, lineTag: LineTag): string {
  for (const ac of doc.allowanceCharges) writeAllowanceCharge(w, ac);
  return taxesTotalsAndLines(w, doc, monetaryTag, lineTag);
}

function taxesTotalsAndLines(
  w: XmlWriter,
  doc: ComputedDocument,
  monetaryTag: MonetaryTotalTag,
  lineTag: LineTag,
): string {
  writeDocumentTaxTotal(w, doc);
  writeMonetaryTotal(w, doc, monetaryTag);
  for (const line of doc.lines) writeLine(w, line, lineTag, doc.currency);
  return w.toString();
}

/** What credit and debit notes share, in their schemas' order, up to the parties. */
function noteHead(w: XmlWriter, doc: ComputedDocument, issuer: Issuer): void {
  notes(w, doc);
  writeDiscrepancyResponse(w, doc);
  writeOrderReference(w, doc);
  writeBillingReference(w, doc);
  writeDespatchReferences(w, doc);
  writeAdditionalReferences(w, doc, issuer.ruc);
  parties(w, doc, issuer);
}

function buildCreditNote(doc: ComputedDocument, issuer: Issuer): string {
  const w = open('CreditNote', doc);
  noteHead(w, doc, issuer);
  writePaymentMeans(w, doc);
  writePaymentTerms(w, doc);
  return totalsAndLines(w, doc, 'cac:LegalMonetaryTotal', 'CreditNoteLine');
}

function buildDebitNote(doc: ComputedDocument, issuer: Issuer): string {
  const w = open('DebitNote', doc);
  noteHead(w, doc, issuer);
  // DebitNoteType: PrepaidPayment and AllowanceCharge come before PaymentMeans/PaymentTerms.
  writePrepaidPayments(w, doc);
  for (const ac of doc.allowanceCharges) writeAllowanceCharge(w, ac);
  writePaymentMeans(w, doc);
  writePaymentTerms(w, doc);
  return taxesTotalsAndLines(w, doc, 'cac:RequestedMonetaryTotal', 'DebitNoteLine');
}

/** UBL root element name of a document type. */
export function ublRootOf(documentType: string): 'Invoice' | 'CreditNote' | 'DebitNote' {
  return documentType === '07' ? 'CreditNote' : documentType === '08' ? 'DebitNote' : 'Invoice';
}

/** The unsigned "C14N-ready" XML of a computed document. */
export function buildDocumentXml(doc: ComputedDocument, issuer: Issuer): string {
  switch (ublRootOf(doc.documentType)) {
    case 'CreditNote':
      return buildCreditNote(doc, issuer);
    case 'DebitNote':
      return buildDebitNote(doc, issuer);
    default:
      return buildInvoice(doc, issuer);
  }
}
