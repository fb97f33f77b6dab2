// Jobs queued inside a tenant's own transaction (an issue's e-mail, a summary's safety-net send, an e-mail asked for
// by the API) commit with that transaction's rows, so neither is ever stored without the other. A tenant on the
// central server inserts them straight into central.jobs; a tenant on another server cannot (central.jobs is not
// there): its transaction inserts them into the schema's job_outbox, and they are relayed to central.jobs right
// after the commit — or by the worker's sweep, should the process die in between. Every outbox row has a dedupe
// key, and central.jobs merges on it: relaying one twice leaves one job.
import type pg from 'pg';
import { quoteIdent } from '../db/schema-name.ts';
import { withTransaction } from '../db/transaction.ts';
import { enqueue, type EnqueueOptions } from './queue.ts';

/** Where a tenant's transactions queue jobs (directory.ts, TenantRoute.jobs). */
export type JobsTable = 'central' | 'outbox';

type Queryable = Pick<pg.Pool, 'query'>;

/** The table a statement of `schema`'s transaction inserts its jobs into. */
export function jobsTableOf(schema: string, jobs: JobsTable): string {
  return jobs === 'central' ? '"central"."jobs"' : `${quoteIdent(schema)}."job_outbox"`;
}

/** enqueue() inside a tenant's transaction, into central.jobs or the schema's outbox. */
export async function enqueueIn(
  client: Queryable,
  jobs: JobsTable,
  schema: string,
  name: string,
  payload: object,
  options: EnqueueOptions & { dedupeKey: string },
): Promise<void> {
  if (jobs === 'central') return enqueue(client, name, payload, options);
  await client.query(
    `INSERT INTO ${jobsTableOf(schema, jobs)} (name, dedupe_key, tenant_id, payload, run_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (dedupe_key) DO UPDATE SET run_at = LEAST("job_outbox".run_at, EXCLUDED.run_at)`,
    [name, options.dedupeKey, options.tenantId ?? null, JSON.stringify(payload), options.runAt ?? new Date()],
  );
}

interface OutboxRow {
  id: string;
  name: string;
  dedupe_key: string;
  tenant_id: number | null;
  payload: unknown;
  run_at: Date;
}

/**
 * Moves the schema's outbox rows to central.jobs (a batch at a time, until it is empty): the rows are locked, their
 * jobs inserted on the central server, then the rows deleted in the same tenant transaction. Returns how many moved.
 */
export async function relayOutbox(tenantPool: pg.Pool, centralPool: Queryable, schema: string): Promise<number> {
  const table = jobsTableOf(schema, 'outbox');
  let moved = 0;
  for (;;) {
    const batch = await withTransaction(tenantPool, async (client) => {
      const { rows } = await client.query<OutboxRow>(
        `SELECT id::text, name, dedupe_key, tenant_id, payload, run_at FROM ${table} ORDER BY id LIMIT 500 FOR UPDATE SKIP LOCKED`,
      );
      if (!rows.length) return 0;
      await centralPool.query(
        `INSERT INTO "central"."jobs" (name, dedupe_key, tenant_id, payload, run_at)
         SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::jsonb[], $5::timestamptz[])
         ON CONFLICT (dedupe_key) DO UPDATE SET run_at = CASE
           WHEN "jobs".locked_until > now() THEN EXCLUDED.run_at ELSE LEAST("jobs".run_at, EXCLUDED.run_at) END`,
        [
          rows.map((r) => r.name),
          rows.map((r) => r.dedupe_key),
          rows.map((r) => r.tenant_id),
          rows.map((r) => JSON.stringify(r.payload)),
          rows.map((r) => r.run_at),
        ],
      );
      await client.query(`DELETE FROM ${table} WHERE id = ANY($1::bigint[])`, [rows.map((r) => r.id)]);
      return rows.length;
    });
    moved += batch;
    if (batch < 500) return moved;
  }
}

/**
 * The relay right after a tenant transaction committed jobs to its outbox. Never the request's failure: the rows
 * are committed, and the worker's sweep relays what this could not.
 */
export async function relayAfterCommit(
  tenantPool: pg.Pool,
  centralPool: Queryable,
  schema: string,
  log: { warn(obj: unknown, msg?: string): void },
): Promise<void> {
  try {
    await relayOutbox(tenantPool, centralPool, schema);
  } catch (error) {
    log.warn({ err: error, schema }, 'jobs left in the tenant outbox: the sweep relays them');
  }
}
