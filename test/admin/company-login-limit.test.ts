// Logins on one company's host are limited per company, whatever the addresses they come from
// (COMPANY_LOGIN_RATE_LIMIT a minute), before any password is checked: a storm of logins against one company from
// many addresses is refused with 429 past the limit, and another company's users log in as usual meanwhile.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

const LIMIT = 5;
const t = useTestApp({ env: { COMPANY_LOGIN_RATE_LIMIT: String(LIMIT) } });

const login = (host: string, body: unknown, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { host, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    remoteAddress,
  });

describe('logins per company', () => {
  it(`answer 429 past ${LIMIT} a minute on one company, from any address, and leave the other companies alone`, async () => {
    const other = await t.ctx.provisionTenant();
    const storm = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        login(t.tenant.hostname, { email: `nadie${i}@facturo.example`, password: 'equivocada' }, `198.51.100.${i + 1}`),
      ),
    );
    const statuses = storm.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    const refused = storm.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(12 - LIMIT);
    for (const r of refused) {
      expect(r.json().code).toBe('rate_limited');
      expect(r.json().message).toContain('esta empresa');
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The company's own user, from yet another address, waits too: the limit is the company's.
    const own = await login(
      t.tenant.hostname,
      { email: 'pruebas@facturo.example', password: t.tenant.password },
      '203.0.113.9',
    );
    expect(own.statusCode).toBe(429);
    const elsewhere = await login(
      other.hostname,
      { email: 'pruebas@facturo.example', password: other.password },
      '203.0.113.10',
    );
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json().success).toBe(true);
  });
});
