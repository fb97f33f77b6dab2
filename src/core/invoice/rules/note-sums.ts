// Notes have their own arithmetic in SUNAT's NC/ND rules (Excel v7, PAS20211U210700059): the header IGV base is
// round2(Σ LineExtensionAmount of the lines with a 1000 base) (3277; IVAP 1016: 3293) and PayableAmount is round2(Σ header bases 1000/1016/9995/9997/
// 9998 + taxes 1000/7152/2000/1016/9999 + ChargeTotalAmount) (3280), each within ±1.00. What a note carries beyond
// its lines — global discounts 02 and charges 49 moving the base, discount 03 and line discounts 01 in
// AllowanceTotalAmount — is accepted while SUNAT's figure stays within that tolerance, and refused beyond it: errors
// when the note modifies a factura, observations (4299, 4300, 4312) when it modifies a boleta.
import { joinPath } from '../../issues.ts';
import { ZERO, formatAmount, round2, sum, type Decimal } from '../../money.ts';
import { addIssue, addWarning, newFindings, type Findings } from '../findings.ts';
import type { FilledBody } from '../defaults.ts';
import type { WorkLine } from '../lines.ts';
import type { WorkTaxSubtotal, WorkTotals } from '../totals.ts';

/** SUNAT's observation for each rule when the note modifies a boleta. */
const BOLETA_NOTE_OBSERVATION = { '3277': '4299', '3293': '4300', '3280': '4312' } as const;
type NoteRule = keyof typeof BOLETA_NOTE_OBSERVATION;

const TOLERANCE = 1;

export interface NoteSumsArgs {
  body: FilledBody;
  /** '01' the note modifies a factura, '02' a boleta. */
  group: '01' | '02';
  lines: WorkLine[];
  totals: WorkTotals;
  /** The header subtotals as emitted (SUNAT sums what the XML carries). */
  taxSubtotals: WorkTaxSubtotal[];
}

export function checkNoteSums(args: NoteSumsArgs): Findings {
  const f = newFindings();
  const { body, lines, totals, taxSubtotals } = args;
  const header = (field: 'taxableAmount' | 'taxAmount', ...schemes: string[]) =>
    sum(taxSubtotals.filter((st) => schemes.includes(st.scheme)).map((st) => st[field] ?? ZERO));
  // SUNAT's "totalBaseIGVxLinea": Σ LineExtensionAmount of the lines whose 1000 (1016) subtotal has a base.
  const baseOf = (scheme: string) =>
    round2(sum(lines.filter((l) => l.affectation.scheme === scheme && l.igvBase.gt(0)).map((l) => l.lineExtension)));
  const baseMovers = globalPaths(body, { descuentos: ['02', '04'], cargos: ['49'] });
  const igvBase = header('taxableAmount', '1000');
  const ivapBase = header('taxableAmount', '1016');
  if (igvBase.gt(0)) compare(f, args, '3277', igvBase, baseOf('1000'), baseMovers, 'Base del IGV');
  if (ivapBase.gt(0)) compare(f, args, '3293', ivapBase, baseOf('1016'), baseMovers, 'Base del IVAP');
  const sunatPayable = round2(
    header('taxableAmount', '1000', '1016', '9995', '9997', '9998')
      .plus(header('taxAmount', '1000', '7152', '2000', '1016', '9999'))
      .plus(totals.chargeTotal),
  );
  const payableMovers = [...globalPaths(body, { descuentos: ['03', '63'], cargos: [] }), ...lineDiscountPaths(body)];
  compare(f, args, '3280', totals.payable, sunatPayable, payableMovers, 'Importe total');
  if (body.codigo_tipo_documento === '08' && (body.anticipos?.length ?? 0) > 0) {
    addIssue(
      f,
      'anticipos',
      'validation_failed',
      'Una nota de débito no deduce anticipos: SUNAT suma su total sin ellos (SUNAT 3280).',
      { sunatRule: '3280' },
    );
  }
  return f;
}

/** The declared figure against SUNAT's note formula: beyond ±1.00, one finding at each allowance that moves it. */
function compare(
  f: Findings,
  { group, body }: NoteSumsArgs,
  rule: NoteRule,
  declared: Decimal,
  sunat: Decimal,
  movers: string[],
  label: string,
): void {
  if (declared.minus(sunat).abs().lte(TOLERANCE)) return;
  const kind = body.codigo_tipo_documento === '08' ? 'nota de débito' : 'nota de crédito';
  const message = `${label} de la ${kind}: SUNAT no suma en una nota los descuentos y cargos ajenos a sus líneas y obtiene ${formatAmount(sunat)}; la nota declara ${formatAmount(declared)}, más allá de la tolerancia de ±${TOLERANCE.toFixed(2)}`;
  const paths = movers.length > 0 ? movers : ['totales'];
  for (const path of paths) {
    if (group === '01') {
      addIssue(f, path, 'allowance_invalid', `${message} (SUNAT ${rule}).`, {
        expected: formatAmount(sunat),
        received: formatAmount(declared),
        sunatRule: rule,
      });
    } else {
      const observation = BOLETA_NOTE_OBSERVATION[rule];
      addWarning(
        f,
        path,
        'sunat_observation',
        `${message}; SUNAT acepta la nota de una boleta con la observación ${observation}.`,
        observation,
      );
    }
  }
}

/** `descuentos[i].codigo` / `cargos[i].codigo` of the document-level allowances with these codes. */
function globalPaths(body: FilledBody, codes: { descuentos: string[]; cargos: string[] }): string[] {
  const paths: string[] = [];
  for (const kind of ['descuentos', 'cargos'] as const) {
    (body[kind] ?? []).forEach((ac, i) => {
      if (codes[kind].includes(ac.codigo)) paths.push(joinPath(joinPath(kind, i), 'codigo'));
    });
  }
  return paths;
}

/** The line discounts 01 (AllowanceTotalAmount, which a note's PayableAmount ignores). */
function lineDiscountPaths(body: FilledBody): string[] {
  const paths: string[] = [];
  body.items.forEach((item, i) => {
    (item.descuentos ?? []).forEach((ac, j) => {
      if (ac.codigo === '01') paths.push(joinPath(joinPath(joinPath(joinPath('items', i), 'descuentos'), j), 'codigo'));
    });
  });
  return paths;
}
