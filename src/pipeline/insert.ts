// The numbering transaction of issue.ts in raw SQL on one pooled connection (this is the hot path: a Prisma
// interactive transaction with nested creates cost several times the CPU of the SQL itself). Two round trips for
// "#": BEGIN with the series upsert/UPDATE … RETURNING (the row lock serialises "#" on the series until COMMIT),
// then ONE statement inserting the documents, their lines, XML file rows and first history entries
// (insert-statement.ts) with the COMMIT sent behind it (queryPreparedThenCommit: one round trip for the two).
// Concurrent "#" requests on one series share that transaction (numbering-queue.ts): k numbers taken at once,
// k documents in the one insert, one commit. Documents a busy series built ahead with the numbers it should hand out
// next take one round trip: the guarded insert (insertGuessed), which takes those numbers only if they are still next.
// Raw SQL names the tenant's schema (house rule).
import type pg from 'pg';
import { RetryAlone } from '../platform/db/group-commit.ts';
import { isDatabaseUnavailable } from '../platform/db/connection-errors.ts';
import { CommitFailed, queryPrepared, queryPreparedThenCommit } from '../platform/db/prepared.ts';
import { quoteIdent } from '../platform/db/schema-name.ts';
import { documentsParameter, insertStatement, type NewDocument } from './insert-statement.ts';

export type { NewDocument } from './insert-statement.ts';

/** Where a numbering transaction gets its connection and gives it back: the pool, or a queue that keeps one. */
export interface Connections {
  /** A kept connection at once (no await: a turn through the event loop's queues costs ~1 ms under load). */
  connect(): pg.PoolClient | Promise<pg.PoolClient>;
  /** `broken`: the connection failed and must not be used again. */
  release(client: pg.PoolClient, broken?: Error): void;
}

export function poolConnections(pool: pg.Pool): Connections {
  return { connect: () => pool.connect(), release: (client, broken) => client.release(broken) };
}

export class DuplicateNumber extends Error {}
export class SeriesNotRegistered extends Error {}
export class QuotaExceeded extends Error {
  constructor(
    readonly limit: number,
    readonly scope: 'plan' | 'reseller' = 'plan',
  ) {
    super(`monthly quota of ${limit} documents reached (${scope})`);
  }
}

/** The monthly limits a new document must fit in; at least one of them is set. */
export interface Quota {
  /** The plan's: at most `limit` documents of this tenant created since `since`. */
  plan: { limit: number; since: Date } | null;
  /** The reseller's: at most `limit` documents of all its tenants in the Lima month `month` (begun at `since`). */
  reseller: { id: number; limit: number; month: string; since: Date } | null;
}

/** The series has no number left ("#"), or an explicit number would use its last one. */
export class SeriesExhausted extends Error {
  constructor(readonly byExplicitNumber: boolean) {
    super(byExplicitNumber ? 'explicit number would exhaust the series' : 'series exhausted');
  }
}

/** SUNAT 1001: a correlative has 1 to 8 digits, so a series ends at 99,999,999. */
export const LAST_NUMBER = 99_999_999;

export interface NumberingResult {
  id: number;
  number: number;
}

/**
 * The tenant's issues under a quota count one at a time: a transaction-scoped advisory lock per tenant, taken
 * before the reseller's counter row and the series row (always in this order, so no deadlock), is held until COMMIT —
 * the next request's count then sees this document. Two-key form: apart from the single-key locks of the migrator.
 */
async function checkQuota(client: pg.PoolClient, schema: string, quota: Quota): Promise<void> {
  if (quota.plan) {
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('plan-quota'), hashtext($1))`, [schema]);
    const { rows } = await client.query<{ used: number }>(
      `SELECT count(*)::int AS used FROM ${quoteIdent(schema)}."documents" WHERE created_at >= $1`,
      [quota.plan.since],
    );
    if (rows[0].used >= quota.plan.limit) throw new QuotaExceeded(quota.plan.limit, 'plan');
  }
  if (quota.reseller) await takeResellerSlot(client, quota.reseller);
}

/** What the reseller's tenants stored since `since`, counted in their schemas (those that exist: one may be dropping). */
async function storedByReseller(client: pg.PoolClient, resellerId: number, since: Date): Promise<number> {
  const { rows: tenants } = await client.query<{ schema_name: string }>(
    `SELECT schema_name FROM "central"."tenants"
     WHERE reseller_id = $1 AND to_regclass(quote_ident(schema_name) || '.documents') IS NOT NULL`,
    [resellerId],
  );
  if (tenants.length === 0) return 0;
  const counts = tenants.map(
    (t) => `(SELECT count(*) FROM ${quoteIdent(t.schema_name)}."documents" WHERE created_at >= $1)`,
  );
  const { rows } = await client.query<{ used: number }>(`SELECT (${counts.join(' + ')})::int AS used`, [since]);
  return rows[0].used;
}

/**
 * One document more on the reseller's month (central.reseller_document_usage), refused when full. Every tenant of
 * the reseller moves the same row, locked until COMMIT: their issues count one at a time, and a rolled-back issue
 * counts nothing. The month's row starts from a count of what its tenants already stored that month.
 */
async function takeResellerSlot(client: pg.PoolClient, reseller: NonNullable<Quota['reseller']>): Promise<void> {
  // Waiting on another issue's lock, the UPDATE checks the count that issue committed (its row's new version).
  const take = () =>
    client.query(
      `UPDATE "central"."reseller_document_usage" SET count = count + 1
       WHERE reseller_id = $1 AND month = $2 AND count < $3 RETURNING count`,
      [reseller.id, reseller.month, reseller.limit],
    );
  if ((await take()).rowCount) return;
  const { rowCount: exists } = await client.query(
    `SELECT 1 FROM "central"."reseller_document_usage" WHERE reseller_id = $1 AND month = $2`,
    [reseller.id, reseller.month],
  );
  if (!exists) {
    const stored = await storedByReseller(client, reseller.id, reseller.since);
    // Two first issues of the month: the second's INSERT waits for the first's row, then does nothing.
    await client.query(
      `INSERT INTO "central"."reseller_document_usage" (reseller_id, month, count) VALUES ($1, $2, $3)
       ON CONFLICT (reseller_id, month) DO NOTHING`,
      [reseller.id, reseller.month, stored],
    );
    if ((await take()).rowCount) return;
  }
  throw new QuotaExceeded(reseller.limit, 'reseller');
}

// Document types and series are validated by the core before they get here; checked again because they are
// written into the statement as literals (a simple-protocol query, which can carry BEGIN too, has no parameters).
const LITERAL = /^[A-Z0-9]{1,4}$/;

/**
 * BEGIN and the series' next `count` numbers in one simple-protocol round trip: the last of them (they are
 * last - count + 1 … last), or null when the series has fewer than `count` numbers left.
 */
async function takeNumbersWithBegin(
  client: pg.PoolClient,
  s: string,
  series: { documentType: string; serie: string },
  count: number,
): Promise<number | null> {
  if (!LITERAL.test(series.documentType) || !LITERAL.test(series.serie) || !Number.isSafeInteger(count) || count < 1)
    throw new Error(`unexpected series ${JSON.stringify(series)} × ${count}`);
  const results = (await client.query(
    `BEGIN; INSERT INTO ${s}."series" (document_type, serie, last_number, registered) VALUES ('${series.documentType}', '${series.serie}', ${count}, false)
     ON CONFLICT (document_type, serie) DO UPDATE SET last_number = "series".last_number + ${count}, updated_at = now()
     WHERE "series".last_number <= ${LAST_NUMBER - count}
     RETURNING last_number`,
  )) as unknown as pg.QueryResult<{ last_number: number }>[];
  const rows = results[1].rows;
  return rows.length === 0 ? null : rows[0].last_number;
}

/**
 * Stores the rows in one statement and commits, in one round trip; their ids, in the order of `rows`. A failed
 * statement leaves the transaction open (failed) for the caller's ROLLBACK; a failed COMMIT throws CommitFailed.
 */
async function storeRowsAndCommit(client: pg.PoolClient, schema: string, rows: NewDocument[]): Promise<number[]> {
  const { rows: stored } = await queryPreparedThenCommit<{ id: number; external_id: string }>(
    client,
    insertStatement(schema, rows),
    [documentsParameter(rows)],
  );
  return idsInOrder(rows, stored);
}

/** The stored documents' ids (the statement answers them by external_id, in no order), in the order of `rows`. */
function idsInOrder(rows: NewDocument[], stored: Array<{ id: number; external_id: string }>): number[] {
  const ids = new Map(stored.map((r) => [r.external_id, r.id]));
  return rows.map((r) => ids.get(r.externalId)!);
}

/** Rolls back a transaction left open by an error; a connection that cannot (the server dropped it) is returned
 *  as broken, so the pool never reuses it. */
async function rollback(client: pg.PoolClient): Promise<Error | undefined> {
  try {
    await client.query('ROLLBACK');
    return undefined;
  } catch (error) {
    return error as Error;
  }
}

/**
 * Runs `build(number)` between the number allocation and the insert, inside the transaction: it signs the XML with
 * the allocated number and returns the row to insert. Throws DuplicateNumber for a used explicit number, and
 * QuotaExceeded (before taking a number) when `quota` is full.
 */
export async function insertNumbered(
  connections: Connections,
  schema: string,
  series: { documentType: string; serie: string; explicitNumber: number | null; requireRegistered: boolean },
  build: (number: number) => Promise<NewDocument>,
  quota: Quota | null = null,
): Promise<NumberingResult & { row: NewDocument }> {
  const s = quoteIdent(schema);
  const connecting = connections.connect();
  const client = connecting instanceof Promise ? await connecting : connecting;
  let open = false;
  let broken: Error | undefined;
  try {
    // The common case — "#" on a series that needs no registration, no quota — opens the transaction and takes the
    // number in one round trip (takeNumbersWithBegin); every other case begins on its own.
    const fused = series.explicitNumber === null && !series.requireRegistered && !quota;
    let fusedNumber: number | undefined;
    if (fused) {
      open = true;
      fusedNumber = (await takeNumbersWithBegin(client, s, series, 1)) ?? undefined;
      if (fusedNumber === undefined) throw new SeriesExhausted(false);
    } else {
      await client.query('BEGIN');
      open = true;
    }
    if (quota) await checkQuota(client, schema, quota);
    if (series.requireRegistered) {
      const found = await client.query(`SELECT 1 FROM ${s}."series" WHERE document_type = $1 AND serie = $2`, [
        series.documentType,
        series.serie,
      ]);
      if (!found.rowCount) throw new SeriesNotRegistered();
    }
    let number: number;
    if (fusedNumber !== undefined) {
      number = fusedNumber;
    } else if (series.explicitNumber === null) {
      // Registers a valid series on first use, then takes its next number (row lock held until COMMIT).
      // A full series updates no row (and returns none): a clear refusal instead of a 9-digit number.
      const { rows } = await client.query<{ last_number: number }>(
        `INSERT INTO ${s}."series" (document_type, serie, last_number, registered) VALUES ($1, $2, 1, false)
         ON CONFLICT (document_type, serie) DO UPDATE SET last_number = "series".last_number + 1, updated_at = now()
         WHERE "series".last_number < $3
         RETURNING last_number`,
        [series.documentType, series.serie, LAST_NUMBER],
      );
      if (rows.length === 0) throw new SeriesExhausted(false);
      number = rows[0].last_number;
    } else {
      number = series.explicitNumber;
      const used = await client.query(
        `SELECT 1 FROM ${s}."documents" WHERE document_type = $1 AND serie = $2 AND number = $3`,
        [series.documentType, series.serie, number],
      );
      if (used.rowCount) throw new DuplicateNumber();
      // The counter follows explicit numbers (GREATEST below): one mistyped 99999999 would leave "#" nothing.
      if (number >= LAST_NUMBER) throw new SeriesExhausted(true);
      await client.query(
        `INSERT INTO ${s}."series" (document_type, serie, last_number, registered) VALUES ($1, $2, $3, false)
         ON CONFLICT (document_type, serie) DO UPDATE SET last_number = GREATEST("series".last_number, $3), updated_at = now()`,
        [series.documentType, series.serie, number],
      );
    }
    const row = await build(number);
    sameNumbers([row], number);
    const [id] = await storeRowsAndCommit(client, schema, [row]);
    open = false;
    return { id, number, row };
  } catch (thrown) {
    // A failed COMMIT is thrown as it came (whether it committed is not known), as when it was sent alone.
    const error = thrown instanceof CommitFailed ? (thrown.cause as Error) : thrown;
    if (open) broken = await rollback(client);
    // A unique violation on the document (explicit number raced by an identical request) is a duplicate.
    if ((error as { code?: string }).code === '23505' && series.explicitNumber !== null) throw new DuplicateNumber();
    throw error;
  } finally {
    connections.release(client, broken);
  }
}

/**
 * "#" documents built ahead with the numbers first … first + k − 1 (numbering-queue.ts): ONE statement, its own
 * transaction, takes those numbers from the series and stores the rows — or takes and stores nothing if the series'
 * last number is no longer first − 1 (another taker came first). Their ids, in the order of `rows`; or null when
 * nothing changed — the guess missed, or the database refused a row (an ERROR: the statement's transaction rolled
 * back) — and the caller numbers them the usual way. Any other failure is thrown: whether it committed is not known.
 */
export async function insertGuessed(
  connections: Connections,
  schema: string,
  series: { documentType: string; serie: string },
  first: number,
  rows: NewDocument[],
): Promise<number[] | null> {
  sameNumbers(rows, first);
  if (first + rows.length - 1 > LAST_NUMBER) return null;
  const connecting = connections.connect();
  const client = connecting instanceof Promise ? await connecting : connecting;
  let broken: Error | undefined;
  try {
    const { rows: stored } = await queryPrepared<{ id: number; external_id: string }>(
      client,
      insertStatement(schema, rows, true),
      [documentsParameter(rows), series.documentType, series.serie, first - 1, rows.length],
    );
    return stored.length === 0 ? null : idsInOrder(rows, stored);
  } catch (error) {
    if ((error as { severity?: unknown }).severity === 'ERROR' && !isDatabaseUnavailable(error)) return null;
    broken = error as Error;
    throw error;
  } finally {
    connections.release(client, broken);
  }
}

/** A row carries the number it was built for; it must be the one taken for it (first, first + 1, …). */
function sameNumbers(rows: NewDocument[], first: number): void {
  rows.forEach((row, i) => {
    if (row.number !== first + i) throw new Error(`built for number ${row.number}, stored as ${first + i}`);
  });
}

/**
 * The rows of builds running side by side (their signatures on the thread pool); when one fails, its error once every
 * build has settled — none is left running after the transaction rolls back.
 */
async function allBuilt(building: Array<Promise<NewDocument>>): Promise<NewDocument[]> {
  const settled = await Promise.allSettled(building);
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<NewDocument>).value);
}

/**
 * "#" for several documents of one series in ONE transaction: their numbers taken at once (consecutive, in the
 * order of `builds`), each built (signed) with its number, all stored by one statement, one COMMIT. Any failure
 * before the COMMIT — a build that throws, a row the database refuses, fewer numbers left than documents — rolls
 * the whole back and throws RetryAlone (nothing stored, no number spent); a failure of the COMMIT itself, or of a
 * connection that cannot roll back, is thrown as it is (whether it committed is not known).
 */
export async function insertNumberedShared(
  connections: Connections,
  schema: string,
  series: { documentType: string; serie: string },
  builds: Array<(number: number) => Promise<NewDocument>>,
): Promise<Array<NumberingResult & { row: NewDocument }>> {
  const connecting = connections.connect();
  const client = connecting instanceof Promise ? await connecting : connecting;
  let broken: Error | undefined;
  try {
    let rows: NewDocument[];
    let ids: number[];
    try {
      const last = await takeNumbersWithBegin(client, quoteIdent(schema), series, builds.length);
      if (last === null) throw new SeriesExhausted(false);
      const first = last - builds.length + 1;
      rows = await allBuilt(builds.map((build, i) => build(first + i)));
      sameNumbers(rows, first);
      ids = await storeRowsAndCommit(client, schema, rows);
    } catch (error) {
      broken = await rollback(client);
      if (error instanceof CommitFailed) throw error.cause;
      throw broken ? error : new RetryAlone(error);
    }
    return rows.map((row, i) => ({ id: ids[i], number: row.number, row }));
  } finally {
    connections.release(client, broken);
  }
}
