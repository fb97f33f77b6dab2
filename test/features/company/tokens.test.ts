// API tokens over HTTP: listed without secrets, issued once, revoked with immediate effect, capped by the plan.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestTenant } from '../../helpers/app.ts';

let ctx: TestApp;
let tenant: TestTenant;
let planId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const plan = await ctx.db.central.plan.create({
    data: { name: `tokens-${randomBytes(4).toString('hex')}`, limitUsers: 3 },
  });
  planId = plan.id;
  tenant = await ctx.provisionTenant({ planId });
});
afterAll(async () => {
  await ctx.close();
  await ctx.db.central.plan.delete({ where: { id: planId } }).catch(() => undefined);
});

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, token = tenant.token) {
  const res = await ctx.app.inject({
    method,
    url,
    headers: {
      host: tenant.hostname,
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.statusCode, json: res.json(), raw: res.body };
}

describe('/api/tokens', () => {
  it('issues a token shown once, which then works, and lists tokens without their secret', async () => {
    const created = await call('POST', '/api/tokens', { nombre: 'ERP tienda' });
    expect(created.status).toBe(200);
    const secret: string = created.json.data.token;
    expect(secret).toMatch(/^fct_/);
    expect((await call('GET', '/api/company', undefined, secret)).status).toBe(200);
    const list = await call('GET', '/api/tokens');
    expect(list.json.data.map((t: any) => t.nombre)).toEqual(['default', 'ERP tienda']);
    expect(list.raw).not.toContain(secret);
    expect(list.raw).not.toContain(tenant.token);
    expect(list.json.data[0].ultimo_uso).not.toBeNull();
  });

  it('revokes a token: the next request with it gets 401 at once', async () => {
    const created = await call('POST', '/api/tokens', { nombre: 'temporal' });
    const secret: string = created.json.data.token;
    expect((await call('GET', '/api/company', undefined, secret)).status).toBe(200);
    expect((await call('DELETE', `/api/tokens/${created.json.data.id}`)).status).toBe(200);
    expect((await call('GET', '/api/company', undefined, secret)).status).toBe(401);
    expect((await call('DELETE', `/api/tokens/${created.json.data.id}`)).status).toBe(404);
  });

  it("enforces the plan's limit of active tokens, without creating one", async () => {
    // Active now: default and ERP tienda; the plan allows 3.
    expect((await call('POST', '/api/tokens', { nombre: 'tercero' })).status).toBe(200);
    const over = await call('POST', '/api/tokens', { nombre: 'cuarto' });
    expect(over.status).toBe(403);
    expect(over.json.code).toBe('plan_limit_reached');
    expect(await tenant.db.apiToken.count({ where: { name: 'cuarto' } })).toBe(0);
  });

  it('walls tenants: another tenant cannot revoke these tokens', async () => {
    const other = await ctx.provisionTenant();
    // The other tenant has only its token 1: an id of ours is not in its schema.
    const mine = (await call('GET', '/api/tokens')).json.data.find((t: any) => t.nombre === 'ERP tienda');
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/tokens/${mine.id}`, headers: other.headers });
    expect(res.statusCode).toBe(404);
    const still = await tenant.db.apiToken.findUniqueOrThrow({ where: { id: mine.id } });
    expect(still.revokedAt).toBeNull();
    expect((await call('POST', '/api/tokens', { nombre: '' })).status).toBe(422);
  });
});
