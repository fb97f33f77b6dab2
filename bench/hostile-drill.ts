// Drill 4 of `npm run drill` — hostile input against real API processes (bench/drill.ts runs it; alone:
// `node --import tsx bench/hostile-drill.ts [--short]` starts its own database, simulator and two API processes):
//  a. the mutation fuzz of every field of every endpoint's example bodies (bench/hostile.ts), split over the two
//     processes: no 5xx, every refusal a clear error, nothing written by a refused body, no number consumed;
//     a spread of the cases (round-robin over endpoint × class, every field before any again): `--short` (CI)
//     SHORT_CASES of them, the full form FULL_CASES, `--all` every one (≈230,000: hours on two cores);
//  b. ten parallel tokenless 136 MB posts to /api/whatsapp-notify/media: refused from their headers, the process's
//     memory unchanged and /health/live answering meanwhile.
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadExamples } from '../src/api/examples.ts';
import { fuzzChecks, readLedger, runFuzz, tallyLines, type FuzzAnswer } from './fuzz.ts';
import {
  freshDatabase,
  limaToday,
  provision,
  request,
  rssMb,
  startApi,
  startSimulator,
  tenantHeaders,
  type BenchTenant,
  type Proc,
} from './harness.ts';
import { fuzzEndpoints, prepareSettingsWorld, rucFrom, type FuzzAuth, type FuzzWorld } from './hostile-endpoints.ts';
import { hostileBodies, mutationCases, sampleCases, type FuzzCase } from './hostile.ts';
import { uploadCases } from './hostile-uploads.ts';

const SHORT_CASES = 3_000;
const FULL_CASES = 40_000;
const ADMIN = { email: 'drill-admin@facturo.example', password: 'Clave-drill-2026' };

/** Environment of the API processes the drill attacks (rate limits keyed by X-Forwarded-For, an admin, self-registration). */
export const HOSTILE_API_ENV: Record<string, string> = {
  TRUST_PROXY: 'true',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  GUEST_REGISTER_ENABLED: 'true',
  CONSULTAS_RATE_LIMIT: '100000',
  // Uploads are limited per company; the fuzz sends hundreds from one.
  PROFILE_RATE_LIMIT: '100000',
  CERTIFICATE_RATE_LIMIT: '100000',
  EMAIL_RATE_LIMIT: '100000',
};

export type CheckFn = (name: string, ok: boolean, detail?: string) => void;

export interface HostileDrillOptions {
  apis: Proc[];
  databaseUrl: string;
  tenant: BenchTenant;
  victim: BenchTenant;
  short: boolean;
  /** Every mutation case instead of a spread. */
  all?: boolean;
  check: CheckFn;
}

const json = { 'content-type': 'application/json' };

async function totalOf(db: pg.Pool, schema: string, externalId: string): Promise<string> {
  const { rows } = await db.query<{ total: string }>(
    `SELECT total::text AS total FROM "${schema.replace(/"/g, '""')}"."documents" WHERE external_id = $1`,
    [externalId],
  );
  return rows[0].total;
}

async function prepareWorld(o: HostileDrillOptions, db: pg.Pool) {
  const base = o.apis[0].url;
  const today = limaToday();
  const examples = loadExamples('invoices');
  const tenantHeaders = { host: o.tenant.hostname, authorization: `Bearer ${o.tenant.token}`, ...json };
  const issue = async (body: unknown) =>
    JSON.parse((await request(base, 'POST', '/api/documents', tenantHeaders, JSON.stringify(body))).body.toString());
  const issued = await issue({ ...(examples['01-taxed'].value as object), serie_documento: 'F601' });
  const registered = await issue({ ...(examples['02-not-sent'].value as object), serie_documento: 'F602' });
  const reseller = (
    await db.query<{ id: number }>(
      `INSERT INTO "central"."resellers" (name, email) VALUES ('Drill', 'drill-reseller@facturo.example') RETURNING id`,
    )
  ).rows[0].id;
  const adminUserId = (
    await db.query<{ id: number }>(`SELECT id FROM "central"."admin_users" WHERE email = $1`, [ADMIN.email])
  ).rows[0].id;
  const adminHost = 'admin.localhost';
  const login = await request(
    base,
    'POST',
    '/api/login',
    { host: adminHost, ...json, 'x-forwarded-for': '10.255.255.254' },
    JSON.stringify(ADMIN),
  );
  const adminToken: string = JSON.parse(login.body.toString()).token;
  const customer = (examples['01-taxed'].value as { datos_del_cliente_o_receptor: { numero_documento: string } })
    .datos_del_cliente_o_receptor.numero_documento;
  const world: FuzzWorld = {
    today,
    tenant: { ruc: o.tenant.ruc },
    issued: {
      externalId: issued.data.external_id,
      series: 'F601',
      number: Number(issued.data.number.split('-')[1]),
      customerNumber: customer,
      total: await totalOf(db, o.tenant.schema, issued.data.external_id),
      date: today,
    },
    registered: { externalId: registered.data.external_id },
    lockVictims: { tenantId: o.victim.id, resellerId: reseller },
    admin: ADMIN,
    fresh: {
      guestRuc: rucFrom(Date.now() % 1e8),
      guestSubdomain: 'drillguest',
      tenantRuc: rucFrom((Date.now() + 7) % 1e8),
      tenantSubdomain: 'drillnew',
    },
  };
  await prepareSettingsWorld(db, o.tenant.schema);
  const headers: Record<FuzzAuth, Record<string, string>> = {
    tenant: { host: o.tenant.hostname, authorization: `Bearer ${o.tenant.token}` },
    admin: { host: adminHost, authorization: `Bearer ${adminToken}` },
    'admin-host': { host: adminHost },
    'any-host': { host: 'consultas.example' },
  };
  return { world, headers, adminUserId };
}

/** The older whole-body breakages of a factura, as cases of their own class. */
function legacyCases(base: Record<string, any>, n: number): FuzzCase[] {
  return hostileBodies(base, n).map((b) => ({
    endpoint: 'POST /api/documents',
    example: '01-taxed',
    target: '(body)',
    cls: 'whole-body (factura)',
    label: b.kind,
    method: 'POST',
    url: '/api/documents',
    payload: () => b.payload,
    contentType: b.contentType,
  }));
}

async function fuzz(o: HostileDrillOptions, db: pg.Pool): Promise<void> {
  const { world, headers, adminUserId } = await prepareWorld(o, db);
  const endpoints = fuzzEndpoints(world);
  const all = mutationCases(endpoints.map((e) => e.target));
  const taxed = loadExamples('invoices')['01-taxed'].value as Record<string, any>;
  const spread = o.all ? all : sampleCases(all, o.short ? SHORT_CASES : FULL_CASES);
  const uploads = await uploadCases(o.short ? 60 : 600);
  const cases = [...spread, ...legacyCases(taxed, o.short ? 48 : 480), ...uploads];
  console.log(
    `  ${cases.length} cases (of ${all.length} mutations) over ${endpoints.length} endpoints, two API processes`,
  );
  const send = async (c: FuzzCase, auth: FuzzAuth, seq: number): Promise<FuzzAnswer> => {
    const payload = c.payload?.();
    const h: Record<string, string> = {
      ...headers[auth],
      'x-forwarded-for': `10.${(seq >> 16) & 255}.${(seq >> 8) & 255}.${seq & 255}`,
    };
    if (payload !== undefined && c.contentType !== null) h['content-type'] = c.contentType ?? 'application/json';
    const base = o.apis[seq % o.apis.length].url;
    let r = await request(base, c.method, c.url, h, payload);
    if (r.status === 0) {
      // A pooled keep-alive socket the server had just closed (after an early refusal) fails without an answer:
      // asked again once on a new connection. A server that drops this request too still fails the check, and the
      // ledger below catches a request that would have been served twice.
      reasked += 1;
      r = await request(base, c.method, c.url, h, payload, { freshConnection: true });
    }
    return { status: r.status, body: r.body.toString() };
  };
  let reasked = 0;
  const ledger = () => readLedger(db, o.tenant.schema, world, adminUserId, o.tenant.id);
  const before = await ledger();
  const report = await runFuzz(cases, endpoints, send, 8);
  if (reasked > 0)
    console.log(`  (${reasked} request(s) asked again on a new connection after a closed keep-alive socket)`);
  const after = await ledger();
  console.log(
    `  ${Math.round(report.ms / 1000)} s, ${Math.round(report.cases / (report.ms / 1000))} requests/s; per class: cases  accepted / refused / failed`,
  );
  for (const line of tallyLines(report.byClass)) console.log(`    ${line}`);
  for (const f of [...report.failures, ...report.unclear].slice(0, 10))
    console.log(`    ! ${f.status} ${f.c.endpoint} ${f.c.target} [${f.c.cls}: ${f.c.label}] ${f.body.slice(0, 160)}`);
  for (const c of fuzzChecks(report, endpoints, before, after)) o.check(c.name, c.ok, c.detail);
  const dead = o.apis.filter((p) => p.child.exitCode !== null || p.child.signalCode !== null);
  o.check(
    'every API process still running',
    dead.length === 0,
    dead.map((p) => `${p.name} exited (${p.child.exitCode ?? p.child.signalCode})`).join(', '),
  );
  for (const p of dead) console.log(p.output.join('').split('\n').slice(-30).join('\n'));
}

/** Ten tokenless posts announcing 136 MB each, streamed until the server answers. */
async function largeTokenlessPosts(o: HostileDrillOptions): Promise<void> {
  const api = o.apis[0];
  const size = 136 * 1024 * 1024;
  const chunk = Buffer.alloc(1024 * 1024, 0x41);
  const rssBefore = rssMb(api.pid).rss;
  const started = performance.now();
  const post = () =>
    new Promise<{ status: number; ms: number; sentMb: number }>((resolve) => {
      const url = new URL(api.url);
      let sent = 0;
      let answered = false;
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: '/api/whatsapp-notify/media',
          headers: { host: 'api.example', ...json, 'content-length': String(size) },
        },
        (res) => {
          answered = true;
          res.resume();
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, sentMb: sent / 1048576 }),
          );
        },
      );
      req.on('error', () => {
        if (!answered) resolve({ status: 0, ms: performance.now() - started, sentMb: sent / 1048576 });
      });
      const pump = () => {
        while (!answered && sent < size && req.write(chunk)) sent += chunk.length;
        if (!answered && sent < size)
          req.once('drain', () => {
            sent += chunk.length;
            pump();
          });
      };
      pump();
    });
  const live = (async () => {
    const t = performance.now();
    const ok = await fetch(`${api.url}/health/live`).then(
      (r) => r.ok,
      () => false,
    );
    return ok ? performance.now() - t : Number.POSITIVE_INFINITY;
  })();
  const results = await Promise.all(Array.from({ length: 10 }, post));
  const liveMs = await live;
  const rssAfter = rssMb(api.pid).rss;
  const slowest = Math.max(...results.map((r) => r.ms));
  const sent = results.reduce((n, r) => n + r.sentMb, 0);
  // The server answers 401 without reading the body and closes lingering: every client, though still writing,
  // reads its 401 (a reset would show here as status 0).
  const refused = results.every((r) => r.status === 401);
  o.check(
    '10 tokenless 136 MB posts refused from their headers (401, connection closed)',
    refused && slowest < 2000 && sent < 300,
    `statuses ${results.map((r) => r.status).join(',')}, slowest ${Math.round(slowest)} ms, ${Math.round(sent)} of 1360 MB sent`,
  );
  o.check(
    'no memory held for them',
    rssAfter - rssBefore < 100,
    `RSS ${Math.round(rssBefore)} → ${Math.round(rssAfter)} MB`,
  );
  o.check('/health/live answered meanwhile', liveMs < 1000, `${Math.round(liveMs)} ms`);
}

export async function hostileDrill(o: HostileDrillOptions): Promise<void> {
  const db = new pg.Pool({ connectionString: o.databaseUrl, max: 2 });
  try {
    await fuzz(o, db);
    await restoreSunatSettings(o);
    await largeTokenlessPosts(o);
  } finally {
    await db.end();
  }
}

/**
 * The fuzz's accepted mutations of PUT /api/company/sunat are real changes (a SOL user "25:61:61" is stored as sent):
 * the tenant gets SUNAT's beta credentials back, so the drills after this one send with what SUNAT accepts.
 */
async function restoreSunatSettings(o: HostileDrillOptions): Promise<void> {
  const res = await request(
    o.apis[0].url,
    'PUT',
    '/api/company/sunat',
    tenantHeaders(o.tenant),
    JSON.stringify({ modo: 'demo', usuario_sol: 'MODDATOS', clave_sol: 'moddatos' }),
  );
  o.check("the tenant's SUNAT credentials restored after the fuzz", res.status === 200, `HTTP ${res.status}`);
}

async function standalone(): Promise<void> {
  const short = process.argv.includes('--short');
  let failures = 0;
  const check: CheckFn = (name, ok, detail = '') => {
    console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
    if (!ok) failures += 1;
  };
  const dir = mkdtempSync(join(tmpdir(), 'facturo-hostile-'));
  const databaseUrl = await freshDatabase('facturo_drill_hostile');
  const sim = await startSimulator(18289, join(dir, 'sunat.jsonl'));
  const apis: Proc[] = [];
  try {
    for (const port of [18280, 18281]) {
      apis.push(
        await startApi({
          port,
          databaseUrl,
          simulatorUrl: sim.url,
          storageDir: join(dir, 'storage'),
          env: HOSTILE_API_ENV,
        }),
      );
    }
    const tenant = await provision(databaseUrl, 'hostila', '20000000001');
    const victim = await provision(databaseUrl, 'hostilv', '20100070970');
    console.log(`Drill 4 — hostile input${short ? ' (short)' : ''}`);
    await hostileDrill({ apis, databaseUrl, tenant, victim, short, all: process.argv.includes('--all'), check });
  } finally {
    for (const p of [...apis, sim]) await p.stop();
  }
  console.log(failures ? `hostile drill: ${failures} check(s) failed` : 'hostile drill: all checks passed');
  process.exit(failures ? 1 : 0);
}

if (import.meta.url === `file://${process.argv[1]}`) await standalone();
