// "Filename vs content" (SUNAT 1034–1036, 1049, 1003/1004): the XML must be the document its file
// name announces. Runs right after the XML is parsed, before duplicates, XSD and signature.
import type { DocumentName, SummaryName } from '../sunat/document-name.ts';
import { childByLocal, deepText, pathByLocal, type XmlElement } from '../sunat/xml.ts';

const ROOTS: Record<string, string> = {
  '01': 'Invoice',
  '03': 'Invoice',
  '04': 'SelfBilledInvoice',
  '07': 'CreditNote',
  '08': 'DebitNote',
  '20': 'Retention',
  '40': 'Perception',
};
const SUMMARY_ROOTS: Record<string, string> = { RC: 'SummaryDocuments', RA: 'VoidedDocuments', RR: 'VoidedDocuments' };

export interface Mismatch {
  code: string;
  node: string;
  value?: string;
}

function value(root: XmlElement, path: string): string | undefined {
  const el = pathByLocal(root, path);
  return el ? deepText(el).trim() : undefined;
}

function supplierRuc(root: XmlElement): string | undefined {
  if (root.local === 'Perception' || root.local === 'Retention')
    return value(root, 'AgentParty/PartyIdentification/ID');
  // A liquidación de compra is issued by the buyer: its RUC is the AccountingCustomerParty's (SUNAT 1034).
  if (root.local === 'SelfBilledInvoice') return value(root, 'AccountingCustomerParty/Party/PartyIdentification/ID');
  return (
    value(root, 'AccountingSupplierParty/Party/PartyIdentification/ID') ??
    value(root, 'AccountingSupplierParty/CustomerAssignedAccountID')
  );
}

export function checkDocumentIdentity(root: XmlElement, name: DocumentName): Mismatch | undefined {
  const expected = ROOTS[name.tipo];
  if (!expected || root.local !== expected) return { code: '1003', node: root.name, value: root.local };
  const ruc = supplierRuc(root);
  if (ruc !== name.ruc) return { code: '1034', node: 'cac:PartyIdentification/cbc:ID', value: ruc }; // SUNAT 1034
  const id = value(root, 'ID') ?? '';
  if (name.tipo === '40' || name.tipo === '20') {
    // The perception/retention XSL checks serie and number together (1049).
    if (`${name.serie}-${name.numero}` !== id) return { code: '1049', node: 'cbc:ID', value: id };
    return undefined;
  }
  if (id.slice(0, 4) !== name.serie) return { code: '1035', node: 'cbc:ID', value: id }; // SUNAT 1035
  if (id.slice(5) !== name.numero) return { code: '1036', node: 'cbc:ID', value: id }; // SUNAT 1036
  if (expected === 'Invoice' || expected === 'SelfBilledInvoice') {
    const typeCode = childByLocal(root, 'InvoiceTypeCode');
    const type = typeCode ? deepText(typeCode).trim() : '';
    if (!type) return { code: '1004', node: 'cbc:InvoiceTypeCode' };
    if (type !== name.tipo) return { code: '1003', node: 'cbc:InvoiceTypeCode', value: type };
  }
  return undefined;
}

export function checkSummaryIdentity(root: XmlElement, name: SummaryName): Mismatch | undefined {
  if (root.local !== SUMMARY_ROOTS[name.tipo]) return { code: '1003', node: root.name, value: root.local };
  const ruc = supplierRuc(root);
  if (ruc !== name.ruc) return { code: '1034', node: 'cac:AccountingSupplierParty', value: ruc };
  const id = value(root, 'ID') ?? '';
  if (id !== `${name.tipo}-${name.date}-${name.correlative}`) return { code: '1036', node: 'cbc:ID', value: id };
  return undefined;
}
