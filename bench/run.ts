// npm run bench — the API under load, as in production: the API and the SUNAT simulator in separate processes,
// PostgreSQL (DATABASE_URL's server, database facturo_bench) as the database. Scenarios: issue a 3-line factura
// with "#" sent synchronously (saturation and a fixed 50/s), issue not-sent, list a day of 10,000 documents,
// download XML and PDF. Reports throughput, latency percentiles, CPU per document (API, simulator, PostgreSQL)
// and memory, then the core and PDF benchmarks; prints a table and writes docs/performance.md.
// Options: --seconds=N per timed scenario (default 15), --docs=N documents in the listed day (default 10000),
// --quick (3 s, 1,000 documents; for a smoke run), --no-write (do not touch docs/performance.md), --concurrency=N connections at saturation (default 8: on 2 shared cores more connections add contention, not throughput).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ROOT,
  cpuMs,
  freshDatabase,
  invoiceBody,
  limaToday,
  percentile,
  postgresCpuMs,
  provision,
  request,
  rssMb,
  startApi,
  startSimulator,
  stats,
  tenantHeaders,
  type BenchTenant,
  type Proc,
} from './harness.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const quick = args.has('quick');
const SECONDS = Number(args.get('seconds') ?? (quick ? 3 : 15));
const DOCS = Number(args.get('docs') ?? (quick ? 1000 : 10_000));
const CONCURRENCY = Number(args.get('concurrency') ?? 8);
const today = limaToday();

interface Row {
  scenario: string;
  n: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  cpu?: string;
  note?: string;
}
const rows: Row[] = [];

function summarize(scenario: string, latencies: number[], seconds: number, extra: Partial<Row> = {}): Row {
  const sorted = [...latencies].sort((a, b) => a - b);
  const row = {
    scenario,
    n: sorted.length,
    perSecond: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    ...extra,
  };
  rows.push(row);
  console.log(
    `${scenario}: ${row.n} in ${seconds.toFixed(1)} s → ${row.perSecond.toFixed(1)}/s, p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms ${row.cpu ?? ''} ${row.note ?? ''}`,
  );
  return row;
}

/** Closed loop: `concurrency` workers back to back for `seconds`. */
async function saturate(fn: () => Promise<{ ok: boolean; ms: number }>, seconds: number, concurrency = CONCURRENCY) {
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const r = await fn();
        if (r.ok) latencies.push(r.ms);
        else failures += 1;
      }
    }),
  );
  return { latencies, failures, seconds: (performance.now() - started) / 1000 };
}

/** Open loop: one request every 1000/rate ms whatever the answers (coordinated omission avoided). */
async function fixedRate(fn: () => Promise<{ ok: boolean; ms: number }>, rate: number, seconds: number) {
  const latencies: number[] = [];
  let failures = 0;
  const total = Math.round(rate * seconds);
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
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

function cpuSnapshot(api: Proc, sim: Proc) {
  return { api: cpuMs(api.pid), sim: cpuMs(sim.pid), pg: postgresCpuMs(), at: performance.now() };
}
function cpuPerDoc(
  before: ReturnType<typeof cpuSnapshot>,
  after: ReturnType<typeof cpuSnapshot>,
  docs: number,
): string {
  const f = (a: number, b: number) => (docs ? ((b - a) / docs).toFixed(2) : '-');
  return `CPU/doc: API ${f(before.api, after.api)} ms, simulator ${f(before.sim, after.sim)} ms, PostgreSQL ${f(before.pg, after.pg)} ms`;
}

async function issue(base: string, t: BenchTenant, body: string, expectState: string) {
  const r = await request(base, 'POST', '/api/documents', tenantHeaders(t), body);
  if (r.status !== 200) return { ok: false, ms: r.ms, id: '' };
  const json = JSON.parse(r.body.toString());
  return { ok: json.data.state_type_id === expectState, ms: r.ms, id: json.data.external_id as string };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'facturo-bench-'));
  const databaseUrl = await freshDatabase('facturo_bench');
  const sim = await startSimulator(18089, join(dir, 'sunat.jsonl'));
  const api = await startApi({ port: 18080, databaseUrl, simulatorUrl: sim.url, storageDir: join(dir, 'storage') });
  const procs = [api, sim];
  try {
    const sent = await provision(databaseUrl, 'bench', '20000000001');
    const listed = await provision(databaseUrl, 'listed', '20100070970');
    const base = api.url;
    const taxed = invoiceBody('01-taxed.json', today);
    const bodySent = JSON.stringify(taxed);
    const bodyNotSent = JSON.stringify({
      ...taxed,
      acciones: { ...(taxed.acciones ?? {}), enviar_xml_firmado: false },
    });
    const issuedIds: string[] = [];

    // Warm-up: JIT, connections, the tenant's caches.
    await saturate(
      async () => {
        const r = await issue(base, sent, bodySent, '05');
        return r;
      },
      2,
      4,
    );

    let before = cpuSnapshot(api, sim);
    const sat = await saturate(async () => {
      const r = await issue(base, sent, bodySent, '05');
      if (r.ok) issuedIds.push(r.id);
      return r;
    }, SECONDS);
    let after = cpuSnapshot(api, sim);
    summarize(
      `Issue 3-line factura "#", sent and accepted (saturation, ${CONCURRENCY} connections)`,
      sat.latencies,
      sat.seconds,
      { cpu: cpuPerDoc(before, after, sat.latencies.length), note: sat.failures ? `${sat.failures} failed` : '' },
    );

    const fixed = await fixedRate(
      async () => {
        const r = await issue(base, sent, bodySent, '05');
        if (r.ok) issuedIds.push(r.id);
        return r;
      },
      50,
      SECONDS,
    );
    summarize('Issue 3-line factura "#", sent and accepted (fixed 50/s)', fixed.latencies, fixed.seconds, {
      note: fixed.failures ? `${fixed.failures} failed` : '',
    });

    // Not-sent documents also fill the day that the list scenario reads.
    before = cpuSnapshot(api, sim);
    let made = 0;
    const started = performance.now();
    const notSentLatencies: number[] = [];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (made < DOCS) {
          made += 1;
          const r = await issue(base, listed, bodyNotSent, '01');
          if (r.ok) notSentLatencies.push(r.ms);
        }
      }),
    );
    after = cpuSnapshot(api, sim);
    summarize('Issue 3-line factura "#", not sent', notSentLatencies, (performance.now() - started) / 1000, {
      cpu: cpuPerDoc(before, after, notSentLatencies.length),
    });

    const listLatencies: number[] = [];
    let rowsListed = 0;
    let bytes = 0;
    const listStarted = performance.now();
    for (let i = 0; i < (quick ? 3 : 10); i += 1) {
      const r = await request(base, 'GET', `/api/documents/lists/${today}/${today}`, tenantHeaders(listed));
      if (r.status === 200) {
        listLatencies.push(r.ms);
        rowsListed = JSON.parse(r.body.toString()).data.length;
        bytes = r.body.length;
      }
    }
    summarize(
      `List a day (${rowsListed.toLocaleString('en')} documents, ${(bytes / 1024 / 1024).toFixed(1)} MB JSON)`,
      listLatencies,
      (performance.now() - listStarted) / 1000,
    );

    const pick = () => issuedIds[Math.floor(Math.random() * issuedIds.length)];
    const xml = await saturate(
      async () => {
        const r = await request(base, 'GET', `/downloads/document/xml/${pick()}`, { host: sent.hostname });
        return { ok: r.status === 200, ms: r.ms };
      },
      Math.max(2, SECONDS / 3),
      8,
    );
    summarize('Download signed XML', xml.latencies, xml.seconds);
    let cursor = 0;
    const pdfCold = await saturate(
      async () => {
        const id = issuedIds[cursor++ % issuedIds.length];
        const r = await request(base, 'GET', `/downloads/document/pdf/${id}`, { host: sent.hostname });
        return { ok: r.status === 200, ms: r.ms };
      },
      Math.max(2, SECONDS / 3),
      8,
    );
    summarize('Download PDF, first request (rendered and cached)', pdfCold.latencies, pdfCold.seconds);
    const rendered = issuedIds.slice(0, Math.min(cursor, issuedIds.length));
    const pdfWarm = await saturate(
      async () => {
        const r = await request(
          base,
          'GET',
          `/downloads/document/pdf/${rendered[Math.floor(Math.random() * rendered.length)]}`,
          { host: sent.hostname },
        );
        return { ok: r.status === 200, ms: r.ms };
      },
      Math.max(2, SECONDS / 3),
      8,
    );
    summarize('Download PDF, cached', pdfWarm.latencies, pdfWarm.seconds);

    const simStats = await stats(sim.url);
    const memory = rssMb(api.pid);
    const simMemory = rssMb(sim.pid);
    console.log(
      `SUNAT simulator: ${simStats.received} received, ${simStats.accepted} accepted, ${simStats.duplicates} duplicates`,
    );
    console.log(
      `Memory: API RSS ${memory.rss.toFixed(0)} MB (peak ${memory.peak.toFixed(0)} MB), simulator RSS ${simMemory.rss.toFixed(0)} MB (peak ${simMemory.peak.toFixed(0)} MB)`,
    );

    for (const p of procs) await p.stop();
    const core = execFileSync(process.execPath, ['--import', 'tsx', 'bench/core.ts'], { cwd: ROOT, encoding: 'utf8' });
    const pdf = execFileSync(process.execPath, ['--import', 'tsx', 'bench/pdf.ts', ...(quick ? ['--quick'] : [])], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    console.log(core);
    console.log(pdf);

    const cpuModel = cpus()[0]?.model ?? 'unknown CPU';
    const table = [
      '| Scenario | Requests | Throughput (/s) | p50 (ms) | p95 (ms) | p99 (ms) | Notes |',
      '|---|---:|---:|---:|---:|---:|---|',
      ...rows.map(
        (r) =>
          `| ${r.scenario} | ${r.n} | ${r.perSecond.toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${[r.cpu, r.note].filter(Boolean).join('; ')} |`,
      ),
    ].join('\n');
    console.log(`\n${table}\n`);
    if (!args.has('no-write')) {
      const doc = `# Performance

Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: **${cpuModel}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB**
(shared by the API, the SUNAT simulator, PostgreSQL ${'and'} the load driver; load average at the end
${loadavg()
  .map((l) => l.toFixed(2))
  .join(' / ')}). The API and the simulator run as separate processes (SUNAT is remote in
real life), PostgreSQL is the machine's server, ${SECONDS} s per timed scenario${quick ? ' (quick run)' : ''}. These machines are shared and noisy:
compare runs on the same machine, not across machines.

${table}

Memory: API RSS ${memory.rss.toFixed(0)} MB (peak ${memory.peak.toFixed(0)} MB); simulator RSS ${simMemory.rss.toFixed(0)} MB (peak ${simMemory.peak.toFixed(0)} MB).
SUNAT simulator counters: ${simStats.received} received, ${simStats.accepted} accepted, ${simStats.duplicates} duplicates.

Targets (issue 10, this 2-core machine): at least 150 issued and accepted invoices per second at saturation, and p99
under 100 ms at 50/s.

## Document core (\`npm run bench:core\`)

\`\`\`
${core.trim()}
\`\`\`

## PDF (\`npm run bench:pdf\`)

\`\`\`
${pdf.trim()}
\`\`\`
`;
      writeFileSync(join(ROOT, 'docs/performance.md'), doc);
      console.log('wrote docs/performance.md');
    }
  } finally {
    for (const p of procs) await p.stop();
  }
}

await main();
process.exit(0);
