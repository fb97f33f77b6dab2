// Reseller accounts without SQL: the admin creates one over HTTP (or `facturo reseller:create`), it logs in and sees
// only its own tenants; PATCH /api/tenants/{id} changes plan, e-mail and lock (with its reason) within scope.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteIdent } from '../../src/platform/db/schema-name.ts';
import { hashPassword } from '../../src/platform/passwords.ts';
import { useApi } from '../features/documents/helpers.ts';
import { adminCall } from './admin-call.ts';
import { testConfig } from '../helpers/db.ts';
import { randomRuc, randomSubdomain } from '../helpers/ids.ts';

const api = useApi();
const PASSWORD = 'Clave-segura-2026';
const tag = randomBytes(4).toString('hex');
const created: number[] = [];
let adminToken: string;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown, token?: string) =>
  adminCall(api.ctx, method, url, body, token);

async function createTenant(token: string) {
  const body = {
    ruc: randomRuc(),
    name: 'EMPRESA DEL DISTRIBUIDOR S.A.C.',
    subdomain: randomSubdomain(),
    email: `t-${tag}@facturo.example`,
    plan_id: 4,
  };
  const res = await call('POST', '/api/tenants', body, token);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  created.push(res.json.id);
  return res.json as { id: number; hostname: string; token: string };
}

beforeAll(async () => {
  const email = `admin-rs-${tag}@facturo.example`;
  await api.ctx.db.central.adminUser.create({
    data: { name: 'admin', email, role: 'admin', passwordHash: await hashPassword(PASSWORD) },
  });
  adminToken = (await call('POST', '/api/login', { email, password: PASSWORD })).json.token;
});

afterAll(async () => {
  for (const id of created) {
    const t = await api.ctx.db.central.tenant.findUnique({ where: { id } });
    if (!t) continue;
    await api.ctx.db.pool.query(`DROP SCHEMA IF EXISTS ${quoteIdent(t.schemaName)} CASCADE`);
    await api.ctx.db.central.tenant.delete({ where: { id } });
  }
});

describe('POST /api/resellers', () => {
  it('the admin creates a reseller that logs in and sees only its own tenants', async () => {
    const email = `reseller-${tag}@facturo.example`;
    const body = { name: 'Contadores Asociados', email, password: PASSWORD, limit_tenants: 1 };
    const res = await call('POST', '/api/resellers', body, adminToken);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({ name: 'Contadores Asociados', email, limit_tenants: 1 });
    const login = await call('POST', '/api/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    const resellerToken = login.json.token;
    const theirs = await createTenant(resellerToken);
    const admins = await createTenant(adminToken);
    const list = await call('GET', '/api/tenants', undefined, resellerToken);
    expect(list.json.data.map((t: any) => t.id)).toEqual([theirs.id]);
    expect(list.json.data[0].reseller_id).toBe(res.json.data.id);
    const over = await call(
      'POST',
      '/api/tenants',
      { ruc: randomRuc(), subdomain: randomSubdomain(), email: 'x@facturo.example', plan_id: 4 },
      resellerToken,
    );
    expect(over.json.code).toBe('reseller_limit_reached');
    // PATCH within scope only: another's tenant is a 404, its own changes.
    expect((await call('PATCH', `/api/tenants/${admins.id}`, { plan_id: 1 }, resellerToken)).status).toBe(404);
    const moved = await call(
      'PATCH',
      `/api/tenants/${theirs.id}`,
      { plan_id: 1, email: 'nuevo@facturo.example' },
      resellerToken,
    );
    expect(moved.json.data).toMatchObject({ plan_id: 1, email: 'nuevo@facturo.example', locked: false });
    // Only the admin creates resellers.
    const denied = await call('POST', '/api/resellers', { ...body, email: `x-${tag}@facturo.example` }, resellerToken);
    expect(denied.status).toBe(403);
  });

  it('refuses a duplicate e-mail, a short password and unauthenticated calls, creating nothing', async () => {
    const email = `dup-${tag}@facturo.example`;
    const body = { name: 'Uno', email, password: PASSWORD };
    expect((await call('POST', '/api/resellers', body, adminToken)).status).toBe(200);
    const dup = await call('POST', '/api/resellers', { ...body, name: 'Dos' }, adminToken);
    expect(dup.status).toBe(409);
    expect(dup.json.errors[0].path).toBe('email');
    const short = await call(
      'POST',
      '/api/resellers',
      { ...body, email: `s-${tag}@facturo.example`, password: 'corta' },
      adminToken,
    );
    expect(short.status).toBe(422);
    expect((await call('POST', '/api/resellers', { ...body, email: `n-${tag}@facturo.example` })).status).toBe(401);
    const count = await api.ctx.db.central.reseller.count({
      where: { email: { in: [`s-${tag}@facturo.example`, `n-${tag}@facturo.example`] } },
    });
    expect(count).toBe(0);
    expect(await api.ctx.db.central.reseller.count({ where: { email } })).toBe(1);
  });
});

describe('PATCH /api/tenants/{id}', () => {
  it('locks a tenant with a reason (its API answers 403 at once) and unlocks it; unknown plans are refused', async () => {
    const tenant = await createTenant(adminToken);
    const company = () =>
      api.ctx.app.inject({
        method: 'GET',
        url: '/api/company',
        headers: { host: tenant.hostname, authorization: `Bearer ${tenant.token}` },
      });
    expect((await company()).statusCode).toBe(200);
    const locked = await call(
      'PATCH',
      `/api/tenants/${tenant.id}`,
      { locked: true, reason: 'Deuda de marzo' },
      adminToken,
    );
    expect(locked.json.data.locked).toBe(true);
    const fact = await api.ctx.db.central.tenantLock.findFirstOrThrow({ where: { tenantId: tenant.id } });
    expect(fact.reason).toBe('Deuda de marzo');
    expect((await company()).statusCode).toBe(403);
    expect((await call('PATCH', `/api/tenants/${tenant.id}`, { locked: false }, adminToken)).json.data.locked).toBe(
      false,
    );
    expect((await company()).statusCode).toBe(200);
    const plan = await call('PATCH', `/api/tenants/${tenant.id}`, { plan_id: 999_999 }, adminToken);
    expect(plan.status).toBe(422);
    expect((await api.ctx.db.central.tenant.findUniqueOrThrow({ where: { id: tenant.id } })).planId).toBe(4);
  });
});

describe('npx facturo reseller:create', () => {
  it('creates a reseller whose login works', async () => {
    const email = `cli-${tag}@facturo.example`;
    const bin = join(import.meta.dirname, '..', '..', 'bin', 'facturo.mjs');
    const databaseUrl = testConfig().databaseUrl!;
    const out = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        [bin, 'reseller:create', '--name', 'Distribuidor CLI', '--email', email, '--limit-tenants', '3', '--json'],
        { env: { ...process.env, DATABASE_URL: databaseUrl }, timeout: 60_000, encoding: 'utf8' },
        (error, stdout, stderr) => (error ? reject(new Error(stderr || String(error))) : resolve(stdout)),
      ),
    );
    const printed = JSON.parse(out.trim().split('\n').at(-1)!);
    expect(printed).toMatchObject({ email, limit_tenants: 3 });
    const login = await call('POST', '/api/login', { email, password: printed.password });
    expect(login.status).toBe(200);
    expect(login.json.role).toBe('reseller');
  });
});
