// The documents lists of any document route: the latest 50, or an issue-date range (filtered, paged), streamed.
import type { Readable } from 'node:stream';
import { documentTypes } from '../core/catalogs/index.ts';
import { isValidIsoDate } from '../core/index.ts';
import type { TenantRef } from '../pipeline/deps.ts';
import { STATE_DESCRIPTIONS } from '../pipeline/states.ts';
import type { Database } from '../platform/db/database.ts';
import { errors } from '../platform/errors.ts';
import { INT4_MAX } from '../platform/http/schemas.ts';
import { soapTypeOf } from './list-fields.ts';
import { streamList, type ListContext } from './list-query.ts';

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
  types: readonly string[],
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
  types: readonly string[],
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
