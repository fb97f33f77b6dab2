import { X509Certificate, createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import {
  CertificateError,
  describeCertificate,
  generateSelfSignedCertificate,
  loadPem,
  loadPfx,
  MAX_PFX_ITERATIONS,
} from '../../src/crypto/certificates.ts';
import { loadPfxOffThread } from '../../src/crypto/pfx-off-thread.ts';
import { withDerivationBudget } from '../../src/crypto/pkcs12-derivations.ts';
import { pkcs12IterationCounts } from '../../src/crypto/pkcs12-iterations.ts';
import { pfxWithHiddenKey } from '../../bench/hostile-uploads.ts';
import { onPath } from '../helpers/system-tools.ts';

const keysDir = fileURLToPath(new URL('../fixtures/keys/', import.meta.url));
const file = (name: string) => readFileSync(join(keysDir, name));
const text = (name: string) => readFileSync(join(keysDir, name), 'utf8');
const NOW = new Date('2030-06-01T12:00:00Z'); // pinned clock: inside the test certificate's 2025–2045 validity
const SUBJECT = 'C=PE, O=EMPRESA EMISORA S.A.C., OU=RUC 20000000001, CN=EMPRESA EMISORA S.A.C.';

/** The first two bits of the keyUsage extension (id-ce 2.5.29.15: OID, optional critical flag, BIT STRING). */
function keyUsageBits(der: Buffer): { digitalSignature: boolean; nonRepudiation: boolean } {
  const oid = der.indexOf(Buffer.from([0x06, 0x03, 0x55, 0x1d, 0x0f]));
  if (oid < 0) throw new Error('no keyUsage extension');
  let at = oid + 5;
  if (der[at] === 0x01) at += 3; // critical: BOOLEAN TRUE
  if (der[at] !== 0x04 || der[at + 2] !== 0x03) throw new Error('keyUsage is not OCTET STRING { BIT STRING }');
  const bits = der[at + 5]; // 04 len 03 len unused-bits bits…
  return { digitalSignature: (bits & 0x80) !== 0, nonRepudiation: (bits & 0x40) !== 0 };
}

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(CertificateError);
    expect((e as CertificateError).message).toMatch(/certificado|clave|contraseña/i); // Spanish, for the user
    return (e as CertificateError).code;
  }
  throw new Error('expected a CertificateError');
}

/** The material really works: the key signs and the certificate's public key verifies it. */
function expectUsablePair(m: { privateKeyPem: string; certificatePem: string }) {
  expect(m.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
  expect(m.certificatePem).toMatch(/^-----BEGIN CERTIFICATE-----\n[\s\S]+-----END CERTIFICATE-----\n$/);
  const data = Buffer.from('F001-123');
  const signature = sign('sha256', data, createPrivateKey(m.privateKeyPem));
  expect(verify('sha256', data, new X509Certificate(m.certificatePem).publicKey, signature)).toBe(true);
}

describe('generateSelfSignedCertificate', () => {
  const now = new Date('2025-01-15T10:30:00Z');
  const material = generateSelfSignedCertificate(
    { ruc: '20000000001', name: 'EMPRESA EMISORA S.A.C.' },
    { now, days: 30 },
  );

  it('makes a usable RSA-2048 key pair and a self-signed certificate naming the company and its RUC', () => {
    expectUsablePair(material);
    const cert = new X509Certificate(material.certificatePem);
    expect(cert.subject.split('\n')).toEqual([
      'C=PE',
      'O=EMPRESA EMISORA S.A.C.',
      'OU=RUC 20000000001',
      'CN=EMPRESA EMISORA S.A.C.',
    ]);
    expect(cert.issuer).toBe(cert.subject);
    expect(cert.verify(cert.publicKey)).toBe(true); // self-signed: its own key verifies it
    expect(cert.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(cert.checkPrivateKey(createPrivateKey(material.privateKeyPem))).toBe(true);
  });

  it('is valid from (just before) the given instant for the given number of days', () => {
    const info = describeCertificate(material.certificatePem);
    expect(info.notBefore.getTime()).toBeLessThanOrEqual(now.getTime());
    expect(now.getTime() - info.notBefore.getTime()).toBeLessThanOrEqual(10 * 60_000);
    expect(info.notAfter.toISOString()).toBe('2025-02-14T10:30:00.000Z');
    expect(info.subject).toBe(SUBJECT);
  });

  it('is read by openssl and by our own loadPem (round trip), with a fresh serial each time', () => {
    // Node's X509Certificate is OpenSSL too (the library the openssl command runs): its subject, and the key usage
    // extension's bits read from the DER; the openssl command agrees when installed.
    const read = new X509Certificate(material.certificatePem);
    expect(read.subject.split('\n')).toContain('OU=RUC 20000000001');
    expect(keyUsageBits(read.raw)).toEqual({ digitalSignature: true, nonRepudiation: true });
    if (onPath('openssl')) {
      const dir = mkdtempSync(join(tmpdir(), 'facturo-cert-'));
      writeFileSync(join(dir, 'cert.pem'), material.certificatePem);
      const out = execFileSync(
        'openssl',
        ['x509', '-in', join(dir, 'cert.pem'), '-noout', '-subject', '-ext', 'keyUsage'],
        { encoding: 'utf8' },
      );
      expect(out).toContain('OU = RUC 20000000001');
      expect(out).toContain('Digital Signature, Non Repudiation');
    }
    const loaded = loadPem(material.privateKeyPem + material.certificatePem, { now });
    expect(loaded.certificatePem).toBe(material.certificatePem);
    const other = generateSelfSignedCertificate({ ruc: '20000000001', name: 'EMPRESA EMISORA S.A.C.' }, { now });
    expect(describeCertificate(other.certificatePem).serialNumber).not.toBe(loaded.serialNumber);
  });

  it('keeps accents and commas of a razón social (UTF-8 names, RFC 2253 escaping in the description)', () => {
    const m = generateSelfSignedCertificate(
      { ruc: '10467793549', name: 'PANADERÍA EL ÑANDÚ, E.I.R.L.' },
      { now, bits: 1024 },
    );
    expect(describeCertificate(m.certificatePem).subject).toBe(
      'C=PE, O=PANADERÍA EL ÑANDÚ\\, E.I.R.L., OU=RUC 10467793549, CN=PANADERÍA EL ÑANDÚ\\, E.I.R.L.',
    );
    expect(new X509Certificate(m.certificatePem).publicKey.asymmetricKeyDetails?.modulusLength).toBe(1024);
  });
});

describe('loadPfx', () => {
  it.each([
    ['test-modern.pfx', 'OpenSSL 3 default (PBES2 AES-256-CBC, SHA-256 MAC)'],
    ['test-legacy.pfx', 'openssl -legacy (RC2-40 + 3DES, SHA-1 MAC)'],
    ['test-legacy-rc2.pfx', 'the SFS/llama.pe format (3DES key bag, RC2-40 certificate bag)'],
  ])('reads %s — %s', (name) => {
    const m = loadPfx(file(name), '123456', { now: NOW });
    expectUsablePair(m);
    expect(m.certificatePem).toBe(text('test-cert.pem').replace(/\r\n/g, '\n'));
    // Same key as the PEM fixture.
    expect(createPublicKey(m.privateKeyPem).export({ type: 'spki', format: 'pem' })).toBe(
      createPublicKey(text('test-key.pem')).export({ type: 'spki', format: 'pem' }),
    );
    expect(m.subject).toBe(SUBJECT);
    expect(m.issuer).toBe(SUBJECT);
    expect(m.serialNumber).toBe('1000');
    expect(m.notBefore.toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(m.notAfter.toISOString()).toBe('2045-01-01T00:00:00.000Z');
  });

  it('reads a modern PFX whose password has accents (UTF-8 for PBES2, as OpenSSL writes it)', () => {
    expect(loadPfx(file('test-modern-accented-password.pfx'), 'contraseña', { now: NOW }).subject).toBe(SUBJECT);
    expect(codeOf(() => loadPfx(file('test-modern-accented-password.pfx'), 'contrasena', { now: NOW }))).toBe(
      'certificate_password_invalid',
    );
  });

  it('picks the certificate matching the private key when the PFX carries others', () => {
    const m = loadPfx(file('test-with-extra-cert.pfx'), '123456', { now: NOW });
    expect(m.subject).toBe(SUBJECT);
    expectUsablePair(m);
  });

  it('rejects a wrong password as certificate_password_invalid (modern and legacy)', () => {
    expect(codeOf(() => loadPfx(file('test-modern.pfx'), '654321', { now: NOW }))).toBe('certificate_password_invalid');
    expect(codeOf(() => loadPfx(file('test-legacy.pfx'), '', { now: NOW }))).toBe('certificate_password_invalid');
  });

  it('rejects a PFX without private key', () => {
    expect(codeOf(() => loadPfx(file('cert-only.pfx'), '123456', { now: NOW }))).toBe(
      'certificate_without_private_key',
    );
  });

  it('rejects an expired certificate, and accepts it when the clock is inside its validity', () => {
    expect(codeOf(() => loadPfx(file('expired.pfx'), '123456', { now: NOW }))).toBe('certificate_expired');
    expect(
      loadPfx(file('expired.pfx'), '123456', { now: new Date('2020-06-01T00:00:00Z') }).notAfter.toISOString(),
    ).toBe('2021-01-01T00:00:00.000Z');
  });

  it('rejects a PFX whose key does not belong to its certificate', () => {
    const key = forge.pki.privateKeyFromPem(text('other-key.pem'));
    const cert = forge.pki.certificateFromPem(text('test-cert.pem'));
    const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], '123456', { algorithm: '3des' });
    const der = Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
    expect(codeOf(() => loadPfx(der, '123456', { now: NOW }))).toBe('certificate_key_mismatch');
  });

  it('rejects bytes that are not a PKCS#12 file', () => {
    expect(codeOf(() => loadPfx(Buffer.from('not a pfx at all'), '123456'))).toBe('certificate_unreadable');
    expect(codeOf(() => loadPfx(file('test-cert.pem'), '123456'))).toBe('certificate_unreadable');
  });
});

describe('loadPem', () => {
  it('reads key + certificate from one PEM text (either order, PKCS#8 or PKCS#1 key)', () => {
    const m = loadPem(text('test-bundle.pem'), { now: NOW });
    expectUsablePair(m);
    expect(m.subject).toBe(SUBJECT);
    const pkcs1 = createPrivateKey(text('test-key.pem')).export({ type: 'pkcs1', format: 'pem' }) as string;
    const reversed = loadPem(`${text('test-cert.pem')}\n${pkcs1}`, { now: NOW });
    expect(reversed.privateKeyPem).toBe(m.privateKeyPem);
  });

  it('reads an encrypted key with its password and refuses it without or with a wrong one', () => {
    const encrypted = createPrivateKey(text('test-key.pem')).export({
      type: 'pkcs8',
      format: 'pem',
      cipher: 'aes-256-cbc',
      passphrase: 'secreto',
    }) as string;
    const pem = encrypted + text('test-cert.pem');
    expect(loadPem(pem, { now: NOW, password: 'secreto' }).privateKeyPem).toBe(
      loadPem(text('test-bundle.pem'), { now: NOW }).privateKeyPem,
    );
    expect(codeOf(() => loadPem(pem, { now: NOW }))).toBe('certificate_password_invalid');
    expect(codeOf(() => loadPem(pem, { now: NOW, password: 'otro' }))).toBe('certificate_password_invalid');
  });

  it('names each problem: no key, no certificate, mismatch, expired, not yet valid', () => {
    expect(codeOf(() => loadPem(text('test-cert.pem'), { now: NOW }))).toBe('certificate_without_private_key');
    expect(codeOf(() => loadPem(text('test-key.pem'), { now: NOW }))).toBe('certificate_unreadable');
    expect(codeOf(() => loadPem(text('other-key.pem') + text('test-cert.pem'), { now: NOW }))).toBe(
      'certificate_key_mismatch',
    );
    expect(codeOf(() => loadPem(text('test-key.pem') + text('expired-cert.pem'), { now: NOW }))).toBe(
      'certificate_expired',
    );
    expect(codeOf(() => loadPem(text('test-key.pem') + text('future-cert.pem'), { now: NOW }))).toBe(
      'certificate_not_yet_valid',
    );
    expect(
      loadPem(text('test-key.pem') + text('future-cert.pem'), {
        now: new Date('2091-01-01T00:00:00Z'),
      }).notBefore.toISOString(),
    ).toBe('2090-01-01T00:00:00.000Z');
  });

  it('rejects a corrupted certificate block', () => {
    const broken = `${text('test-key.pem')}-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n`;
    expect(codeOf(() => loadPem(broken, { now: NOW }))).toBe('certificate_unreadable');
  });
});

describe('describeCertificate', () => {
  it('gives subject, issuer, serial and validity', () => {
    const info = describeCertificate(text('other-cert.pem'));
    expect(info).toEqual({
      subject: 'C=PE, O=OTRA EMPRESA S.A., OU=RUC 20100070970, CN=OTRA EMPRESA S.A.',
      issuer: 'C=PE, O=OTRA EMPRESA S.A., OU=RUC 20100070970, CN=OTRA EMPRESA S.A.',
      serialNumber: '1000',
      notBefore: new Date('2025-01-01T00:00:00Z'),
      notAfter: new Date('2045-01-01T00:00:00Z'),
    });
  });

  it('rejects text that is not a certificate', () => {
    expect(codeOf(() => describeCertificate('hola'))).toBe('certificate_unreadable');
  });
});

describe('costly PFX files', () => {
  const asn1Of = (name: string) => forge.asn1.fromDer(forge.util.createBuffer(file(name).toString('binary')));

  it('reads the MAC and PBKDF2/PBE iteration counts from the ASN.1, modern and legacy alike', () => {
    expect(pkcs12IterationCounts(asn1Of('test-modern.pfx'))).toEqual([2048, 2048, 2048]);
    expect(pkcs12IterationCounts(asn1Of('test-legacy-rc2.pfx'))).toEqual([2048, 2048, 2048]);
    expect(pkcs12IterationCounts(asn1Of('costly-iterations.pfx'))).toEqual([3_000_000, 3_000_000, 3_000_000]);
  });

  it('refuses 3,000,000 iterations before deriving any key (it used to block for 33 s)', () => {
    const started = performance.now();
    expect(codeOf(() => loadPfx(file('costly-iterations.pfx'), '123456', { now: NOW }))).toBe(
      'certificate_iterations_excessive',
    );
    expect(performance.now() - started).toBeLessThan(1000);
    expect(MAX_PFX_ITERATIONS).toBeGreaterThanOrEqual(10_000); // keytool's count must pass
  });

  it('reads a PFX in a worker thread, with its errors, while the event loop stays free', async () => {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 5);
    const m = await loadPfxOffThread(file('test-modern.pfx'), '123456', { now: NOW });
    clearInterval(timer);
    expect(m.subject).toBe(SUBJECT);
    expect(createPrivateKey(m.privateKeyPem).asymmetricKeyType).toBe('rsa');
    expect(ticks).toBeGreaterThan(0);
    await expect(loadPfxOffThread(file('test-modern.pfx'), '654321', { now: NOW })).rejects.toMatchObject({
      code: 'certificate_password_invalid',
    });
    await expect(loadPfxOffThread(file('costly-iterations.pfx'), '123456', { now: NOW })).rejects.toMatchObject({
      code: 'certificate_iterations_excessive',
    });
  });

  it('ends a read that takes longer than its time limit with certificate_timeout', async () => {
    const error = await loadPfxOffThread(file('test-modern.pfx'), '123456', { now: NOW, timeoutMs: 1 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CertificateError);
    expect((error as CertificateError).code).toBe('certificate_timeout');
  });
});

describe('every key derivation is charged to the iteration budget', () => {
  const refuse = (n: number) => new CertificateError('certificate_iterations_excessive', `refused ${n}`);
  const pbkdf2 = (count: number) => forge.pkcs5.pbkdf2('clave', 'sal', count, 16);
  const pkcs12Kdf = (count: number) =>
    (forge.pkcs12 as unknown as { generateKey(...a: unknown[]): unknown }).generateKey(
      'clave',
      forge.util.createBuffer('sal'),
      3,
      count,
      20,
    );

  it('refuses one derivation above the per-call cap and stops at the total, whichever function forge calls', () => {
    expect(() => withDerivationBudget({ perCall: 100, total: 1_000 }, refuse, () => pbkdf2(101))).toThrow(
      'refused 101',
    );
    expect(() => withDerivationBudget({ perCall: 100, total: 1_000 }, refuse, () => pkcs12Kdf(101))).toThrow(
      'refused 101',
    );
    expect(() =>
      withDerivationBudget({ perCall: 100, total: 250 }, refuse, () => {
        pbkdf2(100);
        pkcs12Kdf(100);
        pbkdf2(100);
      }),
    ).toThrow('refused 100');
    // Outside a read nothing is charged.
    expect(() => pbkdf2(101)).not.toThrow();
  });

  it('refuses a PFX whose costly key hides inside an encrypted section, before deriving it', () => {
    const material = generateSelfSignedCertificate(
      { ruc: '20000000001', name: 'EMPRESA EMISORA S.A.C.' },
      { now: NOW },
    );
    const hidden = pfxWithHiddenKey(material, '123456', MAX_PFX_ITERATIONS + 1);
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(hidden.toString('binary')));
    expect(pkcs12IterationCounts(asn1)).toEqual([2048]); // all that can be read without the password
    const started = performance.now();
    expect(codeOf(() => loadPfx(hidden, '123456', { now: NOW }))).toBe('certificate_iterations_excessive');
    expect(performance.now() - started).toBeLessThan(MAX_PFX_ITERATIONS * 0.02); // well under deriving it (~20 µs/round)
    expect(loadPfx(pfxWithHiddenKey(material, '123456', 2048), '123456', { now: NOW }).subject).toContain(
      '20000000001',
    );
  });
});
