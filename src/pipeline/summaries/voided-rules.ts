// What is checked before a void is stored, so SUNAT never sees one it would refuse: only accepted documents of
// the kind the void carries — facturas and their notes by RA, boletas and theirs by RC, perception (40) or
// retention (20) vouchers by RR (SUNAT 2308, 2398) — of the communication's date (SUNAT 2375), within SUNAT's
// window after issue (SUNAT 2957; for RR, R.S. 274-2015/SUNAT art. 7), never twice nor while another void is
// pending (SUNAT 2323).
import type { ErrorItem } from '../../platform/errors.ts';

/** SUNAT's window for an RA or an RR: calendar days after the issue date. */
export const VOID_WINDOW_DAYS = 7;

export interface VoidCandidate {
  externalId: string;
  documentType: string;
  serie: string;
  number: number;
  issueDate: string;
  state: string;
}

/** Who voids: RA, RC (ConditionCode 3), or an RR of one voucher type (each route reverts one type). */
export type VoidScope = 'RA' | 'RC' | 'RR-20' | 'RR-40';

interface ScopeRules {
  /** The document types it may carry, each with the first letter of its series. */
  series: Record<string, string>;
  /** Why another document may not go in it. */
  wrongType: string;
  /** The void as the messages name it. */
  noun: string;
  codes: { type: string; pending: string; voided: string };
}

const VOID_CODES = { type: 'voided_type_not_allowed', pending: 'void_pending', voided: 'already_voided' };
const REVERSION_CODES = {
  type: 'reversion_type_not_allowed',
  pending: 'reversion_pending',
  voided: 'already_reverted',
};

const SCOPES: Record<VoidScope, ScopeRules> = {
  RA: {
    series: { '01': 'F', '07': 'F', '08': 'F' },
    wrongType:
      'solo se comunican de baja facturas y sus notas; las boletas se anulan por resumen diario (/api/summaries).',
    noun: 'una comunicación de baja',
    codes: VOID_CODES,
  },
  RC: {
    series: { '03': 'B', '07': 'B', '08': 'B' },
    wrongType:
      'el resumen diario anula boletas y sus notas; las facturas se anulan por comunicación de baja (/api/voided).',
    noun: 'una comunicación de baja',
    codes: VOID_CODES,
  },
  'RR-20': {
    series: { '20': 'R' },
    wrongType: 'solo se revierten comprobantes de retención (20) en /api/retentions/voided.',
    noun: 'una reversión',
    codes: REVERSION_CODES,
  },
  'RR-40': {
    series: { '40': 'P' },
    wrongType: 'solo se revierten comprobantes de percepción (40) en /api/perceptions/voided.',
    noun: 'una reversión',
    codes: REVERSION_CODES,
  },
};

function wrongType(doc: VoidCandidate, rules: ScopeRules): boolean {
  const prefix = rules.series[doc.documentType];
  return !prefix || !doc.serie.startsWith(prefix);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The first problem of one document (path `documentos.{i}.external_id`), or undefined when it may be voided. */
export function voidProblem(
  doc: VoidCandidate,
  index: number,
  issueDate: string,
  today: string,
  by: VoidScope = 'RA',
): ErrorItem | undefined {
  const rules = SCOPES[by];
  const path = `documentos.${index}.external_id`;
  const id = `${doc.serie}-${doc.number}`;
  const item = (code: string, message: string, sunat_rule?: string): ErrorItem => ({
    path,
    code,
    message,
    received: doc.externalId,
    ...(sunat_rule ? { sunat_rule } : {}),
  });
  if (wrongType(doc, rules)) return item(rules.codes.type, `${id}: ${rules.wrongType}`, '2308');
  if (doc.state === '13') return item(rules.codes.pending, `${id} ya tiene ${rules.noun} en proceso.`, '2323');
  if (doc.state === '11') return item(rules.codes.voided, `${id} ya está anulado.`, '2323');
  if (doc.state !== '05' && doc.state !== '07')
    return item('document_not_accepted', `${id} no está aceptado por SUNAT (estado ${doc.state}).`, '2398');
  if (doc.issueDate !== issueDate)
    return item(
      'issue_date_mismatch',
      `${id} fue emitido el ${doc.issueDate}, no el ${issueDate} (fecha_de_emision_de_documentos).`,
      '2375',
    );
  if (daysBetween(doc.issueDate, today) > VOID_WINDOW_DAYS)
    return item(
      'void_window_expired',
      `${id} fue emitido hace más de ${VOID_WINDOW_DAYS} días: SUNAT ya no acepta ${rules.noun}.`,
      '2957',
    );
  return undefined;
}
