// The document list in ONE statement, each row already the JSON object the answer carries, written by PostgreSQL
// (ROW_JSON), and streamed: rows go out in chunks as PostgreSQL sends them, so the first byte leaves with the first
// rows and the process holds a chunk, not the list (a day of 10,000 documents is 10 MB).
// What a row shows is in the row: its members fixed once issued (number … total, body fields included) are JSON
// text rendered at insert (list_body, src/pipeline/list-body.ts), whether the xml and cdr files exist are flags kept
// where their rows are written (insert.ts, send.ts, consult-cdr.ts); the (issue date, id, type) index gives the
// order and counts a range without reading rows. Until 2026-11 a day of 10,000 took 400 ms, most of it in this statement:
// decompressing the payload three times a row, three file look-ups a row, 90 text concatenations a row, then the
// whole 10 MB gathered before the first byte (docs/performance.md, "Listing a day").
import { Readable } from 'node:stream';
import pg from 'pg';
import type { TenantRef } from '../pipeline/deps.ts';
import type { Database } from '../platform/db/database.ts';
import { quoteIdent } from '../platform/db/schema-name.ts';

export interface ListFilter {
  types: readonly string[];
  from?: string;
  to?: string;
  serie?: string;
  state?: string;
  /** The customer's document number (RUC, DNI…), exactly. */
  customer?: string;
  /** A document number (F001-12), or part of the customer's name or number. */
  search?: string;
  /** The establishment issued from (documents.establishment_code). */
  establishment?: string;
  /** Rows before this (issue date, id) in the newest-first order. */
  before?: { date: string; id: number };
}

export interface ListPage {
  /** At most this many rows are shown. */
  show: number;
  /** Unpaged: a list holding more than `show` rows is refused with this error, before the first byte. */
  tooMany?: () => Error;
  /** Paged: the next_cursor of the key of the last row shown, when a row follows it (null when none does). */
  cursorOf?: (key: { date: string; id: number }) => string;
}

/** What each row shows that is not in the row: the tenant's links, its SUNAT mode, the catalogs' descriptions. */
export interface ListContext {
  baseUrl: string;
  soapType: { soap_type_id: string; soap_type_description: string };
  typeDescriptions: Record<string, string>;
  stateDescriptions: Record<string, string>;
}

const ISO_MS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const LIMA = `'YYYY-MM-DD HH24:MI:SS'`;
const ISSUE = `to_char(d.issue_date, 'YYYY-MM-DD')`;

/** A piece of the row's text: fixed text, or a SQL expression whose text goes in as it is. */
type Part = { text: string } | { sql: string };

/** Any value as JSON, SQL NULL as null: to_json escapes it as JSON does. */
const json = (value: string): Part[] => [{ sql: `COALESCE(to_json(${value})::text, 'null')` }];
/** A JSON string of a value whose text never needs escaping (a uuid, digits from to_char). */
const quoted = (value: string): Part[] => [{ text: '"' }, { sql: value }, { text: '"' }];
/** A boolean as JSON (concat would write t/f). */
const bool = (value: string): Part[] => [{ sql: `CASE WHEN ${value} THEN 'true' ELSE 'false' END` }];

/** The row's keys in the answer's (FacturadorPro's) order, each with its value (no key: members as they are).
 *  Parameters, written as JSON by the API (contextParams): $1–$3 the xml, pdf and cdr link up to the external id,
 *  $4–$5 the SOAP type, $6–$7 the type and state descriptions. */
const FIELDS: Array<[string, Part[]]> = [
  ['id', [{ sql: 'd.id' }]],
  ['external_id', quoted('d.external_id')],
  ['group_id', quoted(`CASE WHEN d.document_type = '03' OR d.serie LIKE 'B%' THEN '02' ELSE '01' END`)],
  ['soap_type_id', [{ sql: '$4::text' }]],
  ['soap_type_description', [{ sql: '$5::text' }]],
  ['document_type_id', json('d.document_type')],
  ['document_type_description', [{ sql: 'COALESCE($6::jsonb ->> d.document_type, to_json(d.document_type)::text)' }]],
  // number … total: fixed once issued, rendered at insert (src/pipeline/list-body.ts).
  ['', [{ sql: 'd.list_body' }]],
  ['state_type_id', json('d.state_type_id')],
  ['state_type_description', [{ sql: 'COALESCE($7::jsonb ->> d.state_type_id, to_json(d.state_type_id)::text)' }]],
  ['has_xml', bool('d.has_xml')],
  ['has_pdf', [{ text: 'true' }]],
  ['has_cdr', bool('d.has_cdr')],
  ['download_xml', [{ sql: '$1::text' }, { sql: 'd.external_id' }, { text: '"' }]],
  ['download_pdf', [{ sql: '$2::text' }, { sql: 'd.external_id' }, { text: '"' }]],
  ['download_cdr', [{ sql: `CASE WHEN d.has_cdr THEN $3::text || d.external_id || '"' ELSE '""' END` }]],
  ['created_at', quoted(`to_char(d.created_at AT TIME ZONE 'America/Lima', ${LIMA})`)],
  ['updated_at', quoted(`to_char(d.updated_at AT TIME ZONE 'America/Lima', ${LIMA})`)],
  ['created_at_iso', quoted(`to_char(d.created_at AT TIME ZONE 'UTC', ${ISO_MS})`)],
];

const CONTEXT_PARAMS = 7;

/** Compact JSON text of the row in ONE concat call: concatenating with || copies the growing text once per
 *  member, and to_json on values that never need escaping costs a call each; both were most of the statement. */
function rowJson(): string {
  const parts: Part[] = [
    { text: '{' },
    ...FIELDS.flatMap(([key, value], i): Part[] => [{ text: `${i ? ',' : ''}${key && `"${key}":`}` }, ...value]),
    { text: '}' },
  ];
  const args: string[] = [];
  let text = '';
  for (const part of parts) {
    if ('text' in part) {
      text += part.text;
      continue;
    }
    if (text) args.push(`'${text.replaceAll("'", "''")}'`);
    text = '';
    args.push(part.sql);
  }
  if (text) args.push(`'${text.replaceAll("'", "''")}'`);
  return `concat(${args.join(', ')})`;
}
const ROW_JSON = rowJson();

/** The context as parameters, each already JSON text (JSON.stringify escapes a string as to_json does). */
function contextParams(ctx: ListContext): unknown[] {
  const link = (kind: string) => JSON.stringify(`${ctx.baseUrl}/downloads/document/${kind}/`).slice(0, -1);
  const encoded = (map: Record<string, string>) =>
    JSON.stringify(Object.fromEntries(Object.entries(map).map(([k, v]) => [k, JSON.stringify(v)])));
  return [
    link('xml'),
    link('pdf'),
    link('cdr'),
    JSON.stringify(ctx.soapType.soap_type_id),
    JSON.stringify(ctx.soapType.soap_type_description),
    encoded(ctx.typeDescriptions),
    encoded(ctx.stateDescriptions),
  ];
}

/** The WHERE of the filter, its parameters numbered from `first`. */
function whereOf(filter: ListFilter, first: number): { sql: string; params: unknown[] } {
  const params: unknown[] = [filter.types];
  const where = [`d.document_type = ANY($${first}::bpchar[])`];
  const next = (value: unknown) => `$${first + params.push(value) - 1}`;
  if (filter.from && filter.to)
    where.push(`d.issue_date BETWEEN ${next(filter.from)}::date AND ${next(filter.to)}::date`);
  if (filter.before)
    where.push(`(d.issue_date, d.id) < (${next(filter.before.date)}::date, ${next(filter.before.id)}::int)`);
  if (filter.serie) where.push(`d.serie = ${next(filter.serie)}`);
  if (filter.state) where.push(`d.state_type_id = ${next(filter.state)}::bpchar`);
  if (filter.establishment) where.push(`d.establishment_code = ${next(filter.establishment)}`);
  if (filter.customer) where.push(`d.customer_doc_number = ${next(filter.customer)}`);
  if (filter.search) where.push(searchCondition(filter.search, next));
  return { sql: where.join(' AND '), params };
}

const NUMBER_SEARCH = /^([A-Za-z0-9]{4})-0*(\d{1,8})$/;

/** `F001-12` finds that number; other text finds it in the customer's name (any case) or number. */
function searchCondition(search: string, next: (value: unknown) => string): string {
  const number = NUMBER_SEARCH.exec(search.trim());
  if (number) return `(d.serie = ${next(number[1].toUpperCase())} AND d.number = ${next(Number(number[2]))}::int)`;
  const pattern = `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const p = next(pattern);
  return `(d.customer_name ILIKE ${p} OR d.customer_doc_number LIKE ${p})`;
}

/** Rows leave in chunks of about this size: few socket writes, and only a chunk's rows alive at a time. */
const CHUNK_BYTES = 64 * 1024;

/** Rows as one buffer, comma-separated (and after a comma when rows went before): each row's UTF-8 is written
 *  straight into place, where joining them would copy the text once more and encode it as a whole. */
function rowBytes(rows: string[], after: boolean): Buffer {
  let size = after ? rows.length : rows.length - 1;
  for (const row of rows) size += Buffer.byteLength(row);
  const bytes = Buffer.allocUnsafe(size);
  let at = 0;
  rows.forEach((row, i) => {
    if (i || after) at = bytes.writeUInt8(0x2c, at);
    at += bytes.write(row, at);
  });
  return bytes;
}

/**
 * The answer's JSON text, {"data":[rows…]} (with next_cursor when paged), newest first, streamed as PostgreSQL sends
 * the rows. Refusals (too many rows) and a statement failing before its first row are thrown, before the first byte.
 */
export async function streamList(
  db: Database,
  tenant: TenantRef,
  filter: ListFilter,
  page: ListPage,
  ctx: ListContext,
): Promise<Readable> {
  const s = quoteIdent(tenant.schema);
  // One row past the page tells whether another page follows.
  const take = page.cursorOf ? page.show + 1 : page.show;
  const client = await db.poolFor(tenant.schema).connect();
  // The count and the rows are read in one snapshot: the refusal and the rows are about the same documents.
  const inTransaction = page.tooMany !== undefined;
  try {
    if (page.tooMany) {
      // A range that is most of the table (a young tenant's day) is planned as a scan and a sort, which holds every
      // row (spilling 10,000 to disk) before the first leaves; read in index order, rows leave as they are read and
      // the whole takes half the time. A short list (latest, a page) is planned in index order by itself.
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SET LOCAL enable_sort = off');
      const { sql, params } = whereOf(filter, 1);
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${s}."documents" d WHERE ${sql} LIMIT ${page.show + 1}) x`,
        params,
      );
      if (rows[0].n > page.show) throw page.tooMany();
    }
  } catch (error) {
    await end(client, inTransaction, true);
    throw error;
  }
  const { sql, params } = whereOf(filter, CONTEXT_PARAMS + 2);
  // Rows are taken as they arrive (no result is gathered): each row's text is copied into the next chunk and
  // dropped young. They are read as fast as PostgreSQL writes them, not as fast as the client reads: the connection
  // (and, embedded, the one PGlite session) is back in the pool in the statement's time; a slow reader costs
  // memory (at most the list, as before), never a held connection.
  const statement: pg.QueryArrayConfig = {
    text: `SELECT ${ROW_JSON}${page.cursorOf ? `, ${ISSUE}, d.id` : ''}
             FROM ${s}."documents" d
            WHERE ${sql}
            ORDER BY d.issue_date DESC, d.id DESC
            LIMIT $${CONTEXT_PARAMS + 1}`,
    values: [...contextParams(ctx), take, ...params],
    rowMode: 'array',
  };
  const query = client.query(new pg.Query<[string, string?, number?]>(statement));
  const out = new Readable({ read() {} });
  let pending: string[] = [];
  let pendingBytes = 0;
  let shown = 0;
  let last: [string, string?, number?] | undefined;
  let more = false;
  const flush = () => {
    if (pending.length && !out.destroyed) out.push(rowBytes(pending, shown > pending.length));
    pending = [];
    pendingBytes = 0;
  };
  await new Promise<void>((started, refused) => {
    let streaming = false;
    const start = () => {
      if (streaming) return;
      streaming = true;
      out.push('{"data":[');
      started();
    };
    query.on('row', (row) => {
      start();
      if (shown === page.show) {
        more = true;
        return;
      }
      pending.push(row[0]);
      pendingBytes += row[0].length;
      shown += 1;
      last = row;
      if (pendingBytes >= CHUNK_BYTES) flush();
    });
    query.on('end', () => {
      start();
      flush();
      void end(client, inTransaction, false);
      if (out.destroyed) return;
      const next = page.cursorOf && (more && last ? page.cursorOf({ date: last[1]!, id: last[2]! }) : null);
      out.push(next === undefined ? ']}' : `],"next_cursor":${JSON.stringify(next)}}`);
      out.push(null);
    });
    query.on('error', (error) => {
      void end(client, inTransaction, true);
      // After the first byte the status is sent: a cut reply (no final chunk) is how the client learns it failed.
      if (streaming) out.destroy(error);
      else refused(error);
    });
  });
  return out;
}

/** Ends the list's transaction, if any, and returns its connection to the pool; one that fails is dropped. */
async function end(client: pg.PoolClient, inTransaction: boolean, failed: boolean): Promise<void> {
  try {
    if (inTransaction) await client.query(failed ? 'ROLLBACK' : 'COMMIT');
    client.release();
  } catch (error) {
    client.release(error as Error);
  }
}
