// npm run drill:move — a company moved to another PostgreSQL server while it issues documents (docs/scaling.md).
// Two throw-away clusters (bench/clusters.ts: pg_createcluster, wal_level=logical): A holds central and the company,
// B is added with `database:add`. Two API processes (each with its worker; one lets held requests wait 5 s, the other
// 100 ms before its 503) and the SUNAT simulator run against A.
//  1. a move killed (SIGKILL) in the middle of its copy: the company keeps issuing on A, and the next move undoes
//     what the dead one built;
//  2. 150 documents issued over HTTP (each with its Idempotency-Key, a 503 retried after its Retry-After) while
//     `tenant:move --to b` runs: every answered document is on B, numbers 1…150 without gap or repeat, every
//     download (XML, CDR, PDF) intact, only brief 503s with Retry-After, and no other 5xx;
//  3. the old copy on A is fenced (a write is refused with FM001); the company moves back to A while it issues (the
//     fenced copy there is dropped first), `database:prune --all` drops B's copy, nothing of the replication is left
//     on either server, and `database:remove b` is accepted once B is empty.
// Prints its figures (documents issued during the move, the hold, 503s, durations). Exit code 1 on any failure,
// including clusters that cannot be created.
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createCluster, createDatabase, type Cluster } from './clusters.ts';
import {
  invoiceBody,
  limaToday,
  provision,
  request,
  ROOT,
  startApi,
  startArgs,
  startSimulator,
  type BenchTenant,
  type Proc,
  type Reply,
} from './harness.ts';

const DOCUMENTS = 150;
const CLIENTS = 4;
/** Documents answered before the move starts: the move then runs under load. */
const MOVE_AFTER = 25;
const SECRETS_KEY = '0'.repeat(64);
let failures = 0;

function check(name: string, ok: boolean, detail = ''): void {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
  if (!ok) failures += 1;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `npx facturo …` against central on A, as a separate process. */
function facturo(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(ROOT, 'bin', 'facturo.mjs'), ...args],
      { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 180_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

interface Issued {
  index: number;
  status: number;
  number: number | null;
  externalId: string | null;
  links: Record<string, string>;
  attempts: Reply[];
  answeredAt: number;
  retryAfterMissing: number;
}

/** One document, asked again after each 503's Retry-After with the same Idempotency-Key, until answered. */
async function issue(apis: Proc[], tenant: BenchTenant, index: number, body: string): Promise<Issued> {
  const attempts: Reply[] = [];
  let retryAfterMissing = 0;
  for (;;) {
    const api = apis[(index + attempts.length) % apis.length];
    const headers = { ...tenantHeadersOf(tenant), 'idempotency-key': `move-drill-${index}` };
    const reply = await request(api.url, 'POST', '/api/documents', headers, body);
    attempts.push(reply);
    if (reply.status === 503 && attempts.length < 30) {
      const after = Number(reply.headers?.['retry-after']);
      if (!Number.isFinite(after) || after <= 0) retryAfterMissing += 1;
      await sleep((Number.isFinite(after) && after > 0 ? after : 1) * 1000);
      continue;
    }
    const data = reply.status === 200 ? JSON.parse(reply.body.toString()) : null;
    return {
      index,
      status: reply.status,
      number: data ? Number(String(data.data.number).split('-')[1]) : null,
      externalId: data?.data.external_id ?? null,
      links: data?.links ?? {},
      attempts,
      answeredAt: Date.now(),
      retryAfterMissing,
    };
  }
}

function tenantHeadersOf(t: BenchTenant): Record<string, string> {
  return { host: t.hostname, authorization: `Bearer ${t.token}`, 'content-type': 'application/json' };
}

async function rows<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const clusters: Cluster[] = [];
  const procs: Proc[] = [];
  let dir = '';
  const dropAll = async () => {
    for (const p of procs) await p.stop().catch(() => undefined);
    for (const c of clusters)
      await c.drop().catch((error) => console.error(`  cannot drop cluster ${c.name}: ${error}`));
  };
  const onSignal = () => void dropAll().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    console.log(`Move drill — ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}`);
    const tag = `facturo_move_${process.pid}`;
    // Both settle before going on: one that failed must not leave the other one behind undropped.
    const creating = Promise.allSettled([createCluster(`${tag}_a`), createCluster(`${tag}_b`)]);
    startArgs(); // the API's build, while the clusters are being made
    const made = await creating;
    for (const m of made) if (m.status === 'fulfilled') clusters.push(m.value);
    for (const m of made) if (m.status === 'rejected') throw m.reason;
    const [a, b] = clusters;
    const [urlA, urlB] = await Promise.all([createDatabase(a, 'facturo'), createDatabase(b, 'facturo')]);
    console.log(
      `  clusters ${a.version}/${a.name} :${a.port} and ${b.version}/${b.name} :${b.port} (${Date.now() - started} ms)`,
    );

    dir = mkdtempSync(join(tmpdir(), 'facturo-move-drill-'));
    const simulator = await startSimulator(await freeLocalPort(), join(dir, 'sunat.jsonl'));
    procs.push(simulator);
    // The first process lets a held request wait up to 5 s (it is answered after the flip); the second only 100 ms
    // (it is answered 503 with Retry-After, and asked again).
    const env = (wait: string) => ({ SECRETS_KEY, TENANT_MOVE_WAIT_MS: wait, SUNAT_TIMEOUT_MS: '3000' });
    const storageDir = join(dir, 'storage');
    const apis = await Promise.all(
      ['5000', '100'].map(async (wait) =>
        startApi({
          port: await freeLocalPort(),
          databaseUrl: urlA,
          simulatorUrl: simulator.url,
          storageDir,
          env: env(wait),
        }),
      ),
    );
    procs.push(...apis);
    const tenant = await provision(urlA, 'mover', '20000000001');
    const cli = { DATABASE_URL: urlA, SECRETS_KEY, LOG_LEVEL: 'warn' };

    const at = () => `${Math.round((Date.now() - started) / 1000)} s`;
    console.log(`database:add / database:list (${at()})`);
    const added = await facturo(cli, 'database:add', 'b', urlB.replace('postgres@', 'postgres:s3cret-pass@'));
    check('database:add b answers 0', added.code === 0, added.stderr.trim());
    check('database:add never prints the password', !`${added.stdout}${added.stderr}`.includes('s3cret-pass'));
    const listed = await facturo(cli, 'database:list', '--json');
    const servers = JSON.parse(listed.stdout || '[]') as { name: string; url: string; companies: number }[];
    check(
      'database:list shows default (1 company) and b (0), the password masked',
      servers.length === 2 && servers[0].companies === 1 && servers[1].name === 'b' && servers[1].url.includes('***'),
      listed.stdout.trim(),
    );
    const sealed = await rows<{ url_sealed: string }>(urlA, 'SELECT url_sealed FROM central.database_servers');
    check('the URL is sealed at rest', sealed.length === 1 && !sealed[0].url_sealed.includes('s3cret'));
    const taxed = invoiceBody('01-taxed.json', limaToday());
    const body = JSON.stringify({ ...taxed, serie_documento: 'F001', numero_documento: '#' });

    // 1 ----------------------------------------------------------------------------------------------------------
    console.log(`Move 1 — killed during its copy (${at()})`);
    const doomed = spawn(
      process.execPath,
      [join(ROOT, 'bin', 'facturo.mjs'), 'tenant:move', '--subdomain', 'mover', '--to', 'b', '--json'],
      { cwd: ROOT, env: { ...process.env, ...cli }, stdio: 'ignore' },
    );
    const killedAt = await waitUntil(8_000, async () => {
      const subs = await rows(urlB, 'SELECT 1 FROM pg_subscription').catch(() => []);
      return subs.length > 0;
    });
    doomed.kill('SIGKILL');
    await new Promise((r) => doomed.once('exit', r));
    check('the mover was killed during its copy', killedAt);
    const whereAfterKill = await rows<{ database_server: string }>(urlA, 'SELECT database_server FROM central.tenants');
    check('the company is still on default', whereAfterKill[0]?.database_server === 'default');
    const during = await issue(apis, tenant, 10_000, body);
    check('it keeps issuing meanwhile', during.status === 200, `HTTP ${during.status}`);

    // 2 ----------------------------------------------------------------------------------------------------------
    console.log(`Move 2 — ${DOCUMENTS} documents issued over HTTP while the company moves to b (${at()})`);
    const issued: Issued[] = [];
    let next = 0;
    let moveStarted = 0;
    let moveEnded = 0;
    let move: Promise<{ code: number; stdout: string; stderr: string }> | null = null;
    const client = async () => {
      while (next < DOCUMENTS) {
        const index = next++;
        const result = await issue(apis, tenant, index, body);
        issued.push(result);
        if (!move && issued.length >= MOVE_AFTER) {
          moveStarted = Date.now();
          move = facturo(
            cli,
            'tenant:move',
            '--subdomain',
            'mover',
            '--to',
            'b',
            '--json',
            '--grace-minutes',
            '10',
          ).then((r) => {
            moveEnded = Date.now();
            return r;
          });
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
    const moved = await (move ?? Promise.resolve({ code: -1, stdout: '', stderr: 'never started' }));
    const report = moved.code === 0 ? JSON.parse(moved.stdout) : null;
    check('tenant:move answers 0', moved.code === 0, moved.stderr.trim().split('\n').slice(-3).join(' | '));
    const where = await rows<{ database_server: string }>(urlA, 'SELECT database_server FROM central.tenants');
    check('central has the company on b', where[0]?.database_server === 'b');
    const failedMoves = await rows<{ state: string }>(urlA, 'SELECT state FROM central.tenant_moves ORDER BY id');
    check(
      'the killed move was undone (failed), the second one done',
      failedMoves.map((m) => m.state).join(',') === 'failed,done',
      failedMoves.map((m) => m.state).join(','),
    );

    const answered = issued.filter((d) => d.status === 200);
    const statuses = issued.flatMap((d) => d.attempts.map((r) => r.status));
    const unavailable = statuses.filter((s) => s === 503).length;
    const otherErrors = statuses.filter((s) => s !== 200 && s !== 503);
    check(`every one of the ${DOCUMENTS} documents answered 200`, answered.length === DOCUMENTS, `${answered.length}`);
    check(
      'no answer but 200 and 503 (no other 5xx, no dropped connection)',
      otherErrors.length === 0,
      otherErrors.join(','),
    );
    check(
      'every 503 carried Retry-After',
      issued.every((d) => d.retryAfterMissing === 0),
    );

    const schema = tenant.schema;
    const onB = await rows<{ number: number; external_id: string; state_type_id: string }>(
      urlB,
      `SELECT number, external_id::text, state_type_id FROM "${schema}"."documents" WHERE serie = 'F001' ORDER BY number`,
    );
    const expected = DOCUMENTS + 1; // and the one issued after the killed move
    check(
      `b holds every answered document of F001, and only those (${expected})`,
      onB.length === expected &&
        [...answered, during].every((d) => onB.some((row) => row.external_id === d.externalId)),
      `${onB.length} rows`,
    );
    check(
      'numbers 1…N without gap or repeat',
      onB.every((row, i) => row.number === i + 1),
      `${onB[0]?.number}…${onB.at(-1)?.number}`,
    );
    const numbers = new Set(answered.map((d) => d.number));
    check('each answer a number of its own', numbers.size === answered.length);

    // Sends whose answer met the fence are the workers' now, on b: every document ends accepted.
    const accepted = await waitUntil(60_000, async () => {
      const states = await rows<{ n: number }>(
        urlB,
        `SELECT count(*)::int AS n FROM "${schema}"."documents" WHERE state_type_id <> '05'`,
      );
      return states[0].n === 0;
    });
    check('every document ends accepted by SUNAT (sends after the flip go to b)', accepted);

    const files = await rows<{ external_id: string; kind: string; sha256: string }>(
      urlB,
      `SELECT d.external_id::text, f.kind, f.sha256 FROM "${schema}"."documents" d JOIN "${schema}"."document_files" f ON f.document_id = d.id`,
    );
    const sha = new Map(files.map((f) => [`${f.external_id}:${f.kind}`, f.sha256]));
    let intact = 0;
    const broken: string[] = [];
    for (const doc of answered) {
      const got = await Promise.all(
        (['xml', 'cdr', 'pdf'] as const).map(async (kind) => {
          const link = new URL(doc.links[kind]);
          const reply = await request(apis[doc.index % 2].url, 'GET', link.pathname, { host: link.host });
          return { kind, reply };
        }),
      );
      const ok = got.every(({ kind, reply }) => {
        if (reply.status !== 200) return false;
        if (kind === 'pdf') return reply.body.subarray(0, 5).toString() === '%PDF-' && reply.body.includes('%%EOF');
        const digest = createHash('sha256').update(reply.body).digest('hex');
        return digest === sha.get(`${doc.externalId}:${kind}`);
      });
      if (ok) intact += 1;
      else broken.push(`${doc.number}: ${got.map((g) => `${g.kind} ${g.reply.status}`).join(' ')}`);
    }
    check(
      'every download intact (XML and CDR as stored, PDF whole)',
      intact === answered.length,
      broken.slice(0, 3).join('; '),
    );

    const next1 = await issue(apis, tenant, 20_000, body);
    check('the next document continues the numbering on b', next1.number === expected + 1, `${next1.number}`);

    // 3 ----------------------------------------------------------------------------------------------------------
    console.log(`The old copy, and back to default (${at()})`);
    const fenced = await rows(
      urlA,
      `INSERT INTO "${schema}"."series" (document_type, serie) VALUES ('01', 'F999')`,
    ).then(
      () => 'written',
      (error: { code?: string }) => error.code ?? 'error',
    );
    check('a write that still reached A is refused (FM001)', fenced === 'FM001', fenced);
    const removal = await facturo(cli, 'database:remove', 'b');
    check('database:remove b is refused while the company lives there', removal.code !== 0, removal.stderr.trim());

    // Back to A while issuing: the fenced copy still there (its grace not over) is dropped first.
    const back = facturo(cli, 'tenant:move', '--subdomain', 'mover', '--to', 'default', '--json');
    let backDone = false;
    void back.then(() => {
      backDone = true;
    });
    const issuedBack: Issued[] = [];
    for (let index = 30_000; !backDone; index += 1) issuedBack.push(await issue(apis, tenant, index, body));
    const movedBack = await back;
    check('tenant:move back to default answers 0', movedBack.code === 0, movedBack.stderr.trim().split('\n').at(-1));
    const home = await rows<{ database_server: string }>(urlA, 'SELECT database_server FROM central.tenants');
    check('central has the company on default again', home[0]?.database_server === 'default');
    const onA = await rows<{ number: number; external_id: string }>(
      urlA,
      `SELECT number, external_id::text FROM "${schema}"."documents" WHERE serie = 'F001' ORDER BY number`,
    );
    const total = expected + 1 + issuedBack.length;
    check(
      `A holds every document, those issued on the way back too (${total}), numbers 1…${total} in order`,
      issuedBack.every((d) => d.status === 200 && onA.some((row) => row.external_id === d.externalId)) &&
        onA.length === total &&
        onA.every((row, i) => row.number === i + 1),
      `${issuedBack.length} issued while moving back, ${onA.length} rows, last ${onA.at(-1)?.number}`,
    );

    const pruned = await facturo(cli, 'database:prune', '--all', '--json');
    check(
      "database:prune --all drops B's old copy (A's was dropped by the move back)",
      pruned.code === 0 && JSON.parse(pruned.stdout).dropped.length === 1,
      pruned.stdout.trim(),
    );
    const copies = await rows<{ n: number }>(urlB, 'SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = $1', [
      schema,
    ]);
    check('B no longer has the schema', copies[0].n === 0);
    const leftovers = [
      ...(await rows(urlA, 'SELECT slot_name FROM pg_replication_slots')),
      ...(await rows(urlA, 'SELECT pubname FROM pg_publication')),
      ...(await rows(urlB, 'SELECT slot_name FROM pg_replication_slots')),
      ...(await rows(urlB, 'SELECT pubname FROM pg_publication')),
      ...(await rows(urlA, 'SELECT subname FROM pg_subscription')),
      ...(await rows(urlB, 'SELECT subname FROM pg_subscription')),
    ];
    check(
      'no slot, publication or subscription left on either server',
      leftovers.length === 0,
      JSON.stringify(leftovers),
    );
    const removed = await facturo(cli, 'database:remove', 'b');
    check('database:remove b, now empty', removed.code === 0, removed.stderr.trim());

    // Figures --------------------------------------------------------------------------------------------------
    const duringMove = answered.filter((d) => d.answeredAt >= moveStarted && d.answeredAt <= moveEnded).length;
    const slowest = Math.max(...issued.flatMap((d) => d.attempts.map((r) => r.ms)));
    console.log('Figures');
    console.log(`  documents answered while tenant:move ran: ${duringMove} of ${DOCUMENTS}`);
    console.log(
      `  move: ${moveEnded - moveStarted} ms as a command (copy ${report?.copyMs} ms, total ${report?.totalMs} ms)`,
    );
    console.log(
      `  hold: ${report?.holdMs} ms (drain ${report?.drainMs} ms, ${report?.acknowledged}/${report?.listeners} processes acknowledged; fence→flip ${report?.fenceMs} ms)`,
    );
    console.log(`  503 answers: ${unavailable} (all with Retry-After); slowest request ${Math.round(slowest)} ms`);
    console.log(
      `  drill: ${Math.round((Date.now() - started) / 1000)} s; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' / ')}`,
    );
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await dropAll();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

async function waitUntil(timeoutMs: number, done: () => Promise<boolean>): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await done()) return true;
    await sleep(20);
  }
  return false;
}

function freeLocalPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

main().then(
  () => {
    console.log(failures ? `\nmove drill: ${failures} check(s) failed` : '\nmove drill: every check passed');
    process.exit(failures ? 1 : 0);
  },
  (error) => {
    console.error(`move drill failed: ${error?.stack ?? error}`);
    process.exit(1);
  },
);
