// The API reference works from the first click: a real validator accepts the OpenAPI document; its servers point
// at the host and port it was read on; every route that needs a token declares its scheme; every answer is
// documented; and every request example it shows is accepted by the running server, sent over HTTP to the server
// and with the credentials the document names.
import SwaggerParser from '@apidevtools/swagger-parser';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteIdent } from '../../src/platform/db/schema-name.ts';
import { hashPassword } from '../../src/platform/passwords.ts';
import { createTestApp, type TestApp, type TestTenant } from '../helpers/app.ts';

type Json = Record<string, any>;
interface Answer {
  status: number;
  body: string;
  headers: Record<string, unknown>;
}

const ADMIN = { email: 'referencia@facturo.example', password: 'clave-de-referencia-123' };
let ctx: TestApp;
let tenant: TestTenant;
let port: number;
let adminToken: string;

/** A real HTTP request to the listening app; `url` is absolute (its host becomes the Host header). */
function send(method: string, url: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path: target.pathname + target.search,
        headers: { host: target.host, ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), headers: res.headers }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as { port: number }).port;
  tenant = await ctx.provisionTenant();
  await ctx.db.central.adminUser.deleteMany({ where: { email: ADMIN.email } });
  await ctx.db.central.adminUser.create({
    data: { name: 'Referencia', email: ADMIN.email, role: 'admin', passwordHash: await hashPassword(ADMIN.password) },
  });
  const login = await send(
    'POST',
    `http://${ctx.config.adminHost}:${port}/api/login`,
    { 'content-type': 'application/json' },
    JSON.stringify(ADMIN),
  );
  adminToken = JSON.parse(login.body).token;
});
/** Companies the examples created (the admin's and the self-registration's), dropped afterwards. */
const createdSubdomains: string[] = [];
afterAll(async () => {
  if (!ctx) return;
  await ctx.db.central.adminUser.deleteMany({ where: { email: ADMIN.email } });
  await ctx.db.central.partner.deleteMany({ where: { email: 'ana.torres@partner.example' } });
  for (const subdomain of createdSubdomains) {
    const row = await ctx.db.central.tenant.findFirst({ where: { subdomain } });
    if (!row) continue;
    await ctx.db.pool.query(`DROP SCHEMA IF EXISTS ${quoteIdent(row.schemaName)} CASCADE`);
    await ctx.db.central.tenant.delete({ where: { id: row.id } });
  }
  await ctx.close();
});

async function documentOn(host: string): Promise<Json> {
  const res = await send('GET', `http://${host}:${port}/documentation/json`);
  expect(res.status).toBe(200);
  return JSON.parse(res.body);
}

function operations(doc: Json): { method: string; path: string; op: Json }[] {
  return Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json).map(([method, op]) => ({ method, path, op: op as Json })),
  );
}

/** The URL "Try it out" uses: the operation's server, else the document's first, with its variables' defaults. */
function serverUrl(doc: Json, op: Json): string {
  const server = (op.servers ?? doc.servers)[0];
  return String(server.url).replace(/\{(\w+)\}/g, (_: string, name: string) => server.variables[name].default);
}

function credentialsFor(op: Json): Record<string, string> {
  const schemes = (op.security ?? []).flatMap((s: Json) => Object.keys(s));
  if (schemes.includes('bearerAuth')) return { authorization: `Bearer ${tenant.token}` };
  if (schemes.includes('adminAuth')) return { authorization: `Bearer ${adminToken}` };
  return {};
}

/**
 * Examples whose body names something the server cannot hold (a document to send, a RUC an earlier run
 * registered, the login's placeholder password): the body is valid and the answer is the domain's own — never
 * 400, 413, 415 or 422 on the body.
 */
const DOMAIN_ANSWERS = new Set([401, 404, 409]);
/** A 422 that only says the documents the example names (or the day it declares) hold nothing here. */
// …or that the company must first upload its own PFX (the upload's placeholder, production's requirement), or
// configure a mail server before e-mailing a document.
const MISSING_DOCUMENT_CODES = new Set([
  'document_not_found',
  'summary_empty',
  'certificate_unreadable',
  'certificate_required',
  'smtp_not_configured',
  // …or have "Credenciales de API SUNAT" before asking SUNAT's consulta de validez.
  'sunat_api_not_configured',
]);

function isDomainAnswer(status: number, body: string): boolean {
  if (DOMAIN_ANSWERS.has(status)) return true;
  if (status !== 422) return false;
  const errors = (JSON.parse(body) as Json).errors as Json[];
  return errors.length > 0 && errors.every((e) => MISSING_DOCUMENT_CODES.has(e.code));
}

/** Values for the path parameters of the routes that take a body (an existing series and establishment — the
 *  establishments' example registers 0001 first; an id nothing holds). */
const PATH_VALUES: Record<string, string> = {
  codigo_tipo_documento: '01',
  serie: 'F001',
  id: '999999',
  codigo: '0001',
};

function withPathValues(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => PATH_VALUES[name] ?? '1');
}

describe('OpenAPI reference', () => {
  it('is accepted by a real OpenAPI validator', async () => {
    const doc = await documentOn(tenant.hostname);
    await expect(
      SwaggerParser.validate(structuredClone(doc) as unknown as Parameters<typeof SwaggerParser.validate>[0]),
    ).resolves.toBeTruthy();
  });

  it('targets the tenant it is read on, any tenant by subdomain and the admin host, with the port', async () => {
    const onTenant = await documentOn(tenant.hostname);
    expect(serverUrl(onTenant, {})).toBe(`http://${tenant.hostname}:${port}`);
    expect(onTenant.servers[0].url).toBe(`http://{subdomain}.${ctx.config.appDomain}:${port}`);
    expect(onTenant.servers[1].url).toBe(`http://${ctx.config.adminHost}:${port}`);
    const onLocalhost = await documentOn('localhost');
    expect(serverUrl(onLocalhost, {})).toBe(`http://demo.${ctx.config.appDomain}:${port}`);
    const tenants = onLocalhost.paths['/api/tenants'].post;
    expect(tenants.servers[0].url).toBe(`http://${ctx.config.adminHost}:${port}`);
  });

  it('declares the token of every route that needs one, the Idempotency-Key header and every answer', async () => {
    const doc = await documentOn(tenant.hostname);
    const security = (method: string, path: string) => doc.paths[path][method].security;
    expect(security('post', '/api/documents')).toEqual([{ bearerAuth: [] }]);
    expect(security('get', '/api/tenants')).toEqual([{ adminAuth: [] }]);
    expect(security('post', '/api/whatsapp-notify/text')).toEqual([{ bearerAuth: [] }, { notifyAuth: [] }]);
    expect(security('get', '/health/ready')).toBeUndefined();
    for (const path of ['/api/documents', '/api/perceptions'])
      expect(doc.paths[path].post.parameters).toContainEqual(
        expect.objectContaining({ in: 'header', name: 'Idempotency-Key', required: false }),
      );
    for (const { method, path, op } of operations(doc)) {
      const responses = op.responses as Json;
      for (const status of ['400', '404', '422', '500'])
        expect(responses[status]?.content?.['application/json']?.schema, `${method} ${path} ${status}`).toEqual({
          $ref: '#/components/schemas/Error',
        });
      if (op.security) expect(responses['401'], `${method} ${path}`).toBeDefined();
      for (const [status, response] of Object.entries(responses))
        expect((response as Json).description, `${method} ${path} ${status}`).not.toBe('Default Response');
    }
    const download = doc.paths['/downloads/{segment}/{file}/{externalId}'].get.responses['200'].content;
    expect(Object.keys(download).sort()).toEqual(['application/pdf', 'application/xml', 'application/zip']);
  });

  it('shows an example on every route that takes a body, and the server accepts each one as it is', async () => {
    const doc = await documentOn(tenant.hostname);
    const withBody = operations(doc).filter(({ op }) => op.requestBody?.content?.['application/json']);
    const missing = withBody.filter(({ op }) => !op.requestBody.content['application/json'].examples);
    expect(missing.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    let posted = 0;
    for (const { method, path, op } of withBody) {
      for (const [name, example] of Object.entries(op.requestBody.content['application/json'].examples as Json)) {
        const res = await send(
          method.toUpperCase(),
          serverUrl(doc, op) + withPathValues(path),
          { 'content-type': 'application/json', ...credentialsFor(op) },
          JSON.stringify(example.value),
        );
        const created = (example.value as Json).subdomain;
        if (res.status === 200 && typeof created === 'string') createdSubdomains.push(created);
        const where = `${method} ${path} «${name}»: ${res.body.slice(0, 400)}`;
        if (res.status >= 400) expect(isDomainAnswer(res.status, res.body), where).toBe(true);
        else expect(res.status, where).toBeLessThan(300);
        if (path === '/api/documents' || path === '/api/perceptions') expect(res.status, where).toBe(200);
        posted += 1;
      }
    }
    expect(posted).toBeGreaterThanOrEqual(35);
    // Every example of every route, one after the other: minutes on a loaded machine.
  }, 300_000);
});
