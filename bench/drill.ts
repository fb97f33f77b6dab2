// npm run drill — reliability drills against real processes (two API servers, the SUNAT simulator, PostgreSQL):
//  1. numbering: two API processes, N concurrent "#" on one series → N distinct consecutive numbers;
//  2. SUNAT down during load → every document ends accepted after it returns, each received once;
//  3. kill -9 of an API process during load → every 200-answered document exists with its files, pending ones are
//     completed after the restart, no number used twice or skipped;
//  4. malformed and hostile bodies → zero 5xx, zero numbers consumed, zero rows written;
//  5. tenant isolation probes → nothing leaks;
//  6–8. database sessions terminated under load, a PostgreSQL restart under load, number collisions (drill-faults.ts).
// `--short` (CI): smaller counts and a 3 s outage. Each drill prints what it checked; exit code 1 on any failure.
// DRILL_DATABASE and DRILL_PORT (first of four consecutive ports) let two runs share a machine.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  freshDatabase,
  invoiceBody,
  limaToday,
  provision,
  request,
  startApi,
  startSimulator,
  stats,
  tenantHeaders,
  type BenchTenant,
  type Proc,
} from './harness.ts';
import { hostileBodies } from './hostile.ts';
import { checkCompleted, drillConnectionKills, drillNumberCollision, drillPostgresRestart } from './drill-faults.ts';

const short = process.argv.includes('--short');
const N_NUMBERING = 200;
const OUTAGE_MS = short ? 3_000 : 30_000;
const HOSTILE = short ? 500 : 5_000;
const today = limaToday();
const DATABASE = process.env.DRILL_DATABASE ?? 'facturo_drill';
const PORT = Number(process.env.DRILL_PORT ?? 18180);
let failures = 0;

function check(name: string, ok: boolean, detail = ''): void {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
  if (!ok) failures += 1;
}

async function until(what: string, fn: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await fn()) return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  console.log(`  (gave up waiting: ${what})`);
  return false;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'facturo-drill-'));
  const databaseUrl = await freshDatabase(DATABASE);
  const storageDir = join(dir, 'storage');
  const simData = join(dir, 'sunat.jsonl');
  let sim = await startSimulator(PORT + 9, simData);
  // Short SOAP timeout: a send lease (3 × timeout + 10 s) ends quickly after a crash. The application_name marks
  // the API processes' sessions: drill 6 terminates those and no other.
  const applicationName = `facturo-drill-${process.pid}`;
  const apiEnv = { SUNAT_TIMEOUT_MS: '3000', DATABASE_APPLICATION_NAME: applicationName };
  const api1 = await startApi({ port: PORT, databaseUrl, simulatorUrl: sim.url, storageDir, env: apiEnv });
  const api2 = await startApi({ port: PORT + 1, databaseUrl, simulatorUrl: sim.url, storageDir, env: apiEnv });
  let first: Proc = api1;
  const adopted: Proc[] = [];
  const procs = () => [first, api2, ...adopted, sim];
  const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  try {
    const a = await provision(databaseUrl, 'drilla', '20000000001');
    const b = await provision(databaseUrl, 'drillb', '20100070970');
    const taxed = invoiceBody('01-taxed.json', today);
    const bodyFor = (serie: string, send: boolean, extra: Record<string, unknown> = {}) =>
      JSON.stringify({ ...taxed, serie_documento: serie, acciones: { enviar_xml_firmado: send }, ...extra });
    const numbersOf = async (t: BenchTenant, serie: string) =>
      (
        await db.query<{ number: number; state_type_id: string; filename: string; external_id: string }>(
          `SELECT number, state_type_id, filename, external_id FROM "${t.schema}"."documents" WHERE serie = $1 ORDER BY number`,
          [serie],
        )
      ).rows;

    // 1 ------------------------------------------------------------------------------------------------------
    console.log(`Drill 1 — numbering: ${N_NUMBERING} concurrent "#" on one series, split over two API processes`);
    const body1 = bodyFor('F501', false);
    const replies = await Promise.all(
      Array.from({ length: N_NUMBERING }, (_, i) =>
        request(i % 2 ? api2.url : first.url, 'POST', '/api/documents', tenantHeaders(a), body1),
      ),
    );
    const numbers = replies
      .filter((r) => r.status === 200)
      .map((r) => Number(JSON.parse(r.body.toString()).data.number.split('-')[1]))
      .sort((x, y) => x - y);
    check('every request answered 200', numbers.length === N_NUMBERING, `${numbers.length}/${N_NUMBERING}`);
    check(
      'numbers are distinct and consecutive from 1',
      numbers.every((n, i) => n === i + 1),
      `${numbers[0]}..${numbers.at(-1)}`,
    );

    // 2 ------------------------------------------------------------------------------------------------------
    console.log(`Drill 2 — SUNAT down for ${OUTAGE_MS / 1000} s during load`);
    await sim.stop();
    const issuedDuringOutage: string[] = [];
    const outageEnd = Date.now() + OUTAGE_MS;
    while (Date.now() < outageEnd) {
      const batch = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          request(i % 2 ? api2.url : first.url, 'POST', '/api/documents', tenantHeaders(a), bodyFor('F502', true)),
        ),
      );
      for (const r of batch)
        if (r.status === 200) issuedDuringOutage.push(JSON.parse(r.body.toString()).data.state_type_id);
      await new Promise((r) => setTimeout(r, 250));
    }
    check(
      'documents issued while SUNAT was down were answered 200 in state 01',
      issuedDuringOutage.length > 0 && issuedDuringOutage.every((s) => s === '01'),
      `${issuedDuringOutage.length} documents`,
    );
    sim = await startSimulator(PORT + 9, simData);
    const accepted2 = await until(
      'all F502 accepted',
      async () => (await numbersOf(a, 'F502')).every((d) => d.state_type_id === '05'),
      short ? 90_000 : 180_000,
    );
    const docs2 = await numbersOf(a, 'F502');
    check(
      'every document ends accepted after SUNAT returns',
      accepted2,
      `${docs2.filter((d) => d.state_type_id === '05').length}/${docs2.length} in 05`,
    );
    const s2 = await stats(sim.url);
    const receipts2 = docs2.map(
      (d) => s2.documents.find((x: { fileName: string }) => x.fileName.startsWith(d.filename))?.receipts ?? 0,
    );
    check(
      'each was received by SUNAT exactly once',
      receipts2.every((n) => n === 1),
      `receipts: ${[...new Set(receipts2)].join(',')}`,
    );

    // 3 ------------------------------------------------------------------------------------------------------
    console.log('Drill 3 — kill -9 of an API process during load');
    const answered: string[] = [];
    let stopLoad = false;
    const load = Promise.all(
      Array.from({ length: 8 }, async () => {
        while (!stopLoad) {
          const r = await request(first.url, 'POST', '/api/documents', tenantHeaders(a), bodyFor('F503', true));
          if (r.status === 200) answered.push(JSON.parse(r.body.toString()).data.external_id);
          if (r.status === 0) await new Promise((res) => setTimeout(res, 50));
        }
      }),
    );
    await new Promise((r) => setTimeout(r, 1500));
    first.child.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 500));
    stopLoad = true;
    await load;
    first = await startApi({ port: PORT, databaseUrl, simulatorUrl: sim.url, storageDir, env: apiEnv });
    const completed = await until(
      'all F503 leave 01',
      async () => (await numbersOf(a, 'F503')).every((d) => d.state_type_id !== '01'),
      120_000,
    );
    const docs3 = await numbersOf(a, 'F503');
    const ids3 = new Set(docs3.map((d) => d.external_id));
    check(
      'every document answered 200 before the kill exists',
      answered.every((id) => ids3.has(id)),
      `${answered.length} answered, ${docs3.length} stored`,
    );
    let filesOk = 0;
    for (const id of answered) {
      const xml = await request(first.url, 'GET', `/downloads/document/xml/${id}`, { host: a.hostname });
      const cdr = await request(first.url, 'GET', `/downloads/document/cdr/${id}`, { host: a.hostname });
      if (xml.status === 200 && cdr.status === 200) filesOk += 1;
    }
    check('each has its signed XML and CDR', filesOk === answered.length, `${filesOk}/${answered.length}`);
    check(
      'pending documents were completed after the restart',
      completed && docs3.every((d) => d.state_type_id === '05'),
      `${docs3.filter((d) => d.state_type_id === '05').length}/${docs3.length} in 05`,
    );
    check(
      'no number used twice or skipped',
      docs3.every((d, i) => d.number === i + 1),
      `${docs3.length} numbers, last ${docs3.at(-1)?.number}`,
    );
    const s3 = await stats(sim.url);
    const receipts3 = docs3.map(
      (d) => s3.documents.find((x: { fileName: string }) => x.fileName.startsWith(d.filename))?.receipts ?? 0,
    );
    check(
      'none was received by SUNAT twice',
      receipts3.every((n) => n <= 1),
      `receipts: ${[...new Set(receipts3)].join(',')}`,
    );

    // 4 ------------------------------------------------------------------------------------------------------
    console.log(`Drill 4 — ${HOSTILE} malformed or hostile bodies`);
    const count = async () =>
      (
        await db.query(
          `SELECT (SELECT count(*) FROM "${a.schema}"."documents")::int AS docs, (SELECT coalesce(sum(last_number), 0) FROM "${a.schema}"."series")::int AS numbers, (SELECT count(*) FROM "${a.schema}"."series")::int AS series`,
        )
      ).rows[0];
    const before = await count();
    const statuses = new Map<number, number>();
    const bodies = hostileBodies(taxed, HOSTILE);
    for (let i = 0; i < bodies.length; i += 16) {
      const batch = await Promise.all(
        bodies
          .slice(i, i + 16)
          .map((body, j) =>
            request(
              (i + j) % 2 ? api2.url : first.url,
              'POST',
              '/api/documents',
              { ...tenantHeaders(a), ...(body.contentType ? { 'content-type': body.contentType } : {}) },
              body.payload,
            ),
          ),
      );
      for (const r of batch) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    }
    const after = await count();
    const fiveXX = [...statuses].filter(([s]) => s >= 500 || s === 0).reduce((n, [, c]) => n + c, 0);
    check('zero 5xx (and no dropped connection)', fiveXX === 0, [...statuses].map(([s, c]) => `${s}×${c}`).join(' '));
    check(
      'zero rows written',
      after.docs === before.docs && after.series === before.series,
      `documents ${before.docs}→${after.docs}, series ${before.series}→${after.series}`,
    );
    check(
      'zero numbers consumed',
      after.numbers === before.numbers,
      `Σ last_number ${before.numbers}→${after.numbers}`,
    );

    // 5 ------------------------------------------------------------------------------------------------------
    console.log('Drill 5 — tenant isolation probes');
    const aDoc = JSON.parse(
      (await request(first.url, 'POST', '/api/documents', tenantHeaders(a), bodyFor('F504', true))).body.toString(),
    ).data;
    const bHeaders = tenantHeaders(b);
    const probes: [string, Promise<number>, number][] = [
      [
        "A's token on B's host",
        request(first.url, 'GET', '/api/documents/lists', { ...bHeaders, authorization: `Bearer ${a.token}` }).then(
          (r) => r.status,
        ),
        401,
      ],
      [
        "B's token on A's host",
        request(first.url, 'GET', '/api/documents/lists', {
          ...tenantHeaders(a),
          authorization: `Bearer ${b.token}`,
        }).then((r) => r.status),
        401,
      ],
      [
        "A's XML on B's host",
        request(first.url, 'GET', `/downloads/document/xml/${aDoc.external_id}`, { host: b.hostname }).then(
          (r) => r.status,
        ),
        404,
      ],
      [
        "A's PDF on B's host",
        request(first.url, 'GET', `/downloads/document/pdf/${aDoc.external_id}`, { host: b.hostname }).then(
          (r) => r.status,
        ),
        404,
      ],
      [
        "A's CDR on B's host",
        request(first.url, 'GET', `/downloads/document/cdr/${aDoc.external_id}`, { host: b.hostname }).then(
          (r) => r.status,
        ),
        404,
      ],
      [
        "B sends A's document",
        request(
          first.url,
          'POST',
          '/api/documents/send',
          bHeaders,
          JSON.stringify({ external_id: aDoc.external_id }),
        ).then((r) => r.status),
        404,
      ],
      [
        "B changes A's state",
        request(
          first.url,
          'POST',
          '/api/documents/updatedocumentstatus',
          bHeaders,
          JSON.stringify({ external_id: aDoc.external_id, state_type_id: '11' }),
        ).then((r) => r.status),
        404,
      ],
      [
        'unknown tenant host',
        request(first.url, 'GET', '/api/documents/lists', { ...bHeaders, host: 'nadie.localhost' }).then(
          (r) => r.status,
        ),
        404,
      ],
      [
        'tenant token on the admin host',
        request(first.url, 'GET', '/api/tenants', { host: 'admin.localhost', authorization: `Bearer ${a.token}` }).then(
          (r) => r.status,
        ),
        401,
      ],
    ];
    for (const [name, status, expected] of probes) {
      const got = await status;
      check(name, got === expected, `HTTP ${got}`);
    }
    const bList = JSON.parse(
      (await request(first.url, 'GET', `/api/documents/lists/${today}/${today}`, bHeaders)).body.toString(),
    );
    check("B's list shows none of A's documents", bList.data.length === 0, `${bList.data.length} rows`);
    const aState = (
      await db.query(`SELECT state_type_id FROM "${a.schema}"."documents" WHERE external_id = $1`, [aDoc.external_id])
    ).rows[0]?.state_type_id;
    check("A's document is untouched", aState === '05', `state ${aState}`);

    // 6–8 ----------------------------------------------------------------------------------------------------
    const faults = {
      short,
      check,
      until,
      db,
      databaseUrl,
      simulatorUrl: () => sim.url,
      storageDir,
      apiEnv,
      applicationName,
      apis: () => [first, api2],
      sparePort: PORT + 2,
      tenant: a,
      bodyFor,
      adopt: (p: Proc) => void adopted.push(p),
    };
    const faultsStarted = Date.now();
    await drillConnectionKills(faults);
    await drillPostgresRestart(faults);
    await drillNumberCollision(faults);
    await checkCompleted(faults, ['F506', 'F508'], short ? 60_000 : 180_000);
    console.log(`  (drills 6–8 took ${((Date.now() - faultsStarted) / 1000).toFixed(1)} s)`);
  } finally {
    await db.end();
    for (const p of procs()) await p.stop();
  }
  console.log(failures ? `drills: ${failures} check(s) failed` : 'drills: all checks passed');
  process.exit(failures ? 1 : 0);
}

await main();
