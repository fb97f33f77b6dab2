// Global allowances and charges (catalog 53 at document level): indicator (3114), code (3071/3072/4291), factor
// (3025/3307), the FISE charge (3074/3092), perceptions (2788/2792/2797/2798/3233) and advances (3282): a table of
// SUNAT's rules in the XSL's order.
import type { XmlElement } from '../../../sunat/xml.ts';
import { ALLOWANCE_REASONS } from '../catalogs.ts';
import type { Findings } from '../context.ts';
import { applyRules, observedAttribute, type Rule } from '../rule-table.ts';
import { all, attr, exists, first, num, text } from '../xpath.ts';
import { PERCENT, ZERO, eq, fmt, gt, mul, outside, toNum, type Num } from '../numbers.ts';
import { type Shape, reasonCode, twoDecimals } from './shape.ts';

export function globalAllowances(root: XmlElement, s: Shape, f: Findings): void {
  const payable = num(s.totals, 'cbc:PayableAmount');
  const prepaid = first(s.totals, 'cbc:PrepaidAmount');
  for (const ac of all(root, 'cac:AllowanceCharge')) {
    const code = reasonCode(ac);
    const v: GlobalAllowance = {
      ac,
      s,
      code,
      detail: `Error Cargo/Descuento ${code}`,
      factorText: text(ac, 'cbc:MultiplierFactorNumeric'),
      amountText: text(ac, 'cbc:Amount'),
      amount: num(ac, 'cbc:Amount'),
      base: num(ac, 'cbc:BaseAmount'),
      factor: num(ac, 'cbc:MultiplierFactorNumeric'),
      baseText: text(ac, 'cbc:BaseAmount'),
      payable,
      prepaid,
    };
    applyRules(ALLOWANCE_RULES, v, f);
  }
}

/** One document-level allowance or charge as its rules read it (pure reads). */
interface GlobalAllowance {
  ac: XmlElement;
  s: Shape;
  code: string;
  detail: string;
  factorText: string | undefined;
  amountText: string | undefined;
  amount: Num;
  base: Num;
  factor: Num;
  baseText: string | undefined;
  payable: Num;
  prepaid: XmlElement | undefined;
}

const PERCEPTIONS = ['51', '52', '53'];
const is = (v: GlobalAllowance, ...codes: string[]) => codes.includes(v.code);
const indicator = (v: GlobalAllowance) => text(v.ac, 'cbc:ChargeIndicator');
const amountText = (v: GlobalAllowance) => v.amountText;
const baseText = (v: GlobalAllowance) => v.baseText;
const factorText = (v: GlobalAllowance) => v.factorText;
const amountCurrency = (v: GlobalAllowance) => attr(first(v.ac, 'cbc:Amount'), 'currencyID');
const baseCurrency = (v: GlobalAllowance) => attr(first(v.ac, 'cbc:BaseAmount'), 'currencyID');
const reasonElement = (v: GlobalAllowance) => first(v.ac, 'cbc:AllowanceChargeReasonCode');
/** Perceptions (51–53) and the FISE-like 62 carry a factor of their own form. */
const ownFactor = (v: GlobalAllowance) => is(v, '62', ...PERCEPTIONS);

/** One document-level allowance or charge, in the XSL's order. */
const ALLOWANCE_RULES: readonly Rule<GlobalAllowance>[] = [
  // SUNAT 3114: charges have ChargeIndicator true, discounts false.
  {
    code: '3114',
    node: 'cbc:ChargeIndicator',
    when: (v) => is(v, '45', '46', '49', '50', ...PERCEPTIONS) && indicator(v) === 'false',
    value: indicator,
  },
  {
    code: '3114',
    node: 'cbc:ChargeIndicator',
    when: (v) => is(v, '02', '03', '04', '05', '06', '20', '63') && indicator(v) === 'true',
    value: indicator,
  },
  { code: '3114', node: 'cbc:ChargeIndicator', when: (v) => is(v, '62') && indicator(v) === 'true', value: indicator },
  // SUNAT 3072: a reason code…
  { code: '3072', node: 'cbc:AllowanceChargeReasonCode', when: (v) => !exists(v.ac, 'cbc:AllowanceChargeReasonCode') },
  // SUNAT 4291 (observation): … not a line's (00, 01, 47, 48)…
  {
    code: '4291',
    observation: true,
    node: 'cbc:ChargeIndicator',
    when: (v) => is(v, '00', '01', '47', '48'),
    value: (v) => v.code,
  },
  // SUNAT 3071: … from catalog 53.
  {
    code: '3071',
    node: 'cbc:AllowanceChargeReasonCode',
    when: (v) => exists(v.ac, 'cbc:AllowanceChargeReasonCode') && !ALLOWANCE_REASONS[v.code],
    value: (v) => v.code,
  },
  observedAttribute(reasonElement, 'listAgencyName', /^(PE:SUNAT)$/, '4251'),
  observedAttribute(reasonElement, 'listName', /^(Cargo\/descuento)$/, '4252'),
  observedAttribute(reasonElement, 'listURI', /^(urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo53)$/, '4253'),
  // SUNAT 3025: the factor's format (perceptions and 62: above 0, up to 3 digits and 5 decimals).
  {
    code: '3025',
    node: 'cbc:MultiplierFactorNumeric',
    when: (v) =>
      ownFactor(v) && v.factorText !== undefined && !/^(?=.*[1-9])[0-9]{1,3}(\.[0-9]{1,5})?$/.test(v.factorText),
    value: factorText,
  },
  {
    code: '3025',
    node: 'cbc:MultiplierFactorNumeric',
    when: (v) => !ownFactor(v) && !is(v, '63') && v.factorText !== undefined && !PERCENT.test(v.factorText),
    value: factorText,
  },
  // SUNAT 2968: the amount of 2 decimals (above 0 on perceptions, 62 and 63).
  {
    code: '2968',
    node: 'cbc:Amount',
    when: (v) => (ownFactor(v) || is(v, '63')) && !twoDecimals(v.amountText, true),
    value: amountText,
  },
  {
    code: '2968',
    node: 'cbc:Amount',
    when: (v) => !ownFactor(v) && !is(v, '63') && !twoDecimals(v.amountText, false),
    value: amountText,
  },
  // SUNAT 2792: a perception in PEN.
  {
    code: '2792',
    node: 'cbc:Amount/@currencyID',
    when: (v) => is(v, ...PERCEPTIONS) && amountCurrency(v) !== undefined && amountCurrency(v) !== 'PEN',
    value: amountCurrency,
  },
  // SUNAT 3307: Amount = BaseAmount × factor (±1) when a factor is given; absent parts count as 0.
  {
    code: '3307',
    node: 'cbc:Amount',
    when: (v) => {
      if (is(v, '45', '62', ...PERCEPTIONS)) return false;
      const computed = mul(toNum(`0${v.baseText ?? ''}`) ?? ZERO, toNum(`0${v.factorText ?? ''}`) ?? ZERO);
      return gt(v.factor, 0) && outside(computed, v.amount);
    },
    value: amountText,
  },
  // SUNAT 3074 / 3092: the FISE charge (45) has an amount and a base — in the factura and boleta files only.
  { code: '3074', node: 'cbc:Amount', when: (v) => fise(v) && eq(v.amount, 0), value: amountText },
  { code: '3092', node: 'cbc:BaseAmount', when: (v) => fise(v) && !exists(v.ac, 'cbc:BaseAmount') },
  { code: '3092', node: 'cbc:BaseAmount', when: (v) => fise(v) && eq(v.base, 0), value: (v) => fmt(v.base) },
  // SUNAT 3318: 63 has a base.
  { code: '3318', node: 'cbc:BaseAmount', when: (v) => is(v, '63') && v.baseText === undefined },
  // SUNAT 3016: the base of 2 decimals (above 0 on 62 and 63).
  {
    code: '3016',
    node: 'cbc:BaseAmount',
    when: (v) => is(v, '62', '63') && !twoDecimals(v.baseText, true),
    value: baseText,
  },
  {
    code: '3016',
    node: 'cbc:BaseAmount',
    when: (v) => !is(v, '62', '63') && !twoDecimals(v.baseText, false),
    value: baseText,
  },
  // SUNAT 3233: a perception has a base above 0…
  { code: '3233', node: 'cbc:BaseAmount', when: (v) => is(v, ...PERCEPTIONS) && v.baseText === undefined },
  { code: '3233', node: 'cbc:BaseAmount', when: (v) => is(v, ...PERCEPTIONS) && eq(v.base, 0), value: baseText },
  // SUNAT 2797: … no larger than the total, in PEN documents…
  {
    code: '2797',
    node: 'cbc:BaseAmount',
    when: (v) =>
      is(v, ...PERCEPTIONS) && v.s.currency === 'PEN' && v.base !== null && v.payable !== null && v.base.gt(v.payable),
    value: baseText,
  },
  // SUNAT 2798: … its amount is base × factor (±1)…
  {
    code: '2798',
    node: 'cbc:Amount',
    when: (v) => is(v, ...PERCEPTIONS) && outside(mul(v.base, v.factor), v.amount),
    value: amountText,
  },
  // SUNAT 2788: … and its base in PEN.
  {
    code: '2788',
    node: 'cbc:BaseAmount/@currencyID',
    when: (v) => is(v, ...PERCEPTIONS) && baseCurrency(v) !== undefined && baseCurrency(v) !== 'PEN',
    value: baseCurrency,
  },
  // SUNAT 3282: an advance's discount (04–06, 20) needs the total of advances (PrepaidAmount).
  {
    code: '3282',
    node: 'cbc:Amount',
    when: (v) => is(v, '04', '05', '06', '20') && gt(v.amount, 0) && (!v.prepaid || !gt(num(v.prepaid), 0)),
    value: amountText,
  },
];

/** The FISE charge (45) of a factura or boleta (NC/ND check it not). */
function fise(v: GlobalAllowance): boolean {
  return is(v, '45') && v.s.isInvoice;
}
