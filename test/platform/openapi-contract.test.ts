// What the OpenAPI document promises about every route, checked by walking it against the running app: a route
// whose body is not strict declares `warnings` in its success answer (where unknown keys are reported,
// src/platform/http/validation.ts); every route that answers 401 without credentials declares its security, and
// every route that declares security answers 401 without them; the page of each host tries that host's operations
// on its own origin (no CORS needed), shows the admin login as the admin login there and links the other host's
// page; the Authorize texts keep `<token>` (Swagger UI reads Markdown, where a bare <token> is an HTML tag).
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/platform/passwords.ts';
import { useTestApp } from '../helpers/app.ts';

const t = useTestApp({ env: { METRICS_TOKEN: 'metricas-del-contrato-0123456789' } });

type Json = Record<string, any>;

async function openapi(host = t.tenant.hostname): Promise<Json> {
  const res = await t.app.inject({ method: 'GET', url: '/documentation/json', headers: { host } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const PATH_VALUES: Record<string, string> = {
  segment: 'document',
  file: 'pdf',
  externalId: '00000000-0000-4000-8000-000000000000',
  id: '999999',
  codigo_tipo_documento: '01',
  serie: 'F001',
};

const fill = (path: string) => path.replace(/\{(\w+)\}/g, (_m, name: string) => PATH_VALUES[name] ?? '1');

/** The host an operation is served on, from its tag (a page shows its own host's operation of a shared path). */
function hostsOf(op: Json): string[] {
  const tags = (op.tags ?? []) as string[];
  const hosts = [];
  if (tags.includes('tenant')) hosts.push(t.tenant.hostname);
  if (tags.includes('admin')) hosts.push(t.ctx.config.adminHost);
  return hosts.length ? hosts : ['localhost'];
}

function resolver(doc: Json) {
  const resolve = (schema: Json | undefined): Json => {
    let s = schema ?? {};
    while (s.$ref) s = doc.components.schemas[String(s.$ref).split('/').pop()!];
    return s;
  };
  return resolve;
}

function operations(doc: Json): { key: string; op: Json }[] {
  return Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );
}

describe('OpenAPI: unknown keys have somewhere to be reported', () => {
  it('every operation with a non-strict JSON body declares warnings[] in its success answer', async () => {
    const doc = await openapi();
    const resolve = resolver(doc);
    const missing: string[] = [];
    let checked = 0;
    for (const { key, op } of operations(doc)) {
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (!body || resolve(body).additionalProperties === false) continue;
      const ok = op.responses['200'] ?? op.responses['202'];
      const schema = resolve(ok?.content?.['application/json']?.schema);
      const options = [schema, ...((schema.anyOf ?? schema.oneOf ?? []) as Json[]).map(resolve)];
      checked += 1;
      if (!options.some((o) => o.properties?.warnings)) missing.push(key);
    }
    expect(checked).toBeGreaterThan(25);
    expect(missing).toEqual([]);
  });
});

describe('OpenAPI: security', () => {
  it('every route that answers 401 without credentials declares security, and only those', async () => {
    const mismatches: string[] = [];
    let protectedRoutes = 0;
    for (const host of [t.tenant.hostname, t.ctx.config.adminHost]) {
      for (const { key, op } of operations(await openapi(host))) {
        const [method, path] = key.split(' ');
        for (const on of hostsOf(op)) {
          const res = await t.app.inject({
            method: method as 'GET',
            url: fill(path),
            headers: {
              host: on,
              ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
            },
            ...(method === 'GET' || method === 'DELETE' ? {} : { payload: '{}' }),
          });
          const declared = Array.isArray(op.security) && op.security.length > 0;
          if (declared) protectedRoutes += 1;
          if (declared !== (res.statusCode === 401))
            mismatches.push(`${key} on ${on}: ${res.statusCode}, security ${JSON.stringify(op.security ?? null)}`);
        }
      }
    }
    expect(protectedRoutes).toBeGreaterThan(40);
    expect(mismatches).toEqual([]);
  });

  it('the Authorize texts keep `<token>`: every <token> of a description is inside a Markdown code span', async () => {
    const schemes = (await openapi()).components.securitySchemes as Record<string, Json>;
    for (const [name, scheme] of Object.entries(schemes)) {
      const outsideCode = String(scheme.description).replace(/`[^`]*`/g, '');
      expect(outsideCode, name).not.toContain('<token>');
      expect(String(scheme.description), name).toContain('`Authorization: Bearer <token>`');
    }
  });
});

describe('OpenAPI: each host’s page tries its own operations', () => {
  /** Where "Try it out" sends an operation: its first server, with the variables' defaults. */
  const origin = (doc: Json, op: Json) => {
    const server = (op.servers ?? doc.servers)[0] as Json;
    const url = String(server.url).replace(/\{(\w+)\}/g, (_m, v: string) => server.variables?.[v]?.default ?? v);
    return new URL(url);
  };

  it('on the admin host: the admin server first, every admin operation on it, the admin login described as such', async () => {
    const admin = t.ctx.config.adminHost;
    const doc = await openapi(`${admin}:3000`);
    expect(doc.servers[0].url).toBe(`http://${admin}:3000`);
    for (const { key, op } of operations(doc))
      if ((op.tags ?? []).includes('admin')) expect(origin(doc, op).host, key).toBe(`${admin}:3000`);
    const login = doc.paths['/api/login'].post;
    expect(login.summary).toMatch(/^Iniciar sesión en la administración/);
    expect(login.security).toBeUndefined();
    expect(login.description).toContain('También existe en el host de empresa');
    const ok = login.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(ok)).toContain('expires_at');
    expect(doc.info.description).toContain(`http://demo.${t.ctx.config.appDomain}:3000/documentation`);
    await expect(
      SwaggerParser.validate(structuredClone(doc) as unknown as Parameters<typeof SwaggerParser.validate>[0]),
    ).resolves.toBeTruthy();
  });

  it('on a company host: its own server first, the company login, and a link to the admin host’s page', async () => {
    const doc = await openapi(`${t.tenant.hostname}:3000`);
    expect(origin(doc, {}).host).toBe(`${t.tenant.hostname}:3000`);
    const login = doc.paths['/api/login'].post;
    expect(login.summary).toMatch(/usuario de la empresa/);
    expect(login.description).toContain(
      'También existe en el host de administración: Iniciar sesión en la administración',
    );
    expect(doc.info.description).toContain(`[http://${t.ctx.config.adminHost}:3000/documentation]`);
  });

  it('"Try it out" of the admin login on the admin page reaches the admin host and logs in', async () => {
    const email = `contrato-${t.tenant.subdomain}@facturo.example`;
    await t.ctx.db.central.adminUser.create({
      data: { name: 'Contrato', email, role: 'admin', passwordHash: await hashPassword('clave-del-contrato-1') },
    });
    try {
      const doc = await openapi(t.ctx.config.adminHost);
      const target = origin(doc, doc.paths['/api/login'].post);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { host: target.host, 'content-type': 'application/json' },
        payload: JSON.stringify({ email, password: 'clave-del-contrato-1' }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, role: 'admin', token: expect.any(String) });
    } finally {
      await t.ctx.db.central.adminUser.deleteMany({ where: { email } });
    }
  });
});
