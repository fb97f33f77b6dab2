// Step 3 — sum the document (SUNAT rules 3273–3280, 3294, 3302). Header sums come from the
// (rounded, reconciled) line values; global discounts 02/04 and charges 49 move the IGV base, 03 and 50/45/46 the
// payable amount, advances reduce the base and the payable (PrepaidAmount). Every total the client sent is
// checked with SUNAT's rule and tolerance and kept when accepted.
import { generalIgvRate } from '../igv-rates.ts';
import { allowanceChargeCodes, type TaxSchemeCode } from '../catalogs/index.ts';
import { Decimal, ZERO, add, round2, roundTo, sum } from '../money.ts';
import { joinPath } from '../issues.ts';
import type { FilledBody } from './defaults.ts';
import { addIssue, addWarning, newFindings, reconcile, sentAmount, type Findings } from './findings.ts';
import { allowanceCharge, allowanceChargeFits, type WorkAllowanceCharge, type WorkLine } from './lines.ts';

export interface WorkTotals {
  taxed: Decimal;
  ivapBase: Decimal;
  ivap: Decimal;
  exonerated: Decimal;
  unaffected: Decimal;
  exportation: Decimal;
  free: Decimal;
  freeIgv: Decimal;
  igv: Decimal;
  iscBase: Decimal;
  isc: Decimal;
  otherTaxesBase: Decimal;
  otherTaxes: Decimal;
  icbper: Decimal;
  taxes: Decimal;
  value: Decimal;
  taxInclusive: Decimal;
  allowanceTotal: Decimal;
  chargeTotal: Decimal;
  discountTotal: Decimal;
  prepaid: Decimal;
  payable: Decimal;
  /** PayableRoundingAmount: a total_venta kept within SUNAT's tolerance minus the payable computed (0 otherwise). */
  rounding: Decimal;
}

export interface WorkAdvance {
  number: string;
  documentType: string;
  value: Decimal;
  total: Decimal;
}

export interface WorkTaxSubtotal {
  scheme: TaxSchemeCode;
  taxableAmount?: Decimal;
  taxAmount: Decimal;
}

export interface DocumentSums {
  totals: WorkTotals;
  allowanceCharges: WorkAllowanceCharge[];
  advances: WorkAdvance[];
  taxSubtotals: WorkTaxSubtotal[];
  /** IGV rate used for header adjustments (the lines' common rate; 18 by default). */
  igvRate: Decimal;
}

const IVAP_SHARE = new Decimal('0.04');

const SCHEME_ORDER: TaxSchemeCode[] = ['1000', '1016', '2000', '9999', '9995', '9997', '9998', '9996', '7152'];

interface SchemeSums {
  value: Decimal;
  base: Decimal;
  igv: Decimal;
}

/** Every per-line sum the header needs, in one pass over the lines. */
function lineSums(lines: WorkLine[]) {
  const byScheme = new Map<TaxSchemeCode, SchemeSums>();
  let onerousValue = ZERO;
  let iscBase = ZERO;
  let isc = ZERO;
  let otherBase = ZERO;
  let other = ZERO;
  let icbper = ZERO;
  let discount01 = ZERO;
  let charge48 = ZERO;
  let lineDiscounts = ZERO;
  for (const l of lines) {
    const scheme = l.affectation.scheme;
    const s = byScheme.get(scheme) ?? { value: ZERO, base: ZERO, igv: ZERO };
    byScheme.set(scheme, { value: add(s.value, l.value), base: add(s.base, l.igvBase), igv: add(s.igv, l.igv) });
    if (l.affectation.onerous) onerousValue = add(onerousValue, l.value);
    if (l.isc) {
      iscBase = add(iscBase, l.isc.base);
      isc = add(isc, l.isc.amount);
    }
    if (l.other) {
      otherBase = add(otherBase, l.other.base);
      other = add(other, l.other.amount);
    }
    if (l.icbper) icbper = add(icbper, l.icbper.amount);
    discount01 = add(discount01, l.discount01);
    charge48 = add(charge48, l.charge48);
    lineDiscounts = add(lineDiscounts, l.discountTotal);
  }
  const of = (scheme: TaxSchemeCode): SchemeSums => byScheme.get(scheme) ?? { value: ZERO, base: ZERO, igv: ZERO };
  return { of, onerousValue, iscBase, isc, otherBase, other, icbper, discount01, charge48, lineDiscounts };
}

type Kind = 'descuentos' | 'cargos';
type AllowanceChargeInput = NonNullable<FilledBody['descuentos']>[number];
interface GlobalAllowanceCharge {
  ac: WorkAllowanceCharge;
  index: number;
  kind: Kind;
}
type LineSums = ReturnType<typeof lineSums>;
type Sent = NonNullable<FilledBody['totales']>;

/** What the phases of sumDocument share: the findings, the totals sent and the sums of the lines. */
interface Summing {
  f: Findings;
  sent: Sent;
  ls: LineSums;
}

/**
 * One header total checked against the one sent under `totales.<key>` (SUNAT's ±1 unless told): the figure kept is
 * the one sent when SUNAT would accept it, the computed one otherwise (with the issue).
 */
function total(
  x: Summing,
  key: keyof Sent & string,
  computed: Decimal,
  label: string,
  sunatRule: string,
  tolerance = 1,
): Decimal {
  const sent = x.sent[key] as Decimal | undefined;
  return reconcile(x.f, { path: `totales.${key}`, computed, sent, tolerance, label, sunatRule });
}

export function sumDocument(body: FilledBody, lines: WorkLine[]): { sums: DocumentSums; findings: Findings } {
  const x: Summing = { f: newFindings(), sent: body.totales ?? {}, ls: lineSums(lines) };
  const igvRate = commonIgvRate(lines, body.fecha_de_emision);
  const { globals, deferred } = globalAllowanceCharges(x, body);
  const advances = advancesWithTheirDiscounts(x, body, globals);
  const amountOf = (code: string) => sum(globals.filter((g) => g.ac.code === code).map((g) => g.ac.amount));
  const bases = taxableTotals(x, amountOf);
  const taxes = taxTotals(x, igvRate, amountOf);
  const value = total(
    x,
    'total_valor',
    x.ls.onerousValue.minus(amountOf('02')).plus(amountOf('49')),
    'Valor de venta (Σ valores de líneas onerosas − descuentos 02 + cargos 49)',
    '3278',
  );
  // SUNAT computes TaxInclusiveAmount on the line bases before the advance deduction: add the advances' IGV back.
  const taxInclusive = total(
    x,
    'subtotal_venta',
    value.plus(taxes.taxes).plus(round2(igvRate.div(100).times(amountOf('04')))),
    'Precio de venta (valor de venta + impuestos [+ IGV de anticipos])',
    '3279',
  );
  globals.push(...deferredAllowanceCharges(x, body, deferred, { value, taxInclusive }));
  const payment = payableTotals(x, { taxInclusive, amountOf, advances, globals });
  // Written out, not spread: three spreads into one literal took a tenth of computing a 3-line factura.
  const totals: WorkTotals = {
    taxed: bases.taxed,
    ivapBase: bases.ivapBase,
    ivap: taxes.ivap,
    exonerated: bases.exonerated,
    unaffected: bases.unaffected,
    exportation: bases.exportation,
    free: bases.free,
    freeIgv: bases.freeIgv,
    igv: taxes.igv,
    iscBase: taxes.iscBase,
    isc: taxes.isc,
    otherTaxesBase: taxes.otherTaxesBase,
    otherTaxes: taxes.otherTaxes,
    icbper: taxes.icbper,
    taxes: taxes.taxes,
    value,
    taxInclusive,
    allowanceTotal: payment.allowanceTotal,
    chargeTotal: payment.chargeTotal,
    discountTotal: payment.discountTotal,
    prepaid: payment.prepaid,
    payable: payment.payable,
    rounding: payment.rounding,
  };
  const ordered = [...globals].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'cargos' ? 1 : -1));
  return {
    sums: {
      totals,
      allowanceCharges: ordered.map((g) => g.ac),
      advances,
      taxSubtotals: headerSubtotals(lines, totals),
      igvRate,
    },
    findings: x.f,
  };
}

/** The IGV rate for header adjustments: the taxed lines' common rate (SUNAT 3462), else the general one of the date. */
function commonIgvRate(lines: WorkLine[], issueDate: string): Decimal {
  const rates = [...new Set(lines.filter((l) => l.affectation.scheme === '1000').map((l) => l.igvPercent.toFixed()))];
  return rates.length === 1 ? new Decimal(rates[0]) : generalIgvRate(issueDate);
}

/**
 * Global discounts and charges (catalog 53 at document level), first those that move a base (default base: the
 * lines they reduce); those that do not (03, 45/46/50, and line codes, observed 4291) wait for the value and price.
 */
function globalAllowanceCharges(x: Summing, body: FilledBody) {
  const globals: GlobalAllowanceCharge[] = [];
  const deferred: { body: AllowanceChargeInput; index: number; kind: Kind }[] = [];
  for (const kind of ['descuentos', 'cargos'] as const) {
    (body[kind] ?? []).forEach((ac, i) => {
      const path = joinPath(kind, i);
      const entry = allowanceChargeCodes.get(ac.codigo)!;
      if (!allowanceChargeFits(x.f, path, ac.codigo, kind, 'global')) return;
      if (entry.feeds === 'perception' || entry.feeds === 'retention') {
        const block = entry.feeds === 'perception' ? 'percepcion' : 'retencion';
        const message = `El código ${ac.codigo} se declara en el bloque ${block}, no en ${kind}.`;
        addIssue(x.f, joinPath(path, 'codigo'), 'allowance_invalid', message);
        return;
      }
      if (entry.feeds === 'allowance_total' || entry.feeds === 'charge_total') {
        deferred.push({ body: ac, index: i, kind });
        return;
      }
      const w = allowanceCharge(x.f, path, ac, advanceBase(x.ls, entry.advanceOf), '3307');
      if (w) globals.push({ ac: w, index: i, kind });
    });
  }
  return { globals, deferred };
}

/**
 * The line values a base-moving discount reduces by default: exonerated (05), unaffected (06) or taxed lines — the
 * IVAP lines on an IVAP document (SUNAT 3293: its 1016 base takes the global 02/04/49 as a 1000 base does).
 */
function advanceBase(ls: LineSums, of: 'taxed' | 'exonerated' | 'unaffected' | undefined): Decimal {
  return ls.of(of === 'exonerated' ? '9997' : of === 'unaffected' ? '9998' : taxedScheme(ls)).value;
}

/** An IVAP document (lines of 17 only, SUNAT 2644) moves its 1016 base with the global 02/04/49; others the 1000. */
function taxedScheme(ls: LineSums): '1000' | '1016' {
  return ls.of('1016').value.gt(0) && ls.of('1000').value.isZero() ? '1016' : '1000';
}

/** Advances (anticipos): each needs its global discount 04/05/06 (SUNAT 3287/3282); generated when missing. */
function advancesWithTheirDiscounts(x: Summing, body: FilledBody, globals: GlobalAllowanceCharge[]): WorkAdvance[] {
  const { f, ls } = x;
  const advances: WorkAdvance[] = (body.anticipos ?? []).map((a, i) => ({
    number: a.numero.trim().toUpperCase(),
    documentType: a.codigo_tipo_documento,
    value: sentAmount(f, joinPath(joinPath('anticipos', i), 'monto'), a.monto)!,
    total: sentAmount(f, joinPath(joinPath('anticipos', i), 'total'), a.total)!,
  }));
  const advanceDiscounts = globals.filter((g) => allowanceChargeCodes.get(g.ac.code)!.feeds === 'advance');
  if (advances.length > 0 && advanceDiscounts.length === 0) {
    for (const a of advances) globals.push({ ac: advanceDiscount(a, ls), index: -1, kind: 'descuentos' });
    addWarning(
      f,
      'descuentos',
      'prepayment_discount_added',
      'Se generó el descuento global por anticipos (04/05/06) de cada anticipo (SUNAT 3287).',
    );
  } else if (advances.length > 0) {
    const discounted = sum(advanceDiscounts.map((g) => g.ac.amount));
    const values = sum(advances.map((a) => a.value));
    if (discounted.minus(values).abs().gt(1)) {
      addIssue(
        f,
        'descuentos',
        'prepayment_mismatch',
        `Los descuentos por anticipos (04/05/06) suman ${discounted.toFixed(2)} pero los anticipos (monto) suman ${values.toFixed(2)} (SUNAT 3287).`,
        { expected: values.toFixed(2), received: discounted.toFixed(2), sunatRule: '3287' },
      );
    }
  } else if (advanceDiscounts.length > 0) {
    addIssue(
      f,
      joinPath(joinPath('descuentos', advanceDiscounts[0].index), 'codigo'),
      'prepayment_mismatch',
      'Un descuento por anticipos (04/05/06) requiere los anticipos deducidos en `anticipos` (SUNAT 3282).',
      { sunatRule: '3282' },
    );
  }
  return advances;
}

/** The discount 04 (taxed), 05 (exonerated) or 06 (unaffected) an advance without one gets. */
function advanceDiscount(a: WorkAdvance, ls: LineSums): WorkAllowanceCharge {
  const code = a.total.gt(a.value) ? '04' : ls.of('9997').value.gt(0) ? '05' : '06';
  const base = advanceBase(ls, code === '04' ? 'taxed' : code === '05' ? 'exonerated' : 'unaffected');
  return {
    charge: false,
    code,
    description: `Anticipo ${a.number}`,
    amount: a.value,
    base,
    factor: base.gt(0) ? roundTo(a.value.div(base), 5) : undefined,
  };
}

/** The taxable bases of the header subtotals (SUNAT 3273–3277, 3302). */
function taxableTotals(x: Summing, amountOf: (code: string) => Decimal) {
  const { ls } = x;
  const baseChange = amountOf('49').minus(amountOf('02')).minus(amountOf('04'));
  const ivapDocument = taxedScheme(ls) === '1016';
  const taxed = total(
    x,
    'total_operaciones_gravadas',
    ivapDocument ? ls.of('1000').value : ls.of('1000').value.plus(baseChange),
    'Total de operaciones gravadas (Σ valores de líneas gravadas − descuentos 02/04 + cargos 49)',
    '3277',
  );
  const ivapBase = ivapDocument ? ls.of('1016').base.plus(baseChange) : ls.of('1016').base;
  if (taxed.lt(0) || ivapBase.lt(0)) {
    const message = 'Los descuentos globales 02/04 superan el valor de las líneas gravadas.';
    addIssue(x.f, 'descuentos', 'allowance_invalid', message);
  }
  return {
    taxed,
    exonerated: total(
      x,
      'total_operaciones_exoneradas',
      ls.of('9997').value.minus(amountOf('05')),
      'Total de operaciones exoneradas (Σ valores de líneas 20)',
      '3275',
    ),
    unaffected: total(
      x,
      'total_operaciones_inafectas',
      ls.of('9998').value.minus(amountOf('06')),
      'Total de operaciones inafectas (Σ valores de líneas 30)',
      '3274',
    ),
    exportation: total(
      x,
      'total_exportacion',
      ls.of('9995').value,
      'Total de exportación (Σ valores de líneas 40)',
      '3273',
    ),
    free: total(
      x,
      'total_operaciones_gratuitas',
      ls.of('9996').base,
      'Total de operaciones gratuitas (Σ valores referenciales)',
      '3276',
    ),
    freeIgv: total(
      x,
      'total_igv_operaciones_gratuitas',
      ls.of('9996').igv,
      'IGV de operaciones gratuitas (Σ IGV referencial de las líneas)',
      '3302',
    ),
    ivapBase,
  };
}

/** The taxes of the header (SUNAT 3294–3299, 3306): Σ of the lines, the IGV adjusted by the global 02/04/49. */
function taxTotals(x: Summing, igvRate: Decimal, amountOf: (code: string) => Decimal) {
  const { ls } = x;
  const globalBaseChange = amountOf('02').plus(amountOf('04')).minus(amountOf('49'));
  // SUNAT 3295: the IVAP of an IVAP document follows its base moved by the global 02/04/49 (at 4 %), not the IGV.
  const ivapDocument = taxedScheme(ls) === '1016';
  const igv = total(
    x,
    'total_igv',
    ivapDocument ? ls.of('1000').igv : ls.of('1000').igv.minus(round2(igvRate.div(100).times(globalBaseChange))),
    'Total IGV (Σ IGV de las líneas gravadas, ajustado por descuentos 02/04 y cargos 49)',
    '3294',
  );
  const ivap = ivapDocument ? ls.of('1016').igv.minus(round2(IVAP_SHARE.times(globalBaseChange))) : ls.of('1016').igv;
  const iscBase = total(x, 'total_base_isc', ls.iscBase, 'Base total del ISC (Σ bases de las líneas)', '3296');
  const isc = total(x, 'total_isc', ls.isc, 'Total ISC (Σ ISC de las líneas)', '3298');
  const otherTaxesBase = total(x, 'total_base_otros_impuestos', ls.otherBase, 'Base total de otros tributos', '3297');
  const otherTaxes = total(x, 'total_otros_impuestos', ls.other, 'Total de otros tributos', '3299');
  const icbper = total(
    x,
    'total_impuestos_bolsa_plastica',
    ls.icbper,
    'Total ICBPER (Σ ICBPER de las líneas)',
    '3306',
    0,
  );
  const taxes = total(
    x,
    'total_impuestos',
    igv.plus(ivap).plus(isc).plus(otherTaxes).plus(icbper),
    'Total de impuestos (IGV + IVAP + ISC + otros + ICBPER)',
    '3294',
  );
  return { igv, ivap, iscBase, isc, otherTaxesBase, otherTaxes, icbper, taxes };
}

/**
 * Discounts and charges that do not move the base: 03 (and 63) on the price, 45/46/50 on the value
 * (test/fixtures/requests/README.md); a FISE charge (45) of 0.00 is SUNAT's 3074 on facturas and boletas.
 */
function deferredAllowanceCharges(
  x: Summing,
  body: FilledBody,
  deferred: { body: AllowanceChargeInput; index: number; kind: Kind }[],
  figures: { value: Decimal; taxInclusive: Decimal },
): GlobalAllowanceCharge[] {
  const out: GlobalAllowanceCharge[] = [];
  const isInvoice = body.codigo_tipo_documento === '01' || body.codigo_tipo_documento === '03';
  for (const d of deferred) {
    const path = joinPath(d.kind, d.index);
    const base = d.body.codigo === '03' || d.body.codigo === '63' ? figures.taxInclusive : figures.value;
    const w = allowanceCharge(x.f, path, d.body, base, '3307');
    if (w && isInvoice && w.code === '45' && w.amount.isZero()) {
      addIssue(
        x.f,
        joinPath(path, 'monto'),
        'amount_zero_invalid',
        'El cargo FISE (45) resulta 0.00: SUNAT rechaza un cargo 45 de monto 0 (SUNAT 3074); omítalo o envíe su monto.',
        { sunatRule: '3074' },
      );
      continue;
    }
    if (w && isInvoice && w.code === '45' && !w.base.gt(0)) {
      addIssue(
        x.f,
        joinPath(path, 'base'),
        'amount_zero_invalid',
        'El cargo FISE (45) necesita una base mayor que 0: el valor de venta del comprobante es 0.00; envíe su base (SUNAT 3092).',
        { sunatRule: '3092' },
      );
      continue;
    }
    if (w) out.push({ ac: w, index: d.index, kind: d.kind });
  }
  return out;
}

/** From the price to the amount payable (SUNAT 3280, 3300/3301, 2509): charges, discounts, advances. */
function payableTotals(
  x: Summing,
  p: {
    taxInclusive: Decimal;
    amountOf: (code: string) => Decimal;
    advances: WorkAdvance[];
    globals: GlobalAllowanceCharge[];
  },
) {
  const { ls, f } = x;
  const allowanceTotal = p.amountOf('03').plus(p.amountOf('63')).plus(ls.discount01);
  const chargeTotal = total(
    x,
    'total_cargos',
    p.amountOf('45').plus(p.amountOf('46')).plus(p.amountOf('50')).plus(ls.charge48),
    'Total de cargos (Σ cargos 45/46/50 + cargos de línea 48)',
    '3301',
  );
  const prepaid = total(
    x,
    'total_anticipos',
    sum(p.advances.map((a) => a.total)),
    'Total de anticipos (Σ anticipos[].total)',
    '2509',
    0,
  );
  // Without subtotal_venta FacturadorPro writes total_venta as TaxInclusiveAmount too: SUNAT would reject 3279.
  const withPrice = x.sent.subtotal_venta !== undefined;
  const computedPayable = round2(p.taxInclusive.plus(chargeTotal).minus(allowanceTotal).minus(prepaid));
  const payable = reconcile(f, {
    path: 'totales.total_venta',
    computed: computedPayable,
    sent: x.sent.total_venta,
    tolerance: 1,
    label: withPrice
      ? 'Importe total (precio de venta + cargos − descuentos que no afectan la base − anticipos)'
      : 'Importe total (valor de venta + impuestos + cargos − descuentos que no afectan la base − anticipos)',
    sunatRule: withPrice ? '3280' : '3279',
    keptNote: 'La diferencia va en cbc:PayableRoundingAmount (SUNAT 3280) y el PDF la imprime como "Redondeo".',
  });
  // SUNAT 3280: PayableAmount = TaxInclusive + charges − discounts − advances + PayableRoundingAmount; a total_venta
  // kept within the tolerance says where its difference went (|rounding| ≤ 1: SUNAT 3303/4314).
  const rounding = payable.minus(computedPayable);
  if (payable.lt(0)) addIssue(f, 'totales.total_venta', 'totals_mismatch', 'El importe total no puede ser negativo.');
  const discountTotal = reconcile(f, {
    path: 'totales.total_descuentos',
    computed: add(ls.lineDiscounts, sum(p.globals.filter((g) => !g.ac.charge).map((g) => g.ac.amount))),
    sent: x.sent.total_descuentos,
    tolerance: 1,
    label: 'Total de descuentos (Σ descuentos de línea y globales)',
    informational: 'computed',
  });
  return { allowanceTotal, chargeTotal, discountTotal, prepaid, payable, rounding };
}

/** Header subtotals: one per scheme used by a line (SUNAT 2638), ICBPER without TaxableAmount. */
function headerSubtotals(lines: WorkLine[], t: WorkTotals): WorkTaxSubtotal[] {
  const used = new Set<TaxSchemeCode>(lines.map((l) => l.affectation.scheme));
  if (lines.some((l) => l.isc)) used.add('2000');
  if (lines.some((l) => l.other)) used.add('9999');
  if (lines.some((l) => l.icbper)) used.add('7152');
  const byScheme: Record<TaxSchemeCode, WorkTaxSubtotal> = {
    '1000': { scheme: '1000', taxableAmount: t.taxed, taxAmount: t.igv },
    '1016': { scheme: '1016', taxableAmount: t.ivapBase, taxAmount: t.ivap },
    '2000': { scheme: '2000', taxableAmount: t.iscBase, taxAmount: t.isc },
    '9999': { scheme: '9999', taxableAmount: t.otherTaxesBase, taxAmount: t.otherTaxes },
    '9995': { scheme: '9995', taxableAmount: t.exportation, taxAmount: ZERO },
    '9997': { scheme: '9997', taxableAmount: t.exonerated, taxAmount: ZERO },
    '9998': { scheme: '9998', taxableAmount: t.unaffected, taxAmount: ZERO },
    '9996': { scheme: '9996', taxableAmount: t.free, taxAmount: t.freeIgv },
    '7152': { scheme: '7152', taxAmount: t.icbper },
    '3000': { scheme: '3000', taxableAmount: ZERO, taxAmount: ZERO },
  };
  return SCHEME_ORDER.filter((s) => used.has(s)).map((s) => byScheme[s]);
}
