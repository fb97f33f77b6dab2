// The work queue (central.jobs): durable, PostgreSQL-backed, shared by every API and worker process.
// A job is claimed with FOR UPDATE SKIP LOCKED and a lease (`locked_until`): a worker that dies mid-job loses
// its lease and another takes the job over — the handlers are idempotent (sending asks SUNAT first).
import type pg from 'pg';

export interface EnqueueOptions {
  /** Run no earlier than this. Default: now. */
  runAt?: Date;
  /** One pending job per key: enqueuing the same key again only brings its run time forward. */
  dedupeKey?: string;
  tenantId?: number;
}

export interface ClaimedJob {
  id: string;
  name: string;
  payload: Record<string, unknown>;
  attempts: number;
  tenantId: number | null;
  /** run_at when claimed: completing deletes the job only if nobody rescheduled it meanwhile. */
  runAt: Date;
}

type Queryable = Pick<pg.Pool, 'query'>;

export async function enqueue(
  pool: Queryable,
  name: string,
  payload: object,
  options: EnqueueOptions = {},
): Promise<void> {
  const runAt = options.runAt ?? new Date();
  await pool.query(
    `INSERT INTO "central"."jobs" (name, dedupe_key, tenant_id, payload, run_at)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (dedupe_key) DO UPDATE SET run_at = CASE
       -- the job is running right now: its handler scheduled the next run, which must survive its completion
       WHEN "jobs".locked_until > now() THEN EXCLUDED.run_at
       ELSE LEAST("jobs".run_at, EXCLUDED.run_at) END`,
    [name, options.dedupeKey ?? null, options.tenantId ?? null, JSON.stringify(payload), runAt],
  );
}

/** How many jobs of one tenant a claim may add to those it already runs. */
export interface TenantShare {
  /** Most jobs of one tenant running at once (in the claiming worker, in the lane claimed for). */
  perTenant: number;
  /** Jobs of each tenant the claiming worker runs right now. */
  running: ReadonlyMap<number, number>;
}

/**
 * Takes up to `limit` due jobs for `leaseMs`, counting the attempt now: a run that kills its process has still
 * used its attempt, so the worker sees a job that did that on every try and gives it up instead of running it
 * again (src/worker/worker.ts). With `share`, a tenant already at its cap is skipped and the others' jobs are
 * taken instead — one company's queue of slow deliveries does not fill every slot.
 */
export async function claimJobs(
  pool: Queryable,
  names: readonly string[],
  limit: number,
  leaseMs: number,
  tenantIds: readonly number[] | null = null,
  share: TenantShare | null = null,
): Promise<ClaimedJob[]> {
  const busyIds = share ? [...share.running.keys()] : [];
  const busyCounts = share ? [...share.running.values()] : [];
  // The candidates are the oldest due jobs of tenants below their cap; each tenant's are numbered after the ones
  // it already runs, and those beyond its cap wait for a later claim.
  const { rows } = await pool.query(
    `WITH running AS (SELECT * FROM unnest($6::int[], $7::int[]) AS r(tenant_id, n)),
     due AS (
       SELECT id, tenant_id, run_at FROM "central"."jobs"
       WHERE name = ANY($1) AND run_at <= now() AND (locked_until IS NULL OR locked_until < now())
         AND ($4::int[] IS NULL OR tenant_id = ANY($4))
         AND ($5::int IS NULL OR tenant_id IS NULL
              OR tenant_id NOT IN (SELECT tenant_id FROM running WHERE n >= $5))
       ORDER BY run_at LIMIT $8 FOR UPDATE SKIP LOCKED),
     ranked AS (
       SELECT due.id, due.run_at, due.tenant_id,
              row_number() OVER (PARTITION BY due.tenant_id ORDER BY due.run_at) + COALESCE(running.n, 0) AS slot
       FROM due LEFT JOIN running ON running.tenant_id = due.tenant_id)
     UPDATE "central"."jobs" SET locked_until = now() + make_interval(secs => $3::double precision / 1000), attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM ranked WHERE $5::int IS NULL OR tenant_id IS NULL OR slot <= $5 ORDER BY run_at LIMIT $2)
     RETURNING id, name, payload, attempts, tenant_id, run_at`,
    [names, limit, leaseMs, tenantIds, share?.perTenant ?? null, busyIds, busyCounts, Math.max(64, limit * 16)],
  );
  return rows.map((r) => ({
    id: String(r.id),
    name: r.name,
    payload: r.payload,
    attempts: r.attempts,
    tenantId: r.tenant_id,
    runAt: r.run_at,
  }));
}

/**
 * Jobs enqueued by the rows of a SELECT inside a larger statement (a CTE of the insert): `select` yields
 * name, dedupe_key, tenant_id, payload (jsonb) and run_at, in that order. Keys are expected fresh (no conflict).
 * `table`: central.jobs, or a tenant's job_outbox (outbox.ts) when the statement runs on another server.
 */
export function enqueueFromSelect(select: string, table = '"central"."jobs"'): string {
  return `INSERT INTO ${table} (name, dedupe_key, tenant_id, payload, run_at) ${select}`;
}

/** The pending job under `dedupeKey` runs now rather than at its later run_at (not one a worker holds). */
export async function runNow(pool: Queryable, dedupeKey: string): Promise<void> {
  await pool.query(
    'UPDATE "central"."jobs" SET run_at = now() WHERE dedupe_key = $1 AND run_at > now() AND locked_until IS NULL',
    [dedupeKey],
  );
}

export async function completeJob(pool: Queryable, job: Pick<ClaimedJob, 'id' | 'runAt'>): Promise<void> {
  const { rowCount } = await pool.query('DELETE FROM "central"."jobs" WHERE id = $1 AND run_at <= $2', [
    job.id,
    job.runAt,
  ]);
  if (!rowCount)
    await pool.query('UPDATE "central"."jobs" SET locked_until = NULL, attempts = 0 WHERE id = $1', [job.id]);
}

/** Puts a job back for a later run (its own retry policy decided when). */
export async function rescheduleJob(pool: Queryable, id: string, runAt: Date, error: string | null): Promise<void> {
  await pool.query('UPDATE "central"."jobs" SET run_at = $2, locked_until = NULL, last_error = $3 WHERE id = $1', [
    id,
    runAt,
    error,
  ]);
}

export async function pendingJobs(pool: Queryable, name?: string): Promise<number> {
  const { rows } = await pool.query(
    `SELECT count(*)::int AS n FROM "central"."jobs" WHERE ($1::text IS NULL OR name = $1)`,
    [name ?? null],
  );
  return rows[0].n;
}
