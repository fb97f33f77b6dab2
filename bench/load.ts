// Load shapes for npm run bench: a closed loop (N connections back to back) and an open loop (a fixed rate,
// whatever the answers: coordinated omission avoided), and the result row with its latency percentiles.
import { percentile } from './harness.ts';

export type Call = () => Promise<{ ok: boolean; ms: number }>;

export interface Run {
  latencies: number[];
  failures: number;
  seconds: number;
}

export interface Row {
  scenario: string;
  n: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  cpu?: string;
  note?: string;
}

/** `concurrency` workers back to back while `more()` says so. */
async function closedLoop(fn: Call, concurrency: number, more: () => boolean): Promise<Run> {
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (more()) {
        const r = await fn();
        if (r.ok) latencies.push(r.ms);
        else failures += 1;
      }
    }),
  );
  return { latencies, failures, seconds: (performance.now() - started) / 1000 };
}

/** Closed loop for `seconds`. */
export function saturate(fn: Call, seconds: number, concurrency: number): Promise<Run> {
  const until = performance.now() + seconds * 1000;
  return closedLoop(fn, concurrency, () => performance.now() < until);
}

/** Closed loop until `total` calls were started (the not-sent scenario fills a day of documents). */
export function exactly(fn: Call, total: number, concurrency: number): Promise<Run> {
  let made = 0;
  return closedLoop(fn, concurrency, () => made++ < total);
}

/** Open loop: one request every 1000/rate ms whatever the answers. */
export async function fixedRate(fn: Call, rate: number, seconds: number): Promise<Run> {
  const latencies: number[] = [];
  let failures = 0;
  const total = Math.round(rate * seconds);
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      fn().then((r) => {
        if (r.ok) latencies.push(r.ms);
        else failures += 1;
      }),
    );
  }
  await Promise.all(pending);
  return { latencies, failures, seconds: (performance.now() - started) / 1000 };
}

export function rowOf(scenario: string, run: Run, extra: Partial<Row> = {}): Row {
  const sorted = [...run.latencies].sort((a, b) => a - b);
  const row: Row = {
    scenario,
    n: sorted.length,
    perSecond: sorted.length / run.seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    ...extra,
  };
  if (run.failures) row.note = [row.note, `${run.failures} failed`].filter(Boolean).join('; ');
  console.log(
    `${scenario}: ${row.n} in ${run.seconds.toFixed(1)} s → ${row.perSecond.toFixed(1)}/s, p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms ${row.cpu ?? ''} ${row.note ?? ''}`,
  );
  return row;
}

/** A figure of the table; NaN (nothing measured) as a dash. */
const cell = (value: number) => (Number.isNaN(value) ? '—' : value.toFixed(1));

export function tableOf(rows: Row[]): string {
  return [
    '| Scenario | Requests | Throughput (/s) | p50 (ms) | p95 (ms) | p99 (ms) | Notes |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${r.n} | ${cell(r.perSecond)} | ${cell(r.p50)} | ${cell(r.p95)} | ${cell(r.p99)} | ${[r.cpu, r.note].filter(Boolean).join('; ')} |`,
    ),
  ].join('\n');
}
