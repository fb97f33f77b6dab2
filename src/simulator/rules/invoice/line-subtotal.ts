// One subtotal of a line's cac:TaxTotal: its base, amount, rate, affectation and scheme (3102–3111, 2993, 2040, 3067…),
// a table of SUNAT's rules in the XSL's order.
import type { XmlElement } from '../../../sunat/xml.ts';
import { AFFECTATIONS, EXPORT_OPERATIONS, SCHEME_FLAG, TAX_SCHEMES } from '../catalogs.ts';
import type { Findings } from '../context.ts';
import { applyRules, observedAttribute, type Rule } from '../rule-table.ts';
import { attr, exists, first, num, text } from '../xpath.ts';
import { Decimal, PERCENT, ZERO, eq, fmt, gt, mul, ne, outside, round, type Num } from '../numbers.ts';
import { type Shape, scheme, schemeIdentityRules, twoDecimals } from './shape.ts';

export function lineSubtotal(
  st: XmlElement,
  s: Shape,
  detail: string,
  quantity: Num,
  schemeCount: Map<string, number>,
  f: Findings,
): void {
  applyRules(SUBTOTAL_RULES, subtotalView(st, s, detail, quantity, schemeCount), f);
}

/** One line subtotal as its rules read it (pure reads; the checks are in the phases, in the XSL's order). */
interface SubtotalView {
  /** The line's context and the tax's ("Error en la linea: 1 Tributo: 1000"). */
  detail: string;
  st: XmlElement;
  s: Shape;
  code: string;
  taxAmount: Num;
  /** base × rate / 100, the base being TaxableAmount, else TaxAmount, else 0 (as the XSL reads it). */
  computed: Num;
  reason: string | undefined;
  taxable: Num;
  known: (typeof TAX_SCHEMES)[string] | undefined;
  percentText: string | undefined;
  percent: Num;
  tier: string | undefined;
  taxAmountText: string | undefined;
  quantity: Num;
  schemeCount: Map<string, number>;
}

function subtotalView(
  st: XmlElement,
  s: Shape,
  detail: string,
  quantity: Num,
  schemeCount: Map<string, number>,
): SubtotalView {
  const code = scheme(st);
  const baseValue = exists(st, 'cbc:TaxableAmount')
    ? num(st, 'cbc:TaxableAmount')
    : exists(st, 'cbc:TaxAmount')
      ? num(st, 'cbc:TaxAmount')
      : ZERO;
  const rate = exists(st, 'cac:TaxCategory/cbc:Percent') ? num(st, 'cac:TaxCategory/cbc:Percent') : ZERO;
  return {
    st,
    s,
    code,
    detail: `${detail} Tributo: ${code}`,
    taxAmount: exists(st, 'cbc:TaxAmount') ? num(st, 'cbc:TaxAmount') : ZERO,
    computed: mul(mul(baseValue, rate), new Decimal('0.01')),
    reason: text(st, 'cac:TaxCategory/cbc:TaxExemptionReasonCode'),
    taxable: num(st, 'cbc:TaxableAmount'),
    known: TAX_SCHEMES[code],
    percentText: text(st, 'cac:TaxCategory/cbc:Percent'),
    percent: num(st, 'cac:TaxCategory/cbc:Percent'),
    tier: text(st, 'cac:TaxCategory/cbc:TierRange'),
    taxAmountText: text(st, 'cbc:TaxAmount'),
    quantity,
    schemeCount,
  };
}

const is = (v: SubtotalView, ...codes: string[]) => codes.includes(v.code);
const reasonIn = (v: SubtotalView, ...reasons: string[]) => reasons.includes(v.reason ?? '');
const bags = (v: SubtotalView) => num(v.st, 'cbc:BaseUnitMeasure');
const bagsText = (v: SubtotalView) => text(v.st, 'cbc:BaseUnitMeasure');
const perUnit = (v: SubtotalView) => num(v.st, 'cac:TaxCategory/cbc:PerUnitAmount');
const perUnitText = (v: SubtotalView) => text(v.st, 'cac:TaxCategory/cbc:PerUnitAmount');
const bagUnit = (v: SubtotalView) => attr(first(v.st, 'cbc:BaseUnitMeasure'), 'unitCode');
const taxableText = (v: SubtotalView) => text(v.st, 'cbc:TaxableAmount');
const amountIsZero = (v: SubtotalView) => eq(num(v.st, 'cbc:TaxAmount'), 0);
const amountIsNotZero = (v: SubtotalView) => ne(num(v.st, 'cbc:TaxAmount'), 0);
const taxAmountText = (v: SubtotalView) => v.taxAmountText;
const percentText = (v: SubtotalView) => v.percentText;
const reason = (v: SubtotalView) => v.reason;
const tier = (v: SubtotalView) => v.tier;
const withBase = (v: SubtotalView) => gt(v.taxable, 0);
/** A rate (IGV/IVAP) on the affectation: its amount is base × rate. */
const RATED_AFFECTATIONS = ['10', '11', '12', '13', '14', '16', '17'];

const SUBTOTAL_RULES: readonly Rule<SubtotalView>[] = [
  // ICBPER (7152). SUNAT 4318 (observation): bags × rate = the amount…
  {
    code: '4318',
    observation: true,
    node: 'cbc:TaxAmount',
    when: (v) =>
      is(v, '7152') && gt(bags(v), 0) && ne(round(mul(bags(v), perUnit(v)), 2), round(num(v.st, 'cbc:TaxAmount'), 2)),
    value: taxAmountText,
  },
  // SUNAT 3236: … the bags are the line's quantity…
  {
    code: '3236',
    node: 'cbc:BaseUnitMeasure',
    when: (v) => is(v, '7152') && gt(bags(v), 0) && ne(bags(v), round(v.quantity, 0)),
    value: bagsText,
  },
  // SUNAT 3238: … the rate is not 0…
  {
    code: '3238',
    node: 'cac:TaxCategory/cbc:PerUnitAmount',
    when: (v) => is(v, '7152') && gt(bags(v), 0) && eq(round(perUnit(v), 5), 0),
    value: perUnitText,
  },
  // SUNAT 3237 / 2892: … the bags are given, a whole number of up to 5 digits…
  { code: '3237', node: 'cbc:BaseUnitMeasure', when: (v) => is(v, '7152') && bagsText(v) === undefined },
  {
    code: '2892',
    node: 'cbc:BaseUnitMeasure',
    when: (v) => is(v, '7152') && bagsText(v) !== undefined && !/^([0-9]{1,5})?$/.test(bagsText(v)!),
    value: bagsText,
  },
  // SUNAT 4320 (observation): … in units (NIU)…
  {
    code: '4320',
    observation: true,
    node: 'cbc:BaseUnitMeasure/@unitCode',
    when: (v) => is(v, '7152') && bagUnit(v) !== undefined && bagUnit(v) !== 'NIU',
    value: bagUnit,
  },
  // SUNAT 2892: … and the rate's format.
  {
    code: '2892',
    node: 'cbc:PerUnitAmount',
    when: (v) => is(v, '7152') && perUnitText(v) !== undefined && !PERCENT.test(perUnitText(v)!),
    value: perUnitText,
  },
  // SUNAT 3031: other schemes' base of 2 decimals.
  {
    code: '3031',
    node: 'cbc:TaxableAmount',
    when: (v) => !is(v, '7152') && taxableText(v) !== undefined && !twoDecimals(taxableText(v), false),
    value: taxableText,
  },
  // SUNAT 2037 / 2036: the scheme, from catalog 05.
  { code: '2037', node: 'cac:TaxScheme/cbc:ID', when: (v) => v.code === '' },
  { code: '2036', node: 'cac:TaxScheme/cbc:ID', when: (v) => v.code !== '' && !v.known, value: (v) => v.code },
  // SUNAT 3103: line IGV/IVAP = base × rate (±1). The XSL's list skips 15 (it writes `text = '15'`).
  {
    code: '3103',
    node: 'cac:TaxSubtotal/cbc:TaxAmount',
    when: (v) => v.reason !== undefined && RATED_AFFECTATIONS.includes(v.reason) && outside(v.taxAmount, v.computed),
    value: (v) => fmt(v.taxAmount),
    detail: (v) => `${v.detail}, MontoTributoCalculado: ${fmt(v.computed)}`,
  },
  // SUNAT 2033: the amount of 2 decimals.
  {
    code: '2033',
    node: 'cac:TaxSubtotal/cbc:TaxAmount',
    when: (v) => v.taxAmountText === undefined || !twoDecimals(v.taxAmountText, false),
    value: taxAmountText,
  },
  // SUNAT 3110: no tax on exportation, exonerated or unaffected.
  {
    code: '3110',
    node: 'cbc:TaxAmount',
    when: (v) => is(v, '9995', '9997', '9998') && amountIsNotZero(v),
    value: taxAmountText,
  },
  // SUNAT 3111: a free taxed line (11–17) above 0.06 has its tax…
  {
    code: '3111',
    node: 'cbc:TaxAmount',
    when: (v) =>
      is(v, '9996') &&
      gt(v.taxable, new Decimal('0.06')) &&
      reasonIn(v, '11', '12', '13', '14', '15', '16', '17') &&
      amountIsZero(v),
    value: taxAmountText,
  },
  // SUNAT 3110: … a free untaxed one none.
  {
    code: '3110',
    node: 'cbc:TaxAmount',
    when: (v) =>
      is(v, '9996') &&
      withBase(v) &&
      reasonIn(v, '21', '31', '32', '33', '34', '35', '36', '37', '40') &&
      amountIsNotZero(v),
    value: taxAmountText,
  },
  // SUNAT 3111: IGV and IVAP above a base of 0.06 are not 0.
  {
    code: '3111',
    node: 'cbc:TaxAmount',
    when: (v) => is(v, '1000', '1016') && gt(v.taxable, new Decimal('0.06')) && amountIsZero(v),
    value: taxAmountText,
  },
  // SUNAT 3102: the rate's format.
  {
    code: '3102',
    node: 'cac:TaxCategory/cbc:Percent',
    when: (v) => v.percentText !== undefined && !PERCENT.test(v.percentText),
    value: percentText,
  },
  // SUNAT 2993: a free taxed line has a rate.
  {
    code: '2993',
    node: 'cbc:Percent',
    when: (v) => is(v, '9996') && withBase(v) && reasonIn(v, '11', '12', '13', '14', '16', '17') && eq(v.percent, 0),
    value: percentText,
  },
  // SUNAT 3104: ISC has a rate.
  {
    code: '3104',
    node: 'cbc:Percent',
    when: (v) => is(v, '2000') && withBase(v) && eq(v.percent, 0),
    value: percentText,
  },
  // SUNAT 3101 (ValidaExprRegND; commented out in the factura and NC files): no IGV rate on 9995/9997/9998.
  {
    code: '3101',
    node: 'cac:TaxCategory/cbc:Percent',
    when: (v) => v.s.tipo === '08' && is(v, '9995', '9997', '9998') && v.percent !== null && !eq(v.percent, 0),
    value: percentText,
  },
  // SUNAT 2993: IGV and IVAP have a rate.
  {
    code: '2993',
    node: 'cbc:Percent',
    when: (v) => is(v, '1000', '1016') && withBase(v) && eq(v.percent, 0),
    value: percentText,
  },
  // SUNAT 3108 on every ISC subtotal, whatever its system (TierRange 01/02/03): TaxAmount ≈ base × Percent ÷ 100, ±1.
  {
    code: '3108',
    node: 'cbc:TaxAmount',
    when: (v) => is(v, '2000') && outside(v.taxAmount, v.computed),
    value: (v) => fmt(v.taxAmount),
  },
  // SUNAT 3109: other taxes = base × rate, ±1.
  {
    code: '3109',
    node: 'cbc:TaxAmount',
    when: (v) => is(v, '9999') && outside(v.taxAmount, v.computed),
    value: (v) => fmt(v.taxAmount),
  },
  // SUNAT 2371: an affectation on a subtotal with a base (ICBPER, ISC and other taxes aside)…
  {
    code: '2371',
    node: 'cbc:TaxExemptionReasonCode',
    when: (v) => !is(v, '7152', '2000', '9999') && withBase(v) && v.reason === undefined,
  },
  // SUNAT 2040: … of the scheme.
  {
    code: '2040',
    node: 'cbc:TaxExemptionReasonCode',
    when: (v) => {
      const flag = SCHEME_FLAG[v.code];
      return (
        !is(v, '7152', '2000', '9999') &&
        withBase(v) &&
        v.reason !== undefined &&
        flag !== undefined &&
        !(AFFECTATIONS[v.reason]?.has(flag) ?? false)
      );
    },
    value: reason,
  },
  // SUNAT 3050: none on ISC and other taxes.
  {
    code: '3050',
    node: 'cbc:TaxExemptionReasonCode',
    when: (v) => is(v, '2000', '9999') && v.reason !== undefined,
    value: reason,
  },
  // SUNAT 2642: exports are of affectation 40.
  {
    code: '2642',
    node: 'cbc:TaxExemptionReasonCode',
    when: (v) =>
      !!v.s.operation &&
      EXPORT_OPERATIONS.has(v.s.operation) &&
      withBase(v) &&
      v.reason !== undefined &&
      v.reason !== '40',
    value: reason,
  },
  observedAttribute(reasonElement, 'listAgencyName', /^(PE:SUNAT)$/, '4251'),
  observedAttribute(reasonElement, 'listName', /^(Afectacion del IGV)$/, '4252'),
  observedAttribute(reasonElement, 'listURI', /^(urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo07)$/, '4253'),
  // SUNAT 2373 / 2041: ISC names its system (TierRange 01, 02, 03).
  { code: '2373', node: 'cbc:TierRange', when: (v) => is(v, '2000') && withBase(v) && v.tier === undefined },
  {
    code: '2041',
    node: 'cbc:TierRange',
    when: (v) => is(v, '2000') && withBase(v) && v.tier !== undefined && !['01', '02', '03'].includes(v.tier),
    value: tier,
  },
  // SUNAT 3210: a system only on ISC.
  { code: '3210', node: 'cbc:TierRange', when: (v) => !is(v, '2000') && v.tier !== undefined, value: tier },
  // SUNAT 2992: a rate on every scheme but ICBPER.
  {
    code: '2992',
    node: 'cac:TaxCategory/cbc:Percent',
    when: (v) => !is(v, '7152') && v.percentText === undefined,
  },
  // SUNAT 3067: each scheme once on the line.
  {
    code: '3067',
    node: 'cac:TaxScheme/cbc:ID',
    when: (v) => (v.schemeCount.get(v.code) ?? 0) > 1,
    value: (v) => v.code,
  },
  // SUNAT 2996 / 3051 / 2377: the scheme's name and type, as catalog 05 gives them.
  ...schemeIdentityRules<SubtotalView>({ nameMissing: '2996', nameWrong: '3051', typeWrong: '2377' }),
];

function reasonElement(v: SubtotalView): XmlElement | undefined {
  return first(v.st, 'cac:TaxCategory/cbc:TaxExemptionReasonCode');
}
