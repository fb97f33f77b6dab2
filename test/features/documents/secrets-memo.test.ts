// The signing key and the SOL credentials are opened once per tenant (src/pipeline/keys.ts), and a value the admin
// replaces is the one used from the next document on: the memo is keyed by the sealed value itself.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { solCredentialsOf } from '../../../src/pipeline/keys.ts';
import { createSecretBox } from '../../../src/platform/secrets.ts';

describe('SOL credentials of a tenant', () => {
  const secrets = createSecretBox(randomBytes(32));
  const company = (user: string, password: string) => ({
    ruc: '20000000001',
    solUser: user,
    solPasswordEnc: secrets.seal(password),
  });

  it('opens the sealed password, once for the same sealed value', () => {
    const c = company('FACTURA1', 'clave-1');
    const first = solCredentialsOf('tenant_memo_a', c, secrets);
    expect(first).toEqual({ user: 'FACTURA1', password: 'clave-1' });
    expect(solCredentialsOf('tenant_memo_a', c, secrets)).toBe(first);
  });

  it('uses a replaced password or user at once, and keeps tenants apart', () => {
    solCredentialsOf('tenant_memo_b', company('FACTURA1', 'clave-1'), secrets);
    expect(solCredentialsOf('tenant_memo_b', company('FACTURA1', 'clave-2'), secrets).password).toBe('clave-2');
    const renamed = { ...company('FACTURA2', 'x'), solPasswordEnc: company('FACTURA1', 'clave-3').solPasswordEnc };
    expect(solCredentialsOf('tenant_memo_b', renamed, secrets)).toEqual({ user: 'FACTURA2', password: 'clave-3' });
    expect(solCredentialsOf('tenant_memo_c', company('OTRO', 'clave-c'), secrets).user).toBe('OTRO');
  });

  it('refuses a company with no SOL credentials stored', () => {
    expect(() =>
      solCredentialsOf('tenant_memo_d', { ruc: '20000000001', solUser: null, solPasswordEnc: null }, secrets),
    ).toThrow(/SOL credentials/);
  });
});
