// Step 3 — sum the document (SUNAT rules 3273–3280, 3294, 3302). Header sums come from the
// (rounded, reconciled) line values; global discounts 02/04 and charges 49 move the IGV base, 03 and 50/45/46 the
// payable amount, advances reduce the base and the payable (PrepaidAmount). Every total the client sent is
// checked with SUNAT's rule and tolerance and kept when accepted.
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

export function sumDocument(body: FilledBody, lines: WorkLine[]): { sums: DocumentSums; findings: Findings } {
  const f = newFindings();
  const t = body.totales ?? {};

  const ls = lineSums(lines);
  const taxedLineValues = ls.of('1000').value;
  const exoneratedLineValues = ls.of('9997').value;
  const unaffectedLineValues = ls.of('9998').value;
  const taxedRates = [
    ...new Set(lines.filter((l) => l.affectation.scheme === '1000').map((l) => l.igvPercent.toFixed())),
  ];
  const igvRate = taxedRates.length === 1 ? new Decimal(taxedRates[0]) : new Decimal(18);

  // Global discounts and charges, first those that move the base (their default base is the taxed lines).
  const globals: { ac: WorkAllowanceCharge; index: number; kind: 'descuentos' | 'cargos' }[] = [];
  const deferred: {
    body: NonNullable<FilledBody['descuentos']>[number];
    index: number;
    kind: 'descuentos' | 'cargos';
  }[] = [];
  for (const kind of ['descuentos', 'cargos'] as const) {
    (body[kind] ?? []).forEach((ac, i) => {
      const path = joinPath(kind, i);
      const entry = allowanceChargeCodes.get(ac.codigo)!;
      if (!allowanceChargeFits(f, path, ac.codigo, kind, 'global')) return;
      if (entry.feeds === 'perception' || entry.feeds === 'retention') {
        addIssue(
          f,
          joinPath(path, 'codigo'),
          'allowance_invalid',
          `El código ${ac.codigo} se declara en el bloque ${entry.feeds === 'perception' ? 'percepcion' : 'retencion'}, no en ${kind}.`,
        );
        return;
      }
      if (entry.feeds === 'allowance_total' || entry.feeds === 'charge_total') {
        deferred.push({ body: ac, index: i, kind });
        return;
      }
      const defaultBase =
        entry.advanceOf === 'exonerated'
          ? exoneratedLineValues
          : entry.advanceOf === 'unaffected'
            ? unaffectedLineValues
            : taxedLineValues;
      const w = allowanceCharge(f, path, ac, defaultBase, '3307');
      if (w) globals.push({ ac: w, index: i, kind });
    });
  }

  // Advances (anticipos): each needs its global discount 04/05/06 (SUNAT 3287/3282); generate them if missing.
  const advances: WorkAdvance[] = (body.anticipos ?? []).map((a, i) => ({
    number: a.numero.trim().toUpperCase(),
    documentType: a.codigo_tipo_documento,
    value: sentAmount(f, joinPath(joinPath('anticipos', i), 'monto'), a.monto)!,
    total: sentAmount(f, joinPath(joinPath('anticipos', i), 'total'), a.total)!,
  }));
  const advanceDiscounts = globals.filter((g) => allowanceChargeCodes.get(g.ac.code)!.feeds === 'advance');
  if (advances.length > 0 && advanceDiscounts.length === 0) {
    for (const a of advances) {
      const code = a.total.gt(a.value) ? '04' : exoneratedLineValues.gt(0) ? '05' : '06';
      const base = code === '04' ? taxedLineValues : code === '05' ? exoneratedLineValues : unaffectedLineValues;
      const ac: WorkAllowanceCharge = {
        charge: false,
        code,
        description: `Anticipo ${a.number}`,
        amount: a.value,
        base,
        factor: base.gt(0) ? roundTo(a.value.div(base), 5) : undefined,
      };
      globals.push({ ac, index: -1, kind: 'descuentos' });
    }
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
        {
          expected: values.toFixed(2),
          received: discounted.toFixed(2),
          sunatRule: '3287',
        },
      );
    }
  } else if (advanceDiscounts.length > 0) {
    const first = advanceDiscounts[0];
    addIssue(
      f,
      joinPath(joinPath('descuentos', first.index), 'codigo'),
      'prepayment_mismatch',
      'Un descuento por anticipos (04/05/06) requiere los anticipos deducidos en `anticipos` (SUNAT 3282).',
      { sunatRule: '3282' },
    );
  }

  const amountOf = (code: string) => sum(globals.filter((g) => g.ac.code === code).map((g) => g.ac.amount));
  const d02 = amountOf('02');
  const d04 = amountOf('04');
  const d05 = amountOf('05');
  const d06 = amountOf('06');
  const c49 = amountOf('49');

  const taxed = reconcile(f, {
    path: 'totales.total_operaciones_gravadas',
    computed: taxedLineValues.minus(d02).minus(d04).plus(c49),
    sent: t.total_operaciones_gravadas,
    tolerance: 1,
    label: 'Total de operaciones gravadas (Σ valores de líneas gravadas − descuentos 02/04 + cargos 49)',
    sunatRule: '3277',
  });
  if (taxed.lt(0)) {
    addIssue(
      f,
      'descuentos',
      'allowance_invalid',
      'Los descuentos globales 02/04 superan el valor de las líneas gravadas.',
    );
  }
  const exonerated = reconcile(f, {
    path: 'totales.total_operaciones_exoneradas',
    computed: exoneratedLineValues.minus(d05),
    sent: t.total_operaciones_exoneradas,
    tolerance: 1,
    label: 'Total de operaciones exoneradas (Σ valores de líneas 20)',
    sunatRule: '3275',
  });
  const unaffected = reconcile(f, {
    path: 'totales.total_operaciones_inafectas',
    computed: unaffectedLineValues.minus(d06),
    sent: t.total_operaciones_inafectas,
    tolerance: 1,
    label: 'Total de operaciones inafectas (Σ valores de líneas 30)',
    sunatRule: '3274',
  });
  const exportation = reconcile(f, {
    path: 'totales.total_exportacion',
    computed: ls.of('9995').value,
    sent: t.total_exportacion,
    tolerance: 1,
    label: 'Total de exportación (Σ valores de líneas 40)',
    sunatRule: '3273',
  });
  const free = reconcile(f, {
    path: 'totales.total_operaciones_gratuitas',
    computed: ls.of('9996').base,
    sent: t.total_operaciones_gratuitas,
    tolerance: 1,
    label: 'Total de operaciones gratuitas (Σ valores referenciales)',
    sunatRule: '3276',
  });
  const freeIgv = reconcile(f, {
    path: 'totales.total_igv_operaciones_gratuitas',
    computed: ls.of('9996').igv,
    sent: t.total_igv_operaciones_gratuitas,
    tolerance: 1,
    label: 'IGV de operaciones gratuitas (Σ IGV referencial de las líneas)',
    sunatRule: '3302',
  });
  const ivapBase = ls.of('1016').base;
  const ivap = ls.of('1016').igv;
  const igv = reconcile(f, {
    path: 'totales.total_igv',
    computed: ls.of('1000').igv.minus(round2(igvRate.div(100).times(d02.plus(d04).minus(c49)))),
    sent: t.total_igv,
    tolerance: 1,
    label: 'Total IGV (Σ IGV de las líneas gravadas, ajustado por descuentos 02/04 y cargos 49)',
    sunatRule: '3294',
  });
  const iscBase = reconcile(f, {
    path: 'totales.total_base_isc',
    computed: ls.iscBase,
    sent: t.total_base_isc,
    tolerance: 1,
    label: 'Base total del ISC (Σ bases de las líneas)',
    sunatRule: '3296',
  });
  const isc = reconcile(f, {
    path: 'totales.total_isc',
    computed: ls.isc,
    sent: t.total_isc,
    tolerance: 1,
    label: 'Total ISC (Σ ISC de las líneas)',
    sunatRule: '3298',
  });
  const otherTaxesBase = reconcile(f, {
    path: 'totales.total_base_otros_impuestos',
    computed: ls.otherBase,
    sent: t.total_base_otros_impuestos,
    tolerance: 1,
    label: 'Base total de otros tributos',
    sunatRule: '3297',
  });
  const otherTaxes = reconcile(f, {
    path: 'totales.total_otros_impuestos',
    computed: ls.other,
    sent: t.total_otros_impuestos,
    tolerance: 1,
    label: 'Total de otros tributos',
    sunatRule: '3299',
  });
  const icbper = reconcile(f, {
    path: 'totales.total_impuestos_bolsa_plastica',
    computed: ls.icbper,
    sent: t.total_impuestos_bolsa_plastica,
    tolerance: 0,
    label: 'Total ICBPER (Σ ICBPER de las líneas)',
    sunatRule: '3306',
  });
  const taxes = reconcile(f, {
    path: 'totales.total_impuestos',
    computed: igv.plus(ivap).plus(isc).plus(otherTaxes).plus(icbper),
    sent: t.total_impuestos,
    tolerance: 1,
    label: 'Total de impuestos (IGV + IVAP + ISC + otros + ICBPER)',
    sunatRule: '3294',
  });
  const value = reconcile(f, {
    path: 'totales.total_valor',
    computed: ls.onerousValue.minus(d02).plus(c49),
    sent: t.total_valor,
    tolerance: 1,
    label: 'Valor de venta (Σ valores de líneas onerosas − descuentos 02 + cargos 49)',
    sunatRule: '3278',
  });
  // SUNAT computes TaxInclusiveAmount on the line bases before the advance deduction: add the advances' IGV back.
  const taxInclusive = reconcile(f, {
    path: 'totales.subtotal_venta',
    computed: value.plus(taxes).plus(round2(igvRate.div(100).times(d04))),
    sent: t.subtotal_venta,
    tolerance: 1,
    label: 'Precio de venta (valor de venta + impuestos [+ IGV de anticipos])',
    sunatRule: '3279',
  });

  // Discounts and charges that do not move the base: 03 on the price, 45/46/50 on the value (test/fixtures/requests/README.md).
  for (const d of deferred) {
    const entry = allowanceChargeCodes.get(d.body.codigo)!;
    const base = entry.code === '03' || entry.code === '63' ? taxInclusive : value;
    const w = allowanceCharge(f, joinPath(d.kind, d.index), d.body, base, '3307');
    const isInvoice = body.codigo_tipo_documento === '01' || body.codigo_tipo_documento === '03';
    if (w && isInvoice && w.code === '45' && w.amount.isZero()) {
      // SUNAT 3074 (facturas and boletas): the FISE charge (45) must not be 0.00.
      addIssue(
        f,
        joinPath(joinPath(d.kind, d.index), 'monto'),
        'amount_zero_invalid',
        'El cargo FISE (45) resulta 0.00: SUNAT rechaza un cargo 45 de monto 0 (SUNAT 3074); omítalo o envíe su monto.',
        { sunatRule: '3074' },
      );
      continue;
    }
    if (w) globals.push({ ac: w, index: d.index, kind: d.kind });
  }
  const lineDiscount01 = ls.discount01;
  const lineCharge48 = ls.charge48;
  const allowanceTotal = amountOf('03').plus(amountOf('63')).plus(lineDiscount01);
  const chargeTotal = reconcile(f, {
    path: 'totales.total_cargos',
    computed: amountOf('45').plus(amountOf('46')).plus(amountOf('50')).plus(lineCharge48),
    sent: t.total_cargos,
    tolerance: 1,
    label: 'Total de cargos (Σ cargos 45/46/50 + cargos de línea 48)',
    sunatRule: '3301',
  });
  const prepaid = reconcile(f, {
    path: 'totales.total_anticipos',
    computed: sum(advances.map((a) => a.total)),
    sent: t.total_anticipos,
    tolerance: 0,
    label: 'Total de anticipos (Σ anticipos[].total)',
    sunatRule: '2509',
  });
  const payable = reconcile(f, {
    path: 'totales.total_venta',
    computed: round2(taxInclusive.plus(chargeTotal).minus(allowanceTotal).minus(prepaid)),
    sent: t.total_venta,
    tolerance: 1,
    label:
      t.subtotal_venta === undefined
        ? 'Importe total (valor de venta + impuestos + cargos − descuentos que no afectan la base − anticipos)'
        : 'Importe total (precio de venta + cargos − descuentos que no afectan la base − anticipos)',
    // Without subtotal_venta FacturadorPro writes total_venta as TaxInclusiveAmount too: SUNAT would reject 3279.
    sunatRule: t.subtotal_venta === undefined ? '3279' : '3280',
  });
  if (payable.lt(0)) addIssue(f, 'totales.total_venta', 'totals_mismatch', 'El importe total no puede ser negativo.');
  const discountTotal = reconcile(f, {
    path: 'totales.total_descuentos',
    computed: add(ls.lineDiscounts, sum(globals.filter((g) => !g.ac.charge).map((g) => g.ac.amount))),
    sent: t.total_descuentos,
    tolerance: 1,
    label: 'Total de descuentos (Σ descuentos de línea y globales)',
    informational: 'computed',
  });

  const totals: WorkTotals = {
    taxed,
    ivapBase,
    ivap,
    exonerated,
    unaffected,
    exportation,
    free,
    freeIgv,
    igv,
    iscBase,
    isc,
    otherTaxesBase,
    otherTaxes,
    icbper,
    taxes,
    value,
    taxInclusive,
    allowanceTotal,
    chargeTotal,
    discountTotal,
    prepaid,
    payable,
  };

  // Header subtotals: one per scheme used by a line (SUNAT 2638), ICBPER without TaxableAmount.
  const used = new Set<TaxSchemeCode>(lines.map((l) => l.affectation.scheme));
  if (lines.some((l) => l.isc)) used.add('2000');
  if (lines.some((l) => l.other)) used.add('9999');
  if (lines.some((l) => l.icbper)) used.add('7152');
  const byScheme: Record<TaxSchemeCode, WorkTaxSubtotal> = {
    '1000': { scheme: '1000', taxableAmount: taxed, taxAmount: igv },
    '1016': { scheme: '1016', taxableAmount: ivapBase, taxAmount: ivap },
    '2000': { scheme: '2000', taxableAmount: iscBase, taxAmount: isc },
    '9999': { scheme: '9999', taxableAmount: otherTaxesBase, taxAmount: otherTaxes },
    '9995': { scheme: '9995', taxableAmount: exportation, taxAmount: ZERO },
    '9997': { scheme: '9997', taxableAmount: exonerated, taxAmount: ZERO },
    '9998': { scheme: '9998', taxableAmount: unaffected, taxAmount: ZERO },
    '9996': { scheme: '9996', taxableAmount: free, taxAmount: freeIgv },
    '7152': { scheme: '7152', taxAmount: icbper },
    '3000': { scheme: '3000', taxableAmount: ZERO, taxAmount: ZERO },
  };
  const taxSubtotals = SCHEME_ORDER.filter((s) => used.has(s)).map((s) => byScheme[s]);

  const ordered = [...globals].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'cargos' ? 1 : -1));
  return { sums: { totals, allowanceCharges: ordered.map((g) => g.ac), advances, taxSubtotals, igvRate }, findings: f };
}
