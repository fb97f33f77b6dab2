// The web console's sessions over HTTP: a cookie (HTTP-only, SameSite=Strict, host-only) that the existing API
// accepts in place of a Bearer token, a CSRF token required on every change made through the cookie, logout that
// revokes at once, expiry — and Bearer requests exactly as before.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/platform/passwords.ts';
import { hashToken } from '../../src/platform/tokens.ts';
import { useTestApp } from '../helpers/app.ts';

const t = useTestApp();
const EMAIL = 'pruebas@facturo.example';
// Login counters live in the shared database: every run uses its own addresses.
const net = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

interface Call {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  host?: string;
  cookie?: string;
  csrf?: string;
  bearer?: string;
  body?: unknown;
}

async function call({ method = 'GET', url, host, cookie, csrf, bearer, body }: Call) {
  const res = await t.app.inject({
    method,
    url,
    remoteAddress: `${net}.1`,
    headers: {
      host: host ?? t.tenant.hostname,
      ...(cookie ? { cookie } : {}),
      ...(csrf ? { 'x-csrf-token': csrf } : {}),
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return res;
}

async function tenantLogin(host = t.tenant.hostname, password = t.tenant.password) {
  const res = await call({ method: 'POST', url: '/api/session', host, body: { email: EMAIL, password } });
  const setCookie = String(res.headers['set-cookie'] ?? '');
  return { res, setCookie, cookie: setCookie.split(';')[0], csrf: res.json().data?.csrf_token as string };
}

describe('company console session', () => {
  it('logs in with the company user into an HTTP-only, SameSite=Strict, host-only cookie that opens the API', async () => {
    const { res, setCookie, cookie, csrf } = await tenantLogin();
    expect(res.statusCode).toBe(200);
    expect(setCookie).toMatch(
      /^facturo_session=fcs_[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/,
    );
    expect(setCookie).not.toMatch(/Domain=/i);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.data).toMatchObject({ email: EMAIL, company: { ruc: t.tenant.ruc, subdomain: t.tenant.subdomain } });
    expect(csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The answer never shows the cookie's secret.
    expect(JSON.stringify(body)).not.toContain(cookie.split('=')[1]);
    const company = await call({ url: '/api/company', cookie });
    expect(company.statusCode).toBe(200);
    expect(company.json().data.ruc).toBe(t.tenant.ruc);
    const session = await call({ url: '/api/session', cookie });
    expect(session.json().data.csrf_token).toBe(csrf);
    expect(Date.parse(session.json().data.expires_at)).toBeGreaterThan(Date.now() + 11 * 3_600_000);
  });

  it('refuses a change made through the cookie without the CSRF token, and accepts it with the token', async () => {
    const { cookie, csrf } = await tenantLogin();
    const patch = { telefono: '01-5550101' };
    const without = await call({ method: 'PATCH', url: '/api/company', cookie, body: patch });
    expect(without.statusCode).toBe(403);
    expect(without.json().code).toBe('csrf_failed');
    const wrong = await call({ method: 'PATCH', url: '/api/company', cookie, csrf: `${csrf.slice(1)}x`, body: patch });
    expect(wrong.json().code).toBe('csrf_failed');
    // Nothing changed: the refused request never reached its route.
    expect((await t.tenant.db.company.findUniqueOrThrow({ where: { id: 1 } })).telefono).not.toBe('01-5550101');
    const ok = await call({ method: 'PATCH', url: '/api/company', cookie, csrf, body: patch });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.telefono).toBe('01-5550101');
    // Another session's token is not this one's.
    const other = await tenantLogin();
    const crossed = await call({ method: 'PATCH', url: '/api/company', cookie, csrf: other.csrf, body: patch });
    expect(crossed.json().code).toBe('csrf_failed');
  });

  it('keeps Bearer requests as they were: the Authorization header wins, no CSRF token needed', async () => {
    const { cookie } = await tenantLogin();
    const res = await call({ method: 'PATCH', url: '/api/company', bearer: t.tenant.token, body: { telefono: '1' } });
    expect(res.statusCode).toBe(200);
    // A cookie beside a bad Bearer token does not rescue it.
    const bad = await call({ url: '/api/company', bearer: 'fct_no-es-un-token', cookie });
    expect(bad.statusCode).toBe(401);
    // A session secret is not an API token.
    const secret = cookie.split('=')[1];
    expect((await call({ url: '/api/company', bearer: secret })).statusCode).toBe(401);
    expect((await call({ url: '/api/company' })).statusCode).toBe(401);
  });

  it('answers a wrong password with 401, opens no other company, and logout revokes at once', async () => {
    const wrong = await tenantLogin(t.tenant.hostname, 'no-es-la-clave');
    expect(wrong.res.statusCode).toBe(401);
    expect(wrong.setCookie).toBe('');
    const { cookie, csrf } = await tenantLogin();
    const other = await t.ctx.provisionTenant();
    expect((await call({ url: '/api/company', host: other.hostname, cookie })).statusCode).toBe(401);
    const noCsrf = await call({ method: 'DELETE', url: '/api/session', cookie });
    expect(noCsrf.json().code).toBe('csrf_failed');
    const out = await call({ method: 'DELETE', url: '/api/session', cookie, csrf });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(
      /^facturo_session=; Path=\/; HttpOnly; SameSite=Strict; Max-Age=0/,
    );
    expect((await call({ url: '/api/company', cookie })).statusCode).toBe(401);
    const bearerLogout = await call({ method: 'DELETE', url: '/api/session', bearer: t.tenant.token });
    expect(bearerLogout.json().code).toBe('session_required');
  });

  it('ends an expired session', async () => {
    const { cookie } = await tenantLogin();
    const hash = hashToken(cookie.split('=')[1]);
    await t.tenant.db.consoleSession.update({
      where: { tokenHash: hash },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const res = await call({ url: '/api/company', cookie });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toContain('venció');
  });
});

describe('admin console session', () => {
  const password = 'Clave-segura-2026';
  async function adminLogin() {
    const email = `admin-${randomBytes(4).toString('hex')}@facturo.example`;
    await t.ctx.db.central.adminUser.create({
      data: { name: 'Admin', email, role: 'admin', passwordHash: await hashPassword(password) },
    });
    const res = await call({
      method: 'POST',
      url: '/api/session',
      host: t.ctx.config.adminHost,
      body: { email, password },
    });
    const cookie = String(res.headers['set-cookie']).split(';')[0];
    return { res, cookie, csrf: res.json().data?.csrf_token as string };
  }

  it('opens the admin API with the cookie, asks the CSRF token for changes, and logout revokes', async () => {
    const { res, cookie, csrf } = await adminLogin();
    const host = t.ctx.config.adminHost;
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ role: 'admin', reseller_id: null });
    expect((await call({ url: '/api/tenants', host, cookie })).statusCode).toBe(200);
    const patch = { method: 'PATCH' as const, url: `/api/tenants/${t.tenant.id}`, host, cookie, body: { plan_id: 1 } };
    const refused = await call(patch);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('csrf_failed');
    expect((await call({ ...patch, csrf })).statusCode).toBe(200);
    // The admin's cookie means nothing on a company's host, nor the company's on the admin host.
    expect((await call({ url: '/api/company', cookie })).statusCode).toBe(401);
    const out = await call({ method: 'DELETE', url: '/api/session', host, cookie, csrf });
    expect(out.statusCode).toBe(200);
    expect((await call({ url: '/api/tenants', host, cookie })).statusCode).toBe(401);
  });
});
