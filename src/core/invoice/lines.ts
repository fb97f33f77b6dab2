// Step 2 — compute each line with SUNAT's arithmetic (the rule codes in brackets):
// value = round2(valor_unitario × cantidad − discounts 00 + charges 47) [3271]; ISC on the value [3108];
// IGV base = value + ISC [3272]; IGV = round2(base × rate) [3103]; ICBPER = bags × rate of the year [4318];
// taxes = IGV + ISC + other + ICBPER [3292]; total = value + taxes; price = round2(total / quantity) [3270].
// Free lines (11–16, 21, 31–37) carry their referential value as base, Price 0 and price type 02.
// Every figure the client sent is checked against the computed one and kept when SUNAT would accept it.
import { allowanceChargeCodes, igvAffectations, type AffectationEntry } from '../catalogs/index.ts';
import { generalIgvRate } from '../igv-rates.ts';
import { Decimal, ONE, ZERO, add, round2, roundTo, subtract } from '../money.ts';
import { joinPath } from '../issues.ts';
import { addIssue, addWarning, newFindings, reconcile, sentAmount, type Findings } from './findings.ts';
import type { AllowanceChargeBody, ItemBody } from './schema.ts';
import type { LineFigures, RateAmount } from './types.ts';

export interface WorkAllowanceCharge {
  charge: boolean;
  code: string;
  description?: string;
  factor?: Decimal;
  amount: Decimal;
  base: Decimal;
}

export interface WorkLine extends LineFigures<Decimal> {
  index: number;
  path: string;
  item: ItemBody;
  affectation: AffectationEntry;
  quantity: Decimal;
  /** Price/PriceAmount (0 on free lines). */
  unitValue: Decimal;
  priceType: '01' | '02';
  /** AlternativeConditionPrice/PriceAmount. */
  unitPrice: Decimal;
  lineExtension: Decimal;
  other?: RateAmount<Decimal>;
  /** Discounts not affecting the base (01) and charges not affecting it (48): they feed document totals. */
  discount01: Decimal;
  charge48: Decimal;
  allowanceCharges: WorkAllowanceCharge[];
}

/** ICBPER per bag by year of issue (Ley 30884; greenter docs): 0.10 in 2019 … 0.50 from 2023 on. */
export function icbperRate(issueDate: string): Decimal {
  const year = Number(issueDate.slice(0, 4));
  if (year <= 2019) return new Decimal('0.10');
  if (year === 2020) return new Decimal('0.20');
  if (year === 2021) return new Decimal('0.30');
  if (year === 2022) return new Decimal('0.40');
  return new Decimal('0.50');
}

const TEN_PLACES = 10;

/** IVAP (Ley 28211): 4 %. */
const IVAP_RATE = new Decimal(4);

/** Every yearly ICBPER rate (Ley 30884): a bag at any of them is SUNAT's observation 4318, not a rejection. */
const ICBPER_YEARLY_RATES = ['0.10', '0.20', '0.30', '0.40', '0.50'].map((r) => new Decimal(r));

/**
 * The line's IGV/IVAP rate. SUNAT 3101: exonerated, unaffected and export lines (9997/9998/9995) and free lines
 * of those kinds carry Percent 0.00 — an ERP sending porcentaje_igv 18 there means "no IGV", so 0 is emitted and
 * a warning says so. Taxed lines need a rate above 0 (2993); without porcentaje_igv they take the general rate of
 * the issue date (src/core/igv-rates.ts; which rates are in force is rules/igv-rate.ts, SUNAT 3462).
 */
function lineIgvPercent(
  f: Findings,
  item: ItemBody,
  path: string,
  affectation: AffectationEntry,
  issueDate: string,
): Decimal {
  if (!affectation.taxed) {
    if (item.porcentaje_igv !== undefined && !item.porcentaje_igv.isZero()) {
      addWarning(
        f,
        joinPath(path, 'porcentaje_igv'),
        'value_adjusted',
        `La afectación ${affectation.code} (${affectation.description.toLowerCase()}) no paga IGV: se emite el porcentaje 0.00 en lugar de ${item.porcentaje_igv.toFixed()} (SUNAT 3101).`,
        '3101',
      );
    }
    return ZERO;
  }
  return item.porcentaje_igv ?? (affectation.scheme === '1016' ? IVAP_RATE : generalIgvRate(issueDate));
}

/** Σ amounts of one catalog-53 code (module level: closures in the hot path cost an allocation per call). */
function amountOf(list: WorkAllowanceCharge[], code: string): Decimal {
  if (list.length === 0) return ZERO;
  let total = ZERO;
  for (const x of list) if (x.code === code) total = add(total, x.amount);
  return total;
}

/**
 * Line discounts/charges (00/01/47/48). A code of the wrong kind is refused (3114); a global code at line level is
 * what SUNAT observes (4268) and then leaves out of every line sum: emitted as sent, with a warning.
 */
function lineAllowanceCharges(
  f: Findings,
  path: string,
  list: AllowanceChargeBody[] | undefined,
  kind: 'descuentos' | 'cargos',
  defaultBase: Decimal,
): WorkAllowanceCharge[] {
  const out: WorkAllowanceCharge[] = [];
  (list ?? []).forEach((ac, i) => {
    const p = joinPath(joinPath(path, kind), i);
    if (!allowanceChargeFits(f, p, ac.codigo, kind, 'line')) return;
    const w = allowanceCharge(f, p, ac, defaultBase, '3290');
    if (w) out.push(w);
  });
  return out;
}

const LEVEL_WORDS = {
  line: { label: 'de línea', sunatRule: '4268', codes: { cargos: '47 o 48', descuentos: '00 o 01' } },
  global: { label: 'global', sunatRule: '4291', codes: { cargos: '45, 46, 49 o 50', descuentos: '02, 03 o 04–06' } },
} as const;

/**
 * Whether a catalog-53 code may stand in this list. The wrong kind (a charge among discounts) is SUNAT's 3114
 * rejection: refused. The wrong level is only SUNAT's observation (4268 line, 4291 global): accepted with a
 * warning, the code then feeds no total (SUNAT's sums read each code at its own level only).
 */
export function allowanceChargeFits(
  f: Findings,
  path: string,
  code: string,
  kind: 'descuentos' | 'cargos',
  level: 'line' | 'global',
): boolean {
  const entry = allowanceChargeCodes.get(code)!;
  const words = LEVEL_WORDS[level];
  const noun = kind === 'cargos' ? 'cargo' : 'descuento';
  if (entry.charge !== (kind === 'cargos')) {
    addIssue(
      f,
      joinPath(path, 'codigo'),
      'allowance_invalid',
      `El código ${code} (${entry.description}) no es un ${noun}: use ${words.codes[kind]} (SUNAT 3114).`,
      { sunatRule: '3114' },
    );
    return false;
  }
  if (entry.level !== level) {
    addWarning(
      f,
      joinPath(path, 'codigo'),
      'sunat_observation',
      `El código ${code} (${entry.description}) no es un ${noun} ${words.label}: se emite sin afectar los totales; SUNAT lo acepta con la observación ${words.sunatRule}.`,
      words.sunatRule,
    );
  }
  return true;
}

/** Amount = base × factor (±1; SUNAT 3307 header, 3290 line); missing pieces are derived. */
export function allowanceCharge(
  f: Findings,
  path: string,
  ac: AllowanceChargeBody,
  defaultBase: Decimal,
  rule: string,
): WorkAllowanceCharge | undefined {
  const entry = allowanceChargeCodes.get(ac.codigo)!;
  const base = sentAmount(f, joinPath(path, 'base'), ac.base) ?? defaultBase;
  const factor = ac.factor !== undefined ? ac.factor : undefined;
  let amount: Decimal;
  if (ac.monto !== undefined) {
    amount = sentAmount(f, joinPath(path, 'monto'), ac.monto)!;
    if (factor !== undefined) {
      const expected = round2(base.times(factor));
      if (expected.minus(amount).abs().gt(1)) {
        addIssue(
          f,
          joinPath(path, 'monto'),
          'allowance_invalid',
          `El monto debe ser base × factor: se esperaba ${expected.toFixed(2)} y se recibió ${amount.toFixed(2)} (regla SUNAT ${rule}, tolerancia ±1.00).`,
          {
            expected: expected.toFixed(2),
            received: amount.toFixed(2),
            sunatRule: rule,
          },
        );
        return undefined;
      }
    }
  } else if (factor !== undefined) {
    amount = round2(base.times(factor));
  } else {
    addIssue(f, joinPath(path, 'monto'), 'validation_failed', 'Envíe el monto o el factor del descuento/cargo.');
    return undefined;
  }
  return {
    charge: entry.charge,
    code: ac.codigo,
    description: ac.descripcion,
    factor: factor ?? derivedFactor(amount, base),
    amount,
    base,
  };
}

/**
 * The factor of an amount sent without one: amount ÷ base in cbc:MultiplierFactorNumeric's 5 decimals. SUNAT checks
 * base × factor against the amount (3307/3290, ±1) only when a factor is present (its format rule 3025/3052 reads
 * it "if it exists"): on a base so large that 5 decimals cannot express the amount, none is written.
 */
function derivedFactor(amount: Decimal, base: Decimal): Decimal | undefined {
  if (!base.gt(0)) return undefined;
  const factor = roundTo(amount.div(base), 5);
  return round2(base.times(factor)).minus(amount).abs().lte(1) ? factor : undefined;
}

export function computeLine(
  f: Findings,
  item: ItemBody,
  index: number,
  issueDate: string,
  price: UnitPriceRule = INVOICE_PRICE,
): WorkLine | undefined {
  const path = joinPath('items', index);
  const affectation = igvAffectations.get(item.codigo_tipo_afectacion_igv)!;
  const q = item.cantidad;
  if (q.decimalPlaces() > TEN_PLACES) {
    addIssue(
      f,
      joinPath(path, 'cantidad'),
      'validation_failed',
      'La cantidad admite hasta 10 decimales (SUNAT 2025).',
      { sunatRule: '2025' },
    );
    return undefined;
  }
  const percent = lineIgvPercent(f, item, path, affectation, issueDate);
  if (affectation.taxed && percent.isZero()) {
    addIssue(
      f,
      joinPath(path, 'porcentaje_igv'),
      'validation_failed',
      'Una línea gravada necesita una tasa de IGV mayor que 0 (SUNAT 2993).',
      { sunatRule: '2993' },
    );
    return undefined;
  }
  const priceType = item.codigo_tipo_precio ?? affectation.priceType;
  if (priceType !== affectation.priceType) {
    addIssue(
      f,
      joinPath(path, 'codigo_tipo_precio'),
      affectation.onerous ? 'price_type_invalid' : 'free_line_invalid',
      affectation.onerous
        ? `La afectación ${affectation.code} es onerosa: el tipo de precio debe ser 01 (SUNAT 3234).`
        : `La afectación ${affectation.code} es gratuita: el tipo de precio debe ser 02 (valor referencial; SUNAT 3224).`,
      { sunatRule: affectation.onerous ? '3234' : '3224' },
    );
    return undefined;
  }
  const icbper = lineIcbper(f, item, path, issueDate);
  if (icbper === null) return undefined;
  const line: LineContext = { f, item, index, path, affectation, percent, icbper, price };
  return affectation.onerous ? onerousLine(line) : freeLine(line);
}

/**
 * ICBPER (SUNAT 2892, 4318): a whole number of bags × the year's rate; another year's rate is only observed.
 * Undefined without bags, null when refused.
 */
function lineIcbper(f: Findings, item: ItemBody, path: string, issueDate: string): WorkLine['icbper'] | null {
  const q = item.cantidad;
  const bagTax = sentAmount(f, joinPath(path, 'total_impuestos_bolsa_plastica'), item.total_impuestos_bolsa_plastica);
  if (!bagTax?.gt(0)) return undefined;
  if (!q.isInteger()) {
    addIssue(
      f,
      joinPath(path, 'cantidad'),
      'icbper_invalid',
      'La cantidad de bolsas plásticas debe ser un número entero (SUNAT 2892).',
      { sunatRule: '2892' },
    );
    return null;
  }
  let rate = icbperRate(issueDate);
  let expected = round2(q.times(rate));
  const olderRate = ICBPER_YEARLY_RATES.find((r) => !r.eq(rate) && round2(q.times(r)).eq(bagTax));
  if (!expected.eq(bagTax) && olderRate) {
    // SUNAT 4318 is an observation: a bag charged at another year's rate is accepted and noted in the CDR.
    addWarning(
      f,
      joinPath(path, 'total_impuestos_bolsa_plastica'),
      'sunat_observation',
      `ICBPER a S/ ${olderRate.toFixed(2)} por bolsa; la tarifa ${issueDate.slice(0, 4)} es S/ ${rate.toFixed(2)}: SUNAT lo acepta con la observación 4318.`,
      '4318',
    );
    rate = olderRate;
    expected = bagTax;
  }
  if (!expected.eq(bagTax)) {
    addIssue(
      f,
      joinPath(path, 'total_impuestos_bolsa_plastica'),
      'icbper_invalid',
      `ICBPER de la línea: ${q.toFixed()} bolsa(s) × S/ ${rate.toFixed(2)} (tarifa ${issueDate.slice(0, 4)}) = ${expected.toFixed(2)}, se recibió ${bagTax.toFixed(2)}, que no corresponde a ninguna tarifa anual (0.10–0.50).`,
      { expected: expected.toFixed(2), received: bagTax.toFixed(2) },
    );
    return null;
  }
  return { bags: q, rate, amount: expected };
}

/** What every phase of a line reads: the item, where it is, its affectation (catalog 07), IGV rate and ICBPER. */
interface LineContext {
  f: Findings;
  item: ItemBody;
  index: number;
  path: string;
  affectation: AffectationEntry;
  percent: Decimal;
  icbper: WorkLine['icbper'];
  price: UnitPriceRule;
}

/** The fields every line has, whatever its kind. */
function workLine(
  line: LineContext,
  fields: Omit<WorkLine, 'index' | 'path' | 'item' | 'affectation' | 'quantity' | 'igvPercent' | 'icbper'>,
): WorkLine {
  const { index, path, item, affectation, percent, icbper } = line;
  return { index: index + 1, path, item, affectation, quantity: item.cantidad, igvPercent: percent, icbper, ...fields };
}

/** An onerous line, in SUNAT's order: unit value, allowances (3271), ISC (3104/3108), other taxes, IGV (3272/3103/3110/3111), taxes (3292), unit price (3270). */
function onerousLine(line: LineContext): WorkLine | undefined {
  const { f, item, path } = line;
  const unitValue = lineUnitValue(line);
  if (unitValue === undefined) return undefined;
  const gross = round2(unitValue.times(item.cantidad));
  const ac = lineAllowances(line, gross);
  if (!ac) return undefined;
  const value = reconcile(f, {
    path: joinPath(path, 'total_valor_item'),
    computed: add(subtract(gross, ac.d00), ac.c47),
    sent: item.total_valor_item,
    tolerance: 1,
    label: 'Valor de venta de la línea (valor unitario × cantidad − descuentos 00 + cargos 47)',
    sunatRule: '3271',
  });
  const isc = lineIsc(line, value);
  if (isc === null) return undefined;
  const other = lineOtherTaxes(line, value);
  const igv = lineIgv(line, value, isc);
  if (!igv) return undefined;
  const iscAmount = isc?.amount ?? ZERO;
  const taxes = reconcile(f, {
    path: joinPath(path, 'total_impuestos'),
    computed: add(add(add(igv.igv, iscAmount), other?.amount ?? ZERO), line.icbper?.amount ?? ZERO),
    sent: item.total_impuestos,
    tolerance: 1,
    label: 'Impuestos de la línea (IGV + ISC + otros + ICBPER)',
    sunatRule: '3292',
  });
  const total = informational(line, 'total_item', add(value, taxes), 'Total de la línea (valor de venta + impuestos)');
  const unitPrice = lineUnitPrice(line, { unitValue, value, taxes, ...ac });
  if (unitPrice === undefined) return undefined;
  return workLine(line, {
    unitValue,
    priceType: '01',
    unitPrice,
    value,
    lineExtension: value,
    ...igv,
    isc,
    other,
    taxes,
    total,
    discount01: ac.d01,
    charge48: ac.c48,
    discountTotal: informational(line, 'total_descuentos', add(ac.d00, ac.d01), 'Total de descuentos de la línea'),
    chargeTotal: informational(line, 'total_cargos', add(ac.c47, ac.c48), 'Total de cargos de la línea'),
    allowanceCharges: [...ac.discounts, ...ac.charges],
  });
}

/** A line total SUNAT does not check: the computed figure is kept, a different one sent is only a warning. */
function informational(
  line: LineContext,
  key: 'total_item' | 'total_descuentos' | 'total_cargos',
  computed: Decimal,
  label: string,
): Decimal {
  const sent = line.item[key];
  return reconcile(line.f, {
    path: joinPath(line.path, key),
    computed,
    sent,
    tolerance: 1,
    label,
    informational: 'computed',
  });
}

/**
 * The unit value (Price): sent, or taken out of the price (SUNAT's AlternativeConditionPrice: the unit price after
 * the line's discounts and charges, with its taxes — ICBPER per bag, IGV, ISC al valor) so that the price the rule
 * computes back (3270, `priceNumerator`) is the one sent: the line's discounts and charges are part of it.
 */
function lineUnitValue(line: LineContext): Decimal | undefined {
  const { f, item, path, affectation, percent, icbper } = line;
  const unitValue = item.valor_unitario;
  if (unitValue === undefined) {
    if (item.precio_unitario === undefined) {
      addIssue(
        f,
        joinPath(path, 'valor_unitario'),
        'validation_failed',
        'Envíe valor_unitario (sin impuestos) o precio_unitario (con impuestos).',
      );
      return undefined;
    }
    const iscFactor =
      item.porcentaje_isc && (item.codigo_tipo_sistema_isc ?? '01') === '01'
        ? ONE.plus(item.porcentaje_isc.div(100))
        : ONE;
    const taxFactor = (affectation.taxed ? ONE.plus(percent.div(100)) : ONE).times(iscFactor);
    const perBag = icbper ? icbper.rate : ZERO;
    return unitValueFromPrice(line, item.precio_unitario.minus(perBag), taxFactor);
  }
  if (unitValue.decimalPlaces() <= TEN_PLACES) return unitValue;
  const r = roundTo(unitValue, TEN_PLACES);
  const message = `Valor unitario con más de 10 decimales: se redondeó a ${r.toFixed()}.`;
  addWarning(f, joinPath(path, 'valor_unitario'), 'amount_rounded', message);
  return r;
}

/**
 * Solves the line's gross value g (unit value × quantity) from its price without bags, p: with each discount or
 * charge either a share k of g (a factor on the default base) or a fixed amount a,
 *   p × q = T × (g × (1 − k00 + k47) − a00 + a47) − (g × k01 + a01) + (g × k48 + a48)
 * for the invoice formula (T: the tax factor); the debit-note formula leaves 01/48 out. Without discounts or charges
 * it is p ÷ T, as before.
 */
function unitValueFromPrice(line: LineContext, price: Decimal, taxFactor: Decimal): Decimal {
  const { item, price: rule } = line;
  const q = item.cantidad;
  const s = priceAllowanceShares(item);
  const outOfPrice =
    rule.formula === 'debit-note' ? { k: ZERO, a: ZERO } : { k: s.k48.minus(s.k01), a: s.a48.minus(s.a01) };
  const coefficient = taxFactor.times(ONE.minus(s.k00).plus(s.k47)).plus(outOfPrice.k);
  if (!coefficient.gt(0)) return roundTo(price.div(taxFactor), TEN_PLACES);
  const gross = price
    .times(q)
    .plus(taxFactor.times(s.a00.minus(s.a47)))
    .minus(outOfPrice.a)
    .div(coefficient);
  return roundTo(gross.div(q), TEN_PLACES);
}

/** The shares (factor with the default base) and fixed amounts of a line's discounts 00/01 and charges 47/48. */
function priceAllowanceShares(item: ItemBody) {
  const shares: Record<'k00' | 'k01' | 'k47' | 'k48' | 'a00' | 'a01' | 'a47' | 'a48', Decimal> = {
    k00: ZERO,
    k01: ZERO,
    k47: ZERO,
    k48: ZERO,
    a00: ZERO,
    a01: ZERO,
    a47: ZERO,
    a48: ZERO,
  };
  for (const ac of [...(item.descuentos ?? []), ...(item.cargos ?? [])]) {
    const code = ac.codigo as '00' | '01' | '47' | '48';
    if (!['00', '01', '47', '48'].includes(code)) continue;
    if (ac.monto !== undefined) shares[`a${code}`] = shares[`a${code}`].plus(ac.monto);
    else if (ac.factor !== undefined && ac.base !== undefined)
      shares[`a${code}`] = shares[`a${code}`].plus(round2(ac.base.times(ac.factor)));
    else if (ac.factor !== undefined) shares[`k${code}`] = shares[`k${code}`].plus(ac.factor);
  }
  return shares;
}

interface LineAllowances {
  discounts: WorkAllowanceCharge[];
  charges: WorkAllowanceCharge[];
  d00: Decimal;
  d01: Decimal;
  c47: Decimal;
  c48: Decimal;
}

/** The line's discounts and charges (catalog 53): 00/47 move its value, 01/48 only the document's totals. */
function lineAllowances({ f, item, path }: LineContext, gross: Decimal): LineAllowances | undefined {
  const discounts = lineAllowanceCharges(f, path, item.descuentos, 'descuentos', gross);
  const charges = lineAllowanceCharges(f, path, item.cargos, 'cargos', gross);
  const d00 = amountOf(discounts, '00');
  const c47 = amountOf(charges, '47');
  if (d00.gt(gross.plus(c47))) {
    const message = 'Los descuentos 00 superan el valor de venta de la línea.';
    addIssue(f, joinPath(path, 'descuentos'), 'allowance_invalid', message);
    return undefined;
  }
  return { discounts, charges, d00, d01: amountOf(discounts, '01'), c47, c48: amountOf(charges, '48') };
}

/**
 * ISC (catalog 08), only on taxed lines: al valor (01) and public price (03) apply a rate to a base; a fixed amount
 * (02) is given and carries the rate that yields it. Undefined without ISC, null when refused.
 */
function lineIsc(line: LineContext, value: Decimal): WorkLine['isc'] | null {
  const { f, item, path, affectation } = line;
  const wantsIsc =
    item.codigo_tipo_sistema_isc !== undefined ||
    (item.total_isc?.gt(0) ?? false) ||
    (item.porcentaje_isc?.gt(0) ?? false);
  if (!wantsIsc) return undefined;
  if (!affectation.taxed) {
    const message = 'El ISC solo se aplica a líneas gravadas con IGV (10).';
    addIssue(f, joinPath(path, 'codigo_tipo_sistema_isc'), 'validation_failed', message);
    return null;
  }
  const systemCode = item.codigo_tipo_sistema_isc ?? '01';
  const figures = systemCode === '02' ? fixedIsc(line, value) : iscAtRate(line, value, systemCode);
  if (!figures) return null;
  const { base, amount } = figures;
  const iscPercent = item.porcentaje_isc ?? ZERO;
  // SUNAT 3104/3108: Percent > 0 and TaxableAmount × Percent ≈ TaxAmount; a fixed amount (02) carries the
  // rate that yields it (3 integer digits and 5 decimals at most, SUNAT 3102).
  const percent = systemCode === '02' ? fixedIscPercent(base, amount) : iscPercent;
  return { systemCode, base, percent, amount };
}

/** The Percent of a fixed ISC: amount ÷ base, within cbc:Percent's format (3 integer digits, 5 decimals; SUNAT 3102). */
function fixedIscPercent(base: Decimal, amount: Decimal): Decimal {
  return Decimal.min(roundTo(amount.div(base).times(100), 5), MAX_PERCENT);
}
const MAX_PERCENT = new Decimal('999.99999');

/** ISC of a fixed amount (system 02): total_isc sent, on a base above 0 (SUNAT 3104). */
function fixedIsc({ f, item, path }: LineContext, value: Decimal): { base: Decimal; amount: Decimal } | undefined {
  if (item.total_isc === undefined) {
    addIssue(f, joinPath(path, 'total_isc'), 'validation_failed', 'ISC de monto fijo (sistema 02): envíe total_isc.');
    return undefined;
  }
  const base = sentAmount(f, joinPath(path, 'total_base_isc'), item.total_base_isc) ?? value;
  const amount = sentAmount(f, joinPath(path, 'total_isc'), item.total_isc)!;
  if (!base.gt(0)) {
    addIssue(
      f,
      joinPath(path, 'total_base_isc'),
      'validation_failed',
      'ISC de monto fijo (sistema 02): la base del ISC debe ser mayor que 0 (SUNAT 3104).',
      { sunatRule: '3104' },
    );
    return undefined;
  }
  // SUNAT 3108: TaxAmount ≈ TaxableAmount × Percent ÷ 100 (±1); no Percent SUNAT's format can hold may express it.
  if (base.times(fixedIscPercent(base, amount)).div(100).minus(amount).abs().gt(1)) {
    addIssue(
      f,
      joinPath(path, 'total_isc'),
      'validation_failed',
      `ISC de monto fijo (sistema 02): ${amount.toFixed(2)} sobre una base de ${base.toFixed(2)} exige una tasa mayor que ${MAX_PERCENT.toFixed()} %, que SUNAT no admite (SUNAT 3108). Revise el monto o la base del ISC.`,
      { sunatRule: '3108' },
    );
    return undefined;
  }
  return { base, amount };
}

/** ISC al valor (01, base = the line value, 3108) or on the public price (03, base sent): base × rate. */
function iscAtRate({ f, item, path }: LineContext, value: Decimal, systemCode: string) {
  const base =
    systemCode === '03'
      ? (sentAmount(f, joinPath(path, 'total_base_isc'), item.total_base_isc) ?? value)
      : reconcile(f, {
          path: joinPath(path, 'total_base_isc'),
          computed: value,
          sent: item.total_base_isc,
          tolerance: 1,
          label: 'Base del ISC (sistema al valor: el valor de venta)',
          sunatRule: '3108',
        });
  const amount = reconcile(f, {
    path: joinPath(path, 'total_isc'),
    computed: round2(base.times(item.porcentaje_isc ?? ZERO).div(100)),
    sent: item.total_isc,
    tolerance: 1,
    label: 'ISC de la línea (base × tasa)',
    sunatRule: '3108',
  });
  return { base, amount };
}

/** Other taxes (9999): base (the line value unless sent) × rate (SUNAT 3109). */
function lineOtherTaxes({ f, item, path }: LineContext, value: Decimal): WorkLine['other'] {
  if (!(item.porcentaje_otros_impuestos?.gt(0) ?? false) && !(item.total_otros_impuestos?.gt(0) ?? false))
    return undefined;
  const base = sentAmount(f, joinPath(path, 'total_base_otros_impuestos'), item.total_base_otros_impuestos) ?? value;
  const percent = item.porcentaje_otros_impuestos ?? ZERO;
  const amount = reconcile(f, {
    path: joinPath(path, 'total_otros_impuestos'),
    computed: round2(base.times(percent).div(100)),
    sent: item.total_otros_impuestos,
    tolerance: 1,
    label: 'Otros tributos de la línea (base × tasa)',
    sunatRule: '3109',
  });
  return { base, percent, amount };
}

/** The IGV base (value + ISC, SUNAT 3272) and the IGV or IVAP on it (3103/3110), never 0.00 above 0.06 (3111). */
function lineIgv(line: LineContext, value: Decimal, isc: WorkLine['isc']) {
  const { f, item, path, affectation, percent } = line;
  const igvBase = reconcile(f, {
    path: joinPath(path, 'total_base_igv'),
    computed: affectation.taxed ? add(value, isc?.amount ?? ZERO) : value,
    sent: item.total_base_igv,
    // SUNAT 3272: the base equals the line value exactly (value + ISC when there is ISC, compared ±1).
    tolerance: isc ? 1 : 0,
    label: 'Base imponible de la línea (valor de venta + ISC)',
    sunatRule: '3272',
  });
  const igv = igvOn(line, igvBase, `IGV de una línea ${affectation.description.toLowerCase()} (debe ser 0)`);
  if (affectation.scheme === '1016' && igvBase.gt('0.06') && igv.isZero()) {
    addIssue(
      f,
      joinPath(path, 'total_igv'),
      'amount_zero_invalid',
      `El IVAP de la línea (base ${igvBase.toFixed(2)} × ${percent.toFixed()} %) resulta 0.00: SUNAT rechaza un tributo 0 sobre una base mayor que 0.06 (SUNAT 3111).`,
      { sunatRule: '3111' },
    );
    return undefined;
  }
  return { igvBase, igv };
}

/** The IGV of a line: base × rate on taxed lines (SUNAT 3103), 0 on the others (3110). */
function igvOn({ f, item, path, affectation, percent }: LineContext, base: Decimal, zeroLabel: string): Decimal {
  const free = !affectation.onerous;
  return reconcile(f, {
    path: joinPath(path, 'total_igv'),
    computed: affectation.taxed ? round2(base.times(percent).div(100)) : ZERO,
    sent: item.total_igv,
    tolerance: affectation.taxed ? 1 : 0,
    label: affectation.taxed
      ? `IGV${free ? ' referencial' : ''} de la línea${free ? ' gratuita' : ''} (base × tasa)`
      : zeroLabel,
    sunatRule: affectation.taxed ? '3103' : '3110',
  });
}

/**
 * How SUNAT computes a line's unit price (AlternativeConditionPrice 01) and how it answers a sent one that differs by
 * more than ±1: `formula` 'invoice' = (LineExtension + line taxes − discounts 01 + charges 48) ÷ quantity (facturas,
 * boletas, credit notes), 'debit-note' = (LineExtension + line taxes) ÷ quantity (ND 3270); `check` 'error' is 3270
 * (facturas and debit notes of facturas), 'observation' 4287 (boletas and debit notes of boletas), 'none' where the
 * rules compare nothing (credit notes).
 */
export interface UnitPriceRule {
  formula: 'invoice' | 'debit-note';
  check: 'error' | 'observation' | 'none';
}

export const INVOICE_PRICE: UnitPriceRule = { formula: 'invoice', check: 'error' };

/** The unit price the rule computes: round5 of its numerator ÷ quantity. */
function priceNumerator(
  rule: UnitPriceRule,
  p: { value: Decimal; taxes: Decimal } & Pick<LineAllowances, 'd01' | 'c48'>,
): Decimal {
  const withTaxes = add(p.value, p.taxes);
  return rule.formula === 'debit-note' ? withTaxes : add(subtract(withTaxes, p.d01), p.c48);
}

/** SUNAT 3270 / 4287: price ≈ round5(numerator / quantity), ±1; a sent price is kept when SUNAT accepts it. */
function lineUnitPrice(
  { f, item, path, price }: LineContext,
  p: { unitValue: Decimal; value: Decimal; taxes: Decimal } & LineAllowances,
): Decimal | undefined {
  const q = item.cantidad;
  const numerator = priceNumerator(price, p);
  if (item.precio_unitario === undefined) {
    const untouched = p.taxes.isZero() && p.d00.isZero() && p.d01.isZero() && p.c47.isZero() && p.c48.isZero();
    return untouched ? p.unitValue : round2(numerator.div(q));
  }
  const reference = roundTo(numerator.div(q), 5);
  const sent =
    item.precio_unitario.decimalPlaces() > TEN_PLACES
      ? roundTo(item.precio_unitario, TEN_PLACES)
      : item.precio_unitario;
  if (price.check === 'none' || sent.minus(reference).abs().lte(1)) return sent;
  const what = `Precio unitario (valor de venta + impuestos de la línea, por unidad): se esperaba ${reference.toFixed()} y se recibió ${item.precio_unitario.toFixed()}`;
  if (price.check === 'observation') {
    addWarning(
      f,
      joinPath(path, 'precio_unitario'),
      'sunat_observation',
      `${what}; SUNAT lo acepta con la observación 4287 y se emite el enviado.`,
      '4287',
    );
    return sent;
  }
  addIssue(f, joinPath(path, 'precio_unitario'), 'totals_mismatch', `${what} (regla SUNAT 3270, tolerancia ±1.00).`, {
    expected: reference.toFixed(),
    received: item.precio_unitario.toFixed(),
    sunatRule: '3270',
  });
  return undefined;
}

/** A free line (price type 02): Price 0 (2640), a referential value above 0 (2641), no IGV paid (3292). */
function freeLine(line: LineContext): WorkLine | undefined {
  const { f, item, path } = line;
  if ((item.descuentos?.length ?? 0) > 0 || (item.cargos?.length ?? 0) > 0) {
    addIssue(f, joinPath(path, 'descuentos'), 'free_line_invalid', 'Una línea gratuita no lleva descuentos ni cargos.');
    return undefined;
  }
  if (item.codigo_tipo_sistema_isc !== undefined || (item.total_isc?.gt(0) ?? false)) {
    addIssue(f, joinPath(path, 'total_isc'), 'free_line_invalid', 'Facturo no admite ISC en líneas gratuitas.');
    return undefined;
  }
  const referential = freeLineReferential(line);
  if (!referential) return undefined;
  const { base } = referential;
  if (item.valor_unitario?.gt(0)) {
    addWarning(
      f,
      joinPath(path, 'valor_unitario'),
      'value_normalized',
      'Línea gratuita: el valor unitario (Price) se emite en 0 (SUNAT 2640); el valor enviado se usa como referencial.',
    );
  }
  const igv = igvOn(line, base, 'IGV de una línea gratuita exonerada/inafecta (debe ser 0)');
  const taxes = freeLineTaxes(line, igv);
  if (taxes === undefined || !freeLineValueIsZero(line, base)) return undefined;
  const icbperAmount = line.icbper?.amount ?? ZERO;
  return workLine(line, {
    unitValue: ZERO,
    priceType: '02',
    unitPrice: referential.unit,
    value: ZERO,
    lineExtension: base,
    igvBase: base,
    igv,
    taxes,
    total: informational(line, 'total_item', icbperAmount, 'Total de una línea gratuita (0, o el ICBPER)'),
    discount01: ZERO,
    charge48: ZERO,
    discountTotal: ZERO,
    chargeTotal: ZERO,
    allowanceCharges: [],
  });
}

/**
 * The referential value: total_base_igv (FacturadorPro's convention), else a referential unit value sent in
 * valor_unitario or precio_unitario (the Price itself is always 0: SUNAT 2640); above 0 (SUNAT 2641).
 */
function freeLineReferential({ f, item, path }: LineContext): { base: Decimal; unit: Decimal } | undefined {
  const q = item.cantidad;
  const sentBase = sentAmount(f, joinPath(path, 'total_base_igv'), item.total_base_igv);
  if (sentBase?.gt(0)) return { base: sentBase, unit: roundTo(sentBase.div(q), TEN_PLACES) };
  const unit = item.valor_unitario?.gt(0)
    ? item.valor_unitario
    : item.precio_unitario?.gt(0)
      ? item.precio_unitario
      : undefined;
  if (!unit) {
    addIssue(
      f,
      joinPath(path, 'total_base_igv'),
      'free_line_invalid',
      'Línea gratuita sin valor referencial: envíe total_base_igv (valor referencial × cantidad) (SUNAT 2641).',
      { sunatRule: '2641' },
    );
    return undefined;
  }
  const referential = roundTo(unit, TEN_PLACES);
  const base = round2(referential.times(q));
  if (base.isZero()) {
    addIssue(
      f,
      joinPath(path, 'valor_unitario'),
      'amount_zero_invalid',
      'El valor referencial de la línea gratuita (valor × cantidad) resulta 0.00: SUNAT exige un valor mayor que 0 (SUNAT 2641).',
      { sunatRule: '2641' },
    );
    return undefined;
  }
  return { base, unit: referential };
}

/**
 * Free lines pay no IGV: their TaxTotal carries 0 (or the ICBPER of a free bag). SUNAT 3292 does not check the
 * notional IGV either way, so a client sending 0 or the notional IGV is accepted; we emit 0 (or the ICBPER).
 */
function freeLineTaxes({ f, item, path, icbper }: LineContext, igv: Decimal): Decimal | undefined {
  const icbperAmount = icbper?.amount ?? ZERO;
  const sentTaxes = sentAmount(f, joinPath(path, 'total_impuestos'), item.total_impuestos);
  if (sentTaxes === undefined) return icbperAmount;
  if (sentTaxes.minus(icbperAmount).abs().lte(1)) return sentTaxes;
  if (sentTaxes.minus(icbperAmount.plus(igv)).abs().lte(1)) return icbperAmount;
  reconcile(f, {
    path: joinPath(path, 'total_impuestos'),
    computed: icbperAmount,
    sent: sentTaxes,
    tolerance: 1,
    label: 'Impuestos de una línea gratuita (0, o el ICBPER)',
    sunatRule: '3292',
  });
  return undefined;
}

/** SUNAT 2640: a free line's value is 0 (FacturadorPro may send the referential value there: accepted). */
function freeLineValueIsZero({ f, item, path }: LineContext, base: Decimal): boolean {
  const sentValue = sentAmount(f, joinPath(path, 'total_valor_item'), item.total_valor_item);
  if (sentValue === undefined || sentValue.isZero() || sentValue.eq(base)) return true;
  reconcile(f, {
    path: joinPath(path, 'total_valor_item'),
    computed: ZERO,
    sent: sentValue,
    tolerance: 0,
    label: 'Valor de venta de una línea gratuita (0)',
    code: 'free_line_invalid',
    sunatRule: '2640',
  });
  return false;
}

export interface LineOptions {
  /**
   * Notes (SUNAT 3271 in NC/ND): LineExtensionAmount = Price × quantity, so a line with discounts 00 or charges 47
   * carries the net unit value (value ÷ quantity) as its Price.
   */
  netUnitValue?: boolean;
  /** Operations where SUNAT admits a line without a base (3105 excepts 0112 and the banking 2100–2104). */
  zeroValueAllowed?: boolean;
  /** The document's unit-price rule (3270 / 4287 / none); facturas' by default. */
  unitPrice?: UnitPriceRule;
}

export function computeLines(
  items: ItemBody[],
  issueDate: string,
  options: LineOptions = {},
): { lines: WorkLine[]; findings: Findings; complete: boolean } {
  const f = newFindings();
  const lines: WorkLine[] = [];
  let complete = true;
  items.forEach((item, i) => {
    let line = computeLine(f, item, i, issueDate, options.unitPrice);
    if (line?.affectation.onerous && line.value.isZero() && !options.zeroValueAllowed) {
      // SUNAT 3105: an onerous line needs a base above 0 (e.g. 0.01 × 0.01 rounds to 0.00).
      addIssue(
        f,
        joinPath(line.path, 'valor_unitario'),
        'amount_zero_invalid',
        'El valor de venta de la línea (valor unitario × cantidad) resulta 0.00: SUNAT exige una base mayor que 0 (SUNAT 3105).',
        { sunatRule: '3105' },
      );
      line = undefined;
    }
    if (
      line &&
      options.netUnitValue &&
      line.affectation.onerous &&
      !line.value.eq(round2(line.unitValue.times(line.quantity)))
    ) {
      line = { ...line, unitValue: roundTo(line.value.div(line.quantity), TEN_PLACES) };
    }
    if (line) lines.push(line);
    else complete = false;
  });
  return { lines, findings: f, complete };
}
