// Figures a document may carry. Every input amount already has at most 12 integer digits (the schema), but products
// and sums can grow past them (999 lines of 10^11, a quantity times a unit value): SUNAT's formats allow amounts of
// up to 12 integer digits and 2 decimals, quantities and unit values of up to 12 integer digits and 10 decimals
// (quantity: SUNAT 2025). Checked on the computed figures, after rounding, before anything is written.
import { Decimal, roundTo, type Decimal as D } from '../../money.ts';
import { joinPath } from '../../issues.ts';
import { addIssue, newFindings, type Findings } from '../findings.ts';
import type { WorkLine } from '../lines.ts';
import type { WorkTotals } from '../totals.ts';

const LIMIT = new Decimal(10).pow(12);

/** Whether `value`, rounded to `places` decimals, has more than 12 integer digits. */
export function exceeds(value: D | undefined, places: number): boolean {
  // decimal.js's exponent `e` is the integer digits minus one: below 10^11 no rounding reaches 10^12 (the common
  // case, decided without the two allocations of rounding and abs).
  return value !== undefined && value.e >= 11 && roundTo(value, places).abs().gte(LIMIT);
}

export function outOfRangeMessage(value: D): string {
  return `El valor calculado ${roundTo(value, 2).toFixed()} supera el formato de SUNAT (hasta 12 dígitos enteros): reduzca cantidades o importes.`;
}

function report(f: Findings, path: string, value: D, sunatRule?: string): void {
  addIssue(f, path, 'amount_out_of_range', outOfRangeMessage(value), sunatRule ? { sunatRule } : {});
}

/** Each line's quantity, unit values and amounts, reported under the item's own field names. */
export function checkLineMagnitudes(lines: readonly WorkLine[]): Findings {
  const f = newFindings();
  for (const l of lines) {
    const figures: [string, D | undefined, number, string?][] = [
      ['cantidad', l.quantity, 10, '2025'],
      ['valor_unitario', l.unitValue, 10],
      ['precio_unitario', l.unitPrice, 10],
      ['total_valor_item', l.value, 2],
      ['total_base_igv', l.igvBase, 2],
      ['total_igv', l.igv, 2],
      ['total_base_isc', l.isc?.base, 2],
      ['total_isc', l.isc?.amount, 2],
      ['total_base_otros_impuestos', l.other?.base, 2],
      ['total_otros_impuestos', l.other?.amount, 2],
      ['total_impuestos_bolsa_plastica', l.icbper?.amount, 2],
      ['total_impuestos', l.taxes, 2],
      ['total_descuentos', l.discountTotal, 2],
      ['total_cargos', l.chargeTotal, 2],
      ['total_item', l.total, 2],
    ];
    for (const [field, value, places, rule] of figures) {
      if (exceeds(value, places)) report(f, joinPath(l.path, field), value!, rule);
    }
  }
  return f;
}

const TOTAL_FIELDS: [keyof WorkTotals, string][] = [
  ['taxed', 'total_operaciones_gravadas'],
  ['ivapBase', 'total_operaciones_gravadas'],
  ['exonerated', 'total_operaciones_exoneradas'],
  ['unaffected', 'total_operaciones_inafectas'],
  ['exportation', 'total_exportacion'],
  ['free', 'total_operaciones_gratuitas'],
  ['freeIgv', 'total_igv_operaciones_gratuitas'],
  ['igv', 'total_igv'],
  ['ivap', 'total_igv'],
  ['iscBase', 'total_base_isc'],
  ['isc', 'total_isc'],
  ['otherTaxesBase', 'total_base_otros_impuestos'],
  ['otherTaxes', 'total_otros_impuestos'],
  ['icbper', 'total_impuestos_bolsa_plastica'],
  ['taxes', 'total_impuestos'],
  ['value', 'total_valor'],
  ['taxInclusive', 'subtotal_venta'],
  ['allowanceTotal', 'total_descuentos'],
  ['discountTotal', 'total_descuentos'],
  ['chargeTotal', 'total_cargos'],
  ['prepaid', 'total_anticipos'],
  ['payable', 'total_venta'],
];

/** The document's totals, reported under `totales.*` (one issue per field). */
export function checkTotalMagnitudes(totals: WorkTotals): Findings {
  const f = newFindings();
  const reported = new Set<string>();
  for (const [key, field] of TOTAL_FIELDS) {
    if (reported.has(field) || !exceeds(totals[key], 2)) continue;
    reported.add(field);
    report(f, joinPath('totales', field), totals[key]);
  }
  return f;
}
