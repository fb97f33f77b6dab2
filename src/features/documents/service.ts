// The documents endpoints' work that is not issuing itself: send now, change the recorded state, list.
import type { Readable } from 'node:stream';
import { documentTypes } from '../../core/catalogs/index.ts';
import { isValidIsoDate } from '../../core/index.ts';
import type { PipelineDeps, TenantRef } from '../../pipeline/deps.ts';
import { sendStoredDocument } from '../../pipeline/send.ts';
import { STATE_DESCRIPTIONS } from '../../pipeline/states.ts';
import { quoteIdent } from '../../platform/db/schema-name.ts';
import { errors } from '../../platform/errors.ts';
import { INT4_MAX } from '../../platform/http/schemas.ts';
import type { Database } from '../../platform/db/database.ts';
import { soapTypeOf } from './list-fields.ts';
import { streamList, type ListContext } from './list-query.ts';
import { documentNameOf, downloadLinks, stateFieldsOf, sunatAnswerOf, type DownloadSegment } from './presenter.ts';

const SALES_TYPES = ['01', '03', '07', '08'];

function notFound(externalId: string) {
  return errors.notFound(
    'document_not_found',
    `El documento con código externo ${externalId} no se encuentra registrado.`,
  );
}

/** A boleta (or its note) in a resumen diario SUNAT has not rejected: the summary is how it reaches SUNAT. */
async function inOpenSummary(tenant: TenantRef, documentId: number): Promise<boolean> {
  const line = await tenant.db.summaryDocument.findFirst({
    where: { documentId, summary: { state: { not: 'rejected' } } },
    select: { id: true },
  });
  return line !== null;
}

/** POST /api/documents/send: 01 → one attempt now; 05/07 → as they are; 09 → 409. */
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
    select: { id: true, documentType: true, stateTypeId: true, sendHold: true, sunatResponse: true },
  });
  if (!doc || !types.includes(doc.documentType)) throw notFound(externalId);
  if (doc.sendHold && doc.stateTypeId === '01') {
    // SUNAT holds the number for another (or an unverifiable) document: a resend would only repeat SUNAT's 1033.
    const held = doc.sunatResponse as { description?: string } | null;
    throw errors.conflict(
      doc.sendHold,
      held?.description ?? 'SUNAT ya tiene registrado este número: el comprobante no se reenvía.',
    );
  }
  if (doc.stateTypeId === '09') {
    throw errors.conflict(
      'document_rejected',
      'El comprobante fue rechazado por SUNAT: emita uno nuevo (no se puede reenviar).',
    );
  }
  if (doc.stateTypeId === '11' || doc.stateTypeId === '13') {
    throw errors.conflict('document_voided', 'El comprobante está anulado o por anular: no se puede enviar.');
  }
  if (doc.stateTypeId === '01' && (await inOpenSummary(tenant, doc.id))) {
    throw errors.conflict(
      'document_in_summary',
      'El comprobante está declarado en un resumen diario que SUNAT aún procesa: llega a SUNAT con ese resumen y no se envía solo.',
    );
  }
  if (doc.stateTypeId === '01') await sendStoredDocument(deps, tenant, doc.id, { actor, force: true });
  const after = await tenant.db.document.findUniqueOrThrow({
    where: { id: doc.id },
    select: {
      serie: true,
      number: true,
      filename: true,
      externalId: true,
      stateTypeId: true,
      sunatResponse: true,
      files: { select: { kind: true } },
    },
  });
  return {
    success: true as const,
    data: {
      ...documentNameOf(after),
      ...stateFieldsOf(after.stateTypeId),
    },
    links: { cdr: downloadLinks(baseUrl, segment, after.externalId, true).cdr },
    response: sunatAnswerOf(after.sunatResponse),
  };
}

/** POST /api/documents/updatedocumentstatus: records the state the ERP says (no SUNAT call), with history. */
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
    const rows = await tx.$queryRawUnsafe<{ id: number; state_type_id: string }[]>(
      `SELECT id, state_type_id FROM ${quoteIdent(tenant.schema)}."documents" WHERE external_id = $1::uuid FOR UPDATE`,
      externalId,
    );
    const doc = rows[0];
    if (!doc) throw notFound(externalId);
    if (doc.state_type_id !== state) {
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

function contextOf(tenant: TenantRef, baseUrl: string): ListContext {
  return {
    baseUrl,
    soapType: soapTypeOf(tenant.company.sunatMode),
    typeDescriptions: Object.fromEntries(SALES_TYPES.map((t) => [t, documentTypes.get(t)?.description ?? t])),
    stateDescriptions: STATE_DESCRIPTIONS,
  };
}

/** The latest 50 documents (no dates), newest first; the answer's JSON text, streamed. */
export async function listLatest(db: Database, tenant: TenantRef, baseUrl: string): Promise<Readable> {
  return streamList(db, tenant, { types: SALES_TYPES }, { show: 50 }, contextOf(tenant, baseUrl));
}

/** An inclusive issue-date range, newest first as FacturadorPro lists it; paged when `limit` is given. */
export async function listRange(
  db: Database,
  tenant: TenantRef,
  range: ListRange,
  page: ListQuery,
  baseUrl: string,
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
    types: page.tipo ? [page.tipo] : SALES_TYPES,
    from: range.from,
    to: range.to,
    before: page.cursor ? decodeCursor(page.cursor) : undefined,
    serie: page.serie,
    state: page.estado,
    customer: page.cliente,
    search: page.buscar,
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
  return streamList(db, tenant, filter, shown, contextOf(tenant, baseUrl));
}
