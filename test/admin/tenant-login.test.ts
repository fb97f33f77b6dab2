// POST /api/login on a company's host (FacturadorPro's tenant login): the password given at creation opens the
// API; a wrong one answers FacturadorPro's "No Autorizado" and counts towards the shared login throttle.
import { describe, expect, it } from 'vitest';
import { FREE_FAILURES } from '../../src/admin/login-throttle.ts';
import { useTestApp } from '../helpers/app.ts';

const t = useTestApp();
const EMAIL = 'pruebas@facturo.example';

function login(body: unknown, remoteAddress: string, host = t.tenant.hostname) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { host, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    remoteAddress,
  });
}

describe('tenant login', () => {
  it('exchanges the creation password for an API token of that user, in FacturadorPro’s shape', async () => {
    const res = await login({ email: EMAIL.toUpperCase(), password: t.tenant.password }, '198.51.100.1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, email: EMAIL, ruc: t.tenant.ruc, seriedefault: 'F001' });
    expect(body.company.name).toBe(t.tenant.name);
    expect(body.token).toMatch(/^fct_/);
    const company = await t.app.inject({
      method: 'GET',
      url: '/api/company',
      headers: { host: t.tenant.hostname, authorization: `Bearer ${body.token}` },
    });
    expect(company.statusCode).toBe(200);
    // The token given at creation keeps working.
    expect((await t.app.inject({ method: 'GET', url: '/api/company', headers: t.tenant.headers })).statusCode).toBe(
      200,
    );
  });

  it('answers "No Autorizado" to a wrong password or an unknown user, and the token of one company opens no other', async () => {
    for (const body of [
      { email: EMAIL, password: 'no-es-la-clave' },
      { email: 'nadie@facturo.example', password: t.tenant.password },
    ]) {
      const res = await login(body, '198.51.100.2');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: false, code: 'unauthenticated', message: 'No Autorizado' });
    }
    const other = await t.ctx.provisionTenant();
    const res = await login({ email: EMAIL, password: t.tenant.password }, '198.51.100.3', other.hostname);
    expect(res.json().success).toBe(false);
  });

  it('rejects a malformed body with 422 and throttles repeated failures with 429 and Retry-After', async () => {
    const bad = await login({ email: EMAIL }, '198.51.100.4');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].path).toBe('password');
    const ip = '198.51.100.5';
    for (let i = 0; i < FREE_FAILURES; i += 1)
      expect((await login({ email: EMAIL, password: `mala-${i}` }, ip)).json().success).toBe(false);
    const blocked = await login({ email: EMAIL, password: t.tenant.password }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('rate_limited');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another network is not locked out.
    expect((await login({ email: EMAIL, password: t.tenant.password }, '198.51.100.6')).json().success).toBe(true);
  });
});
