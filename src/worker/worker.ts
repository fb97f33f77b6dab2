// The worker: claims due jobs from central.jobs and runs them. It runs inside the API process (WORKER_ENABLED, the
// default) and alone as `npx facturo worker`; several can run against one database. It runs the jobs it is given
// (the list is assembled in src/jobs.ts) and imports no feature.
//
// Fair by construction, since one process works for every company:
// - lanes: SUNAT work (send-document, summary-ticket) and deliveries (e-mail, WhatsApp) have slots of their own, so
//   a company's slow mail server never delays anyone's SUNAT answer;
// - no batch barrier: each finished job frees its slot at once and the next claim fills it — a slow job holds only
//   its own slot;
// - per company: at most `perTenant` of one company's jobs run at once in a lane, the others' are claimed instead;
// - attempts are counted when a job is claimed: a job whose every run ended with its process (a crash, a kill) is
//   given up after its last attempt (its onGiveUp records the failure) instead of being retried for ever.
// A sweep re-queues documents that should have been sent but have no job (the process died between the commit
// and its own send attempt): together with the leases, nothing stays pending after a crash.
import { SEND_JOB, type SendJobPayload } from '../pipeline/send.ts';
import type { PipelineDeps } from '../pipeline/deps.ts';
import { quoteIdent } from '../platform/db/schema-name.ts';
import type { JobDefinition, JobLane } from '../platform/jobs/definition.ts';
import { type ClaimedJob, claimJobs, completeJob, enqueue, rescheduleJob } from '../platform/jobs/queue.ts';
import { relayOutbox } from '../platform/jobs/outbox.ts';
import { DEFAULT_SERVER } from '../platform/db/servers.ts';
import { recoverInterruptedMoves } from '../platform/db/move/undo.ts';

export interface LaneOptions {
  /** Jobs of the lane run at the same time. */
  concurrency: number;
  /** Jobs of one company run at the same time in the lane. */
  perTenant: number;
}

export const DEFAULT_LANES: Readonly<Record<JobLane, LaneOptions>> = {
  sunat: { concurrency: 4, perTenant: 2 },
  delivery: { concurrency: 4, perTenant: 2 },
};

export interface WorkerOptions {
  /** The jobs this worker runs (src/jobs.ts). */
  jobs: readonly JobDefinition<PipelineDeps>[];
  /** Sleep between empty polls. */
  pollMs?: number;
  /** Jobs run at the same time in each lane (default 4). */
  concurrency?: number;
  /** Per-lane slots and per-company caps (DEFAULT_LANES otherwise). */
  lanes?: Partial<Record<JobLane, Partial<LaneOptions>>>;
  /** How often the recovery sweep looks at every tenant's documents. */
  sweepMs?: number;
  /** Lease of a claimed job. */
  leaseMs?: number;
  /** Only these tenants' jobs and documents (tests share one database between files). */
  tenantIds?: number[];
}

export interface Worker {
  /** Claims and runs due jobs until none is left; resolves with how many ran (tests, drills). */
  drain(): Promise<number>;
  /** Re-queues documents left in 01 whose send is due; returns how many. */
  sweep(): Promise<number>;
  wake(): void;
  stop(): Promise<void>;
}

interface Lane extends LaneOptions {
  names: string[];
  /** The jobs running in this lane, by id. */
  running: Map<string, { tenantId: number | null; done: Promise<void> }>;
}

export function startWorker(deps: PipelineDeps, options: WorkerOptions & { autoStart?: boolean }): Worker {
  const pollMs = options.pollMs ?? 1_000;
  const sweepMs = options.sweepMs ?? 30_000;
  const leaseMs = options.leaseMs ?? deps.config.sunatTimeoutMs * 3 + 30_000;
  const definitions = new Map(options.jobs.map((j) => [j.name, j]));
  const lanes: Lane[] = (Object.keys(DEFAULT_LANES) as JobLane[]).map((name) => ({
    ...DEFAULT_LANES[name],
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
    ...options.lanes?.[name],
    names: options.jobs.filter((j) => (j.lane ?? 'sunat') === name).map((j) => j.name),
    running: new Map(),
  }));
  const pool = deps.db.pool;
  let stopped = false;
  let wakeUp: (() => void) | null = null;
  /** Something happened since the last claim (a job ended, something was queued): claim again before sleeping. */
  let kicked = false;
  const kick = () => {
    kicked = true;
    wakeUp?.();
  };
  let lastSweep = 0;

  /** The tenant schema a job works in (its payload's, or its tenant's), if any. */
  function schemaOf(job: ClaimedJob): string | undefined {
    if (typeof job.payload.schema === 'string') return job.payload.schema;
    return job.tenantId === null ? undefined : deps.db.directory.schemaOfTenant(job.tenantId);
  }

  /** Runs a job unless a move holds its company (then it waits like a request, or is put back for a second). */
  async function execute(job: ClaimedJob): Promise<void> {
    const schema = schemaOf(job);
    const definition = definitions.get(job.name)!;
    if (!schema) return runJob(deps, definition, job);
    if (!(await deps.db.directory.admit(schema, deps.config.tenantMoveWaitMs))) {
      await rescheduleJob(pool, job.id, new Date(Date.now() + 1_000), 'company being moved');
      return;
    }
    const leave = deps.db.directory.enter(schema);
    try {
      await runJob(deps, definition, job);
    } finally {
      leave();
    }
  }

  /** Fills the lane's free slots with due jobs; each runs on its own and frees its slot when it ends. */
  async function claimFor(lane: Lane): Promise<number> {
    const free = lane.concurrency - lane.running.size;
    if (free <= 0 || lane.names.length === 0) return 0;
    const claimed = await claimJobs(pool, lane.names, free, leaseMs, options.tenantIds ?? null, {
      perTenant: lane.perTenant,
      running: runningByTenant(lane),
    });
    for (const job of claimed) {
      const done = execute(job)
        .catch((error) => deps.log.error({ err: error, job: job.name }, 'job bookkeeping failed'))
        .finally(() => {
          lane.running.delete(job.id);
          kick();
        });
      lane.running.set(job.id, { tenantId: job.tenantId, done });
    }
    return claimed.length;
  }

  async function claimAll(): Promise<number> {
    let claimed = 0;
    for (const lane of lanes) claimed += await claimFor(lane);
    return claimed;
  }

  const inFlight = () => lanes.flatMap((lane) => [...lane.running.values()].map((r) => r.done));

  async function sweep(): Promise<number> {
    lastSweep = Date.now();
    return sweepUnsent(deps, options.tenantIds);
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      let claimed = 0;
      kicked = false;
      try {
        if (Date.now() - lastSweep >= sweepMs) await sweep();
        claimed = await claimAll();
      } catch (error) {
        if (stopped) break;
        deps.log.error({ err: error }, 'worker poll failed');
      }
      // Nothing more to take now: sleep until a job ends (its slot is free), something is queued, or the poll.
      if (claimed === 0 && !stopped && !kicked) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wakeUp = null;
      }
    }
  }

  const running = options.autoStart === false ? Promise.resolve() : loop();
  return {
    async drain() {
      let total = 0;
      for (;;) {
        const claimed = await claimAll();
        total += claimed;
        const busy = inFlight();
        if (claimed === 0 && busy.length === 0) return total;
        if (claimed === 0) await Promise.race(busy);
      }
    },
    sweep,
    wake() {
      kick();
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      await running;
      await Promise.all(inFlight());
    },
  };
}

function runningByTenant(lane: Lane): Map<number, number> {
  const counts = new Map<number, number>();
  for (const { tenantId } of lane.running.values())
    if (tenantId !== null) counts.set(tenantId, (counts.get(tenantId) ?? 0) + 1);
  return counts;
}

/**
 * Runs a claimed job once: done, retried after its backoff, or dropped after its last attempt. A job claimed past
 * its attempts (each earlier run ended with its process) is given up: its onGiveUp records the failure.
 */
async function runJob(deps: PipelineDeps, definition: JobDefinition<PipelineDeps>, job: ClaimedJob): Promise<void> {
  const pool = deps.db.pool;
  const context = { deps, attempts: job.attempts };
  if (job.attempts > definition.maxAttempts) {
    deps.log.error(
      { job: job.name, payload: job.payload, attempts: job.attempts - 1 },
      'job given up: each of its attempts ended with its process',
    );
    await definition.onGiveUp?.(job.payload, context);
    await completeJob(pool, job);
    return;
  }
  try {
    await definition.run(job.payload, context);
    await completeJob(pool, job);
  } catch (error) {
    const message = (error as Error)?.message ?? String(error);
    if (job.attempts >= definition.maxAttempts) {
      deps.log.error({ err: error, job: job.name, payload: job.payload }, 'job dropped after its last attempt');
      await completeJob(pool, job);
    } else {
      deps.log.warn({ err: error, job: job.name, attempts: job.attempts }, 'job failed, will retry');
      await rescheduleJob(
        pool,
        job.id,
        new Date(Date.now() + definition.backoffMs(job.attempts)),
        message.slice(0, 1000),
      );
    }
  }
}

/** Re-queues every tenant's documents left in 01 whose send is due (only `tenantIds`' when given); how many. */
async function sweepUnsent(deps: PipelineDeps, tenantIds: number[] | undefined): Promise<number> {
  const pool = deps.db.pool;
  // A move whose mover died is undone first: its company is then served where it was.
  await recoverInterruptedMoves(deps.db, deps.log).catch((error) =>
    deps.log.error({ err: error }, 'interrupted moves not recovered'),
  );
  const { rows: tenants } = await pool.query<SweptTenant>(
    'SELECT id, schema_name, database_server FROM "central"."tenants" ORDER BY id',
  );
  let queued = 0;
  for (const tenant of tenants) {
    if (tenantIds && !tenantIds.includes(tenant.id)) continue;
    queued += await requeueUnsent(deps, tenant);
  }
  return queued;
}

interface SweptTenant {
  id: number;
  schema_name: string;
  database_server: string;
}

async function requeueUnsent(deps: PipelineDeps, tenant: SweptTenant): Promise<number> {
  const pool = deps.db.pool;
  let tenantPool: typeof pool;
  try {
    tenantPool = deps.db.directory.pool(tenant.database_server);
  } catch {
    return 0; // a server this process does not know yet: the next sweep, once the directory has it
  }
  // Jobs a tenant on another server committed to its outbox and whose relay did not happen (outbox.ts).
  if (tenant.database_server !== DEFAULT_SERVER)
    await relayOutbox(tenantPool, pool, tenant.schema_name).catch((error) =>
      deps.log.warn({ err: error, schema: tenant.schema_name }, 'outbox not relayed'),
    );
  const { rows } = await tenantPool
    .query<{ id: number; next_attempt_at: Date }>(
      `SELECT id, next_attempt_at FROM ${quoteIdent(tenant.schema_name)}."documents"
         WHERE state_type_id = '01' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
         ORDER BY next_attempt_at LIMIT 1000`,
    )
    .catch(() => ({ rows: [] as { id: number; next_attempt_at: Date }[] })); // a tenant being created or dropped
  for (const doc of rows) {
    await enqueue(
      pool,
      SEND_JOB,
      { tenantId: tenant.id, schema: tenant.schema_name, documentId: doc.id } satisfies SendJobPayload,
      { dedupeKey: `${SEND_JOB}:${tenant.id}:${doc.id}`, tenantId: tenant.id },
    );
  }
  return rows.length;
}
