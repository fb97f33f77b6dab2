// The copy of a move: PostgreSQL's own logical replication of one schema (PostgreSQL 15: a publication FOR TABLES
// IN SCHEMA on the source), a slot made on the source first — so that source and target may even be two databases
// of one cluster, where CREATE SUBSCRIPTION could not make it — and a subscription on the target that copies the
// tables (copy_data) and then streams every change until the move drops it. Sequences are not replicated: the
// hold copies their values (verify.ts). Nothing here decides anything: move.ts runs the steps.
import type pg from 'pg';
import { quoteIdent } from '../schema-name.ts';

type Queryable = Pick<pg.Pool, 'query'>;

/** A SQL string literal (utility statements take no parameters); standard_conforming_strings is on since 9.1. */
export function quoteLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** The tables of a schema, by name. */
export async function tablesOf(pool: Queryable, schema: string): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') ORDER BY 1`,
    [schema],
  );
  return rows.map((r) => r.name);
}

/** Tables an UPDATE or DELETE could not be replicated for (no primary key, no replica identity). */
export async function tablesWithoutIdentity(pool: Queryable, schema: string): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relkind = 'r' AND c.relreplident = 'd'
       AND NOT EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.oid AND i.indisprimary) ORDER BY 1`,
    [schema],
  );
  return rows.map((r) => r.name);
}

export function qualified(schema: string, table: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(table)}`;
}

/** On the source: the publication of the schema's tables, then the slot the subscription will read. */
export async function publish(source: Queryable, schema: string, name: string): Promise<void> {
  await source.query(`CREATE PUBLICATION ${quoteIdent(name)} FOR TABLES IN SCHEMA ${quoteIdent(schema)}`);
  // After the publication: a slot older than its publication could not decode what came before it.
  await source.query(`SELECT pg_create_logical_replication_slot($1, 'pgoutput')`, [name]);
}

/**
 * On the target: the subscription that copies every table and then follows the source. `sourceUrl` is a secret
 * (the connection string with its password): it goes only into this statement, never into an error or a log line.
 */
export async function subscribe(target: Queryable, name: string, sourceUrl: string): Promise<void> {
  try {
    await target.query(
      `CREATE SUBSCRIPTION ${quoteIdent(name)} CONNECTION ${quoteLiteral(sourceUrl)} PUBLICATION ${quoteIdent(name)}
       WITH (create_slot = false, slot_name = ${quoteLiteral(name)}, copy_data = true, synchronous_commit = 'on')`,
    );
  } catch (error) {
    // PostgreSQL's message may quote the connection string: only its code and a message of ours leave.
    const code = (error as { code?: string }).code ?? '';
    const detail = String((error as Error).message ?? '').replaceAll(sourceUrl, '(url)');
    throw new Error(`CREATE SUBSCRIPTION en el servidor de destino falló (${code}): ${detail}`);
  }
}

export interface CopyProgress {
  tables: number;
  ready: number;
  /** Errors the target counted for this subscription (a table copy or an apply that failed and is retried). */
  errors: number;
}

/** How far the subscription's table copies are (pg_subscription_rel 'r' = copied and following the stream). */
export async function copyProgress(target: Queryable, name: string): Promise<CopyProgress> {
  const { rows } = await target.query<{ tables: number; ready: number; errors: number }>(
    `SELECT count(r.srrelid)::int AS tables, count(r.srrelid) FILTER (WHERE r.srsubstate = 'r')::int AS ready,
            COALESCE(max(st.apply_error_count + st.sync_error_count), 0)::int AS errors
     FROM pg_subscription s
     LEFT JOIN pg_subscription_rel r ON r.srsubid = s.oid
     LEFT JOIN pg_stat_subscription_stats st ON st.subid = s.oid
     WHERE s.subname = $1 GROUP BY s.oid`,
    [name],
  );
  return rows[0] ?? { tables: 0, ready: 0, errors: 0 };
}

/** The source's WAL position now: every change committed so far lies before it. */
export async function walPosition(source: Queryable): Promise<string> {
  const { rows } = await source.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn');
  return rows[0].lsn;
}

/** Whether the target has applied and flushed everything before `lsn` (what it confirmed to the source's slot). */
export async function caughtUp(source: Queryable, slot: string, lsn: string): Promise<boolean> {
  const { rows } = await source.query<{ ok: boolean | null }>(
    'SELECT confirmed_flush_lsn >= $2::pg_lsn AS ok FROM pg_replication_slots WHERE slot_name = $1',
    [slot, lsn],
  );
  if (!rows[0]) throw new Error(`la ranura de replicación ${slot} ya no existe en el servidor de origen`);
  return rows[0].ok === true;
}

/** On the target: the subscription stops and goes (its slot is the source's business: dropSlot). */
export async function unsubscribe(target: Queryable, name: string): Promise<void> {
  const { rows } = await target.query('SELECT 1 FROM pg_subscription WHERE subname = $1', [name]);
  if (!rows.length) return;
  await target.query(`ALTER SUBSCRIPTION ${quoteIdent(name)} DISABLE`);
  await target.query(`ALTER SUBSCRIPTION ${quoteIdent(name)} SET (slot_name = NONE)`);
  await target.query(`DROP SUBSCRIPTION ${quoteIdent(name)}`);
}

/**
 * On the source: the slot (once no sender uses it: the subscription just stopped, its sender ends within moments,
 * else it is ended) and the publication. Also slots a table copy may have left (`pg_<sub>_sync_…`).
 */
export async function unpublish(source: Queryable, name: string, subscriptionOid: number | null): Promise<void> {
  const patterns = [name, ...(subscriptionOid ? [`pg_${subscriptionOid}_sync_%`] : [])];
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const { rows } = await source.query<{ slot_name: string; active_pid: number | null }>(
      `SELECT slot_name, active_pid FROM pg_replication_slots WHERE database = current_database() AND slot_name LIKE ANY($1)`,
      [patterns],
    );
    if (!rows.length) break;
    for (const slot of rows) {
      if (slot.active_pid === null) {
        await source.query('SELECT pg_drop_replication_slot($1)', [slot.slot_name]).catch(() => undefined);
      } else if (attempt >= 10) {
        await source.query('SELECT pg_terminate_backend($1)', [slot.active_pid]).catch(() => undefined);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await source.query(`DROP PUBLICATION IF EXISTS ${quoteIdent(name)}`);
}

/** The target's oid of the subscription (its table-copy slots are named after it), or null. */
export async function subscriptionOid(target: Queryable, name: string): Promise<number | null> {
  const { rows } = await target.query<{ oid: number }>(
    'SELECT oid::int AS oid FROM pg_subscription WHERE subname = $1',
    [name],
  );
  return rows[0]?.oid ?? null;
}
