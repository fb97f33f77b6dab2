// A bounded slice of the mutation fuzz of `npm run drill`: every field of every endpoint's
// example body deleted, wrapped or replaced by hostile values (NUL, lone surrogates, 1e400, 5,000 nested arrays,
// __proto__ keys…), every object given hostile keys, every body broken whole, every GET parameter replaced. The
// slice takes cases round-robin over (endpoint, class), so that each class reaches each endpoint. Every answer is
// below 500 and, when a refusal, the error envelope; the rows of the fuzz's world grow only by what was accepted.
// FUZZ_SLICE=6000 runs a larger slice and prints the tally per class and endpoint (what docs/reliability.md records).
// A second pass sends hostile and mutated uploads (bench/hostile-uploads.ts: logos, PFX files; FUZZ_UPLOADS=400 for more).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fuzzEndpoints,
  prepareSettingsWorld,
  rucFrom,
  type FuzzAuth,
  type FuzzEndpoint,
  type FuzzWorld,
} from '../../bench/hostile-endpoints.ts';
import { mutationCases, sampleCases, type FuzzCase } from '../../bench/hostile.ts';
import { uploadCases } from '../../bench/hostile-uploads.ts';
import { isDrawablePng, readPngChunks } from '../../src/render/image/png-chunks.ts';
import { fuzzChecks, readLedger, runFuzz, tallyLines, type FuzzAnswer } from '../../bench/fuzz.ts';
import { loadExamples } from '../../src/api/examples.ts';
import { limaToday } from '../../src/pipeline/deps.ts';
import { hashPassword } from '../../src/platform/passwords.ts';
import { quoteIdent } from '../../src/platform/db/schema-name.ts';
import { createTestApp, type TestApp, type TestTenant } from '../helpers/app.ts';

const SLICE = Number(process.env.FUZZ_SLICE ?? 1200);
const tag = randomBytes(4).toString('hex');
let ctx: TestApp;
let tenant: TestTenant;
let world: FuzzWorld;
let endpoints: FuzzEndpoint[];
let adminUserId: number;
let adminToken: string;
let resellerId: number;

const net = randomBytes(1)[0];

function headersFor(auth: FuzzAuth): Record<string, string> {
  const admin = ctx.config.adminHost;
  switch (auth) {
    case 'tenant':
      return tenant.headers;
    case 'admin':
      return { host: admin, authorization: `Bearer ${adminToken}` };
    case 'admin-host':
      return { host: admin };
    case 'any-host':
      return { host: 'consultas.example' };
  }
}

async function send(c: FuzzCase, auth: FuzzAuth, seq: number): Promise<FuzzAnswer> {
  const headers: Record<string, string> = { ...headersFor(auth) };
  const payload = c.payload?.();
  if (payload !== undefined && c.contentType !== null) headers['content-type'] = c.contentType ?? 'application/json';
  const res = await ctx.app.inject({
    method: c.method,
    url: c.url,
    headers,
    payload,
    // Rate limits count per address: every case comes from its own.
    remoteAddress: `10.${net}.${(seq >> 8) & 255}.${seq & 255}`,
  });
  return { status: res.statusCode, body: res.body };
}

beforeAll(async () => {
  ctx = await createTestApp({
    env: {
      GUEST_REGISTER_ENABLED: 'true',
      CONSULTAS_RATE_LIMIT: '100000',
      // Uploads and e-mails are limited per company; the fuzz sends hundreds from one.
      PROFILE_RATE_LIMIT: '100000',
      CERTIFICATE_RATE_LIMIT: '100000',
      EMAIL_RATE_LIMIT: '100000',
    },
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  tenant = await ctx.provisionTenant();
  const victim = await ctx.provisionTenant();
  const today = limaToday();
  const examples = loadExamples('invoices');
  const issue = async (body: unknown) =>
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/documents',
        headers: { ...tenant.headers, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      })
    ).json();
  const issued = await issue(examples['01-taxed'].value);
  const registered = await issue(examples['02-not-sent'].value);
  const taxed = examples['01-taxed'].value as { datos_del_cliente_o_receptor: { numero_documento: string } };
  resellerId = (
    await ctx.db.central.reseller.create({ data: { name: `Fuzz ${tag}`, email: `fuzz-${tag}@facturo.example` } })
  ).id;
  const email = `fuzz-admin-${tag}@facturo.example`;
  const password = 'Clave-fuzz-2026';
  adminUserId = (
    await ctx.db.central.adminUser.create({
      data: { name: 'Fuzz', email, role: 'admin', passwordHash: await hashPassword(password) },
    })
  ).id;
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: `10.${net}.255.255`,
    headers: { host: ctx.config.adminHost, 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password }),
  });
  adminToken = login.json().token;
  const seed = randomBytes(4).readUInt32BE(0);
  world = {
    today,
    tenant: { ruc: tenant.ruc },
    issued: {
      externalId: issued.data.external_id,
      series: 'F001',
      number: Number(issued.data.number.split('-')[1]),
      customerNumber: taxed.datos_del_cliente_o_receptor.numero_documento,
      total: (
        await tenant.db.document.findUniqueOrThrow({ where: { externalId: issued.data.external_id } })
      ).total.toFixed(2),
      date: today,
    },
    registered: { externalId: registered.data.external_id },
    lockVictims: { tenantId: victim.id, resellerId },
    admin: { email, password },
    fresh: {
      guestRuc: rucFrom(seed),
      guestSubdomain: `fuzzg${tag}`,
      tenantRuc: rucFrom(seed + 1),
      tenantSubdomain: `fuzzt${tag}`,
    },
  };
  await prepareSettingsWorld(ctx.db.pool, tenant.schema);
  endpoints = fuzzEndpoints(world);
});

afterAll(async () => {
  const created = await ctx.db.central.tenant.findMany({
    where: {
      OR: [
        { ruc: { in: [world.fresh.guestRuc, world.fresh.tenantRuc] } },
        { subdomain: { in: [world.fresh.guestSubdomain, world.fresh.tenantSubdomain] } },
      ],
    },
  });
  for (const t of created) {
    await ctx.db.pool.query(`DROP SCHEMA IF EXISTS ${quoteIdent(t.schemaName)} CASCADE`);
    await ctx.db.pool.query('DELETE FROM "central"."tenants" WHERE id = $1', [t.id]);
  }
  await ctx.db.pool.query(
    `DELETE FROM "central"."partners" WHERE email LIKE '%ana.fuzz%' OR domain LIKE '%ana-fuzz%' OR gitlab_user = 'anafuzz'`,
  );
  await ctx.db.pool.query('DELETE FROM "central"."admin_sessions" WHERE admin_user_id = $1', [adminUserId]);
  await ctx.db.pool.query('DELETE FROM "central"."admin_users" WHERE id = $1', [adminUserId]);
  await ctx.db.pool.query('DELETE FROM "central"."resellers" WHERE id = $1', [resellerId]);
  await ctx.close();
});

describe('mutation fuzz (bounded slice)', () => {
  it(
    `answers ${SLICE} hostile requests over every endpoint and class with clear 4xx (or 2xx), writing nothing refused`,
    async () => {
      const all = mutationCases(endpoints.map((e) => e.target));
      const cases = sampleCases(all, SLICE);
      expect(new Set(cases.map((c) => c.endpoint)).size).toBe(endpoints.length);
      const ledger = () => readLedger(ctx.db.pool, tenant.schema, world, adminUserId, tenant.id);
      const before = await ledger();
      const report = await runFuzz(cases, endpoints, send, 4);
      const after = await ledger();
      const checks = fuzzChecks(report, endpoints, before, after);
      const failed = checks.filter((c) => !c.ok);
      if (process.env.FUZZ_SLICE)
        console.log(
          [
            ...checks.map((c) => `${c.ok} ${c.name}: ${c.detail}`),
            ...report.failures
              .slice(0, 40)
              .map(
                (f) => `${f.status} ${f.c.endpoint} ${f.c.target} [${f.c.cls}: ${f.c.label}] ${f.body.slice(0, 300)}`,
              ),
            ...tallyLines(report.byClass),
            ...tallyLines(report.byEndpoint),
          ].join('\n'),
        );
      const show = (list: typeof report.failures) =>
        list
          .slice(0, 5)
          .map((f) => `${f.status} ${f.c.endpoint} ${f.c.target} [${f.c.cls}: ${f.c.label}] ${f.body.slice(0, 200)}`);
      expect(
        failed,
        [
          ...failed.map((c) => `${c.name}: ${c.detail}`),
          ...show(report.failures),
          ...show(report.unclear),
          ...tallyLines(report.byClass),
        ].join('\n'),
      ).toEqual([]);
      // The tenant still works after the storm.
      const ok = await ctx.app.inject({
        method: 'POST',
        url: '/api/documents',
        headers: { ...tenant.headers, 'content-type': 'application/json' },
        payload: JSON.stringify(loadExamples('invoices')['02-not-sent'].value),
      });
      expect(ok.statusCode).toBe(200);
    },
    60_000 + SLICE * 100,
  );

  const UPLOADS = Number(process.env.FUZZ_UPLOADS ?? 40);
  it(
    `answers ${UPLOADS} hostile and mutated uploads (logos, PFX files) with clear 4xx or 2xx; every company's PDFs still render`,
    async () => {
      const cases = await uploadCases(UPLOADS);
      const report = await runFuzz(cases, endpoints, send, 2);
      const show = (list: typeof report.failures) =>
        list.slice(0, 5).map((f) => `${f.status} ${f.c.endpoint} [${f.c.cls}: ${f.c.label}] ${f.body.slice(0, 200)}`);
      expect(report.failures, show(report.failures).join('\n')).toEqual([]);
      expect(report.unclear, show(report.unclear).join('\n')).toEqual([]);
      expect(report.byClass.get('upload-image')?.refused).toBeGreaterThan(0);
      expect(report.byClass.get('upload-pfx')?.refused).toBeGreaterThan(0);
      if (process.env.FUZZ_UPLOADS) console.log(tallyLines(report.byClass).join('\n'));
      // Whatever logo the storm left stored is one the renderer draws without decoding; the next PDF renders.
      const stored = (await tenant.db.company.findFirstOrThrow()).logoBase64;
      if (stored?.startsWith('iVBOR')) expect(isDrawablePng(readPngChunks(Buffer.from(stored, 'base64')))).toBe(true);
      const issued = await ctx.app.inject({
        method: 'POST',
        url: '/api/documents',
        headers: { ...tenant.headers, 'content-type': 'application/json' },
        payload: JSON.stringify(loadExamples('invoices')['02-not-sent'].value),
      });
      expect(issued.statusCode).toBe(200);
      const pdf = await ctx.app.inject({
        method: 'GET',
        url: new URL(issued.json().links.pdf).pathname,
        headers: tenant.headers,
      });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    },
    120_000 + UPLOADS * 500,
  );
});
