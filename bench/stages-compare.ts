// npm run bench:stages -- <git-ref> — the per-stage CPU of an accepted 3-line factura (bench/stages.ts), before and
// after, on one machine in one run: the API of <git-ref> (bench/checkout.ts) and the API of this working tree, each
// profiled under `node --cpu-prof` on its own fresh database against one fast SUNAT stand-in, in turns (who goes
// first alternates from pair to pair), each after its own warm-up. The table gives the mean of the pairs per stage.
// The profiler adds its own overhead, the same on both sides: read the change, not the level.
// Options: --pairs=N (default 2), --seconds=N profiled per side (default 10), --warm-up=N seconds (default 20),
// --concurrency=N (default 16), --port=N (default 18380: the API; +9 the stand-in).
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rucCheckDigit } from '../src/core/ruc.ts';
import { checkoutRef, refAndOptions, removeCheckout } from './checkout.ts';
import {
  ROOT,
  freshDatabase,
  invoiceBody,
  limaToday,
  provision,
  request,
  startApi,
  startSimulator,
  tenantHeaders,
  type Proc,
} from './harness.ts';
import { saturate } from './load.ts';
import { monotonicUs, stagesOf } from './stages.ts';

const { ref, number } = refAndOptions(
  'usage: npm run bench:stages -- <git-ref> [--pairs=2] [--seconds=10] [--warm-up=20]',
);
const PAIRS = number('pairs', 2);
const SECONDS = number('seconds', 10);
const WARM_UP_SECONDS = number('warm-up', 20);
const CONCURRENCY = number('concurrency', 16);
const PORT = number('port', 18380);

type Label = 'before' | 'after';
/** Stage → CPU ms per accepted document, one entry per profiled run. */
const results: Record<Label, Map<string, number[]>> = { before: new Map(), after: new Map() };

/**
 * A RUC of its own for every profiled run: the stand-in keeps every document it accepted, and a fresh database
 * numbers from 1 again — under one RUC the second run's F001-1 would be another document under a used number.
 */
let runs = 0;
function nextRuc(): string {
  const firstTen = `2010000${String(100 + runs++).padStart(3, '0')}`;
  return `${firstTen}${rucCheckDigit(firstTen)}`;
}

/** The main thread's profile among those the API wrote in `dir`: the largest (a worker thread writes its own). */
function profileIn(dir: string): string | undefined {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => join(dir, f))
    .sort((a, b) => statSync(b).size - statSync(a).size)[0];
}

async function profiledSide(label: Label, root: string, sim: Proc, body: string): Promise<void> {
  const databaseUrl = await freshDatabase(`facturo_stages_${label}`);
  const profileDir = mkdtempSync(join(tmpdir(), `facturo-stages-${label}-`));
  const storageDir = mkdtempSync(join(tmpdir(), 'facturo-stages-storage-'));
  const api = await startApi({ port: PORT, databaseUrl, simulatorUrl: sim.url, storageDir, root, profileDir });
  let window = { from: 0, to: 0, docs: 0 };
  try {
    const tenant = await provision(databaseUrl, `stages${runs}`, nextRuc(), root);
    const issue = async () => {
      const r = await request(api.url, 'POST', '/api/documents', tenantHeaders(tenant), body);
      const accepted = r.status === 200 && JSON.parse(r.body.toString()).data.state_type_id === '05';
      return { ok: accepted, ms: r.ms };
    };
    await saturate(issue, WARM_UP_SECONDS, CONCURRENCY);
    const from = monotonicUs();
    const run = await saturate(issue, SECONDS, CONCURRENCY);
    window = { from, to: monotonicUs(), docs: run.latencies.length };
  } finally {
    await api.stop();
  }
  const file = profileIn(profileDir);
  if (!file || !window.docs) throw new Error(`${label}: no profile or no accepted document`);
  console.log(`${label.padEnd(6)} ${(window.docs / SECONDS).toFixed(0).padStart(5)} accepted/s under the profiler`);
  for (const { stage, ms } of stagesOf(file, window.from, window.to).stages) {
    const runsOfStage = results[label].get(stage) ?? [];
    runsOfStage.push(ms / window.docs);
    results[label].set(stage, runsOfStage);
  }
}

function table(): string {
  const mean = (label: Label, stage: string) => {
    const values = results[label].get(stage) ?? [];
    return values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  };
  const stages = [...new Set([...results.before.keys(), ...results.after.keys()])];
  stages.sort((a, b) => mean('before', b) - mean('before', a));
  const change = (before: number, after: number) =>
    before ? `${(((after - before) / before) * 100).toFixed(0)}%` : 'new';
  const rows = stages.map((stage) => {
    const [before, after] = [mean('before', stage), mean('after', stage)];
    return `| ${stage} | ${before.toFixed(3)} | ${after.toFixed(3)} | ${change(before, after)} |`;
  });
  const total = (label: Label) => stages.reduce((sum, stage) => sum + mean(label, stage), 0);
  const [before, after] = [total('before'), total('after')];
  return [
    '| Stage | Before (ms/doc) | After (ms/doc) | Change |',
    '|---|---:|---:|---:|',
    ...rows,
    `| **total (profiled)** | **${before.toFixed(3)}** | **${after.toFixed(3)}** | **${change(before, after)}** |`,
  ].join('\n');
}

async function main() {
  const dir = checkoutRef(ref);
  const sim = await startSimulator(PORT + 9, join(mkdtempSync(join(tmpdir(), 'facturo-stages-sim-')), 'sunat.jsonl'), {
    fast: true,
  });
  try {
    const body = JSON.stringify(invoiceBody('01-taxed.json', limaToday()));
    const sides: Array<[Label, string]> = [
      ['before', dir],
      ['after', ROOT],
    ];
    for (let pair = 0; pair < PAIRS; pair++) {
      for (const [label, root] of pair % 2 === 0 ? sides : [...sides].reverse())
        await profiledSide(label, root, sim, body);
    }
    console.log(
      `\n${ref} (before) vs this working tree (after), mean of ${PAIRS} profiled run${PAIRS === 1 ? '' : 's'} each:\n${table()}`,
    );
  } finally {
    await sim.stop();
    removeCheckout(dir);
  }
}

await main();
