// The documents endpoints' own work beside the shared issue, send and list (src/api): change the recorded state.
import { STATE_DESCRIPTIONS } from '../../pipeline/states.ts';
import type { TenantRef } from '../../pipeline/deps.ts';
import { quoteIdent } from '../../platform/db/schema-name.ts';
import { type AppError, errors } from '../../platform/errors.ts';
import { documentNotFound } from '../../api/send-service.ts';

/** The types GET /api/documents/lists shows; other routes list their own (the purchase settlements' 04). */
export const SALES_TYPES: readonly string[] = ['01', '03', '07', '08'];

/** What updatedocumentstatus may not overrule: SUNAT's answer on its way decides the state. */
async function pendingAnswer(
  tx: Pick<TenantRef['db'], '$queryRawUnsafe'>,
  schema: string,
  doc: { id: number; sending: boolean },
): Promise<AppError | undefined> {
  if (doc.sending)
    return errors.conflict(
      'document_sending',
      'El comprobante se está enviando a SUNAT y su respuesta decide el estado: consulte el estado en unos segundos.',
    );
  // Its own statement, run once the row is locked: a summary stored while this request waited for the lock is
  // seen (a subquery of the locking SELECT would read the snapshot taken before the wait).
  const s = quoteIdent(schema);
  const open = await tx.$queryRawUnsafe<{ kind: string }[]>(
    `SELECT su.kind FROM ${s}."summary_documents" sd JOIN ${s}."summaries" su ON su.id = sd.summary_id
     WHERE sd.document_id = $1 AND su.state IN ('sending', 'pending') LIMIT 1`,
    doc.id,
  );
  if (open.length === 0) return undefined;
  return errors.conflict(
    'document_in_summary',
    `El comprobante está en ${open[0].kind === 'RC' ? 'un resumen diario' : 'una comunicación de baja'} que SUNAT aún procesa: su respuesta decide el estado.`,
  );
}

/**
 * POST /api/documents/updatedocumentstatus: records the state the ERP says (no SUNAT call), with history. The
 * document's row is locked first; while a send holds its lease or a summary SUNAT is processing carries it, SUNAT's
 * answer decides the state and the change is refused (409), so that the history never records a change SUNAT's
 * answer then overwrites. A send that comes after the change sees it (its claim needs state 01).
 */
export async function updateStatus(
  tenant: TenantRef,
  externalId: string,
  state: string,
  actor: string,
): Promise<{ from: string; to: string }> {
  if (!(state in STATE_DESCRIPTIONS)) {
    throw errors.unprocessable(
      'state_type_invalid',
      `El estado ${state} no existe. Estados: ${Object.keys(STATE_DESCRIPTIONS).join(', ')}.`,
      [{ path: 'state_type_id', code: 'state_type_invalid', message: 'Estado desconocido.' }],
    );
  }
  return tenant.db.$transaction(async (tx) => {
    const rows = await tx.$queryRawUnsafe<{ id: number; state_type_id: string; sending: boolean }[]>(
      `SELECT id, state_type_id, COALESCE(locked_until > now(), false) AS sending
       FROM ${quoteIdent(tenant.schema)}."documents" WHERE external_id = $1::uuid FOR UPDATE`,
      externalId,
    );
    const doc = rows[0];
    if (!doc) throw documentNotFound(externalId);
    if (doc.state_type_id !== state) {
      const refused = await pendingAnswer(tx, tenant.schema, doc);
      if (refused) throw refused;
      // Back to 01 from a state SUNAT answered: SUNAT may hold it, so a resend must ask SUNAT before taking a 1033
      // for another document's.
      const backToRegistered = state === '01' ? { sendUncertain: true } : {};
      await tx.document.update({
        where: { id: doc.id },
        data: { stateTypeId: state, nextAttemptAt: state === '01' ? undefined : null, ...backToRegistered },
      });
      await tx.documentStateHistory.create({
        data: {
          documentId: doc.id,
          fromState: doc.state_type_id,
          toState: state,
          actor,
          reason: 'updatedocumentstatus',
        },
      });
    }
    return { from: doc.state_type_id, to: state };
  });
}
