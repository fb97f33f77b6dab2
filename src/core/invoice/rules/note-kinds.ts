// What SUNAT's NC/ND rules demand of some note types: 11 (ajustes de operaciones de exportación) only lines of
// afectación 40 (2642) and no IGV/IVAP/ISC/other subtotal (3107) nor exonerated/unaffected base (3221); 12 (ajustes
// afectos al IVAP) only lines of 17 (2644), no IGV base (3107; the NC rules also no ISC base) nor
// export/exonerated/unaffected base (3221); a credit note 13 (ajuste de montos y/o fechas de pago) totals 0 (3315).
import type { Decimal } from '../../money.ts';
import { joinPath } from '../../issues.ts';
import { addIssue, newFindings, type Findings } from '../findings.ts';
import type { WorkLine } from '../lines.ts';
import type { WorkTaxSubtotal } from '../totals.ts';

interface NoteKindRule {
  /** The only afectación its lines may have, and SUNAT's code when another appears. */
  affectation: string;
  lineRule: string;
  label: string;
  /** Header schemes refused with a base > 0 (3107), refused whenever present (3107), refused with a base > 0 (3221). */
  forbiddenWithBase: string[];
  forbidden: string[];
  forbiddenBase3221: string[];
}

const NOTE_KINDS: Record<string, NoteKindRule> = {
  '11': {
    affectation: '40',
    lineRule: '2642',
    label: 'ajuste de operaciones de exportación',
    forbiddenWithBase: ['1000', '1016'],
    forbidden: ['2000', '9999'],
    forbiddenBase3221: ['9997', '9998'],
  },
  '12': {
    affectation: '17',
    lineRule: '2644',
    label: 'ajuste de operaciones afectas al IVAP',
    forbiddenWithBase: ['1000', '2000'],
    forbidden: [],
    forbiddenBase3221: ['9995', '9997', '9998'],
  },
};

/** The rule of a note type; a debit note 12 is refused only a 1000 base (ND 3107), not an ISC one. */
function kindOf(documentType: '07' | '08', typeCode: string | undefined): NoteKindRule | undefined {
  const rule = typeCode ? NOTE_KINDS[typeCode] : undefined;
  if (!rule || documentType === '07' || typeCode !== '12') return rule;
  return { ...rule, forbiddenWithBase: ['1000'] };
}

export interface NoteKindArgs {
  documentType: '07' | '08';
  typeCode: string | undefined;
  lines: WorkLine[];
  taxSubtotals: WorkTaxSubtotal[];
  payable: Decimal;
}

/** Credit and debit notes 11/12 (2642/2644, 3107/3221), credit notes 13 (3315). */
export function checkNoteKind(args: NoteKindArgs): Findings {
  const f = newFindings();
  if (args.documentType === '07' && args.typeCode === '13') checkZeroNote(f, args);
  const rule = kindOf(args.documentType, args.typeCode);
  if (!rule) return f;
  for (const line of args.lines) {
    if (line.affectation.code === rule.affectation) continue;
    addIssue(
      f,
      joinPath(line.path, 'codigo_tipo_afectacion_igv'),
      'note_invalid',
      `Una nota ${args.documentType === '07' ? 'de crédito' : 'de débito'} tipo ${args.typeCode} (${rule.label}) solo lleva líneas de afectación ${rule.affectation}; se recibió ${line.affectation.code} (SUNAT ${rule.lineRule}).`,
      { sunatRule: rule.lineRule },
    );
  }
  checkHeaderSchemes(f, args, rule);
  return f;
}

/** SUNAT 3107/3221: the header subtotals a note 11/12 may not carry. */
function checkHeaderSchemes(f: Findings, args: NoteKindArgs, rule: NoteKindRule): void {
  for (const s of args.taxSubtotals) {
    const based = s.taxableAmount?.gt(0) === true;
    const code =
      rule.forbidden.includes(s.scheme) || (based && rule.forbiddenWithBase.includes(s.scheme))
        ? '3107'
        : based && rule.forbiddenBase3221.includes(s.scheme)
          ? '3221'
          : undefined;
    if (!code) continue;
    addIssue(
      f,
      'codigo_tipo_nota',
      'note_invalid',
      `Una nota ${args.documentType === '07' ? 'de crédito' : 'de débito'} tipo ${args.typeCode} (${rule.label}) no puede llevar el tributo ${s.scheme} en el total (SUNAT ${code}).`,
      { sunatRule: code },
    );
  }
}

/** SUNAT 3315: a credit note 13 only changes payment dates or amounts; its PayableAmount is 0. */
function checkZeroNote(f: Findings, args: NoteKindArgs): void {
  if (args.payable.isZero()) return;
  const priced = args.lines.filter((l) => !l.total.isZero());
  const message =
    'Una nota de crédito tipo 13 (ajuste de montos y/o fechas de pago) tiene importe total 0: sus líneas van con valor_unitario 0 y las cuotas llevan los nuevos montos (SUNAT 3315).';
  if (priced.length === 0) addIssue(f, '', 'note_invalid', message, { sunatRule: '3315' });
  for (const line of priced) {
    addIssue(f, joinPath(line.path, 'valor_unitario'), 'note_invalid', message, { sunatRule: '3315' });
  }
}
