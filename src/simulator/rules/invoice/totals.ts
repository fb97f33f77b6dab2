// Document totals: their formats, the sums of LegalMonetaryTotal (3278–3280, 3300/3301, 3306…) and anticipos.
import type { XmlElement } from '../../../sunat/xml.ts';
import type { Findings } from '../context.ts';
import { all, attr, exists, first, num, sum, text } from '../xpath.ts';
import { add, fmt, gt, lt, mul, ne, outside, round, sub, type Num } from '../numbers.ts';
import {
  EIGHTEEN,
  FOUR,
  type Shape,
  subtotalsOf,
  allowances,
  amountSum,
  twoDecimals,
  lineHasBase,
  lineSubtotals,
  observeAttr,
  subtotalSum,
} from './shape.ts';

export function totalsFormat(root: XmlElement, s: Shape, f: Findings): void {
  const t = s.totals;
  const prefix = `cac:${s.totalsName}`;
  f.check(
    !twoDecimals(text(t, 'cbc:AllowanceTotalAmount'), false),
    '2065',
    `${prefix}/cbc:AllowanceTotalAmount`,
    text(t, 'cbc:AllowanceTotalAmount'),
  );
  f.check(
    !twoDecimals(text(t, 'cbc:ChargeTotalAmount'), false),
    '2064',
    `${prefix}/cbc:ChargeTotalAmount`,
    text(t, 'cbc:ChargeTotalAmount'),
  );
  const payable = text(t, 'cbc:PayableAmount');
  f.check(payable === undefined || !twoDecimals(payable, false), '2062', `${prefix}/cbc:PayableAmount`, payable);
  const lineExtension = text(t, 'cbc:LineExtensionAmount');
  f.check(lineExtension === undefined || lineExtension === '', '3288', `${prefix}/cbc:LineExtensionAmount`); // SUNAT 3288
  f.check(!twoDecimals(lineExtension || undefined, false), '2031', `${prefix}/cbc:LineExtensionAmount`, lineExtension);
  f.check(
    !twoDecimals(text(t, 'cbc:TaxInclusiveAmount'), false),
    '3019',
    `${prefix}/cbc:TaxInclusiveAmount`,
    text(t, 'cbc:TaxInclusiveAmount'),
  );
  const rounding = num(t, 'cbc:PayableRoundingAmount');
  // |PayableRoundingAmount| > 1: a rejection (3303) on facturas and the notes that modify one, an observation (4314)
  // on boletas and their notes.
  const roundingRefused = s.tipo === '01' || s.noteLevel === 'error';
  f.check(
    gt(rounding, 1) || lt(rounding, -1),
    roundingRefused ? '3303' : '4314',
    `${prefix}/cbc:PayableRoundingAmount`,
    fmt(rounding),
    undefined,
    roundingRefused,
  );
  const roundingCurrency = attr(first(t, 'cbc:PayableRoundingAmount'), 'currencyID');
  f.check(
    roundingCurrency !== undefined && s.currency !== undefined && roundingCurrency !== s.currency,
    '2071',
    'cbc:PayableRoundingAmount/@currencyID',
    roundingCurrency,
  );
  const taxInclusive = text(t, 'cbc:TaxInclusiveAmount');
  f.check(taxInclusive === undefined || taxInclusive === '', '3305', `${prefix}/cbc:TaxInclusiveAmount`); // SUNAT 3305
  f.check(all(root, 'cac:TaxTotal').length === 0, '2956', 'cac:TaxTotal'); // SUNAT 2956
  f.check(all(root, 'cac:TaxTotal').length > 1, '3024', 'cac:TaxTotal/cbc:TaxAmount'); // SUNAT 3024
}

export function sums(root: XmlElement, s: Shape, f: Findings): void {
  const t = s.totals;
  const v: Totals = {
    root,
    s,
    t,
    prefix: `cac:${s.totalsName}`,
    lineAllowances: (code) => amountSum(s.lines.flatMap((l) => allowances(l, code))),
    total: (name) => sum(all(t, `cbc:${name}`)),
  };
  for (const phase of TOTALS_PHASES) phase(v, f);
}
/** What every phase of the totals' rules reads: the document, its totals element and two sums. */
interface Totals {
  root: XmlElement;
  s: Shape;
  t: XmlElement | undefined;
  /** `cac:LegalMonetaryTotal` or `cac:RequestedMonetaryTotal`, for the node names SUNAT reports. */
  prefix: string;
  /** Σ Amount of the lines' allowances or charges of a code. */
  lineAllowances: (code: string) => Num;
  /** XPath sum() of one total (0 when absent). */
  total: (name: string) => Num;
}

const TOTALS_PHASES = [allowanceAndChargeTotals, payableAmount, lineExtensionTotal, icbperAndIvapTotals];

/** AllowanceTotalAmount (3300) and ChargeTotalAmount (3301) against the allowances and charges that feed them. */
function allowanceAndChargeTotals(v: Totals, f: Findings): void {
  const { root, prefix, lineAllowances, total } = v;
  // SUNAT 3300: AllowanceTotalAmount = global discounts 03 (and 63) + line discounts 01.
  const discounts = add(amountSum(allowances(root, '03', '63')), lineAllowances('01'));
  f.check(
    outside(total('AllowanceTotalAmount'), discounts),
    '3300',
    `${prefix}/cbc:AllowanceTotalAmount`,
    fmt(total('AllowanceTotalAmount')),
  );
  // SUNAT 3301: ChargeTotalAmount = global charges 45, 46, 50 + line charges 48.
  const charges = add(amountSum(allowances(root, '45', '46', '50')), lineAllowances('48'));
  f.check(
    outside(total('ChargeTotalAmount'), charges),
    '3301',
    `${prefix}/cbc:ChargeTotalAmount`,
    fmt(total('ChargeTotalAmount')),
  );
}

/** PayableAmount (3280): invoices from the price, charges, discounts and advances; notes from their own sums (4312). */
function payableAmount(v: Totals, f: Findings): void {
  const { root, s, t, prefix, total } = v;
  // SUNAT 3280: PayableAmount = round2(TaxInclusive + ChargeTotal − AllowanceTotal − Prepaid + Rounding) ±1.
  const payableComputed = round(
    sub(
      sub(add(total('TaxInclusiveAmount'), total('ChargeTotalAmount')), total('AllowanceTotalAmount')),
      sub(total('PrepaidAmount'), total('PayableRoundingAmount')),
    ),
    2,
  );
  if (s.noteLevel) {
    // SUNAT 3280 (NC/ND): PayableAmount = round2(Σ TaxableAmount 1000/1016/9995/9997/9998 + IGV + ICBPER + ISC +
    // IVAP + other taxes + ChargeTotalAmount + rounding), ±1; an observation (4312) for notes of boletas.
    const taxTotal = first(root, 'cac:TaxTotal');
    const headerSum = (path: string, ...schemes: string[]) =>
      sum(subtotalsOf(taxTotal, ...schemes).flatMap((st) => all(st, path)));
    const notePayable = round(
      add(
        add(
          add(
            headerSum('cbc:TaxableAmount', '1000', '1016', '9995', '9997', '9998'),
            headerSum('cbc:TaxAmount', '1000', '7152', '2000', '1016', '9999'),
          ),
          total('ChargeTotalAmount'),
        ),
        total('PayableRoundingAmount'),
      ),
      2,
    );
    const isError = s.noteLevel === 'error';
    f.check(
      outside(total('PayableAmount'), notePayable),
      isError ? '3280' : '4312',
      `${prefix}/cbc:PayableAmount`,
      fmt(total('PayableAmount')),
      undefined,
      isError,
    );
  } else {
    f.check(
      exists(t, 'cbc:TaxInclusiveAmount') && outside(total('PayableAmount'), payableComputed),
      '3280',
      `${prefix}/cbc:PayableAmount`,
      fmt(total('PayableAmount')),
    );
  }
}

/** LineExtensionAmount (3278): Σ values of the non-free lines − global discounts 02 + global charges 49. */
function lineExtensionTotal(v: Totals, f: Findings): void {
  const { root, s, prefix, total } = v;
  // SUNAT 3278: LineExtensionAmount = Σ line values of non-free lines − global discounts 02 + global charges 49.
  const lineValues = sum(
    s.lines
      .filter((l) => lineHasBase(l, '1000', '1016', '9995', '9997', '9998'))
      .map((l) => first(l, 'cbc:LineExtensionAmount'))
      .filter((e): e is XmlElement => !!e),
  );
  const valueComputed = add(sub(lineValues, amountSum(allowances(root, '02'))), amountSum(allowances(root, '49')));
  f.check(
    outside(total('LineExtensionAmount'), valueComputed),
    '3278',
    `${prefix}/cbc:LineExtensionAmount`,
    fmt(total('LineExtensionAmount')),
  );
}

/** ICBPER = Σ of the lines (3306); the IVAP (3295) and, on IVAP documents, TaxInclusiveAmount (3279). */
function icbperAndIvapTotals(v: Totals, f: Findings): void {
  const { root, s, t, prefix, total } = v;
  const taxTotal = first(root, 'cac:TaxTotal');
  const headerSum = (code: string) => subtotalSum(subtotalsOf(taxTotal, code), 'cbc:TaxAmount');
  const lineBase = (code: string) => subtotalSum(lineSubtotals(s, code), 'cbc:TaxableAmount');
  if (subtotalsOf(taxTotal, '7152').length > 0) {
    // SUNAT 3306: header ICBPER = Σ line ICBPER, exact after rounding.
    const headerIcbper = num(subtotalsOf(taxTotal, '7152')[0], 'cbc:TaxAmount');
    const lines = round(subtotalSum(lineSubtotals(s, '7152'), 'cbc:TaxAmount'), 2);
    f.check(ne(headerIcbper, lines), '3306', 'cac:TaxSubtotal/cbc:TaxAmount', fmt(headerIcbper));
  }
  const d02 = amountSum(allowances(root, '02'));
  const d04 = amountSum(allowances(root, '04'));
  const c49 = amountSum(allowances(root, '49'));
  if (subtotalsOf(taxTotal, '1016').length > 0) {
    const computed = mul(add(sub(sub(lineBase('1016'), d02), d04), c49), FOUR);
    f.check(outside(headerSum('1016'), computed), '3295', 'cac:TaxSubtotal/cbc:TaxAmount', fmt(headerSum('1016'))); // SUNAT 3295
  }
  if (exists(t, 'cbc:TaxInclusiveAmount') && gt(lineBase('1016'), 0)) {
    const computed = add(
      total('LineExtensionAmount'),
      headerSum('7152'),
      headerSum('9999'),
      mul(add(sub(lineBase('1016'), d02), c49), FOUR),
    );
    f.check(
      outside(total('TaxInclusiveAmount'), computed),
      '3279',
      `${prefix}/cbc:TaxInclusiveAmount`,
      fmt(total('TaxInclusiveAmount')),
    ); // SUNAT 3279
  }
  void EIGHTEEN; // the IGV variant of 3279 (× 0.18) is disabled in SUNAT's current XSL (PAS20221U210600205)
}

export function advances(root: XmlElement, s: Shape, f: Findings): void {
  const prepaidAmount = num(s.totals, 'cbc:PrepaidAmount');
  const payments = all(root, 'cac:PrepaidPayment');
  const ids = payments.map((p) => text(p, 'cbc:ID') ?? '');
  const advanceStatus = all(root, 'cac:AdditionalDocumentReference')
    .filter((a) => ['02', '03'].includes(text(a, 'cbc:DocumentTypeCode') ?? ''))
    .map((a) => text(a, 'cbc:DocumentStatusCode'));
  for (const p of payments) {
    const id = text(p, 'cbc:ID') ?? '';
    const detail = `Identificador de anticipo : ${id}`;
    f.check(exists(p, 'cbc:PaidAmount') && id === '', '3211', 'cac:PrepaidPayment/cbc:ID', id, detail);
    f.check(ids.filter((x) => x === id).length > 1, '3212', 'cac:PrepaidPayment/cbc:ID', id, detail);
    f.check(!advanceStatus.includes(id), '3213', 'cac:PrepaidPayment/cbc:ID', id, detail);
    observeAttr(f, first(p, 'cbc:ID'), 'schemeName', /^(Anticipo)$/, '4255', detail);
    observeAttr(f, first(p, 'cbc:ID'), 'schemeAgencyName', /^(PE:SUNAT)$/, '4256', detail);
    const paid = num(p, 'cbc:PaidAmount');
    f.check(
      exists(p, 'cbc:PaidAmount') && paid?.lte(0) === true,
      '2503',
      'cac:PrepaidPayment/cbc:PaidAmount',
      fmt(paid),
      detail,
    );
    if (gt(paid, 0)) f.check(!gt(prepaidAmount, 0), '3220', `cac:${s.totalsName}/cbc:PrepaidAmount`); // SUNAT 3220
  }
  const advanceDiscounts = allowances(root, '04', '05', '06').filter((ac) => gt(num(ac, 'cbc:Amount'), 0));
  f.check(gt(prepaidAmount, 0) && advanceDiscounts.length < 1, '3287', 'cac:PrepaidPayment/cbc:PaidAmount'); // SUNAT 3287
  // SUNAT 2509: PrepaidAmount = Σ PrepaidPayment/PaidAmount, exact at 2 decimals.
  const paidSum = round(sum(payments.flatMap((p) => all(p, 'cbc:PaidAmount'))), 2);
  f.check(
    gt(prepaidAmount, 0) && ne(paidSum, prepaidAmount),
    '2509',
    'cac:PrepaidPayment/cbc:PaidAmount',
    fmt(paidSum),
  );
}
