// The SUNAT Retention document (UBL 2.0 based) in the element order of UBLPE-Retention-1.0.xsd — cac:Signature
// before cbc:ID, as in the Perception. Output is the "C14N-ready" form the fast signer expects
// (src/core/ubl/xml-writer.ts): namespaces on the root in C14N order, no self-closing tags, escaped text.
import type { Issuer } from '../issuer.ts';
import { NS, SIGNATURE_HOME, XML_DECLARATION } from '../ubl/namespaces.ts';
import { attrs, XmlWriter } from '../ubl/xml-writer.ts';
import { writeAgentParty, writeReceiverParty } from '../ubl/fragments/other-cpe-parties.ts';
import { writeSignaturePointer } from '../ubl/fragments/parties.ts';
import { SAC_NS } from '../perception/xml.ts';
import type { ComputedRetention, RetainedDocument } from './types.ts';

export const RETENTION_NS = 'urn:sunat:names:specification:ubl:peru:schema:xsd:Retention-1';

const ROOT_NAMESPACES = ` xmlns="${RETENTION_NS}" xmlns:cac="${NS.cac}" xmlns:cbc="${NS.cbc}" xmlns:ds="${NS.ds}" xmlns:ext="${NS.ext}" xmlns:sac="${SAC_NS}"`;

const pen = attrs({ currencyID: 'PEN' });

function reference(w: XmlWriter, d: RetainedDocument): void {
  w.open('sac:SUNATRetentionDocumentReference')
    .leaf('cbc:ID', `${d.series}-${d.number}`, attrs({ schemeID: d.documentType }))
    .leaf('cbc:IssueDate', d.issueDate)
    .leaf('cbc:TotalInvoiceAmount', d.total, attrs({ currencyID: d.currency }));
  if (d.payment) {
    w.open('cac:Payment')
      .leaf('cbc:ID', String(d.payment.number))
      .leaf('cbc:PaidAmount', d.payment.amount, attrs({ currencyID: d.currency }))
      .leaf('cbc:PaidDate', d.payment.date)
      .close();
  }
  if (d.retention) {
    const r = d.retention;
    w.open('sac:SUNATRetentionInformation')
      .leaf('sac:SUNATRetentionAmount', r.amount, pen)
      .leaf('sac:SUNATRetentionDate', r.date)
      .leaf('sac:SUNATNetTotalPaid', r.netPaid, pen);
    if (r.exchangeRate) {
      w.open('cac:ExchangeRate')
        .leaf('cbc:SourceCurrencyCode', r.exchangeRate.source)
        .leaf('cbc:TargetCurrencyCode', r.exchangeRate.target)
        .leaf('cbc:CalculationRate', r.exchangeRate.rate)
        .leaf('cbc:Date', r.exchangeRate.date)
        .close();
    }
    w.close();
  }
  w.close();
}

export function buildRetentionXml(doc: ComputedRetention, issuer: Issuer): string {
  if (doc.number === null) throw new Error('buildRetentionXml: the retention has no number yet ("#")');
  const w = new XmlWriter(XML_DECLARATION).openRoot('Retention', ROOT_NAMESPACES);
  w.raw(SIGNATURE_HOME).leaf('cbc:UBLVersionID', '2.0').leaf('cbc:CustomizationID', '1.0');
  writeSignaturePointer(w, issuer);
  w.leaf('cbc:ID', `${doc.series}-${doc.number}`)
    .leaf('cbc:IssueDate', doc.issueDate)
    .leaf('cbc:IssueTime', doc.issueTime);
  writeAgentParty(w, issuer);
  writeReceiverParty(w, doc.supplier);
  w.leaf('sac:SUNATRetentionSystemCode', doc.regime)
    // SUNAT 2619: the percent of the catalog 23 regime (3.00).
    .leaf('sac:SUNATRetentionPercent', Number(doc.percent).toFixed(2))
    .optionalLeaf('cbc:Note', doc.note)
    .leaf('cbc:TotalInvoiceAmount', doc.totalRetained, pen)
    .leaf('sac:SUNATTotalPaid', doc.totalPaid, pen);
  for (const d of doc.documents) reference(w, d);
  return w.toString();
}
