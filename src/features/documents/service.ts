// The documents endpoints' work that is not issuing itself: send now, change the recorded state, list.
import type { Readable } from 'node:stream';
import { documentTypes } from '../../core/catalogs/index.ts';
import { isValidIsoDate } from '../../core/index.ts';
import type { PipelineDeps, TenantRef } from '../../pipeline/deps.ts';
import { sendStoredDocument } from '../../pipeline/send.ts';
import { STATE_DESCRIPTIONS } from '../../pipeline/states.ts';
import { quoteIdent } from '../../platform/db/schema-name.ts';
import { type AppError, errors } from '../../platform/errors.ts';
import { INT4_MAX } from '../../platform/http/schemas.ts';
import type { Database } from '../../platform/db/database.ts';
import { soapTypeOf } from './list-fields.ts';
import { streamList, type ListContext } from './list-query.ts';
import { documentNameOf, downloadLinks, stateFieldsOf, sunatAnswerOf, type DownloadSegment } from './presenter.ts';

/** The types GET /api/documents/lists shows; other routes list their own (the purchase settlements' 04). */
export const SALES_TYPES: readonly string[] = ['01', '03', '07', '08'];

function notFound(externalId: string) {
  return errors.notFound(
    'document_not_found',
    `El documento con código externo ${externalId} no se encuentra registrado.`,
  );
}

interface Sendable {
  stateTypeId: string;
  sendHold: string | null;
  sunatResponse: unknown;
  /** A resumen diario SUNAT has not rejected declares it: the summary is how it reaches SUNAT. */
  declaredInSummaryId: number | null;
}

/** Why the document is not sent now (409), or undefined when it may be (01) or is answered as it is (05/07). */
function sendRefusal(doc: Sendable): AppError | undefined {
  if (doc.sendHold && doc.stateTypeId === '01') {
    // SUNAT holds the number for another (or an unverifiable) document: a resend would only repeat SUNAT's 1033.
    const held = doc.sunatResponse as { description?: string } | null;
    return errors.conflict(
      doc.sendHold,
      held?.description ?? 'SUNAT ya tiene registrado este número: el comprobante no se reenvía.',
    );
  }
  if (doc.stateTypeId === '09')
    return errors.conflict(
      'document_rejected',
      'El comprobante fue rechazado por SUNAT: emita uno nuevo (no se puede reenviar).',
    );
  if (doc.stateTypeId === '11' || doc.stateTypeId === '13')
    return errors.conflict('document_voided', 'El comprobante está anulado o por anular: no se puede enviar.');
  if (doc.stateTypeId === '01' && doc.declaredInSummaryId !== null)
    return errors.conflict(
      'document_in_summary',
      'El comprobante está declarado en un resumen diario que SUNAT no ha rechazado: llega a SUNAT con ese resumen y no se envía solo.',
    );
  return undefined;
}

const SENDABLE = { sendHold: true, sunatResponse: true, declaredInSummaryId: true } as const;

/**
 * POST /api/documents/send: 01 → one attempt now; 05/07 → as they are; 09, 11, 13, held or declared → 409. What
 * changed between the check and the claim (a resumen diario that declared it, a state recorded by hand) is answered
 * as if it had come first: the claim, not the check, decides (send.ts).
 */
export async function sendNow(
  deps: PipelineDeps,
  tenant: TenantRef,
  externalId: string,
  actor: string,
  types: readonly string[],
  segment: DownloadSegment,
  baseUrl: string,
) {
  const doc = await tenant.db.document.findUnique({
    where: { externalId },
    select: { id: true, documentType: true, stateTypeId: true, ...SENDABLE },
  });
  if (!doc || !types.includes(doc.documentType)) throw notFound(externalId);
  const refused = sendRefusal(doc);
  if (refused) throw refused;
  const attempt =
    doc.stateTypeId === '01' ? await sendStoredDocument(deps, tenant, doc.id, { actor, force: true }) : null;
  const after = await tenant.db.document.findUniqueOrThrow({
    where: { id: doc.id },
    select: {
      serie: true,
      number: true,
      filename: true,
      externalId: true,
      stateTypeId: true,
      ...SENDABLE,
      files: { select: { kind: true } },
    },
  });
  if (attempt && attempt.outcome === null) {
    const late = sendRefusal(after);
    if (late) throw late;
  }
  // The answer tells what this send made of the document: a change by hand that lands between the send's commit and
  // this read is the change's own answer, not the send's.
  const state = attempt?.outcome ? attempt.state : after.stateTypeId;
  return {
    success: true as const,
    data: {
      ...documentNameOf(after),
      ...stateFieldsOf(state),
    },
    links: { cdr: downloadLinks(baseUrl, segment, after.externalId, true).cdr },
    response: sunatAnswerOf(after.sunatResponse),
  };
}

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
    if (!doc) throw notFound(externalId);
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

/** The list's paging and filters (ListQuerySchema). */
export interface ListQuery {
  limit?: number;
  cursor?: string;
  tipo?: string;
  serie?: string;
  estado?: string;
  cliente?: string;
  buscar?: string;
  establecimiento?: string;
}

export interface ListRange {
  from: string;
  to: string;
}

const MAX_RANGE_DAYS = 366;
/** Without paging, a range may hold this many documents (else 422: use limit/cursor). */
export const MAX_UNPAGED_ROWS = 20_000;

function encodeCursor(issueDate: string, id: number): string {
  return Buffer.from(`${issueDate}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { date: string; id: number } {
  const [date, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  // Document ids are int4: a larger one would fail in PostgreSQL, not match nothing.
  if (!isValidIsoDate(date ?? '') || !/^\d{1,10}$/.test(id ?? '') || Number(id) > INT4_MAX) {
    throw errors.unprocessable('cursor_invalid', 'El cursor no es válido: use el next_cursor de la página anterior.', [
      { path: 'cursor', code: 'cursor_invalid', message: 'Cursor inválido.' },
    ]);
  }
  return { date, id: Number(id) };
}

function contextOf(tenant: TenantRef, baseUrl: string, types: readonly string[]): ListContext {
  return {
    baseUrl,
    soapType: soapTypeOf(tenant.company.sunatMode),
    typeDescriptions: Object.fromEntries(types.map((t) => [t, documentTypes.get(t)?.description ?? t])),
    stateDescriptions: STATE_DESCRIPTIONS,
  };
}

/** The latest 50 documents (no dates), newest first; the answer's JSON text, streamed. */
export async function listLatest(
  db: Database,
  tenant: TenantRef,
  baseUrl: string,
  types: readonly string[] = SALES_TYPES,
): Promise<Readable> {
  return streamList(db, tenant, { types }, { show: 50 }, contextOf(tenant, baseUrl, types));
}

/** An inclusive issue-date range, newest first as FacturadorPro lists it; paged when `limit` is given. */
export async function listRange(
  db: Database,
  tenant: TenantRef,
  range: ListRange,
  page: ListQuery,
  baseUrl: string,
  types: readonly string[] = SALES_TYPES,
): Promise<Readable> {
  const from = new Date(`${range.from}T00:00:00Z`);
  const to = new Date(`${range.to}T00:00:00Z`);
  if (to < from) {
    throw errors.unprocessable('date_range_invalid', 'La fecha final debe ser igual o posterior a la inicial.', [
      { path: 'fin', code: 'date_range_invalid', message: 'fin < inicio' },
    ]);
  }
  if ((to.getTime() - from.getTime()) / 86_400_000 > MAX_RANGE_DAYS) {
    throw errors.unprocessable('date_range_invalid', `El rango no puede superar ${MAX_RANGE_DAYS} días.`, [
      { path: 'fin', code: 'date_range_invalid', message: `Máximo ${MAX_RANGE_DAYS} días.` },
    ]);
  }
  const filter = {
    // A tipo outside the route's types lists nothing rather than another route's documents.
    types: page.tipo ? types.filter((t) => t === page.tipo) : types,
    from: range.from,
    to: range.to,
    before: page.cursor ? decodeCursor(page.cursor) : undefined,
    serie: page.serie,
    state: page.estado,
    customer: page.cliente,
    search: page.buscar,
    establishment: page.establecimiento,
  };
  const shown =
    page.limit === undefined
      ? {
          show: MAX_UNPAGED_ROWS,
          tooMany: () =>
            errors.unprocessable(
              'list_too_large',
              `El rango tiene más de ${MAX_UNPAGED_ROWS} comprobantes: use ?limit= y ?cursor= para paginar.`,
              [{ path: 'limit', code: 'list_too_large', message: 'Pagine con limit y cursor.' }],
            ),
        }
      : { show: page.limit, cursorOf: (key: { date: string; id: number }) => encodeCursor(key.date, key.id) };
  return streamList(db, tenant, filter, shown, contextOf(tenant, baseUrl, types));
}
