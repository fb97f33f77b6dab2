// Memory readings for npm run bench: the API's heap by V8 space (prom-client's default metrics at /metrics) and
// the soak (`--soak=N`): a fixed rate (`--rate`, 200/s) of accepted facturas for N seconds, RSS every 10 s, so growth
// shows.
import { invoiceBody, limaToday, request, tenantHeaders, treeRssMb, type BenchTenant, type Proc } from './harness.ts';
import { fixedRate } from './load.ts';

/** "used/total MB" per V8 heap space, plus external and array buffers, from the process's /metrics. */
export async function heapBreakdown(base: string, token: string): Promise<string> {
  const r = await request(base, 'GET', '/metrics', { authorization: `Bearer ${token}` });
  if (r.status !== 200) return `metrics answered ${r.status}`;
  const text = r.body.toString();
  const mb = (re: RegExp) => {
    const v = re.exec(text)?.[1];
    return v === undefined ? '?' : (Number(v) / 2 ** 20).toFixed(1);
  };
  const spaces = [...text.matchAll(/^facturo_nodejs_heap_space_size_used_bytes\{space="([^"]+)"\} (\S+)/gm)]
    .map(([, space, used]) => ({ space, used: Number(used) / 2 ** 20 }))
    .filter((x) => x.used >= 0.5)
    .sort((a, b) => b.used - a.used)
    .map((x) => `${x.space} ${x.used.toFixed(1)}`);
  return (
    `heap used ${mb(/^facturo_nodejs_heap_size_used_bytes (\S+)/m)} of ${mb(/^facturo_nodejs_heap_size_total_bytes (\S+)/m)} MB ` +
    `(${spaces.join(', ')}), external ${mb(/^facturo_nodejs_external_memory_bytes (\S+)/m)} MB`
  );
}

export async function soak(api: Proc, t: BenchTenant, seconds: number, token: string, rate = 200): Promise<string> {
  const body = JSON.stringify(invoiceBody('01-taxed.json', limaToday()));
  const lines: string[] = [];
  const started = performance.now();
  const sample = setInterval(() => {
    const m = treeRssMb(api.pid);
    const line = `${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s  RSS ${m.rss.toFixed(0)} MB (peak ${m.peak.toFixed(0)} MB)`;
    lines.push(line);
    console.log(line);
  }, 10_000);
  const run = await fixedRate(
    async () => {
      const r = await request(api.url, 'POST', '/api/documents', tenantHeaders(t), body);
      return { ok: r.status === 200, ms: r.ms };
    },
    rate,
    seconds,
  );
  clearInterval(sample);
  const sorted = [...run.latencies].sort((a, b) => a - b);
  return [
    `Soak: ${seconds} s at ${rate}/s, ${run.latencies.length} accepted, ${run.failures} failed, p99 ${sorted[Math.floor(sorted.length * 0.99)]?.toFixed(1)} ms`,
    ...lines,
    await heapBreakdown(api.url, token),
  ].join('\n');
}

/** The group commits' counters on /metrics: statements and items per queue ("numbering", "outcomes"). */
export type GroupCounters = Record<string, { statements: number; items: number }>;

/** What the numbering and outcome queues did so far, from one reading of /metrics. */
export interface QueueReading {
  groups: GroupCounters;
  /** The numbering queue's builds ahead: those that guessed their number, and those dropped. */
  ahead: { used: number; dropped: number };
}

export async function readQueues(base: string, token: string): Promise<QueueReading> {
  const r = await request(base, 'GET', '/metrics', { authorization: `Bearer ${token}` });
  const text = r.status === 200 ? r.body.toString() : '';
  const groups: GroupCounters = {};
  for (const [, field, queue, value] of text.matchAll(
    /^facturo_group_commit_(statements|items)_total\{queue="([^"]+)"\} (\S+)/gm,
  )) {
    groups[queue] ??= { statements: 0, items: 0 };
    groups[queue][field as 'statements' | 'items'] = Number(value);
  }
  const ahead = { used: 0, dropped: 0 };
  for (const [, outcome, value] of text.matchAll(
    /^facturo_numbering_builds_ahead_total\{outcome="(used|dropped)"\} (\S+)/gm,
  ))
    ahead[outcome as 'used' | 'dropped'] = Number(value);
  return { groups, ahead };
}

/** Documents per statement of each queue between two readings, e.g. "numbering 4.1, outcomes 2.3". */
export function meanGroups(before: GroupCounters, after: GroupCounters): string {
  return Object.entries(after)
    .map(([queue, a]) => {
      const b = before[queue] ?? { statements: 0, items: 0 };
      const statements = a.statements - b.statements;
      return `${queue} ${statements ? ((a.items - b.items) / statements).toFixed(1) : 'n/a'}`;
    })
    .join(', ');
}
