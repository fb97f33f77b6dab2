// The worker against the real queue (central.jobs on the run's PostgreSQL): attempts are counted when a job is
// claimed, so a job whose every run killed its process is given up after its last attempt (never run again); a
// slow job holds only its own slot (no batch barrier); one company gets at most its share of a lane; SUNAT work has
// its own lane, so deliveries that hang never delay it. Jobs here are test definitions on tenant ids no other file
// uses (the worker is restricted to them).
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineDepsOf } from '../../src/api/deps.ts';
import type { PipelineDeps } from '../../src/pipeline/deps.ts';
import type { JobDefinition, JobLane } from '../../src/platform/jobs/definition.ts';
import { claimJobs, enqueue } from '../../src/platform/jobs/queue.ts';
import { startWorker } from '../../src/worker/worker.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let ctx: TestApp;
let deps: PipelineDeps;
const base = 900_000_000 + randomInt(0, 90_000_000);
let nextTenant = base;
const tenantIds = () => Array.from({ length: 64 }, (_, i) => base + i);

beforeAll(async () => {
  ctx = await createTestApp();
  deps = pipelineDepsOf(ctx.app, ctx.app.log);
});
afterAll(async () => {
  await ctx.db.pool.query('DELETE FROM "central"."jobs" WHERE tenant_id = ANY($1)', [tenantIds()]);
  await ctx.close();
});

/** A gate a job waits on until the test opens it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

function job(
  name: string,
  lane: JobLane,
  run: (payload: Record<string, unknown>) => Promise<void>,
  extra: Partial<JobDefinition<PipelineDeps>> = {},
): JobDefinition<PipelineDeps> {
  return { name, lane, maxAttempts: 3, backoffMs: () => 60_000, run, ...extra };
}

async function until(what: string, probe: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function pending(name: string): Promise<number> {
  const { rows } = await ctx.db.pool.query('SELECT count(*)::int AS n FROM "central"."jobs" WHERE name = $1', [name]);
  return rows[0].n;
}

describe('attempts counted at claim', () => {
  it('gives up a job whose every attempt ended with its process, without running it again', async () => {
    const tenant = nextTenant++;
    const name = `crashy-${tenant}`;
    await enqueue(ctx.db.pool, name, { n: 1 }, { tenantId: tenant });
    // Three workers claim it in turn and die mid-run: nothing completes it, its lease runs out.
    for (let i = 0; i < 3; i++) {
      const [claimed] = await claimJobs(ctx.db.pool, [name], 1, 60_000, [tenant]);
      expect(claimed.attempts).toBe(i + 1);
      await ctx.db.pool.query(`UPDATE "central"."jobs" SET locked_until = now() - interval '1 second' WHERE id = $1`, [
        claimed.id,
      ]);
    }
    let ran = 0;
    const gaveUp: number[] = [];
    const worker = startWorker(deps, {
      autoStart: false,
      tenantIds: [tenant],
      jobs: [
        job(
          name,
          'delivery',
          async () => {
            ran += 1;
          },
          {
            onGiveUp: async (_payload, { attempts }) => {
              gaveUp.push(attempts);
            },
          },
        ),
      ],
    });
    await worker.drain();
    expect(ran).toBe(0);
    expect(gaveUp).toEqual([4]);
    expect(await pending(name)).toBe(0);
  });

  it('still runs a job that has attempts left', async () => {
    const tenant = nextTenant++;
    const name = `once-crashed-${tenant}`;
    await enqueue(ctx.db.pool, name, {}, { tenantId: tenant });
    const [claimed] = await claimJobs(ctx.db.pool, [name], 1, 60_000, [tenant]);
    await ctx.db.pool.query(`UPDATE "central"."jobs" SET locked_until = now() - interval '1 second' WHERE id = $1`, [
      claimed.id,
    ]);
    const seen: number[] = [];
    const worker = startWorker(deps, {
      autoStart: false,
      tenantIds: [tenant],
      jobs: [
        {
          name,
          lane: 'sunat',
          maxAttempts: 3,
          backoffMs: () => 60_000,
          run: async (_payload, context) => {
            seen.push(context.attempts);
          },
        },
      ],
    });
    await worker.drain();
    expect(seen).toEqual([2]);
    expect(await pending(name)).toBe(0);
  });
});

describe('fairness', () => {
  it('no batch barrier: jobs claimed beside a slow one, and claimed after it, finish while it still runs', async () => {
    const slowTenant = nextTenant++;
    const others = [nextTenant++, nextTenant++, nextTenant++, nextTenant++, nextTenant++];
    const name = `barrier-${slowTenant}`;
    const held = gate();
    const done: number[] = [];
    await enqueue(ctx.db.pool, name, { slow: true }, { tenantId: slowTenant });
    for (const t of others) await enqueue(ctx.db.pool, name, { t }, { tenantId: t });
    const worker = startWorker(deps, {
      pollMs: 50,
      tenantIds: [slowTenant, ...others],
      lanes: { delivery: { concurrency: 2, perTenant: 1 } },
      jobs: [
        job(name, 'delivery', async (payload) => {
          if (payload.slow) await held.opened;
          else done.push(payload.t as number);
        }),
      ],
    });
    try {
      // Two slots: the slow job holds one, the five others pass through the other in turn.
      await until('the other jobs', () => done.length === others.length);
      await until('their completion', async () => (await pending(name)) === 1); // the slow one, still running
    } finally {
      held.open();
      await worker.stop();
    }
    expect(await pending(name)).toBe(0);
  });

  it("one company gets at most its share of a lane's slots; another company's job runs meanwhile", async () => {
    const flood = nextTenant++;
    const small = nextTenant++;
    const name = `share-${flood}`;
    const held = gate();
    let running = 0;
    let most = 0;
    let smallDone = false;
    for (let i = 0; i < 6; i++) await enqueue(ctx.db.pool, name, { flood: true }, { tenantId: flood });
    const worker = startWorker(deps, {
      pollMs: 50,
      tenantIds: [flood, small],
      lanes: { delivery: { concurrency: 4, perTenant: 2 } },
      jobs: [
        job(name, 'delivery', async (payload) => {
          if (!payload.flood) {
            smallDone = true;
            return;
          }
          running += 1;
          most = Math.max(most, running);
          await held.opened;
          running -= 1;
        }),
      ],
    });
    try {
      await until('the flood to hold its share', () => running === 2);
      await enqueue(ctx.db.pool, name, { flood: false }, { tenantId: small });
      worker.wake();
      await until("the other company's job", () => smallDone);
      expect(most).toBe(2);
    } finally {
      held.open();
      await worker.stop();
    }
    expect(most).toBe(2);
  });

  it('SUNAT work never waits behind deliveries: a full delivery lane leaves the SUNAT lane free', async () => {
    const tenant = nextTenant++;
    const mail = `mail-${tenant}`;
    const sunat = `sunat-${tenant}`;
    const held = gate();
    let sunatDone = false;
    let hanging = 0;
    for (let i = 0; i < 4; i++) await enqueue(ctx.db.pool, mail, { i }, { tenantId: tenant + 1_000 + i });
    const worker = startWorker(deps, {
      pollMs: 50,
      tenantIds: [tenant, tenant + 1_000, tenant + 1_001, tenant + 1_002, tenant + 1_003],
      lanes: { delivery: { concurrency: 4, perTenant: 1 }, sunat: { concurrency: 1, perTenant: 1 } },
      jobs: [
        job(mail, 'delivery', async () => {
          hanging += 1;
          await held.opened;
        }),
        job(sunat, 'sunat', async () => {
          sunatDone = true;
        }),
      ],
    });
    try {
      await until('every delivery slot to hang', () => hanging === 4);
      await enqueue(ctx.db.pool, sunat, {}, { tenantId: tenant });
      worker.wake();
      await until('the SUNAT job', () => sunatDone);
    } finally {
      held.open();
      await worker.stop();
    }
  });
});
