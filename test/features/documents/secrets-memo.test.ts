// The signing key and the SOL credentials are opened once per tenant (src/pipeline/keys.ts), and a value the admin
// replaces is the one used from the next document on: each memoised value keeps the sealed value it came from.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { signingKeyOf, solCredentialsOf } from '../../../src/pipeline/keys.ts';
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

describe('signing key of a tenant', () => {
  const secrets = createSecretBox(randomBytes(32));
  const pem = (name: string) => readFileSync(new URL(`../../fixtures/keys/${name}`, import.meta.url), 'utf8');
  const company = (key: string, cert: string) => ({
    ruc: '20000000001',
    signingKeyEnc: secrets.seal(JSON.stringify({ privateKeyPem: pem(key), certificatePem: pem(cert) })),
  });

  it('is opened once for the same sealed key, and a replaced certificate is used at once', () => {
    const first = company('test-key.pem', 'test-cert.pem');
    const opened = signingKeyOf('tenant_key_a', first, secrets);
    expect(signingKeyOf('tenant_key_a', { ...first }, secrets)).toBe(opened);
    const replaced = signingKeyOf('tenant_key_a', company('other-key.pem', 'other-cert.pem'), secrets);
    expect(replaced).not.toBe(opened);
    expect(replaced.certificatePem).toBe(pem('other-cert.pem'));
    expect(signingKeyOf('tenant_key_b', first, secrets).certificatePem).toBe(pem('test-cert.pem'));
  });
});
