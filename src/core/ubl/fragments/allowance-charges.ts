// cac:AllowanceCharge (header and line): ChargeIndicator, reason code (catalog 53), factor,
// amount, base.
import { formatPercent } from '../../money.ts';
import type { DocumentAllowanceCharge } from '../../invoice/types.ts';
import type { XmlWriter } from '../xml-writer.ts';
import { A } from './attributes.ts';

export function writeAllowanceCharge(w: XmlWriter, ac: DocumentAllowanceCharge): void {
  const cur = A.currency(ac.currency);
  w.open('cac:AllowanceCharge')
    .leaf('cbc:ChargeIndicator', ac.charge ? 'true' : 'false')
    .leaf('cbc:AllowanceChargeReasonCode', ac.code, A.allowanceReason);
  // SUNAT's MultiplierFactorNumeric: up to 3 integer and 5 decimal digits.
  if (ac.factor !== undefined) w.leaf('cbc:MultiplierFactorNumeric', formatPercent(ac.factor, 0));
  w.leaf('cbc:Amount', ac.amount, cur).leaf('cbc:BaseAmount', ac.base, cur).close();
}
