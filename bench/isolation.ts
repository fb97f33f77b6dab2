// `node --import tsx bench/isolation.ts`: what one company's hostile settings and uploads cost the others, measured
// on this machine (docs/isolation.md records the figures). Needs DATABASE_URL (PostgreSQL) or runs on PGlite.
//  1. Another company's e-mail (queued → sent) and void (13 → 11), with the real worker, first alone, then while a
//     third company's SMTP server is a tarpit (a greeting line every 300 ms, for ever).
//  2. The process's RSS and event-loop stalls while the largest logo allowed (12 megapixels) is uploaded and then
//     printed on a PDF.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib from 'node:zlib';
import { pipelineDepsOf } from '../src/api/deps.ts';
import { jobs } from '../src/jobs.ts';
import { startFakeSmtp } from '../src/mail/fake-smtp.ts';
import { limaToday } from '../src/pipeline/deps.ts';
import { startWorker } from '../src/worker/worker.ts';
import { provisionTenant } from '../src/tenancy/provision.ts';
import type { TenantClient } from '../src/platform/db/clients.ts';
import { loadConfig } from '../src/platform/config.ts';
import { quoteIdent } from '../src/platform/db/schema-name.ts';
import { startFacturo } from '../src/startup.ts';
import { startTarpit } from '../test/helpers/tarpit.ts';
import { fixtureBody } from '../test/features/documents/helpers.ts';
import { ihdr, pngFile } from './hostile-uploads.ts';

const ROUNDS = 5;

interface TestTenant {
  id: number;
  schema: string;
  headers: { host: string; authorization: string };
  db: TenantClient;
}

/** The real server on a random port with its in-process simulator, and a way to add companies. */
async function benchApp(env: Record<string, string> = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'facturo-isolation-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: join(dir, 'data'),
    STORAGE_DIR: join(dir, 'storage'),
    DEMO_TENANT: 'false',
    WORKER_ENABLED: 'false',
    ...env,
  });
  const running = await startFacturo(config, { print: () => undefined });
  const { platform } = running.app;
  const created: TestTenant[] = [];
  return {
    app: running.app,
    async provisionTenant(): Promise<TestTenant> {
      const n = Math.floor(Math.random() * 1e8);
      const ruc = `20${String(n).padStart(8, '0')}`;
      const { rucCheckDigit } = await import('../src/core/ruc.ts');
      const result = await provisionTenant(
        { db: platform.db, config, secrets: platform.secrets, hosts: platform.hosts },
        {
          ruc: `${ruc}${rucCheckDigit(ruc)}`,
          name: 'EMPRESA DE MEDICION S.A.C.',
          subdomain: `iso${n}`,
          email: 'm@facturo.example',
        },
      );
      const tenant = {
        id: result.tenant.id,
        schema: result.tenant.schemaName,
        headers: { host: result.tenant.hostname, authorization: `Bearer ${result.token}` },
        db: platform.db.tenant(result.tenant.schemaName),
      };
      created.push(tenant);
      return tenant;
    },
    async close() {
      for (const t of created) {
        await platform.db.pool.query(`DROP SCHEMA IF EXISTS ${quoteIdent(t.schema)} CASCADE`);
        await platform.db.pool.query('DELETE FROM "central"."tenants" WHERE id = $1', [t.id]);
      }
      await running.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
type TestApp = Awaited<ReturnType<typeof benchApp>>;

async function post(ctx: TestApp, tenant: TestTenant, url: string, body: unknown) {
  const res = await ctx.app.inject({
    method: url.startsWith('/api/company') && !url.includes('smtp') ? 'PATCH' : url.includes('smtp') ? 'PUT' : 'POST',
    url,
    headers: { ...tenant.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, json: res.json() };
}

async function until(probe: () => Promise<boolean>, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function otherCompanyTimes(ctx: TestApp, other: TestTenant): Promise<{ mail: number; voided: number }> {
  const started = Date.now();
  const doc = (await post(ctx, other, '/api/documents', fixtureBody('01-taxed.json'))).json.data;
  const mail = (await post(ctx, other, '/api/document/email', { external_id: doc.external_id, email: 'b@c.pe' })).json
    .data.id;
  const toVoid = (await post(ctx, other, '/api/documents', fixtureBody('01-taxed.json'))).json.data;
  await post(ctx, other, '/api/voided', {
    fecha_de_emision_de_documentos: limaToday(),
    documentos: [{ external_id: toVoid.external_id, motivo_anulacion: 'Error en el pedido' }],
  });
  let mailMs = 0;
  let voidMs = 0;
  await until(async () => {
    if (!mailMs && (await other.db.emailMessage.findUnique({ where: { id: mail } }))?.status === 'sent')
      mailMs = Date.now() - started;
    if (
      !voidMs &&
      (await other.db.document.findUnique({ where: { externalId: toVoid.external_id } }))?.stateTypeId === '11'
    )
      voidMs = Date.now() - started;
    return mailMs > 0 && voidMs > 0;
  });
  return { mail: mailMs, voided: voidMs };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function tarpitFigures(): Promise<void> {
  const out = await mkdtemp(join(tmpdir(), 'facturo-isolation-'));
  const relay = await startFakeSmtp({ outDir: out });
  const tarpit = await startTarpit(300);
  const ctx = await benchApp({ EMAIL_RATE_LIMIT: '100000' });
  ctx.app.platform.config.smtpUrl = relay.url;
  const slow = await ctx.provisionTenant();
  const other = await ctx.provisionTenant();
  const worker = startWorker(pipelineDepsOf(ctx.app, ctx.app.log), {
    jobs,
    pollMs: 100,
    tenantIds: [slow.id, other.id],
  });
  try {
    const alone: { mail: number; voided: number }[] = [];
    for (let i = 0; i < ROUNDS; i++) alone.push(await otherCompanyTimes(ctx, other));
    await post(ctx, slow, '/api/company/smtp', {
      host: '127.0.0.1',
      port: tarpit.port,
      secure: false,
      remitente: 'a@b.pe',
    });
    const doc = (await post(ctx, slow, '/api/documents', fixtureBody('01-taxed.json'))).json.data;
    for (let i = 0; i < 8; i++)
      await post(ctx, slow, '/api/document/email', { external_id: doc.external_id, email: `x${i}@c.pe` });
    await until(async () => tarpit.open >= 1);
    const beside: { mail: number; voided: number }[] = [];
    for (let i = 0; i < ROUNDS; i++) beside.push(await otherCompanyTimes(ctx, other));
    console.log('Another company, median of', ROUNDS, 'rounds (ms):');
    console.log(
      `  alone:               e-mail ${median(alone.map((r) => r.mail))}, void ${median(alone.map((r) => r.voided))}`,
    );
    console.log(
      `  beside an SMTP tarpit: e-mail ${median(beside.map((r) => r.mail))}, void ${median(beside.map((r) => r.voided))} (tarpit connections open: ${tarpit.open})`,
    );
  } finally {
    await worker.stop();
    await tarpit.close();
    await relay.close();
    await ctx.close();
    await rm(out, { recursive: true, force: true });
  }
}

/** A 4000 × 3000 RGB PNG of bands (compresses to well under 512 KB, decodes to 12 megapixels). */
function largestLogo(): Buffer {
  const width = 4000;
  const height = 3000;
  const row = Buffer.alloc(1 + width * 3);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const r = Buffer.from(row);
    for (let x = 0; x < width; x++) r.set([(x >> 4) & 255, (y >> 4) & 255, 90], 1 + x * 3);
    rows.push(r);
  }
  return pngFile(ihdr(width, height, 8, 2), zlib.deflateSync(Buffer.concat(rows), { level: 9 }));
}

async function logoFigures(): Promise<void> {
  const ctx = await benchApp();
  const company = await ctx.provisionTenant();
  const logo = largestLogo();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    const rss0 = process.memoryUsage().rss;
    delay.enable();
    const t0 = performance.now();
    const up = await post(ctx, company, '/api/company', { logo: logo.toString('base64') });
    const uploadMs = performance.now() - t0;
    delay.disable();
    const uploadStall = delay.max / 1e6;
    const uploadPeak = peak;
    delay.reset();
    peak = 0;
    const doc = (await post(ctx, company, '/api/documents', fixtureBody('02-not-sent.json'))).json;
    delay.enable();
    const t1 = performance.now();
    const pdf = await ctx.app.inject({ method: 'GET', url: new URL(doc.links.pdf).pathname, headers: company.headers });
    const renderMs = performance.now() - t1;
    delay.disable();
    const mb = (n: number) => Math.round(n / 1048576);
    console.log(`Largest allowed logo: ${logo.length} bytes, 4000 × 3000 (12 MP) → stored ${up.status}`);
    console.log(
      `  upload: ${Math.round(uploadMs)} ms, RSS ${mb(rss0)} → peak ${mb(uploadPeak)} MB, longest event-loop stall ${Math.round(uploadStall)} ms`,
    );
    console.log(
      `  first PDF with it: ${Math.round(renderMs)} ms (${pdf.rawPayload.length} bytes), RSS peak ${mb(peak)} MB, longest stall ${Math.round(delay.max / 1e6)} ms`,
    );
  } finally {
    clearInterval(sampler);
    await ctx.close();
  }
}

await tarpitFigures();
await logoFigures();
