// Document totals: their formats, the sums of LegalMonetaryTotal (3278–3280, 3300/3301, 3306…) and anticipos — tables
// of SUNAT's rules in the XSL's order.
import type { XmlElement } from '../../../sunat/xml.ts';
import type { Findings } from '../context.ts';
import { applyRules, observedAttribute, type Rule } from '../rule-table.ts';
import { all, attr, exists, first, num, sum, text } from '../xpath.ts';
import { add, fmt, gt, lt, mul, ne, outside, round, sub, type Num } from '../numbers.ts';
import {
  FOUR,
  type Shape,
  subtotalsOf,
  allowances,
  allowanceSum,
  amountSum,
  twoDecimals,
  lineHasBase,
  lineSubtotals,
  subtotalSum,
} from './shape.ts';

export function totalsFormat(root: XmlElement, s: Shape, f: Findings): void {
  applyRules(TOTALS_FORMAT_RULES, totalsView(root, s), f);
}

export function sums(root: XmlElement, s: Shape, f: Findings): void {
  applyRules(SUM_RULES, totalsView(root, s), f);
}

/** What the totals' rules read: the document, its totals element and two sums. */
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

function totalsView(root: XmlElement, s: Shape): Totals {
  const t = s.totals;
  return {
    root,
    s,
    t,
    prefix: `cac:${s.totalsName}`,
    lineAllowances: (code) => amountSum(s.lines.flatMap((l) => allowances(l, code))),
    total: (name) => sum(all(t, `cbc:${name}`)),
  };
}

/** A total's format: 2 decimals, when present (`required`: also when absent). */
function totalFormat(code: string, name: string, required = false): Rule<Totals> {
  const value = (v: Totals) => text(v.t, `cbc:${name}`);
  return {
    code,
    node: (v) => `${v.prefix}/cbc:${name}`,
    when: (v) => (required && value(v) === undefined) || !twoDecimals(value(v), false),
    value,
  };
}

const rounding = (v: Totals) => num(v.t, 'cbc:PayableRoundingAmount');
const roundingOutOfRange = (v: Totals) => gt(rounding(v), 1) || lt(rounding(v), -1);
/** |PayableRoundingAmount| > 1 is refused on facturas and the notes that modify one, observed on boletas and theirs. */
const roundingRefused = (v: Totals) => v.s.tipo === '01' || v.s.noteLevel === 'error';
const roundingCurrency = (v: Totals) => attr(first(v.t, 'cbc:PayableRoundingAmount'), 'currencyID');
const lineExtensionText = (v: Totals) => text(v.t, 'cbc:LineExtensionAmount');

const TOTALS_FORMAT_RULES: readonly Rule<Totals>[] = [
  // SUNAT 2065 / 2064 / 2062: discounts, charges and the amount payable of 2 decimals (the last one required).
  totalFormat('2065', 'AllowanceTotalAmount'),
  totalFormat('2064', 'ChargeTotalAmount'),
  totalFormat('2062', 'PayableAmount', true),
  // SUNAT 3288 / 2031: the total value, present and of 2 decimals.
  {
    code: '3288',
    node: (v) => `${v.prefix}/cbc:LineExtensionAmount`,
    when: (v) => lineExtensionText(v) === undefined || lineExtensionText(v) === '',
  },
  {
    code: '2031',
    node: (v) => `${v.prefix}/cbc:LineExtensionAmount`,
    when: (v) => !twoDecimals(lineExtensionText(v) || undefined, false),
    value: lineExtensionText,
  },
  // SUNAT 3019: the total with taxes of 2 decimals.
  totalFormat('3019', 'TaxInclusiveAmount'),
  // SUNAT 3303 / 4314 (observation): a rounding of at most 1.
  {
    code: '3303',
    node: (v) => `${v.prefix}/cbc:PayableRoundingAmount`,
    when: (v) => roundingRefused(v) && roundingOutOfRange(v),
    value: (v) => fmt(rounding(v)),
  },
  {
    code: '4314',
    observation: true,
    node: (v) => `${v.prefix}/cbc:PayableRoundingAmount`,
    when: (v) => !roundingRefused(v) && roundingOutOfRange(v),
    value: (v) => fmt(rounding(v)),
  },
  // SUNAT 2071: the rounding in the document's currency.
  {
    code: '2071',
    node: 'cbc:PayableRoundingAmount/@currencyID',
    when: (v) =>
      roundingCurrency(v) !== undefined && v.s.currency !== undefined && roundingCurrency(v) !== v.s.currency,
    value: roundingCurrency,
  },
  // SUNAT 3305: the total with taxes.
  {
    code: '3305',
    node: (v) => `${v.prefix}/cbc:TaxInclusiveAmount`,
    when: (v) => {
      const taxInclusive = text(v.t, 'cbc:TaxInclusiveAmount');
      return taxInclusive === undefined || taxInclusive === '';
    },
  },
  // SUNAT 2956 / 3024: one TaxTotal.
  { code: '2956', node: 'cac:TaxTotal', when: (v) => all(v.root, 'cac:TaxTotal').length === 0 },
  { code: '3024', node: 'cac:TaxTotal/cbc:TaxAmount', when: (v) => all(v.root, 'cac:TaxTotal').length > 1 },
];

/** A total against what it sums, ±1 (SUNAT's tolerance), on the documents the rule `applies` to. */
function totalAgainst(
  code: string,
  name: string,
  computed: (v: Totals) => Num,
  options: { applies?: (v: Totals) => boolean; observation?: true } = {},
): Rule<Totals> {
  const { applies = () => true, observation } = options;
  return {
    code,
    node: (v) => `${v.prefix}/cbc:${name}`,
    when: (v) => applies(v) && outside(v.total(name), computed(v)),
    value: (v) => fmt(v.total(name)),
    ...(observation ? { observation } : {}),
  };
}

/** PayableAmount of an invoice: round2(TaxInclusive + ChargeTotal − AllowanceTotal − Prepaid + Rounding). */
const invoicePayable = ({ total }: Totals) =>
  round(
    sub(
      sub(add(total('TaxInclusiveAmount'), total('ChargeTotalAmount')), total('AllowanceTotalAmount')),
      sub(total('PrepaidAmount'), total('PayableRoundingAmount')),
    ),
    2,
  );
/** PayableAmount of a note: round2(Σ TaxableAmount 1000/1016/9995/9997/9998 + IGV + ICBPER + ISC + IVAP + other
 *  taxes + ChargeTotalAmount + rounding). */
function notePayable({ root, total }: Totals): Num {
  const taxTotal = first(root, 'cac:TaxTotal');
  const headerSum = (path: string, ...schemes: string[]) =>
    sum(subtotalsOf(taxTotal, ...schemes).flatMap((st) => all(st, path)));
  return round(
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
}
/** Σ values of the lines with a base (free lines excluded) − global discounts 02 + global charges 49. */
function lineValues(v: Totals): Num {
  const values = sum(
    v.s.lines
      .filter((l) => lineHasBase(l, '1000', '1016', '9995', '9997', '9998'))
      .map((l) => first(l, 'cbc:LineExtensionAmount'))
      .filter((e): e is XmlElement => !!e),
  );
  return add(sub(values, allowanceSum(v.root, '02')), allowanceSum(v.root, '49'));
}
const headerTaxTotal = (v: Totals) => first(v.root, 'cac:TaxTotal');
const headerTax = (v: Totals, code: string) => subtotalSum(subtotalsOf(headerTaxTotal(v), code), 'cbc:TaxAmount');
const lineBase = (v: Totals, code: string) => subtotalSum(lineSubtotals(v.s, code), 'cbc:TaxableAmount');
const hasHeader = (v: Totals, code: string) => subtotalsOf(headerTaxTotal(v), code).length > 0;
const headerIcbper = (v: Totals) => num(subtotalsOf(headerTaxTotal(v), '7152')[0], 'cbc:TaxAmount');
/** The IVAP the lines make: (Σ IVAP bases − global discounts 02 [and 04] + global charges 49) × 4 %. */
const ivapOfLines = (v: Totals, ...discounts: string[]) =>
  mul(
    add(
      discounts.reduce((base, code) => sub(base, allowanceSum(v.root, code)), lineBase(v, '1016')),
      allowanceSum(v.root, '49'),
    ),
    FOUR,
  );

/** The totals against the allowances, charges, lines and taxes that make them, in the XSL's order. */
const SUM_RULES: readonly Rule<Totals>[] = [
  // SUNAT 3300: AllowanceTotalAmount = global discounts 03 (and 63) + line discounts 01.
  totalAgainst('3300', 'AllowanceTotalAmount', (v) => add(allowanceSum(v.root, '03', '63'), v.lineAllowances('01'))),
  // SUNAT 3301: ChargeTotalAmount = global charges 45, 46, 50 + line charges 48.
  totalAgainst('3301', 'ChargeTotalAmount', (v) => add(allowanceSum(v.root, '45', '46', '50'), v.lineAllowances('48'))),
  // SUNAT 3280 (NC/ND): PayableAmount from the note's own sums, ±1; an observation (4312) for notes of boletas.
  totalAgainst('3280', 'PayableAmount', notePayable, { applies: (v) => v.s.noteLevel === 'error' }),
  totalAgainst('4312', 'PayableAmount', notePayable, {
    applies: (v) => v.s.noteLevel === 'observation',
    observation: true,
  }),
  // SUNAT 3280 (invoices): PayableAmount from the total with taxes, ±1.
  totalAgainst('3280', 'PayableAmount', invoicePayable, {
    applies: (v) => !v.s.noteLevel && exists(v.t, 'cbc:TaxInclusiveAmount'),
  }),
  // SUNAT 3278: LineExtensionAmount = Σ line values of non-free lines − global discounts 02 + global charges 49.
  totalAgainst('3278', 'LineExtensionAmount', lineValues),
  // SUNAT 3306: header ICBPER = Σ line ICBPER, exact after rounding.
  {
    code: '3306',
    node: 'cac:TaxSubtotal/cbc:TaxAmount',
    when: (v) =>
      hasHeader(v, '7152') && ne(headerIcbper(v), round(subtotalSum(lineSubtotals(v.s, '7152'), 'cbc:TaxAmount'), 2)),
    value: (v) => fmt(headerIcbper(v)),
  },
  // SUNAT 3295: header IVAP = (Σ IVAP bases − global discounts 02, 04 + charges 49) × 4 %, ±1.
  {
    code: '3295',
    node: 'cac:TaxSubtotal/cbc:TaxAmount',
    when: (v) => hasHeader(v, '1016') && outside(headerTax(v, '1016'), ivapOfLines(v, '02', '04')),
    value: (v) => fmt(headerTax(v, '1016')),
  },
  // SUNAT 3279 (IVAP documents): TaxInclusiveAmount = value + ICBPER + other taxes + IVAP, ±1. The IGV variant
  // (× 0.18) is disabled in SUNAT's current XSL (PAS20221U210600205).
  totalAgainst(
    '3279',
    'TaxInclusiveAmount',
    (v) => add(v.total('LineExtensionAmount'), headerTax(v, '7152'), headerTax(v, '9999'), ivapOfLines(v, '02')),
    { applies: (v) => exists(v.t, 'cbc:TaxInclusiveAmount') && gt(lineBase(v, '1016'), 0) },
  ),
];

export function advances(root: XmlElement, s: Shape, f: Findings): void {
  const prepaidAmount = num(s.totals, 'cbc:PrepaidAmount');
  const payments = all(root, 'cac:PrepaidPayment');
  const ids = payments.map((p) => text(p, 'cbc:ID') ?? '');
  const advanceStatus = all(root, 'cac:AdditionalDocumentReference')
    .filter((a) => ['02', '03'].includes(text(a, 'cbc:DocumentTypeCode') ?? ''))
    .map((a) => text(a, 'cbc:DocumentStatusCode'));
  for (const p of payments) {
    const id = text(p, 'cbc:ID') ?? '';
    const view = { s, p, id, ids, advanceStatus, prepaidAmount, detail: `Identificador de anticipo : ${id}` };
    applyRules(PREPAID_PAYMENT_RULES, view, f);
  }
  applyRules(PREPAID_RULES, { root, payments, prepaidAmount }, f);
}

interface PrepaidPaymentView {
  s: Shape;
  p: XmlElement;
  id: string;
  /** Every PrepaidPayment's ID. */
  ids: string[];
  /** The advances' identifiers (DocumentStatusCode of the AdditionalDocumentReference of type 02 or 03). */
  advanceStatus: (string | undefined)[];
  prepaidAmount: Num;
  detail: string;
}

const paid = (v: PrepaidPaymentView) => num(v.p, 'cbc:PaidAmount');

/** Each advance paid (cac:PrepaidPayment). */
const PREPAID_PAYMENT_RULES: readonly Rule<PrepaidPaymentView>[] = [
  // SUNAT 3211 / 3212 / 3213: an identifier, once, of an advance's document.
  {
    code: '3211',
    node: 'cac:PrepaidPayment/cbc:ID',
    when: (v) => exists(v.p, 'cbc:PaidAmount') && v.id === '',
    value: (v) => v.id,
  },
  {
    code: '3212',
    node: 'cac:PrepaidPayment/cbc:ID',
    when: (v) => v.ids.filter((x) => x === v.id).length > 1,
    value: (v) => v.id,
  },
  {
    code: '3213',
    node: 'cac:PrepaidPayment/cbc:ID',
    when: (v) => !v.advanceStatus.includes(v.id),
    value: (v) => v.id,
  },
  observedAttribute((v) => first(v.p, 'cbc:ID'), 'schemeName', /^(Anticipo)$/, '4255'),
  observedAttribute((v) => first(v.p, 'cbc:ID'), 'schemeAgencyName', /^(PE:SUNAT)$/, '4256'),
  // SUNAT 2503: an amount above 0.
  {
    code: '2503',
    node: 'cac:PrepaidPayment/cbc:PaidAmount',
    when: (v) => exists(v.p, 'cbc:PaidAmount') && paid(v)?.lte(0) === true,
    value: (v) => fmt(paid(v)),
  },
  // SUNAT 3220: an advance paid needs the total of advances (PrepaidAmount).
  {
    code: '3220',
    node: (v) => `cac:${v.s.totalsName}/cbc:PrepaidAmount`,
    when: (v) => gt(paid(v), 0) && !gt(v.prepaidAmount, 0),
    detail: () => undefined,
  },
];

interface PrepaidView {
  root: XmlElement;
  payments: XmlElement[];
  prepaidAmount: Num;
}

const paidSum = (v: PrepaidView) => round(sum(v.payments.flatMap((p) => all(p, 'cbc:PaidAmount'))), 2);

/** The total of advances (PrepaidAmount). */
const PREPAID_RULES: readonly Rule<PrepaidView>[] = [
  // SUNAT 3287: advances are discounted (a global discount 04, 05 or 06 above 0).
  {
    code: '3287',
    node: 'cac:PrepaidPayment/cbc:PaidAmount',
    when: (v) =>
      gt(v.prepaidAmount, 0) &&
      allowances(v.root, '04', '05', '06').filter((ac) => gt(num(ac, 'cbc:Amount'), 0)).length < 1,
  },
  // SUNAT 2509: PrepaidAmount = Σ PrepaidPayment/PaidAmount, exact at 2 decimals.
  {
    code: '2509',
    node: 'cac:PrepaidPayment/cbc:PaidAmount',
    when: (v) => gt(v.prepaidAmount, 0) && ne(paidSum(v), v.prepaidAmount),
    value: (v) => fmt(paidSum(v)),
  },
];
