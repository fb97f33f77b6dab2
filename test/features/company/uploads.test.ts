// What a company uploads cannot hurt another: over HTTP, hostile logos are refused at upload naming the field, a
// logo stored before uploads were decoded prints as no logo (the process lives, every company is served), a PFX
// that hides a costly key inside an encrypted section is refused before the key is derived, and certificate
// uploads and e-mails are limited per company — one company's limit never touches another's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_IMAGES, pfxWithHiddenKey, rgbaPng } from '../../../bench/hostile-uploads.ts';
import { generateSelfSignedCertificate, MAX_PFX_ITERATIONS } from '../../../src/crypto/certificates.ts';
import { isDrawablePng, readPngChunks } from '../../../src/render/image/png-chunks.ts';
import { createTestApp, type TestApp, type TestTenant } from '../../helpers/app.ts';
import { pdfImageCount } from '../../render/pdf-tools.ts';
import { fixtureBody } from '../documents/helpers.ts';

let ctx: TestApp;
let company: TestTenant;
let neighbour: TestTenant;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  company = await ctx.provisionTenant();
  neighbour = await ctx.provisionTenant();
});
afterAll(async () => {
  await ctx?.close();
});

async function call(tenant: TestTenant, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, body?: unknown) {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { ...tenant.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: res.statusCode,
    json: String(res.headers['content-type']).includes('json') ? res.json() : null,
    raw: res.rawPayload,
  };
}

/** The neighbour issues a document and reads its PDF: the process serves everyone. */
async function neighbourServed(): Promise<void> {
  const issued = await call(neighbour, 'POST', '/api/documents', fixtureBody('02-not-sent.json'));
  expect(issued.status).toBe(200);
  const pdf = await call(neighbour, 'GET', new URL(issued.json.links.pdf).pathname);
  expect(pdf.raw.subarray(0, 5).toString()).toBe('%PDF-');
}

describe('logo uploads', () => {
  for (const image of HOSTILE_IMAGES.slice(0, 4)) {
    it(`refuses ${image.label} with 422 naming logo, changing nothing`, async () => {
      const before = await company.db.company.findFirstOrThrow();
      const res = await call(company, 'PATCH', '/api/company', { logo: (await image.bytes()).toString('base64') });
      expect(res.status).toBe(422);
      expect(res.json.errors[0]).toMatchObject({
        path: 'logo',
        code: expect.stringMatching(/^logo_(unreadable|too_many_pixels)$/),
      });
      expect(res.json.message).toMatch(/^logo: El logo no se puede usar: /);
      expect((await company.db.company.findFirstOrThrow()).updatedAt).toEqual(before.updatedAt);
    });
  }

  it('stores a valid logo in the form the PDF embeds without decoding it', async () => {
    const res = await call(company, 'PATCH', '/api/company', { logo: rgbaPng(400, 120).toString('base64') });
    expect(res.status).toBe(200);
    expect(res.json.data.tiene_logo).toBe(true);
    const stored = Buffer.from((await company.db.company.findFirstOrThrow()).logoBase64!, 'base64');
    expect(isDrawablePng(readPngChunks(stored))).toBe(true);
  });

  it('prints a logo stored before uploads were decoded as no logo, and every company keeps being served', async () => {
    for (const image of HOSTILE_IMAGES.slice(0, 4)) {
      // Written as an older server stored it: bytes whose first 8 are a PNG signature.
      await company.db.company.update({
        where: { id: 1 },
        data: { logoBase64: (await image.bytes()).toString('base64') },
      });
      ctx.app.platform.companies.forget(company.schema);
      const issued = await call(company, 'POST', '/api/documents', fixtureBody('02-not-sent.json'));
      expect(issued.status, image.label).toBe(200);
      const pdf = await call(company, 'GET', new URL(issued.json.links.pdf).pathname);
      expect(pdf.status, image.label).toBe(200);
      expect(pdf.raw.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdfImageCount(pdf.raw), image.label).toBe(0);
      await neighbourServed();
    }
  });
});

describe('certificate uploads', () => {
  it('refuses a key whose costly derivation hides inside an encrypted section, before deriving it', async () => {
    const material = generateSelfSignedCertificate({ ruc: company.ruc, name: 'EMPRESA DE PRUEBA S.A.C.' });
    const pfx = pfxWithHiddenKey(material, '123456', MAX_PFX_ITERATIONS + 50_000);
    const res = await call(company, 'PUT', '/api/company/certificate', {
      pfx_base64: pfx.toString('base64'),
      password: '123456',
    });
    expect(res.status).toBe(422);
    expect(res.json.errors[0]).toMatchObject({ path: 'pfx_base64', code: 'certificate_iterations_excessive' });
    expect(res.json.message).toContain(String(MAX_PFX_ITERATIONS + 50_000));
    // The same layout with the usual count is read and accepted.
    const usual = pfxWithHiddenKey(material, '123456', 2048);
    const ok = await call(company, 'PUT', '/api/company/certificate', {
      pfx_base64: usual.toString('base64'),
      password: '123456',
    });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
  }, 60_000);

  it('limits uploads per company: past the limit 429, while another company still uploads', async () => {
    const garbage = { pfx_base64: Buffer.from('no es un pfx').toString('base64'), password: '1' };
    const statuses: number[] = [];
    for (let i = 0; i < ctx.config.certificateRateLimit + 1; i++)
      statuses.push((await call(company, 'PUT', '/api/company/certificate', garbage)).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    expect((await call(neighbour, 'PUT', '/api/company/certificate', garbage)).status).toBe(422);
  });
});

describe('e-mail sending', () => {
  it('limits POST /api/document/email per company: past the limit 429, queuing nothing; another company is unaffected', async () => {
    ctx.app.platform.config.smtpUrl = 'smtp://127.0.0.1:9'; // configured; nothing is delivered (no worker runs)
    const issued = (await call(company, 'POST', '/api/documents', fixtureBody('02-not-sent.json'))).json.data;
    const mail = { external_id: issued.external_id, email: 'cliente@empresa.pe' };
    const statuses: number[] = [];
    for (let i = 0; i < ctx.config.emailRateLimit + 1; i++)
      statuses.push((await call(company, 'POST', '/api/document/email', mail)).status);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    const refused = await call(company, 'POST', '/api/document/email', mail);
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('rate_limited');
    expect(await company.db.emailMessage.count()).toBe(ctx.config.emailRateLimit);
    const other = (await call(neighbour, 'POST', '/api/documents', fixtureBody('02-not-sent.json'))).json.data;
    expect(
      (await call(neighbour, 'POST', '/api/document/email', { external_id: other.external_id, email: 'b@c.pe' }))
        .status,
    ).toBe(200);
  });
});
