// The SUNAT Perception and Retention documents (UBL 2.0 based) in the element order of their XSDs
// (UBLPE-Perception-1.0.xsd, UBLPE-Retention-1.0.xsd) — cac:Signature before cbc:ID. The two differ only in
// the root, its namespace and the names of a few sac: elements. Output is the "C14N-ready" form the fast
// signer expects (src/core/ubl/xml-writer.ts): namespaces on the root in C14N order, no self-closing tags.
import type { Issuer } from '../issuer.ts';
import { SIGNATURE_HOME, sunatRootNamespaces, XML_DECLARATION } from '../ubl/namespaces.ts';
import { attrs, XmlWriter } from '../ubl/xml-writer.ts';
import { writeAgentParty, writeReceiverParty } from '../ubl/fragments/other-cpe-parties.ts';
import { writeSignaturePointer } from '../ubl/fragments/parties.ts';
import type { OtherCpeView } from './types.ts';

export interface OtherCpeXmlSpec {
  /** The root element, also the word in its namespace and in sac:SUNAT{root}SystemCode, …Percent, …Amount… */
  root: 'Perception' | 'Retention';
  /** What the net amounts are: sac:SUNATTotalCashed / SUNATNetTotalCashed, or sac:SUNATTotalPaid / …Paid. */
  net: 'Cashed' | 'Paid';
}

export const otherCpeNamespace = (root: OtherCpeXmlSpec['root']) =>
  `urn:sunat:names:specification:ubl:peru:schema:xsd:${root}-1`;

const pen = attrs({ currencyID: 'PEN' });

function writeRelatedDocument(w: XmlWriter, spec: OtherCpeXmlSpec, d: OtherCpeView['documents'][number]): void {
  w.open(`sac:SUNAT${spec.root}DocumentReference`)
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
  const f = d.figures;
  if (f) {
    w.open(`sac:SUNAT${spec.root}Information`)
      .leaf(`sac:SUNAT${spec.root}Amount`, f.amount, pen)
      .leaf(`sac:SUNAT${spec.root}Date`, f.date)
      .leaf(`sac:SUNATNetTotal${spec.net}`, f.net, pen);
    if (f.exchangeRate) {
      w.open('cac:ExchangeRate')
        .leaf('cbc:SourceCurrencyCode', f.exchangeRate.source)
        .leaf('cbc:TargetCurrencyCode', f.exchangeRate.target)
        .leaf('cbc:CalculationRate', f.exchangeRate.rate)
        .leaf('cbc:Date', f.exchangeRate.date)
        .close();
    }
    w.close();
  }
  w.close();
}

export function buildOtherCpeXml(spec: OtherCpeXmlSpec, v: OtherCpeView, issuer: Issuer): string {
  if (v.number === null) throw new Error(`build${spec.root}Xml: the voucher has no number yet ("#")`);
  const w = new XmlWriter(XML_DECLARATION).openRoot(spec.root, sunatRootNamespaces(otherCpeNamespace(spec.root)));
  w.raw(SIGNATURE_HOME).leaf('cbc:UBLVersionID', '2.0').leaf('cbc:CustomizationID', '1.0');
  writeSignaturePointer(w, issuer);
  w.leaf('cbc:ID', `${v.series}-${v.number}`).leaf('cbc:IssueDate', v.issueDate).leaf('cbc:IssueTime', v.issueTime);
  writeAgentParty(w, issuer);
  writeReceiverParty(w, v.party);
  w.leaf(`sac:SUNAT${spec.root}SystemCode`, v.regime)
    // SUNAT 2603 (perception) and 2619 (retention): the regime's percent, as in SUNAT's samples (2.00, 3.00).
    .leaf(`sac:SUNAT${spec.root}Percent`, Number(v.percent).toFixed(2))
    .optionalLeaf('cbc:Note', v.note)
    .leaf('cbc:TotalInvoiceAmount', v.total, pen)
    .leaf(`sac:SUNATTotal${spec.net}`, v.netTotal, pen);
  for (const d of v.documents) writeRelatedDocument(w, spec, d);
  return w.toString();
}
