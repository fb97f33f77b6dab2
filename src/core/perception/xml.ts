// The SUNAT Perception document (UBL 2.0 based) in the element order of UBLPE-Perception-1.0.xsd —
// note cac:Signature before cbc:ID. Output is the "C14N-ready" form the fast signer expects (src/core/ubl/xml-writer.ts):
// namespaces on the root in C14N order, no self-closing tags, escaped text.
import type { Issuer } from '../issuer.ts';
import { NS, SIGNATURE_HOME, XML_DECLARATION } from '../ubl/namespaces.ts';
import { attrs, XmlWriter } from '../ubl/xml-writer.ts';
import { writeAgentParty, writeReceiverParty } from '../ubl/fragments/other-cpe-parties.ts';
import { writeSignaturePointer } from '../ubl/fragments/parties.ts';
import type { ComputedPerception } from './types.ts';

export const PERCEPTION_NS = 'urn:sunat:names:specification:ubl:peru:schema:xsd:Perception-1';
export const SAC_NS = 'urn:sunat:names:specification:ubl:peru:schema:xsd:SunatAggregateComponents-1';

const ROOT_NAMESPACES = ` xmlns="${PERCEPTION_NS}" xmlns:cac="${NS.cac}" xmlns:cbc="${NS.cbc}" xmlns:ds="${NS.ds}" xmlns:ext="${NS.ext}" xmlns:sac="${SAC_NS}"`;

const pen = attrs({ currencyID: 'PEN' });

export function buildPerceptionXml(doc: ComputedPerception, issuer: Issuer): string {
  if (doc.number === null) throw new Error('buildPerceptionXml: the perception has no number yet ("#")');
  const w = new XmlWriter(XML_DECLARATION).openRoot('Perception', ROOT_NAMESPACES);
  w.raw(SIGNATURE_HOME).leaf('cbc:UBLVersionID', '2.0').leaf('cbc:CustomizationID', '1.0');
  writeSignaturePointer(w, issuer);
  w.leaf('cbc:ID', `${doc.series}-${doc.number}`)
    .leaf('cbc:IssueDate', doc.issueDate)
    .leaf('cbc:IssueTime', doc.issueTime);
  writeAgentParty(w, issuer);
  writeReceiverParty(w, doc.receiver);
  w.leaf('sac:SUNATPerceptionSystemCode', doc.regime)
    // SUNAT 2603: the percent of the regime, as in SUNAT's samples (2.00).
    .leaf('sac:SUNATPerceptionPercent', Number(doc.percent).toFixed(2))
    .optionalLeaf('cbc:Note', doc.note)
    .leaf('cbc:TotalInvoiceAmount', doc.totalPerceived, pen)
    .leaf('sac:SUNATTotalCashed', doc.totalCashed, pen);
  for (const d of doc.documents) {
    w.open('sac:SUNATPerceptionDocumentReference')
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
    if (d.perception) {
      const p = d.perception;
      w.open('sac:SUNATPerceptionInformation')
        .leaf('sac:SUNATPerceptionAmount', p.amount, pen)
        .leaf('sac:SUNATPerceptionDate', p.date)
        .leaf('sac:SUNATNetTotalCashed', p.netCashed, pen);
      if (p.exchangeRate) {
        w.open('cac:ExchangeRate')
          .leaf('cbc:SourceCurrencyCode', p.exchangeRate.source)
          .leaf('cbc:TargetCurrencyCode', p.exchangeRate.target)
          .leaf('cbc:CalculationRate', p.exchangeRate.rate)
          .leaf('cbc:Date', p.exchangeRate.date)
          .close();
      }
      w.close();
    }
    w.close();
  }
  return w.toString();
}
