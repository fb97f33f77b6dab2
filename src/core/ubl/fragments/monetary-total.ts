// cac:LegalMonetaryTotal (Invoice, CreditNote) / cac:RequestedMonetaryTotal (DebitNote), with SUNAT's rule per amount:
// LineExtension (3278), TaxInclusive (3279), AllowanceTotal (3300), ChargeTotal (3301), Prepaid (2509), PayableRounding
// (3303/4314), Payable (3280).
import type { ComputedDocument } from '../../invoice/types.ts';
import type { XmlWriter } from '../xml-writer.ts';
import { A } from './attributes.ts';

export function writeMonetaryTotal(
  w: XmlWriter,
  doc: ComputedDocument,
  element: 'cac:LegalMonetaryTotal' | 'cac:RequestedMonetaryTotal',
): void {
  const cur = A.currency(doc.currency);
  const t = doc.totals;
  w.open(element).leaf('cbc:LineExtensionAmount', t.value, cur).leaf('cbc:TaxInclusiveAmount', t.taxInclusive, cur);
  if (t.allowanceTotal !== '0.00') w.leaf('cbc:AllowanceTotalAmount', t.allowanceTotal, cur);
  if (t.chargeTotal !== '0.00') w.leaf('cbc:ChargeTotalAmount', t.chargeTotal, cur);
  if (t.prepaid !== '0.00') w.leaf('cbc:PrepaidAmount', t.prepaid, cur);
  // Where a total_venta kept within the tolerance put its difference (SUNAT 3280; |rounding| ≤ 1, 3303/4314).
  if (t.rounding !== undefined) w.leaf('cbc:PayableRoundingAmount', t.rounding, cur);
  w.leaf('cbc:PayableAmount', t.payable, cur).close();
}
