// TypeScript port of the key rules of SUNAT's ValidaExprRegFactura-2.0.1.xsl (and the parts of the boleta and
// note files that share them), evaluated on the XML alone, one file per rule group. Each check cites its code;
// the XPath semantics are kept on purpose, quirks included (an absent total is NaN and never fails a comparison;
// 3103/2993 skip code 15 because the XSL writes `text = '15'`; 3279 only checks IVAP documents since SUNAT's
// change PAS20221U210600205). Tolerances are SUNAT's: ±1 currency unit on most sums, exact where the XSL is exact.
import type { XmlElement } from '../../../sunat/xml.ts';
import type { Findings } from '../context.ts';
import { globalAllowances } from './allowances.ts';
import { supplier, customer } from './customer.ts';
import { header, references } from './header.ts';
import { legends } from './legends.ts';
import { lines } from './lines.ts';
import { discrepancy } from './notes.ts';
import { noteKinds } from './note-kinds.ts';
import { creditNoteTerms, paymentTerms } from './payment-terms.ts';
import { perceptionInInvoice } from './perception.ts';
import { type InvoiceLikeType, shapeOf } from './shape.ts';
import { igvRate } from './igv-rate.ts';
import { headerTaxTotal } from './taxes.ts';
import { totalsFormat, sums, advances } from './totals.ts';

export function checkInvoiceLike(root: XmlElement, tipo: InvoiceLikeType, f: Findings): void {
  const shape = shapeOf(root, tipo);
  const isInvoice = shape.isInvoice;
  header(root, shape, f);
  supplier(root, f);
  customer(root, shape, f);
  if (!isInvoice) discrepancy(root, shape, f);
  noteKinds(root, shape, f);
  references(root, f);
  totalsFormat(root, shape, f);
  headerTaxTotal(root, shape, f);
  igvRate(root, shape, f);
  globalAllowances(root, shape, f);
  perceptionInInvoice(root, shape, f);
  sums(root, shape, f);
  advances(root, shape, f);
  legends(root, shape, f);
  if (isInvoice) paymentTerms(root, shape, f);
  else if (tipo === '07') creditNoteTerms(root, shape, f);
  lines(shape, f);
}
