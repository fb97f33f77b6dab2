// npm run bench:compare -- <git-ref> — before/after on one machine in one run: the API of <git-ref> (checked out in
// a temporary worktree, bench/checkout.ts) and the API of this working tree, each on its own database,
// take turns under the same load against one fast SUNAT stand-in, or one each with --stand-in=own (who goes first
// alternates from round to round).
// The machines here are shared and noisy: two figures taken minutes apart differ more than most changes do, two
// taken in alternating rounds do not.
// Per round and side: accepted (or stored, not sent) 3-line facturas per second at 16 connections, and the CPU each
// process spent per document (API process tree, its PostgreSQL backends, the stand-in, this load driver); the
// medians of the rounds are printed last.
// Options: --rounds=N (default 3), --seconds=N per round (default 5), --scenario=sent|not-sent (default sent),
// --warm-up=N seconds per side before the rounds (default 20), --concurrency=N (default 16), --rate=N (instead of saturation: N requests a second, as `npm run bench` does for
// its p99; then p50 and p99 are what to compare), --processes=N API processes per side (WEB_CONCURRENCY, default 1),
// --port=N (default 18280: API before, +1 after, +9 the stand-in), --stand-in=common|own (default common: one stand-in,
// of this working tree, for both sides; own: each side against a fast stand-in of its own tree, on +9 and +10, to
// compare a change of the stand-in itself — each side's API is its own tree's either way).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ROOT,
  cpuMs,
  freshDatabase,
  invoiceBody,
  limaToday,
  postgresCpuMeter,
  provision,
  request,
  scheduling,
  schedulingShares,
  startApi,
  startSimulator,
  tenantHeaders,
  treeCpuMs,
  treeRssMb,
  type BenchTenant,
  type Proc,
} from './harness.ts';
import { fixedRate, saturate } from './load.ts';
import { checkoutRef, refAndOptions, removeCheckout } from './checkout.ts';

const { ref, args, number } = refAndOptions(
  'usage: npm run bench:compare -- <git-ref> [--rounds=3] [--seconds=5] [--scenario=sent|not-sent] [--rate=N] [--processes=N]',
);
const ROUNDS = number('rounds', 3);
const SECONDS = number('seconds', 5);
const WARM_UP_SECONDS = number('warm-up', 20);
const SCENARIO = args.get('scenario') ?? 'sent';
if (SCENARIO !== 'sent' && SCENARIO !== 'not-sent') {
  console.error(`--scenario is sent or not-sent, not ${JSON.stringify(SCENARIO)}`);
  process.exit(2);
}
const CONCURRENCY = number('concurrency', 16);
const RATE = args.has('rate') ? number('rate', 0) : null;
const PORT = number('port', 18280);
const PROCESSES = number('processes', 1);
const STAND_IN = args.get('stand-in') ?? 'common';
if (STAND_IN !== 'common' && STAND_IN !== 'own') {
  console.error(`--stand-in is common or own, not ${JSON.stringify(STAND_IN)}`);
  process.exit(2);
}

interface Side {
  label: string;
  database: string;
  /** This side's PostgreSQL CPU so far (its database's backends and the shared writers). */
  postgresCpu: () => number;
  api: Proc;
  /** The fast stand-in this side sends to. */
  sim: Proc;
  tenant: BenchTenant;
  rounds: Awaited<ReturnType<typeof round>>[];
}

async function startSide(label: string, root: string, port: number, sim: Proc, ruc: string) {
  const database = `facturo_compare_${label}`;
  const databaseUrl = await freshDatabase(database);
  const api = await startApi({
    port,
    databaseUrl,
    simulatorUrl: sim.url,
    storageDir: mkdtempSync(join(tmpdir(), 'facturo-compare-storage-')),
    root,
    env: { WEB_CONCURRENCY: String(PROCESSES) },
  });
  const tenant = await provision(databaseUrl, `cmp${label}`, ruc, root);
  return { label, database, postgresCpu: postgresCpuMeter(database), api, sim, tenant, rounds: [] } satisfies Side;
}

function bodyText(): string {
  const body = invoiceBody('01-taxed.json', limaToday());
  if (SCENARIO === 'not-sent') body.acciones = { ...(body.acciones ?? {}), enviar_xml_firmado: false };
  return JSON.stringify(body);
}

async function round(side: Side, body: string, seconds: number) {
  const sim = side.sim;
  const call = async () => {
    const r = await request(side.api.url, 'POST', '/api/documents', tenantHeaders(side.tenant), body);
    return { ok: r.status === 200, ms: r.ms };
  };
  const before = { api: treeCpuMs(side.api.pid), pg: side.postgresCpu(), sim: cpuMs(sim.pid) };
  const schedulingBefore = scheduling(side.api.pid);
  const driver = process.cpuUsage();
  const run = RATE ? await fixedRate(call, RATE, seconds) : await saturate(call, seconds, CONCURRENCY);
  const used = process.cpuUsage(driver);
  const n = Math.max(1, run.latencies.length);
  const sorted = [...run.latencies].sort((a, b) => a - b);
  const shares = schedulingShares(schedulingBefore, scheduling(side.api.pid));
  return {
    rate: run.latencies.length / seconds,
    api: (treeCpuMs(side.api.pid) - before.api) / n,
    pg: (side.postgresCpu() - before.pg) / n,
    sim: (cpuMs(sim.pid) - before.sim) / n,
    driver: (used.user + used.system) / 1000 / n,
    p50: sorted[Math.floor(sorted.length * 0.5)] ?? 0,
    p99: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
    failures: run.failures,
    // The main thread's shares: meaningful with one process (with several, the pid is the cluster's primary).
    mainOnCpu: shares.mainOnCpu,
    mainWaiting: shares.mainWaiting,
  };
}

const mainThreadText = (onCpu: number, waiting: number) =>
  PROCESSES === 1
    ? `  main thread ${(onCpu * 100).toFixed(0)} % on a CPU, ${(waiting * 100).toFixed(0)} % waiting`
    : '';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function summary(side: Side): string {
  const m = (k: keyof Side['rounds'][number]) => median(side.rounds.map((r) => r[k]));
  return (
    `${side.label.padEnd(6)} ${m('rate').toFixed(0).padStart(5)}/s  p50 ${m('p50').toFixed(1).padStart(5)} ms  ` +
    `p99 ${m('p99').toFixed(0).padStart(4)} ms  ` +
    `CPU/doc: API ${m('api').toFixed(2)} ms, PostgreSQL ${m('pg').toFixed(2)} ms, stand-in ${m('sim').toFixed(2)} ms, ` +
    `driver ${m('driver').toFixed(2)} ms${mainThreadText(m('mainOnCpu'), m('mainWaiting'))}`
  );
}

const standIn = (port: number, root: string) =>
  startSimulator(port, join(mkdtempSync(join(tmpdir(), 'facturo-compare-sim-')), 'sunat.jsonl'), { fast: true, root });

async function main() {
  const dir = checkoutRef(ref);
  const sims = [await standIn(PORT + 9, STAND_IN === 'own' ? dir : ROOT)];
  if (STAND_IN === 'own') sims.push(await standIn(PORT + 10, ROOT));
  const sides: Side[] = [];
  try {
    sides.push(await startSide('before', dir, PORT, sims[0], '20100070970'));
    sides.push(await startSide('after', ROOT, PORT + 1, sims.at(-1)!, '20100066603'));
    const body = bodyText();
    // Not counted: a fresh API process needs ~20 s of load before its JIT settles (bench/run.ts); with 2 s, the
    // first rounds of both sides measured warming processes (292 → 528/s over six rounds of one side).
    for (const side of sides) await round(side, body, WARM_UP_SECONDS);
    for (let r = 1; r <= ROUNDS; r++) {
      // The side that goes first alternates: a round's second half runs on a machine the first half has warmed
      // (page cache, PostgreSQL's buffers, CPU frequency), a bias that always favouring one side turned into a result.
      for (const side of r % 2 === 1 ? sides : [...sides].reverse()) {
        const result = await round(side, body, SECONDS);
        side.rounds.push(result);
        console.log(
          `round ${r} ${side.label.padEnd(6)} ${result.rate.toFixed(0).padStart(5)}/s  p50 ${result.p50.toFixed(1)} ms  ` +
            `p99 ${result.p99.toFixed(0)} ms  API ${result.api.toFixed(2)} ms  ` +
            `PostgreSQL ${result.pg.toFixed(2)} ms  stand-in ${result.sim.toFixed(2)} ms` +
            `${mainThreadText(result.mainOnCpu, result.mainWaiting)}${result.failures ? `  ${result.failures} failed` : ''}`,
        );
      }
    }
    const load =
      (RATE ? `${RATE} requests/s` : `saturation at ${CONCURRENCY} connections`) +
      (PROCESSES > 1 ? `, ${PROCESSES} API processes` : '') +
      (STAND_IN === 'own' ? ', each side its own stand-in' : '');
    console.log(`\n${ref} (before) vs this working tree (after), ${SCENARIO}, ${load}, medians of ${ROUNDS} rounds:`);
    for (const side of sides) console.log(summary(side));
    // The processes' resident peak over the whole comparison (VmHWM of the API's process tree): a flag or a cache
    // that buys CPU with memory shows its price here, against the ≤ 200 MB of `npm run bench`.
    console.log(sides.map((side) => `${side.label} RSS peak ${treeRssMb(side.api.pid).peak.toFixed(1)} MB`).join(', '));
  } finally {
    for (const side of sides) await side.api.stop();
    for (const sim of sims) await sim.stop();
    removeCheckout(dir);
  }
}

await main();
