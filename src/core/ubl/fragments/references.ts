// References (sunat.md §1.4, §1.14): purchase order, the affected document of a note (DiscrepancyResponse +
// BillingReference), despatch guides, related documents and advance invoices (with the issuer's RUC).
import type { ComputedDocument } from '../../invoice/types.ts';
import type { XmlWriter } from '../xml-writer.ts';
import { A } from './attributes.ts';

export function affectedId(doc: ComputedDocument): { id: string; documentType: string } {
  const a = doc.note?.affectedDocument;
  if (!a || !a.series || a.number === undefined || !a.documentType) {
    throw new Error(
      'buildDocumentXml: the affected document of the note is not resolved (series, number, type); call withAffectedDocument() first',
    );
  }
  return { id: `${a.series}-${a.number}`, documentType: a.documentType };
}

export function writeDiscrepancyResponse(w: XmlWriter, doc: ComputedDocument): void {
  const { id } = affectedId(doc);
  w.open('cac:DiscrepancyResponse')
    .leaf('cbc:ReferenceID', id)
    .leaf('cbc:ResponseCode', doc.note!.typeCode)
    .leaf('cbc:Description', doc.note!.reason)
    .close();
}

export function writeOrderReference(w: XmlWriter, doc: ComputedDocument): void {
  if (doc.purchaseOrder) w.open('cac:OrderReference').leaf('cbc:ID', doc.purchaseOrder).close();
}

export function writeBillingReference(w: XmlWriter, doc: ComputedDocument): void {
  const { id, documentType } = affectedId(doc);
  w.open('cac:BillingReference')
    .open('cac:InvoiceDocumentReference')
    .leaf('cbc:ID', id)
    .leaf('cbc:DocumentTypeCode', documentType, A.documentType)
    .close()
    .close();
}

export function writeDespatchReferences(w: XmlWriter, doc: ComputedDocument): void {
  for (const g of doc.guides) {
    w.open('cac:DespatchDocumentReference')
      .leaf('cbc:ID', g.number)
      .leaf('cbc:DocumentTypeCode', g.documentType, A.documentType)
      .close();
  }
}

export function writeAdditionalReferences(w: XmlWriter, doc: ComputedDocument, issuerRuc: string): void {
  for (const r of doc.related) {
    w.open('cac:AdditionalDocumentReference')
      .leaf('cbc:ID', r.number)
      .leaf('cbc:DocumentTypeCode', r.documentType, A.relatedDocumentType)
      .close();
  }
  doc.advances.forEach((a, i) => {
    // SUNAT 3214–3217: DocumentStatusCode pairs the reference with PrepaidPayment/ID; IssuerParty = our RUC.
    w.open('cac:AdditionalDocumentReference')
      .leaf('cbc:ID', a.number)
      .leaf('cbc:DocumentTypeCode', a.documentType, A.relatedDocumentType)
      .leaf('cbc:DocumentStatusCode', String(i + 1), A.advanceStatus)
      .open('cac:IssuerParty')
      .open('cac:PartyIdentification')
      .leaf('cbc:ID', issuerRuc, A.identityDocument('6'))
      .close()
      .close()
      .close();
  });
}
