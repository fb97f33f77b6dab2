// Global allowances and charges (catalog 53 at document level): indicator (3114), code (3071/3072/4291), factor
// (3025/3307), and the FISE charge (3074/3092).
import type { XmlElement } from '../../../sunat/xml.ts';
import { ALLOWANCE_REASONS } from '../catalogs.ts';
import type { Findings } from '../context.ts';
import { all, attr, exists, first, num, text } from '../xpath.ts';
import { PERCENT, ZERO, eq, fmt, gt, mul, outside, toNum, type Num } from '../numbers.ts';
import { type Shape, reasonCode, twoDecimals, observeAttr } from './shape.ts';

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
    for (const phase of ALLOWANCE_PHASES) phase(v, f);
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

const ALLOWANCE_PHASES = [allowanceCode, allowanceAmount, allowanceBase, allowancePerceptionAndAdvance];

/** The indicator matches the code (3114), the code is there (3072) and in catalog 53 (3071), at its level (4291), its attributes. */
function allowanceCode(v: GlobalAllowance, f: Findings): void {
  const { ac, code, detail } = v;
  const indicator = text(ac, 'cbc:ChargeIndicator');
  if (['45', '46', '49', '50', '51', '52', '53'].includes(code))
    f.check(indicator === 'false', '3114', 'cbc:ChargeIndicator', indicator, detail);
  if (['02', '03', '04', '05', '06', '20', '63'].includes(code))
    f.check(indicator === 'true', '3114', 'cbc:ChargeIndicator', indicator, detail);
  if (code === '62') f.check(indicator === 'true', '3114', 'cbc:ChargeIndicator', indicator, detail);
  f.check(!exists(ac, 'cbc:AllowanceChargeReasonCode'), '3072', 'cbc:AllowanceChargeReasonCode', undefined, detail);
  f.check(['00', '01', '47', '48'].includes(code), '4291', 'cbc:ChargeIndicator', code, detail, false);
  f.check(
    exists(ac, 'cbc:AllowanceChargeReasonCode') && !ALLOWANCE_REASONS[code],
    '3071',
    'cbc:AllowanceChargeReasonCode',
    code,
    detail,
  );
  const reasonEl = first(ac, 'cbc:AllowanceChargeReasonCode');
  observeAttr(f, reasonEl, 'listAgencyName', /^(PE:SUNAT)$/, '4251', detail);
  observeAttr(f, reasonEl, 'listName', /^(Cargo\/descuento)$/, '4252', detail);
  observeAttr(f, reasonEl, 'listURI', /^(urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo53)$/, '4253', detail);
}

/** Factor (3025) and amount (2968) formats, the perception in PEN (2792), Amount = Base × factor (3307), FISE 45 (3074/3092). */
function allowanceAmount(v: GlobalAllowance, f: Findings): void {
  const { ac, s, code, detail, factorText, amountText, amount, base, factor } = v;
  if (['62', '51', '52', '53'].includes(code)) {
    if (factorText !== undefined)
      f.check(
        !/^(?=.*[1-9])[0-9]{1,3}(\.[0-9]{1,5})?$/.test(factorText),
        '3025',
        'cbc:MultiplierFactorNumeric',
        factorText,
        detail,
      );
    f.check(!twoDecimals(amountText, true), '2968', 'cbc:Amount', amountText, detail);
  } else if (code === '63') {
    f.check(!twoDecimals(amountText, true), '2968', 'cbc:Amount', amountText, detail);
  } else {
    if (factorText !== undefined)
      f.check(!PERCENT.test(factorText), '3025', 'cbc:MultiplierFactorNumeric', factorText, detail);
    f.check(!twoDecimals(amountText, false), '2968', 'cbc:Amount', amountText, detail);
  }
  if (['51', '52', '53'].includes(code)) {
    const currency = attr(first(ac, 'cbc:Amount'), 'currencyID');
    if (currency !== undefined) f.check(currency !== 'PEN', '2792', 'cbc:Amount/@currencyID', currency, detail);
  }
  if (!['45', '51', '52', '53', '62'].includes(code)) {
    // SUNAT 3307: Amount = BaseAmount × factor (±1) when a factor is given; absent parts count as 0.
    const computed = mul(toNum(`0${text(ac, 'cbc:BaseAmount') ?? ''}`) ?? ZERO, toNum(`0${factorText ?? ''}`) ?? ZERO);
    f.check(gt(factor, 0) && outside(computed, amount), '3307', 'cbc:Amount', amountText, detail);
  }
  if (code === '45' && s.isInvoice) {
    // SUNAT 3074/3092 are in the factura and boleta files only (NC/ND check neither).
    f.check(eq(amount, 0), '3074', 'cbc:Amount', amountText, detail);
    f.check(!exists(ac, 'cbc:BaseAmount'), '3092', 'cbc:BaseAmount', undefined, detail);
    f.check(eq(base, 0), '3092', 'cbc:BaseAmount', fmt(base), detail);
  }
}

/** The base's format (3016; 63 needs one, 3318). */
function allowanceBase(v: GlobalAllowance, f: Findings): void {
  const { code, detail, baseText } = v;
  if (code === '62') {
    f.check(!twoDecimals(baseText, true), '3016', 'cbc:BaseAmount', baseText, detail);
  } else if (code === '63') {
    f.check(baseText === undefined, '3318', 'cbc:BaseAmount', undefined, detail);
    f.check(!twoDecimals(baseText, true), '3016', 'cbc:BaseAmount', baseText, detail);
  } else {
    f.check(!twoDecimals(baseText, false), '3016', 'cbc:BaseAmount', baseText, detail);
  }
}

/** A perception's base (3233, ≤ the total 2797, × factor 2798, PEN 2788); advances need PrepaidAmount (3282). */
function allowancePerceptionAndAdvance(v: GlobalAllowance, f: Findings): void {
  const { ac, s, code, detail, amountText, amount, base, factor, baseText, payable, prepaid } = v;
  if (['51', '52', '53'].includes(code)) {
    f.check(baseText === undefined, '3233', 'cbc:BaseAmount', undefined, detail);
    f.check(eq(base, 0), '3233', 'cbc:BaseAmount', baseText, detail);
    if (s.currency === 'PEN')
      f.check(base !== null && payable !== null && base.gt(payable), '2797', 'cbc:BaseAmount', baseText, detail);
    f.check(outside(mul(base, factor), amount), '2798', 'cbc:Amount', amountText, detail); // SUNAT 2798
    const baseCurrency = attr(first(ac, 'cbc:BaseAmount'), 'currencyID');
    if (baseCurrency !== undefined)
      f.check(baseCurrency !== 'PEN', '2788', 'cbc:BaseAmount/@currencyID', baseCurrency, detail);
  }
  if (['04', '05', '06', '20'].includes(code)) {
    f.check(gt(amount, 0) && (!prepaid || !gt(num(prepaid), 0)), '3282', 'cbc:Amount', amountText, detail); // SUNAT 3282
  }
}
