// The comunicación de baja (RA) — and the resumen de reversiones (RR) of perception and retention vouchers, the same
// document with an RR- identifier: SUNAT's VoidedDocuments (UBL 2.0) in the element order of
// UBLPE-VoidedDocuments-1.0.xsd (ID, ReferenceDate, IssueDate, then cac:Signature). "C14N-ready" like every
// document we build (src/core/ubl/xml-writer.ts), so the fast signer can sign it.
import type { Issuer } from '../issuer.ts';
import { SIGNATURE_HOME, sunatRootNamespaces, XML_DECLARATION } from '../ubl/namespaces.ts';
import { XmlWriter } from '../ubl/xml-writer.ts';
import { writeSignaturePointer } from '../ubl/fragments/parties.ts';

export const VOIDED_NS = 'urn:sunat:names:specification:ubl:peru:schema:xsd:VoidedDocuments-1';
export const SUMMARY_NS = 'urn:sunat:names:specification:ubl:peru:schema:xsd:SummaryDocuments-1';

export interface VoidedLine {
  documentType: string;
  serie: string;
  number: number;
  reason: string;
}

export interface VoidedCommunication {
  /** "RA-20250120-1" or "RR-20250120-1". */
  id: string;
  /** The voided documents' issue date (cbc:ReferenceDate), YYYY-MM-DD. */
  referenceDate: string;
  /** The communication's generation date (cbc:IssueDate, and the date in its ID), YYYY-MM-DD. */
  issueDate: string;
  lines: VoidedLine[];
}

/** The issuer as SUNAT's summaries name it: RUC, its type (6) and the legal name (UBL 2.0 SupplierParty). */
export function writeSummarySupplier(w: XmlWriter, issuer: Issuer): void {
  w.open('cac:AccountingSupplierParty')
    .leaf('cbc:CustomerAssignedAccountID', issuer.ruc)
    .leaf('cbc:AdditionalAccountID', '6')
    .open('cac:Party')
    .open('cac:PartyLegalEntity')
    .leaf('cbc:RegistrationName', issuer.razonSocial)
    .close()
    .close()
    .close();
}

/** The head both summaries share (RA and RC): root, versions, ID and dates, signature pointer, supplier. */
export function openSummaryDocument(
  root: 'VoidedDocuments' | 'SummaryDocuments',
  customizationId: '1.0' | '1.1',
  head: { id: string; referenceDate: string; issueDate: string },
  issuer: Issuer,
): XmlWriter {
  const ns = root === 'VoidedDocuments' ? VOIDED_NS : SUMMARY_NS;
  const w = new XmlWriter(XML_DECLARATION).openRoot(root, sunatRootNamespaces(ns));
  w.raw(SIGNATURE_HOME).leaf('cbc:UBLVersionID', '2.0').leaf('cbc:CustomizationID', customizationId);
  w.leaf('cbc:ID', head.id).leaf('cbc:ReferenceDate', head.referenceDate).leaf('cbc:IssueDate', head.issueDate);
  writeSignaturePointer(w, issuer);
  writeSummarySupplier(w, issuer);
  return w;
}

export function buildVoidedXml(ra: VoidedCommunication, issuer: Issuer): string {
  const w = openSummaryDocument('VoidedDocuments', '1.0', ra, issuer);
  for (const [index, line] of ra.lines.entries()) {
    w.open('sac:VoidedDocumentsLine')
      .leaf('cbc:LineID', String(index + 1))
      .leaf('cbc:DocumentTypeCode', line.documentType)
      .leaf('sac:DocumentSerialID', line.serie)
      .leaf('sac:DocumentNumberID', String(line.number))
      .leaf('sac:VoidReasonDescription', line.reason)
      .close();
  }
  return w.toString();
}
