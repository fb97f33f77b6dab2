// The admin host: login (throttled per account and network, never locking the owner out), logout,
// tenants, plans, resellers and locks (facts with an author; the admin's wins), plan limits, self-registration,
// padrón, partners and API usage — over HTTP with the admin Host header, against the real database.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes, randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { NETWORK_MAX_FAILURES } from '../../src/admin/login-throttle.ts';
import { importPadron } from '../../src/admin/padron.ts';
import { hashPassword } from '../../src/platform/passwords.ts';
import { hashToken } from '../../src/platform/tokens.ts';
import { fixtureBody, useApi } from '../features/documents/helpers.ts';
import { REPO_ROOT } from '../fixtures/invoices.ts';
import { randomRuc, randomSubdomain } from '../helpers/ids.ts';

const api = useApi();
const PASSWORD = 'Clave-segura-2026';
const tag = randomBytes(4).toString('hex');
// Rate-limit counters live in the shared database: every run uses its own addresses.
const net = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
let adminToken: string;
let resellerA: { id: number; token: string };
let resellerB: { id: number; token: string };

function adminHost() {
  return api.ctx.config.adminHost;
}

async function call(method: 'GET' | 'POST', url: string, body?: unknown, token?: string, ip = `${net}.1`) {
  const res = await api.ctx.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: {
      host: adminHost(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.statusCode, json: res.json(), headers: res.headers };
}

async function login(email: string, password = PASSWORD, ip?: string) {
  return call('POST', '/api/login', { email, password }, undefined, ip);
}

async function makeUser(role: 'admin' | 'reseller', resellerId: number | null = null) {
  const email = `${role}-${tag}-${randomBytes(3).toString('hex')}@facturo.example`;
  await api.ctx.db.central.adminUser.create({
    data: { name: role, email, role, resellerId, passwordHash: await hashPassword(PASSWORD) },
  });
  return email;
}

async function makeReseller(limitTenants = 0) {
  const reseller = await api.ctx.db.central.reseller.create({
    data: { name: `R ${tag}`, email: `r-${tag}-${randomBytes(3).toString('hex')}@facturo.example`, limitTenants },
  });
  const token = (await login(await makeUser('reseller', reseller.id))).json.token;
  return { id: reseller.id, token };
}

/** GET /api/company with a created tenant's own host and token. */
function tenantApi(created: { hostname: string; token: string }) {
  return api.ctx.app.inject({
    method: 'GET',
    url: '/api/company',
    headers: { host: created.hostname, authorization: `Bearer ${created.token}` },
  });
}

async function createTenant(token: string, extra: Record<string, unknown> = {}) {
  return call(
    'POST',
    '/api/tenants',
    {
      ruc: randomRuc(),
      name: 'EMPRESA CREADA S.A.C.',
      subdomain: randomSubdomain(),
      email: `t-${tag}@facturo.example`,
      plan_id: 4,
      ...extra,
    },
    token,
  );
}

beforeAll(async () => {
  adminToken = (await login(await makeUser('admin'))).json.token;
  resellerA = await makeReseller(2);
  resellerB = await makeReseller();
});

describe('login', () => {
  it('gives a bearer token with an expiry, and 401 for a wrong password or an unknown account', async () => {
    const email = await makeUser('admin');
    const ok = await login(email);
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ success: true, email, role: 'admin', token: expect.any(String) });
    expect(Date.parse(ok.json.expires_at)).toBeGreaterThan(Date.now());
    expect((await login(email, 'otra-clave')).status).toBe(401);
    expect((await login(`nadie-${tag}@facturo.example`)).status).toBe(401);
    expect((await call('GET', '/api/tenants', undefined, 'no-es-un-token')).status).toBe(401);
  });

  it('throttles an account per client network with a doubling wait, never locking the owner out from elsewhere', async () => {
    const email = await makeUser('admin');
    const attacker = `${net}.10`;
    for (let i = 0; i < 5; i += 1) expect((await login(email, 'mala', attacker)).status).toBe(401);
    const blocked = await login(email, PASSWORD, attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.json.code).toBe('rate_limited');
    const firstWait = Number(blocked.headers['retry-after']);
    expect(firstWait).toBeGreaterThan(0);
    expect(firstWait).toBeLessThanOrEqual(60);
    // The owner, from its own network, is not affected — and its success leaves the attacker's count alone.
    expect((await login(email, PASSWORD, `${net}.11`)).status).toBe(200);
    expect((await login(email, PASSWORD, attacker)).status).toBe(429);
    // Once the wait is over (moved into the past here), one more failure waits twice as long.
    await api.ctx.db.central.loginThrottle.update({
      where: { email_network: { email, network: attacker } },
      data: { blockedUntil: new Date(Date.now() - 1000) },
    });
    expect((await login(email, 'mala', attacker)).status).toBe(401);
    const second = await login(email, PASSWORD, attacker);
    expect(second.status).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(60);
    expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(120);
  });

  it('caps failed logins per client network across accounts (an IPv6 /64 counts as one network)', async () => {
    const email = await makeUser('admin');
    // Groups of four hex digits without a leading zero: the network is keyed in canonical form (0a1b → a1b).
    const group = () => (0x1000 + randomInt(0xf000)).toString(16);
    const prefix = `2001:db8:${group()}:${group()}`;
    for (let i = 1; i <= 3; i += 1)
      expect((await login(`nadie-${tag}-${i}@facturo.example`, 'mala', `${prefix}::${i}`)).status).toBe(401);
    const key = `login-failures:${prefix}::/64`;
    expect((await api.ctx.db.central.rateLimitHit.findUniqueOrThrow({ where: { key } })).count).toBe(3);
    // The rest of the hour's failures, spread over more minutes than the route's per-minute limit allows here.
    await api.ctx.db.central.rateLimitHit.update({ where: { key }, data: { count: NETWORK_MAX_FAILURES - 1 } });
    expect((await login(`nadie-${tag}-4@facturo.example`, 'mala', `${prefix}::4`)).status).toBe(401);
    const capped = await login(email, PASSWORD, `${prefix}::ffff`);
    expect(capped.status).toBe(429);
    expect(capped.json.message).toContain('desde su red');
    expect((await login(email, PASSWORD, `2001:db8:ffff:${randomBytes(2).toString('hex')}::1`)).status).toBe(200);
  });

  it('logout revokes the session token at once', async () => {
    const token = (await login(await makeUser('admin'))).json.token;
    expect((await call('GET', '/api/tenants', undefined, token)).status).toBe(200);
    const out = await call('POST', '/api/logout', undefined, token);
    expect(out.status).toBe(200);
    expect(out.json).toEqual({ success: true, message: 'Sesión cerrada' });
    expect((await call('GET', '/api/tenants', undefined, token)).status).toBe(401);
    expect((await call('POST', '/api/logout', undefined, token)).status).toBe(401);
    expect((await call('POST', '/api/logout')).status).toBe(401);
    expect(await api.ctx.db.central.adminSession.count({ where: { tokenHash: hashToken(token) } })).toBe(0);
  });
});

describe('tenants', () => {
  it('creates a tenant whose token issues an invoice at once (acceptance)', async () => {
    const created = await createTenant(adminToken);
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    expect(created.json).toMatchObject({ success: true, token: expect.any(String), password: expect.any(String) });
    const res = await api.ctx.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: {
        host: created.json.hostname,
        authorization: `Bearer ${created.json.token}`,
        'content-type': 'application/json',
      },
      payload: JSON.stringify(fixtureBody('01-taxed.json')),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.state_type_id).toBe('05');
  });

  it('takes a production tenant with SOL credentials and a valid PFX, and refuses expired or keyless certificates', async () => {
    const pfx = (name: string) => readFileSync(join(REPO_ROOT, 'test/fixtures/keys', name)).toString('base64');
    const production = { soap_type_id: '02', soap_username: 'USUARIO1', soap_password: 'clave-sol' };
    const ok = await createTenant(adminToken, {
      ...production,
      certificate: pfx('test-modern.pfx'),
      certificate_password: '123456',
    });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const company = await api.ctx.db
      .tenant((await api.ctx.db.central.tenant.findUniqueOrThrow({ where: { id: ok.json.id } })).schemaName)
      .company.findFirstOrThrow();
    expect(company.sunatMode).toBe('production');
    expect(company.solPasswordEnc).not.toContain('clave-sol');
    expect(
      (
        await createTenant(adminToken, {
          ...production,
          certificate: pfx('expired.pfx'),
          certificate_password: '123456',
        })
      ).json.code,
    ).toBe('certificate_expired');
    expect(
      (
        await createTenant(adminToken, {
          ...production,
          certificate: pfx('cert-only.pfx'),
          certificate_password: '123456',
        })
      ).json.code,
    ).toBe('certificate_without_private_key');
    expect(
      (
        await createTenant(adminToken, {
          ...production,
          certificate: pfx('test-modern.pfx'),
          certificate_password: 'mala',
        })
      ).json.code,
    ).toBe('certificate_password_invalid');
    expect((await createTenant(adminToken, { soap_type_id: '02' })).status).toBe(422);
    const costly = await createTenant(adminToken, {
      ...production,
      certificate: pfx('costly-iterations.pfx'),
      certificate_password: '123456',
    });
    expect(costly.status).toBe(422);
    expect(costly.json).toMatchObject({ code: 'certificate_iterations_excessive', errors: [{ path: 'certificate' }] });
  });

  it('refuses duplicates, bad RUCs and unknown plans', async () => {
    const first = await createTenant(adminToken);
    const ruc = (await api.ctx.db.central.tenant.findUniqueOrThrow({ where: { id: first.json.id } })).ruc;
    expect((await createTenant(adminToken, { ruc })).status).toBe(409);
    expect((await createTenant(adminToken, { ruc: '20123456780' })).json.code).toBe('ruc_invalid');
    expect((await createTenant(adminToken, { plan_id: 999 })).json.code).toBe('plan_not_found');
  });

  it('lists tenants page by page', async () => {
    const page = await call('GET', '/api/tenants?per_page=2', undefined, adminToken);
    expect(page.status).toBe(200);
    expect(page.json.data.length).toBeLessThanOrEqual(2);
    expect(page.json.pagination.total).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(page.json)).not.toMatch(/token/i);
  });

  it('lists the others when one tenant lives on a database server this process does not know', async () => {
    const reseller = await makeReseller();
    const issued = await createTenant(reseller.token);
    const lost = await createTenant(reseller.token);
    expect(lost.status, JSON.stringify(lost.json)).toBe(200);
    const schema = (await api.ctx.db.central.tenant.findUniqueOrThrow({ where: { id: issued.json.id } })).schemaName;
    await api.ctx.db.tenant(schema).document.count(); // its schema is readable
    await api.ctx.db.central.tenant.update({ where: { id: lost.json.id }, data: { databaseServer: 'retirado' } });
    const list = await call('GET', '/api/tenants', undefined, reseller.token);
    expect(list.status, JSON.stringify(list.json)).toBe(200);
    expect(list.json.data.map((t: { id: number }) => t.id)).toEqual([issued.json.id, lost.json.id]);
    expect(list.json.data[1]).toMatchObject({ database: 'retirado', documents_month: 0 });
    await api.ctx.db.central.tenant.update({ where: { id: lost.json.id }, data: { databaseServer: 'default' } });
  });
});

describe('resellers', () => {
  it('confine a reseller to its own tenants and quota', async () => {
    const mine = await createTenant(resellerA.token);
    expect(mine.status).toBe(200);
    const theirs = await createTenant(resellerB.token);
    const listA = await call('GET', '/api/tenants', undefined, resellerA.token);
    expect(listA.json.data.map((t: any) => t.id)).toEqual([mine.json.id]);
    const detail = await call('POST', '/api/reseller/detail', {}, resellerA.token);
    expect(detail.json.data).toEqual([expect.objectContaining({ id: mine.json.id, count_doc: 0, count_user: 1 })]);
    expect(JSON.stringify(detail.json)).not.toContain(mine.json.token);
    expect(
      (await call('POST', '/api/reseller/lockedTenant', { id: theirs.json.id, locked_tenant: true }, resellerA.token))
        .status,
    ).toBe(404);
    const quota = await call('GET', '/api/reseller/detailsLimitReseller', undefined, resellerA.token);
    expect(quota.json.data.tenants).toEqual({ used: 1, allowed: 2 });
    await createTenant(resellerA.token);
    expect((await createTenant(resellerA.token)).json.code).toBe('reseller_limit_reached');
    expect(
      (await call('POST', '/api/reseller/lockedAdmin', { id: resellerB.id, locked_admin: true }, resellerA.token)).json
        .code,
    ).toBe('forbidden_role');
  });

  it('authenticate before reading the body: tokenless is 401, a wrong role 403, even with a bad body', async () => {
    for (const url of [
      '/api/tenants',
      '/api/reseller/lockedTenant',
      '/api/reseller/lockedAdmin',
      '/api/restaurant/partner/store',
    ]) {
      const tokenless = await call('POST', url, { id: 'x', ruc: 1 });
      expect(tokenless.status, url).toBe(401);
      expect(tokenless.json.code).toBe('unauthenticated');
    }
    expect((await call('POST', '/api/reseller/lockedAdmin', { id: 'x' }, resellerA.token)).json.code).toBe(
      'forbidden_role',
    );
  });

  it('refuse ids beyond a database integer with 422, changing nothing', async () => {
    for (const [url, body] of [
      ['/api/reseller/lockedTenant', { id: 99999999999, locked_tenant: true }],
      ['/api/reseller/lockedAdmin', { id: 2 ** 31, locked_admin: true }],
    ] as const) {
      const res = await call('POST', url, body, adminToken);
      expect(res.status, url).toBe(422);
      expect(res.json.errors[0].path).toBe('id');
    }
    expect((await createTenant(adminToken, { plan_id: 1e12 })).status).toBe(422);
    expect((await call('GET', '/api/tenants?page=1e30', undefined, adminToken)).status).toBe(422);
  });

  it('locking a tenant stops its API at once; unlocking restores it', async () => {
    const created = await createTenant(adminToken);
    const headers = { host: created.json.hostname, authorization: `Bearer ${created.json.token}` };
    expect((await api.ctx.app.inject({ method: 'GET', url: '/api/company', headers })).statusCode).toBe(200);
    expect(
      (await call('POST', '/api/reseller/lockedTenant', { id: created.json.id, locked_tenant: true }, adminToken)).json
        .message,
    ).toBe('Cuenta bloqueada');
    const locked = await api.ctx.app.inject({ method: 'GET', url: '/api/company', headers });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().code).toBe('tenant_locked');
    await call('POST', '/api/reseller/lockedTenant', { id: created.json.id, locked_tenant: false }, adminToken);
    expect((await api.ctx.app.inject({ method: 'GET', url: '/api/company', headers })).statusCode).toBe(200);
  });

  it('locking a reseller ends its sessions, refuses its login and stops every tenant of it', async () => {
    const email = await makeUser(
      'reseller',
      (
        await api.ctx.db.central.reseller.create({
          data: { name: `R ${tag}`, email: `r-${tag}-${randomBytes(3).toString('hex')}@facturo.example` },
        })
      ).id,
    );
    const session = (await login(email)).json.token;
    const resellerId = (await api.ctx.db.central.adminUser.findUniqueOrThrow({ where: { email } })).resellerId!;
    const created = await createTenant(session);
    const locked = await call(
      'POST',
      '/api/reseller/lockedAdmin',
      { id: resellerId, locked_admin: true, reason: 'Falta de pago' },
      adminToken,
    );
    expect(locked.json).toMatchObject({ success: true, locked: true });
    expect((await call('GET', '/api/tenants', undefined, session)).status).toBe(401);
    const refused = await login(email);
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('account_locked');
    expect((await tenantApi(created.json)).statusCode).toBe(403);
    const fact = await api.ctx.db.central.resellerLock.findUniqueOrThrow({
      where: { resellerId },
      include: { user: true },
    });
    expect(fact).toMatchObject({ reason: 'Falta de pago', user: { role: 'admin' } });
    await call('POST', '/api/reseller/lockedAdmin', { id: resellerId, locked_admin: false }, adminToken);
    expect((await login(email)).status).toBe(200);
    expect((await tenantApi(created.json)).statusCode).toBe(200);
  });

  it("a reseller cannot lift the admin's lock on its tenant; the admin's unlock lifts both", async () => {
    const reseller = await makeReseller();
    const created = await createTenant(reseller.token);
    const id = created.json.id;
    const byReseller = await call(
      'POST',
      '/api/reseller/lockedTenant',
      { id, locked_tenant: true, reason: 'Cliente moroso' },
      reseller.token,
    );
    expect(byReseller.json).toMatchObject({
      locked: true,
      locks: [{ scope: 'tenant', authority: 'reseller', reason: 'Cliente moroso' }],
    });
    const byAdmin = await call(
      'POST',
      '/api/reseller/lockedTenant',
      { id, locked_tenant: true, reason: 'Uso indebido' },
      adminToken,
    );
    expect(byAdmin.json.locks.map((l: any) => l.authority).sort()).toEqual(['admin', 'reseller']);
    // The reseller lifts its own lock; the admin's stays and keeps the tenant locked.
    const own = await call('POST', '/api/reseller/lockedTenant', { id, locked_tenant: false }, reseller.token);
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ locked: true, locks: [{ authority: 'admin', reason: 'Uso indebido' }] });
    expect(own.json.message).toContain('administrador');
    expect((await tenantApi(created.json)).statusCode).toBe(403);
    const again = await call('POST', '/api/reseller/lockedTenant', { id, locked_tenant: false }, reseller.token);
    expect(again.status).toBe(403);
    expect(again.json.code).toBe('lock_held_by_admin');
    expect((await tenantApi(created.json)).statusCode).toBe(403);
    const lifted = await call('POST', '/api/reseller/lockedTenant', { id, locked_tenant: false }, adminToken);
    expect(lifted.json).toMatchObject({ locked: false, locks: [], message: 'Cuenta desbloqueada' });
    expect((await tenantApi(created.json)).statusCode).toBe(200);
  });

  it("unlocking a reseller leaves its tenants' own locks in place", async () => {
    const reseller = await makeReseller();
    const lockedOne = await createTenant(reseller.token);
    const freeOne = await createTenant(reseller.token);
    await call('POST', '/api/reseller/lockedTenant', { id: lockedOne.json.id, locked_tenant: true }, adminToken);
    await call('POST', '/api/reseller/lockedAdmin', { id: reseller.id, locked_admin: true }, adminToken);
    expect((await tenantApi(freeOne.json)).statusCode).toBe(403);
    await call('POST', '/api/reseller/lockedAdmin', { id: reseller.id, locked_admin: false }, adminToken);
    expect((await tenantApi(freeOne.json)).statusCode).toBe(200);
    const still = await tenantApi(lockedOne.json);
    expect(still.statusCode).toBe(403);
    expect(still.json().code).toBe('tenant_locked');
    const row = await api.ctx.db.central.tenant.findUniqueOrThrow({ where: { id: lockedOne.json.id } });
    expect(row.lockedTenant).toBe(true);
  });
});

describe('plans', () => {
  it("are public, and a plan's monthly document limit answers 403 plan_limit_reached", async () => {
    const plans = await call('GET', '/api/plans');
    expect(plans.json.data.map((p: any) => p.name)).toContain('Gratuito');
    const plan = await api.ctx.db.central.plan.create({ data: { name: `Prueba ${tag}`, limitDocuments: 1 } });
    const created = await createTenant(adminToken, { plan_id: plan.id });
    const post = () =>
      api.ctx.app.inject({
        method: 'POST',
        url: '/api/documents',
        headers: {
          host: created.json.hostname,
          authorization: `Bearer ${created.json.token}`,
          'content-type': 'application/json',
        },
        payload: JSON.stringify(fixtureBody('02-not-sent.json')),
      });
    expect((await post()).statusCode).toBe(200);
    const over = await post();
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({
      code: 'plan_limit_reached',
      message: expect.stringContaining('1 comprobantes'),
    });
  });
});

describe('self-registration and the padrón', () => {
  it('registers a demo tenant on the free plan, refusing weak passwords', async () => {
    const init = await call('GET', '/api/guest-register');
    expect(init.json.data).toMatchObject({ enabled: true, base_domain: `.${api.ctx.config.appDomain}` });
    const body = {
      number: randomRuc(),
      name: 'NUEVA EMPRESA S.A.C.',
      subdomain: randomSubdomain(),
      email: `g-${tag}@facturo.example`,
      password: 'abc',
    };
    expect((await call('POST', '/api/guest-register', body, undefined, `${net}.50`)).status).toBe(422);
    const ok = await call('POST', '/api/guest-register', { ...body, password: 'Segura2026x' }, undefined, `${net}.50`);
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const tenant = await api.ctx.db.central.tenant.findUniqueOrThrow({ where: { ruc: body.number } });
    expect(tenant).toMatchObject({ planId: 1, sunatMode: 'demo' });
  });

  it('needs a name: without one, for a RUC outside the padrón, 422 name_required and nothing is created', async () => {
    const body = {
      number: randomRuc(),
      subdomain: randomSubdomain(),
      email: `g2-${tag}@facturo.example`,
      password: 'Segura2026x',
    };
    const res = await call('POST', '/api/guest-register', body, undefined, `${net}.51`);
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ code: 'name_required', errors: [{ path: 'name', code: 'name_required' }] });
    expect(await api.ctx.db.central.tenant.findUnique({ where: { ruc: body.number } })).toBeNull();
  });

  it('imports the padrón sample (Latin-1: Ñ and accents) and answers RUC lookups', async () => {
    const result = await importPadron(api.ctx.db.pool, join(REPO_ROOT, 'assets/padron_reducido_ruc.sample.txt'));
    expect(result.rows).toBe(9);
    const found = await call('GET', '/api/guest-register/service/ruc/10414711222');
    expect(found.json.data).toMatchObject({
      name: 'NUÑEZ PEÑA JOSÉ MARÍA',
      state: 'ACTIVO',
      condition: 'HABIDO',
      ubigeo: '150101',
    });
    const address = await call('GET', '/api/guest-register/service/ruc/20558743167');
    expect(address.json.data).toMatchObject({
      name: 'FERRETERÍA EL MARTILLO DE ORO S.R.L.',
      address: 'JR. PIZARRO NRO. 655',
    });
    expect((await call('GET', '/api/guest-register/service/ruc/20558743168')).json.code).toBe('ruc_invalid');
    expect((await call('GET', '/api/guest-register/service/ruc/20100066603')).status).toBe(404);
  });
});

describe('restaurant partners', () => {
  it('stores, lists and searches partners, with uniqueness and admin role only', async () => {
    const body = {
      full_name: 'María Pérez-Núñez',
      email: `p-${tag}@partners.example`,
      gitlab_user: `mperez${tag}`,
      domain: `https://p${tag}.example.com`,
      department_id: '15',
      zone: 'Lima Sur',
    };
    const stored = await call('POST', '/api/restaurant/partner/store', body, adminToken);
    expect(stored.status, JSON.stringify(stored.json)).toBe(200);
    expect(
      (
        await call(
          'POST',
          '/api/restaurant/partner/store',
          { ...body, domain: `https://q${tag}.example.com`, gitlab_user: undefined },
          adminToken,
        )
      ).json.code,
    ).toBe('partner_already_exists');
    expect(
      (await call('POST', '/api/restaurant/partner/store', { ...body, full_name: 'R2D2' }, adminToken)).status,
    ).toBe(422);
    const found = await call('POST', '/api/restaurant/partner/search', { query: `mperez${tag}` }, adminToken);
    expect(found.json.data).toHaveLength(1);
    expect((await call('GET', '/api/restaurant/partner/list', undefined, adminToken)).json.data.length).toBeGreaterThan(
      0,
    );
    expect((await call('GET', '/api/restaurant/partner/list', undefined, resellerA.token)).status).toBe(403);
  });
});

describe('API usage', () => {
  it('counts authenticated tenant calls per month and reports the last 12 months', async () => {
    for (let i = 0; i < 3; i += 1) await api.get('/api/company');
    await api.ctx.app.platform.usage!.flush();
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima', year: 'numeric', month: '2-digit' })
      .format(new Date())
      .slice(0, 7);
    const row = await api.ctx.db.central.apiUsage.findUnique({
      where: { tenantId_month: { tenantId: api.tenant.id, month } },
    });
    expect(row?.count).toBeGreaterThanOrEqual(3);
    // The database is shared with other test files and runs: page through the report until this tenant shows.
    const page = (n: number) =>
      call('GET', `/api/extra-services/client-usage-apidocs?per_page=100&page=${n}`, undefined, adminToken);
    const report = await page(1);
    expect(report.json.data.months).toHaveLength(12);
    expect(report.json.data.months.at(-1)).toBe(month);
    let mine: any;
    for (let n = 1; !mine && n <= report.json.data.pagination.last_page; n += 1) {
      mine = (await page(n)).json.data.clients.find((c: any) => c.client_id === api.tenant.id);
    }
    expect(mine?.usage.at(-1).quantity ?? 0).toBeGreaterThanOrEqual(3);
  });
});
