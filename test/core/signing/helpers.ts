// Shared by the signing tests: test keys, and the independent judges (xmlsec1 and xml-crypto).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignedXml } from 'xml-crypto';
import type { SigningKey } from '../../../src/core/signing.ts';

export const keysDir = fileURLToPath(new URL('../../fixtures/keys/', import.meta.url));
export const xmlDir = fileURLToPath(new URL('../../fixtures/xml/', import.meta.url));
export const c14nReadyDir = join(xmlDir, 'c14n-ready');

export const readKey = (name: string) => readFileSync(join(keysDir, name), 'utf8');
export const testKey: SigningKey = { privateKeyPem: readKey('test-key.pem'), certificatePem: readKey('test-cert.pem') };
export const otherKey: SigningKey = {
  privateKeyPem: readKey('other-key.pem'),
  certificatePem: readKey('other-cert.pem'),
};
export const readXml = (name: string) => readFileSync(join(xmlDir, name), 'utf8');
export const c14nReadyFixtures = () =>
  readdirSync(c14nReadyDir)
    .filter((f) => f.endsWith('.xml'))
    .sort()
    .map((name) => ({ name, xml: readFileSync(join(c14nReadyDir, name), 'utf8') }));

const work = mkdtempSync(join(tmpdir(), 'facturo-signing-'));
let counter = 0;

/** Writes text (UTF-8 unless told) or bytes to a temporary file and returns its path. */
export function tempFile(
  content: string | Buffer,
  name = `doc-${++counter}.xml`,
  encoding: BufferEncoding = 'utf8',
): string {
  const path = join(work, name);
  writeFileSync(path, typeof content === 'string' ? Buffer.from(content, encoding) : content);
  return path;
}

/** `xmlsec1 --verify --trusted-pem cert.pem file.xml` (libxml2 + OpenSSL, independent of our code). */
export function xmlsecVerify(
  xml: string | Buffer,
  certificatePem = testKey.certificatePem,
): { ok: boolean; output: string } {
  const file = tempFile(xml);
  const cert = tempFile(certificatePem, `cert-${counter}.pem`);
  try {
    const output = execFileSync('xmlsec1', ['--verify', '--trusted-pem', cert, file], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { ok: true, output };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

/** xml-crypto 6 with a known certificate (never the embedded one), as stack.md recommends. */
export function xmlCryptoVerify(xml: string, certificatePem = testKey.certificatePem): boolean {
  const signature = /<ds:Signature[\s>][\s\S]*?<\/ds:Signature>/.exec(xml);
  if (!signature) throw new Error('no ds:Signature in document');
  const verifier = new SignedXml({ publicCert: certificatePem, getCertFromKeyInfo: () => null });
  verifier.loadSignature(signature[0]);
  try {
    const ok = verifier.checkSignature(xml);
    return ok && verifier.getSignedReferences().length === 1;
  } catch {
    return false;
  }
}

/** Base64 DER of a PEM certificate, as ds:X509Certificate must carry it. */
export function derBase64(pem: string): string {
  return pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
}

/** `xmllint --c14n` (C14N 1.0 with comments) of a file: an independent canonicaliser. */
export function xmllintC14n(xml: string): Buffer {
  return execFileSync('xmllint', ['--c14n', tempFile(xml)]);
}

/** Signs a template with `xmlsec1 --sign` (the template carries the ds:Signature skeleton). */
export function xmlsecSign(template: string, key: SigningKey = testKey): string {
  const keyFile = tempFile(key.privateKeyPem, `key-${++counter}.pem`);
  const certFile = tempFile(key.certificatePem, `cert-${counter}.pem`);
  const out = join(work, `signed-${counter}.xml`);
  execFileSync('xmlsec1', ['--sign', '--privkey-pem', `${keyFile},${certFile}`, '--output', out, tempFile(template)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return readFileSync(out, 'utf8');
}

/** The signed document with its ds:Signature element removed (what the enveloped transform sees). */
export function withoutSignature(xml: string): string {
  return xml.replace(/<ds:Signature[\s>][\s\S]*?<\/ds:Signature>/, '');
}
