// What is checked before a comunicación de baja (RA) is stored, so SUNAT never sees one it would refuse:
// only accepted facturas and their notes — boletas and theirs by RC (SUNAT 2308, 2398), of the communication's date (SUNAT 2375), within
// SUNAT's window after issue (SUNAT 2957), never twice nor while another void is pending (SUNAT 2323).
import type { ErrorItem } from '../../platform/errors.ts';

/** SUNAT's window for an RA: calendar days after the issue date. */
export const VOID_WINDOW_DAYS = 7;

export interface VoidCandidate {
  externalId: string;
  documentType: string;
  serie: string;
  number: number;
  issueDate: string;
  state: string;
}

const VOIDABLE_TYPES = new Set(['01', '07', '08']);

/** Which documents a void may carry: facturas and their notes by RA, boletas and their notes by RC (ConditionCode 3). */
function wrongType(doc: VoidCandidate, by: 'RA' | 'RC'): boolean {
  return !VOIDABLE_TYPES.has(doc.documentType) && !(by === 'RC' && doc.documentType === '03')
    ? true
    : !doc.serie.startsWith(by === 'RA' ? 'F' : 'B');
}

const TYPE_MESSAGES = {
  RA: 'solo se comunican de baja facturas y sus notas; las boletas se anulan por resumen diario (/api/summaries).',
  RC: 'el resumen diario anula boletas y sus notas; las facturas se anulan por comunicación de baja (/api/voided).',
};

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The first problem of one document (path `documentos.{i}.external_id`), or undefined when it may be voided. */
export function voidProblem(
  doc: VoidCandidate,
  index: number,
  issueDate: string,
  today: string,
  by: 'RA' | 'RC' = 'RA',
): ErrorItem | undefined {
  const path = `documentos.${index}.external_id`;
  const id = `${doc.serie}-${doc.number}`;
  const item = (code: string, message: string, sunat_rule?: string): ErrorItem => ({
    path,
    code,
    message,
    received: doc.externalId,
    ...(sunat_rule ? { sunat_rule } : {}),
  });
  if (wrongType(doc, by)) return item('voided_type_not_allowed', `${id}: ${TYPE_MESSAGES[by]}`, '2308');
  if (doc.state === '13') return item('void_pending', `${id} ya tiene una comunicación de baja en proceso.`, '2323');
  if (doc.state === '11') return item('already_voided', `${id} ya está anulado.`, '2323');
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
      `${id} fue emitido hace más de ${VOID_WINDOW_DAYS} días: SUNAT ya no acepta su comunicación de baja.`,
      '2957',
    );
  return undefined;
}
