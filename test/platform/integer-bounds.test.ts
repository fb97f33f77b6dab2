// Integers PostgreSQL keeps in int4 columns: every integer a request may carry — read from the API's own OpenAPI
// document, so a field added later is tried too — is sent as 2^31 and as 1e15, on its route's documented example (or
// the bare field). The answer is a 4xx whose errors name the field: never a 500 from a numeric overflow in the
// database (POST /api/resellers with limit_documents_month 99999999999 answered 500).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limaToday } from '../../src/pipeline/deps.ts';
import { hashPassword } from '../../src/platform/passwords.ts';
import { createTestApp, type TestApp, type TestTenant } from '../helpers/app.ts';

type Json = Record<string, any>;

interface IntegerField {
  method: string;
  path: string;
  in: 'body' | 'path' | 'query';
  /** The field's place in the body (dotted), or the parameter's name. */
  field: string;
  example: unknown;
}

/** Integer fields the OpenAPI document types otherwise (digits accepted as a string too): tried all the same. */
const ALSO_INTEGERS = [
  { method: 'POST', path: '/api/document/email', in: 'body', field: 'document_id' },
  { method: 'POST', path: '/api/documents', in: 'body', field: 'numero_documento' },
  { method: 'POST', path: '/api/perceptions', in: 'body', field: 'numero_documento' },
  { method: 'POST', path: '/api/retentions', in: 'body', field: 'numero_documento' },
  { method: 'POST', path: '/api/services/consult_cdr_status', in: 'body', field: 'numero_documento' },
] as const;

const OVERFLOWS = [2 ** 31, 1e15];
const tag = randomBytes(4).toString('hex');
let ctx: TestApp;
let tenant: TestTenant;
let adminToken: string;
let adminId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  tenant = await ctx.provisionTenant();
  const email = `bounds-${tag}@facturo.example`;
  adminId = (
    await ctx.db.central.adminUser.create({
      data: { name: 'Bounds', email, role: 'admin', passwordHash: await hashPassword('Clave-bounds-2026') },
    })
  ).id;
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { host: ctx.config.adminHost, 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password: 'Clave-bounds-2026' }),
  });
  adminToken = login.json().token;
});

afterAll(async () => {
  await ctx.db.pool.query('DELETE FROM "central"."admin_sessions" WHERE admin_user_id = $1', [adminId]);
  await ctx.db.pool.query('DELETE FROM "central"."admin_users" WHERE id = $1', [adminId]);
  await ctx.close();
});

function integerFields(doc: Json): IntegerField[] {
  const schemas: Json = doc.components?.schemas ?? {};
  const found: IntegerField[] = [];
  const walk = (node: Json | undefined, at: string[], seen: Set<string>, add: (field: string) => void) => {
    if (!node || typeof node !== 'object') return;
    if (node.$ref) {
      const name = String(node.$ref).split('/').pop()!;
      if (!seen.has(name)) walk(schemas[name], at, new Set([...seen, name]), add);
      return;
    }
    const types = Array.isArray(node.type) ? node.type : [node.type];
    if (types.includes('integer')) add(at.join('.'));
    for (const k of ['anyOf', 'oneOf', 'allOf']) for (const n of node[k] ?? []) walk(n, at, seen, add);
    for (const [k, v] of Object.entries<Json>(node.properties ?? {})) walk(v, [...at, k], seen, add);
  };
  for (const [path, item] of Object.entries<Json>(doc.paths))
    for (const [method, op] of Object.entries<Json>(item)) {
      const json = op.requestBody?.content?.['application/json'];
      const example = Object.values<Json>(json?.examples ?? {})[0]?.value ?? {};
      const push = (where: IntegerField['in']) => (field: string) =>
        found.push({ method: method.toUpperCase(), path, in: where, field, example });
      if (json?.schema) walk(json.schema, [], new Set(), push('body'));
      for (const p of op.parameters ?? []) if (p.in !== 'header') walk(p.schema, [p.name], new Set(), push(p.in));
    }
  const unique = new Map(found.map((f) => [`${f.method} ${f.path} ${f.in} ${f.field}`, f]));
  for (const also of ALSO_INTEGERS) {
    const key = `${also.method} ${also.path} ${also.in} ${also.field}`;
    const example = found.find((f) => f.method === also.method && f.path === also.path)?.example ?? {};
    if (!unique.has(key)) unique.set(key, { ...also, example });
  }
  return [...unique.values()];
}

/** A value for each path parameter that is not under test: a real-looking one of its kind. */
const PATH_DEFAULTS: Record<string, string> = {
  id: '1',
  inicio: limaToday(),
  fin: limaToday(),
  codigo_tipo_documento: '01',
  serie: 'F001',
};

function withField(example: unknown, field: string, value: number): unknown {
  const body = structuredClone(example ?? {}) as Json;
  const keys = field.split('.');
  let node = body;
  for (const k of keys.slice(0, -1)) {
    node[k] = typeof node[k] === 'object' && node[k] !== null ? node[k] : {};
    node = node[k];
  }
  node[keys.at(-1)!] = value;
  return body;
}

async function tryOverflow(f: IntegerField, value: number) {
  const text = f.in === 'body' ? '' : BigInt(value).toString();
  const url =
    f.path.replace(/\{([^}]+)\}/g, (_, name) => (f.in === 'path' && name === f.field ? text : PATH_DEFAULTS[name])) +
    (f.in === 'query' ? `?${f.field}=${text}` : '');
  const payload =
    f.in === 'body'
      ? JSON.stringify(withField(f.example, f.field, value))
      : ['POST', 'PUT', 'PATCH'].includes(f.method)
        ? JSON.stringify(f.example ?? {})
        : undefined;
  const send = (headers: Record<string, string>) =>
    ctx.app.inject({
      method: f.method as 'GET',
      url,
      headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      payload,
    });
  const onTenant = await send(tenant.headers);
  // Routes of the admin host are not found on a tenant's.
  if (
    onTenant.statusCode !== 404 ||
    !['route_not_found', 'host_not_found', 'wrong_host'].includes(onTenant.json().code)
  )
    return onTenant;
  return send({ host: ctx.config.adminHost, authorization: `Bearer ${adminToken}` });
}

describe('integers beyond int4', () => {
  it('are refused with a 4xx naming the field, on every route that takes one', async () => {
    const doc = (
      await ctx.app.inject({ method: 'GET', url: '/documentation/json', headers: { host: tenant.hostname } })
    ).json();
    const fields = integerFields(doc);
    // The sweep reaches the fields it is about (a change of the document's shape must not empty it).
    expect(fields.map((f) => `${f.method} ${f.path} ${f.field}`)).toEqual(
      expect.arrayContaining([
        'POST /api/resellers limit_documents_month',
        'POST /api/resellers limit_tenants',
        'POST /api/series ultimo_numero',
        'POST /api/document/email document_id',
        'PATCH /api/tenants/{id} id',
        'DELETE /api/tokens/{id} id',
      ]),
    );
    const wrong: string[] = [];
    for (const f of fields)
      for (const value of OVERFLOWS) {
        const res = await tryOverflow(f, value);
        const body = res.json();
        const named = (body.errors ?? []).some(
          (e: { path?: string }) => e.path === f.field || e.path?.endsWith(`.${f.field}`),
        );
        if (res.statusCode < 400 || res.statusCode >= 500 || !named)
          wrong.push(`${f.method} ${f.path} ${f.in}.${f.field}=${value}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    expect(wrong).toEqual([]);
  });
});
