// The worker: claims due jobs from central.jobs and runs them, a few at a time. It runs inside the API process
// (WORKER_ENABLED, the default) and alone as `npx facturo worker`; several can run against one database.
// It runs the jobs it is given (the list is assembled in src/jobs.ts) and imports no feature.
// A sweep re-queues documents that should have been sent but have no job (the process died between the commit
// and its own send attempt): together with the leases, nothing stays pending after a crash.
import { SEND_JOB, type SendJobPayload } from '../pipeline/send.ts';
import type { PipelineDeps } from '../pipeline/deps.ts';
import { quoteIdent } from '../platform/db/schema-name.ts';
import type { JobDefinition } from '../platform/jobs/definition.ts';
import { claimJobs, completeJob, enqueue, rescheduleJob, type ClaimedJob } from '../platform/jobs/queue.ts';
import { relayOutbox } from '../platform/jobs/outbox.ts';
import { DEFAULT_SERVER } from '../platform/db/servers.ts';
import { recoverInterruptedMoves } from '../platform/db/move/undo.ts';

export interface WorkerOptions {
  /** The jobs this worker runs (src/jobs.ts). */
  jobs: readonly JobDefinition<PipelineDeps>[];
  /** Sleep between empty polls. */
  pollMs?: number;
  /** Jobs run at the same time. */
  concurrency?: number;
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

export function startWorker(deps: PipelineDeps, options: WorkerOptions & { autoStart?: boolean }): Worker {
  const pollMs = options.pollMs ?? 1_000;
  const concurrency = options.concurrency ?? 4;
  const sweepMs = options.sweepMs ?? 30_000;
  const leaseMs = options.leaseMs ?? deps.config.sunatTimeoutMs * 3 + 30_000;
  const definitions = new Map(options.jobs.map((j) => [j.name, j]));
  const names = [...definitions.keys()];
  const pool = deps.db.pool;
  let stopped = false;
  let wakeUp: (() => void) | null = null;
  let lastSweep = 0;

  /** The tenant schema a job works in (its payload's, or its tenant's), if any. */
  function schemaOf(job: ClaimedJob): string | undefined {
    if (typeof job.payload.schema === 'string') return job.payload.schema;
    return job.tenantId === null ? undefined : deps.db.directory.schemaOfTenant(job.tenantId);
  }

  async function runBatch(): Promise<number> {
    const claimed = await claimJobs(pool, names, concurrency, leaseMs, options.tenantIds ?? null);
    await Promise.all(
      claimed.map(async (job) => {
        const definition = definitions.get(job.name)!;
        // A job of a company that a move holds waits like a request, and counts as in flight while it runs.
        const schema = schemaOf(job);
        let leave = () => {};
        try {
          if (schema) {
            if (!(await deps.db.directory.admit(schema, deps.config.tenantMoveWaitMs))) {
              await rescheduleJob(pool, job.id, new Date(Date.now() + 1_000), 'company being moved');
              return;
            }
            leave = deps.db.directory.enter(schema);
          }
          await definition.run(job.payload, { deps, attempts: job.attempts });
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
        } finally {
          leave();
        }
      }),
    );
    return claimed.length;
  }

  async function sweep(): Promise<number> {
    lastSweep = Date.now();
    // A move whose mover died is undone first: its company is then served where it was.
    await recoverInterruptedMoves(deps.db, deps.log).catch((error) =>
      deps.log.error({ err: error }, 'interrupted moves not recovered'),
    );
    const { rows: tenants } = await pool.query<{ id: number; schema_name: string; database_server: string }>(
      'SELECT id, schema_name, database_server FROM "central"."tenants" ORDER BY id',
    );
    let queued = 0;
    for (const tenant of tenants) {
      if (options.tenantIds && !options.tenantIds.includes(tenant.id)) continue;
      let tenantPool: typeof pool;
      try {
        tenantPool = deps.db.directory.pool(tenant.database_server);
      } catch {
        continue; // a server this process does not know yet: the next sweep, once the directory has it
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
          {
            dedupeKey: `${SEND_JOB}:${tenant.id}:${doc.id}`,
            tenantId: tenant.id,
          },
        );
        queued += 1;
      }
    }
    return queued;
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      let ran = 0;
      try {
        if (Date.now() - lastSweep >= sweepMs) await sweep();
        ran = await runBatch();
      } catch (error) {
        if (stopped) break;
        deps.log.error({ err: error }, 'worker poll failed');
      }
      if (ran === 0 && !stopped) {
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
        const ran = await runBatch();
        if (ran === 0) return total;
        total += ran;
      }
    },
    sweep,
    wake() {
      wakeUp?.();
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      await running;
    },
  };
}
