// A line's cac:TaxTotal: the schemes, affectations, rates and amounts of each subtotal (3102–3111, 2993, 3105…).
import type { XmlElement } from '../../../sunat/xml.ts';
import { AFFECTATIONS, EXPORT_OPERATIONS, SCHEME_FLAG, TAX_SCHEMES } from '../catalogs.ts';
import type { Findings } from '../context.ts';
import { all, attr, exists, first, num, sum, text } from '../xpath.ts';
import {
  Decimal,
  PERCENT,
  ZERO,
  add,
  eq,
  fmt,
  gt,
  mul,
  ne,
  outside,
  outsideRounded,
  round,
  type Num,
} from '../numbers.ts';
import { type Shape, scheme, twoDecimals, observeAttr, ONEROUS_SCHEMES, schemeIdentity } from './shape.ts';

export function lineTaxTotal(
  line: XmlElement,
  taxTotal: XmlElement,
  s: Shape,
  f: Findings,
  nro: string,
  quantity: Num,
  anyNonIvap: boolean,
): void {
  const detail = `Error en la linea: ${nro}`;
  const amountText = text(taxTotal, 'cbc:TaxAmount');
  f.check(
    amountText === undefined || !twoDecimals(amountText, false),
    '3021',
    'cac:TaxTotal/cbc:TaxAmount',
    amountText,
    detail,
  );
  const subtotals = all(taxTotal, 'cac:TaxSubtotal');
  const schemeCount = new Map<string, number>();
  for (const st of subtotals) schemeCount.set(scheme(st), (schemeCount.get(scheme(st)) ?? 0) + 1);

  for (const st of subtotals) {
    const v = subtotalView(st, s, detail, quantity, schemeCount);
    for (const phase of SUBTOTAL_PHASES) phase(v, f);
  }

  lineTaxSums(subtotals, taxTotal, anyNonIvap, detail, f);
  const bases = lineTaxBase(subtotals, line, detail, f);
  lineTaxSchemes(subtotals, bases, s, detail, f);
}

/** SUNAT 2644 (an IVAP line alone among affectations) and 3292 (TaxAmount = Σ of the taxes' amounts, ±1). */
function lineTaxSums(
  subtotals: XmlElement[],
  taxTotal: XmlElement,
  anyNonIvap: boolean,
  detail: string,
  f: Findings,
): void {
  // SUNAT 2644: an IVAP line (17) cannot share the document with other affectations.
  f.check(
    subtotals.some(
      (st) => text(st, 'cac:TaxCategory/cbc:TaxExemptionReasonCode') === '17' && gt(num(st, 'cbc:TaxableAmount'), 0),
    ) && anyNonIvap,
    '2644',
    'cbc:TaxExemptionReasonCode',
    undefined,
    detail,
  );

  // SUNAT 3292: line TaxAmount = Σ 1000/7152/1016/2000/9999 subtotal amounts (±1), when one of them is present.
  const counted = subtotals.filter((st) => ['1000', '7152', '1016', '2000', '9999'].includes(scheme(st)));
  if (counted.length > 0) {
    const declared = num(taxTotal, 'cbc:TaxAmount');
    const components = sum(counted.flatMap((st) => all(st, 'cbc:TaxAmount')));
    f.check(outsideRounded(declared, components), '3292', 'cac:TaxTotal/cbc:TaxAmount', fmt(declared), detail);
  }
}

/** SUNAT 3272: the IGV-type base = line value (+ ISC): exact without ISC, ±1 with it. Returns the bases above 0. */
function lineTaxBase(subtotals: XmlElement[], line: XmlElement, detail: string, f: Findings): XmlElement[] {
  const isc = subtotals.find(
    (st) => scheme(st) === '2000' && exists(st, 'cbc:TaxAmount') && gt(num(st, 'cbc:TaxableAmount'), 0),
  );
  const iscAmount = isc ? num(isc, 'cbc:TaxAmount') : ZERO;
  const bases = subtotals.filter((st) => ONEROUS_SCHEMES.includes(scheme(st)) && gt(num(st, 'cbc:TaxableAmount'), 0));
  if (bases.length > 0) {
    const computed = add(num(line, 'cbc:LineExtensionAmount'), iscAmount);
    f.check(
      gt(iscAmount, 0) && outside(num(bases[0], 'cbc:TaxableAmount'), computed),
      '3272',
      'cac:TaxSubtotal/cbc:TaxableAmount',
      text(bases[0], 'cbc:TaxableAmount'),
      detail,
    );
    f.check(
      eq(iscAmount, 0) && bases.some((st) => ne(num(st, 'cbc:TaxableAmount'), computed)),
      '3272',
      'cac:TaxSubtotal/cbc:TaxableAmount',
      text(bases[0], 'cbc:TaxableAmount'),
      detail,
    );
  }
  return bases;
}

/** SUNAT 3105 (an IGV-type subtotal with a base; notes: one of the schemes) and 3223 (allowed combinations). */
function lineTaxSchemes(subtotals: XmlElement[], bases: XmlElement[], s: Shape, detail: string, f: Findings): void {
  // SUNAT 3105: at least one IGV-type subtotal with a base > 0 (banking operation types excepted).
  if (!['2100', '2101', '2102', '2103', '2104', '0112'].includes(s.operation ?? '')) {
    // NC/ND only ask for one of the schemes 1000/1016/9995–9998 on the line, whatever its base (an NC 13 is 0.00).
    const noteSchemes = subtotals.filter((st) => ['1000', '1016', '9995', '9996', '9997', '9998'].includes(scheme(st)));
    f.check(s.isInvoice ? bases.length < 1 : noteSchemes.length < 1, '3105', 'cac:TaxScheme/cbc:ID', undefined, detail);
  }
  // SUNAT 3223: only some combinations of taxes with a base may share a line.
  const withBase = subtotals
    .filter((st) => gt(num(st, 'cbc:TaxableAmount'), 0))
    .map(scheme)
    .sort()
    .join('+');
  if (subtotals.filter((st) => gt(num(st, 'cbc:TaxableAmount'), 0)).length > 1) {
    const allowed = new Set([
      '1000+2000',
      '1000+9999',
      '1000+2000+9999',
      '1016+9999',
      '9995+9999',
      '2000+9996',
      '2000+9996+9999',
      '9996+9999',
      '2000+9997',
      '2000+9997+9999',
      '9997+9999',
      '2000+9998',
      '2000+9998+9999',
      '9998+9999',
    ]);
    f.check(!allowed.has(withBase), '3223', 'cac:TaxScheme/cbc:ID', withBase, detail);
  }
}

/** One line subtotal as its rules read it (pure reads; the checks are in the phases, in the XSL's order). */
interface SubtotalView {
  st: XmlElement;
  s: Shape;
  code: string;
  stDetail: string;
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
    stDetail: `${detail} Tributo: ${code}`,
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

const SUBTOTAL_PHASES = [subtotalBase, subtotalAmount, subtotalRate, subtotalAffectation, subtotalScheme];

/** ICBPER (7152): bags × rate (4318), the bags (3236/3237/2892/4320) and rate (3238/2892); other schemes' base format (3031). */
function subtotalBase(v: SubtotalView, f: Findings): void {
  const { st, code, stDetail, quantity } = v;
  if (code === '7152') {
    const bags = num(st, 'cbc:BaseUnitMeasure');
    const perUnit = num(st, 'cac:TaxCategory/cbc:PerUnitAmount');
    if (gt(bags, 0)) {
      f.check(
        ne(round(mul(bags, perUnit), 2), round(num(st, 'cbc:TaxAmount'), 2)),
        '4318',
        'cbc:TaxAmount',
        text(st, 'cbc:TaxAmount'),
        stDetail,
        false,
      );
      f.check(ne(bags, round(quantity, 0)), '3236', 'cbc:BaseUnitMeasure', text(st, 'cbc:BaseUnitMeasure'), stDetail); // SUNAT 3236
      f.check(
        eq(round(perUnit, 5), 0),
        '3238',
        'cac:TaxCategory/cbc:PerUnitAmount',
        text(st, 'cac:TaxCategory/cbc:PerUnitAmount'),
        stDetail,
      ); // SUNAT 3238
    }
    const bagsText = text(st, 'cbc:BaseUnitMeasure');
    f.check(bagsText === undefined, '3237', 'cbc:BaseUnitMeasure', undefined, stDetail);
    if (bagsText !== undefined)
      f.check(!/^([0-9]{1,5})?$/.test(bagsText), '2892', 'cbc:BaseUnitMeasure', bagsText, stDetail);
    const unit = attr(first(st, 'cbc:BaseUnitMeasure'), 'unitCode');
    f.check(unit !== undefined && unit !== 'NIU', '4320', 'cbc:BaseUnitMeasure/@unitCode', unit, stDetail, false);
    const perUnitText = text(st, 'cac:TaxCategory/cbc:PerUnitAmount');
    if (perUnitText !== undefined)
      f.check(!PERCENT.test(perUnitText), '2892', 'cbc:PerUnitAmount', perUnitText, stDetail);
  } else {
    const taxableText = text(st, 'cbc:TaxableAmount');
    f.check(
      taxableText !== undefined && !twoDecimals(taxableText, false),
      '3031',
      'cbc:TaxableAmount',
      taxableText,
      stDetail,
    );
  }
}

/** The scheme (2036/2037) and the amount: IGV/IVAP = base × rate (3103), formats (2033), 0 where exempt (3110/3111). */
function subtotalAmount(v: SubtotalView, f: Findings): void {
  const { st, code, stDetail, taxAmount, computed, reason, taxable, known, taxAmountText } = v;
  f.check(code === '', '2037', 'cac:TaxScheme/cbc:ID', undefined, stDetail);
  f.check(code !== '' && !known, '2036', 'cac:TaxScheme/cbc:ID', code, stDetail); // SUNAT 2036
  // SUNAT 3103: line IGV/IVAP = base × rate (±1). The XSL's list skips 15 (it writes `text = '15'`).
  if (reason !== undefined && ['10', '11', '12', '13', '14', '16', '17'].includes(reason)) {
    f.check(
      outside(taxAmount, computed),
      '3103',
      'cac:TaxSubtotal/cbc:TaxAmount',
      fmt(taxAmount),
      `${stDetail}, MontoTributoCalculado: ${fmt(computed)}`,
    );
  }
  f.check(
    taxAmountText === undefined || !twoDecimals(taxAmountText, false),
    '2033',
    'cac:TaxSubtotal/cbc:TaxAmount',
    taxAmountText,
    stDetail,
  );
  if (code === '9995' || code === '9997' || code === '9998')
    f.check(ne(num(st, 'cbc:TaxAmount'), 0), '3110', 'cbc:TaxAmount', taxAmountText, stDetail); // SUNAT 3110
  if (code === '9996') {
    f.check(
      gt(taxable, new Decimal('0.06')) &&
        ['11', '12', '13', '14', '15', '16', '17'].includes(reason ?? '') &&
        eq(num(st, 'cbc:TaxAmount'), 0),
      '3111',
      'cbc:TaxAmount',
      taxAmountText,
      stDetail,
    ); // SUNAT 3111
    f.check(
      gt(taxable, 0) &&
        ['21', '31', '32', '33', '34', '35', '36', '37', '40'].includes(reason ?? '') &&
        ne(num(st, 'cbc:TaxAmount'), 0),
      '3110',
      'cbc:TaxAmount',
      taxAmountText,
      stDetail,
    );
  }
  if (code === '1000' || code === '1016')
    f.check(
      gt(taxable, new Decimal('0.06')) && eq(num(st, 'cbc:TaxAmount'), 0),
      '3111',
      'cbc:TaxAmount',
      taxAmountText,
      stDetail,
    );
}

/** The rate (3102): above 0 on taxed and free taxed lines (2993) and ISC (3104), 0 on debit-note exemptions (3101); ISC (3108) and other taxes (3109) = base × rate. */
function subtotalRate(v: SubtotalView, f: Findings): void {
  const { s, code, stDetail, taxAmount, computed, reason, taxable, percentText, percent } = v;
  if (percentText !== undefined)
    f.check(!PERCENT.test(percentText), '3102', 'cac:TaxCategory/cbc:Percent', percentText, stDetail); // SUNAT 3102
  if (code === '9996')
    f.check(
      gt(taxable, 0) && ['11', '12', '13', '14', '16', '17'].includes(reason ?? '') && eq(percent, 0),
      '2993',
      'cbc:Percent',
      percentText,
      stDetail,
    );
  if (code === '2000') f.check(gt(taxable, 0) && eq(percent, 0), '3104', 'cbc:Percent', percentText, stDetail);
  // SUNAT 3101 (ValidaExprRegND; commented out in the factura and NC files): no IGV rate on 9995/9997/9998.
  if (s.tipo === '08' && (code === '9995' || code === '9997' || code === '9998'))
    f.check(percent !== null && !eq(percent, 0), '3101', 'cac:TaxCategory/cbc:Percent', percentText, stDetail);
  if (code === '1000' || code === '1016')
    f.check(gt(taxable, 0) && eq(percent, 0), '2993', 'cbc:Percent', percentText, stDetail); // SUNAT 2993
  // SUNAT 3108 on every ISC subtotal, whatever its system (TierRange 01/02/03): TaxAmount ≈ base × Percent ÷ 100, ±1.
  if (code === '2000') f.check(outside(taxAmount, computed), '3108', 'cbc:TaxAmount', fmt(taxAmount), stDetail);
  if (code === '9999') f.check(outside(taxAmount, computed), '3109', 'cbc:TaxAmount', fmt(taxAmount), stDetail);
}

/** The affectation (catalog 07): present (2371), of the scheme (2040), none on ISC/other (3050), 40 on exports (2642), its attributes; ISC tier (2373/2041). */
function subtotalAffectation(v: SubtotalView, f: Findings): void {
  const { st, s, code, stDetail, reason, taxable, tier } = v;
  if (code !== '7152' && code !== '2000' && code !== '9999' && gt(taxable, 0)) {
    f.check(reason === undefined, '2371', 'cbc:TaxExemptionReasonCode', undefined, stDetail); // SUNAT 2371
    const flag = SCHEME_FLAG[code];
    f.check(
      reason !== undefined && flag !== undefined && !(AFFECTATIONS[reason]?.has(flag) ?? false),
      '2040',
      'cbc:TaxExemptionReasonCode',
      reason,
      stDetail,
    );
  }
  if (code === '2000' || code === '9999')
    f.check(reason !== undefined, '3050', 'cbc:TaxExemptionReasonCode', reason, stDetail);
  if (s.operation && EXPORT_OPERATIONS.has(s.operation))
    f.check(
      gt(taxable, 0) && reason !== undefined && reason !== '40',
      '2642',
      'cbc:TaxExemptionReasonCode',
      reason,
      stDetail,
    ); // SUNAT 2642
  const reasonEl = first(st, 'cac:TaxCategory/cbc:TaxExemptionReasonCode');
  observeAttr(f, reasonEl, 'listAgencyName', /^(PE:SUNAT)$/, '4251', stDetail);
  observeAttr(f, reasonEl, 'listName', /^(Afectacion del IGV)$/, '4252', stDetail);
  observeAttr(f, reasonEl, 'listURI', /^(urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo07)$/, '4253', stDetail);
  if (code === '2000' && gt(taxable, 0)) {
    f.check(tier === undefined, '2373', 'cbc:TierRange', undefined, stDetail);
    f.check(tier !== undefined && !['01', '02', '03'].includes(tier), '2041', 'cbc:TierRange', tier, stDetail);
  }
}

/** Tier only on ISC (3210), a rate (2992), each scheme once (3067), the scheme's attributes, name (2996/3051) and type (2377). */
function subtotalScheme(v: SubtotalView, f: Findings): void {
  const { st, code, stDetail, known, percentText, tier, schemeCount } = v;
  if (code !== '2000') f.check(tier !== undefined, '3210', 'cbc:TierRange', tier, stDetail);
  if (code !== '7152') f.check(percentText === undefined, '2992', 'cac:TaxCategory/cbc:Percent', undefined, stDetail); // SUNAT 2992
  f.check((schemeCount.get(code) ?? 0) > 1, '3067', 'cac:TaxScheme/cbc:ID', code, stDetail); // SUNAT 3067
  schemeIdentity(f, st, known, { nameMissing: '2996', nameWrong: '3051', typeWrong: '2377' }, stDetail);
}
