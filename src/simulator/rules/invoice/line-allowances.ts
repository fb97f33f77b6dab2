// A line's discounts and charges (3114/3073/2954/4268/3052/3290) and its value's format (2370).
import type { XmlElement } from '../../../sunat/xml.ts';
import { ALLOWANCE_REASONS } from '../catalogs.ts';
import type { Findings } from '../context.ts';
import { applyRules, type Rule } from '../rule-table.ts';
import { all, exists, num, text } from '../xpath.ts';
import { PERCENT, ZERO, gt, mul, outside, toNum } from '../numbers.ts';
import type { LineView } from './line-view.ts';
import { SIGNED_TWO_DECIMALS, reasonCode } from './shape.ts';

/** LineExtensionAmount's format (2370); the line's discounts and charges (3114/3073/2954/4268/3052/3290). */
export function lineAllowanceCharges(v: LineView, f: Findings): void {
  const { line, detail } = v;
  const extensionText = text(line, 'cbc:LineExtensionAmount');
  f.format(extensionText, SIGNED_TWO_DECIMALS, '2370', 'cbc:LineExtensionAmount', detail);
  for (const ac of all(line, 'cac:AllowanceCharge')) {
    const code = reasonCode(ac);
    applyRules(LINE_ALLOWANCE_RULES, { ac, code, detail: `${detail} Cargo/Descuento: ${code}` }, f);
  }
}

interface LineAllowanceView {
  ac: XmlElement;
  /** Its reason (catalog 53). */
  code: string;
  detail: string;
}

const indicator = (v: LineAllowanceView) => text(v.ac, 'cbc:ChargeIndicator');
const factorText = (v: LineAllowanceView) => text(v.ac, 'cbc:MultiplierFactorNumeric');

const LINE_ALLOWANCE_RULES: readonly Rule<LineAllowanceView>[] = [
  // SUNAT 3114: charges (47, 48) have ChargeIndicator true, discounts (00, 01) false.
  {
    code: '3114',
    node: 'cbc:ChargeIndicator',
    when: (v) => (v.code === '47' || v.code === '48') && indicator(v) === 'false',
    value: indicator,
  },
  {
    code: '3114',
    node: 'cbc:ChargeIndicator',
    when: (v) => (v.code === '00' || v.code === '01') && indicator(v) === 'true',
    value: indicator,
  },
  // SUNAT 3073: a reason code…
  { code: '3073', node: 'cbc:AllowanceChargeReasonCode', when: (v) => !exists(v.ac, 'cbc:AllowanceChargeReasonCode') },
  // SUNAT 2954: … from catalog 53…
  {
    code: '2954',
    node: 'cbc:AllowanceChargeReasonCode',
    when: (v) => v.code !== '' && !ALLOWANCE_REASONS[v.code],
    value: (v) => v.code,
  },
  // SUNAT 4268 (observation): … of a line's discount or charge.
  {
    code: '4268',
    observation: true,
    node: 'cbc:AllowanceChargeReasonCode',
    when: (v) => ALLOWANCE_REASONS[v.code] !== undefined && !ALLOWANCE_REASONS[v.code].item,
    value: (v) => v.code,
  },
  // SUNAT 3052: the factor's format.
  {
    code: '3052',
    node: 'cbc:MultiplierFactorNumeric',
    when: (v) => factorText(v) !== undefined && !PERCENT.test(factorText(v)!),
    value: factorText,
  },
  // SUNAT 3290: Amount = BaseAmount × factor (±1), when a factor above 0 is given.
  {
    code: '3290',
    node: 'cbc:Amount',
    when: (v) => {
      const computed = mul(
        toNum(`0${text(v.ac, 'cbc:BaseAmount') ?? ''}`) ?? ZERO,
        toNum(`0${factorText(v) ?? ''}`) ?? ZERO,
      );
      return gt(num(v.ac, 'cbc:MultiplierFactorNumeric'), 0) && outside(computed, num(v.ac, 'cbc:Amount'));
    },
    value: (v) => text(v.ac, 'cbc:Amount'),
  },
];
