// Shared by the signing tests: test keys, and the independent judges (xml-crypto and libxml2 from npm; xmlsec1 and
// xmllint as a second opinion when installed).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XmlC14NMode, XmlDocument } from 'libxml2-wasm';
import { SignedXml } from 'xml-crypto';
import type { SigningKey } from '../../../src/core/signing.ts';
import { signatureErrors } from '../../golden/judges.ts';
import { onPath } from '../../helpers/system-tools.ts';

export const keysDir = fileURLToPath(new URL('../../fixtures/keys/', import.meta.url));
export const xmlDir = fileURLToPath(new URL('../../fixtures/xml/', import.meta.url));
export const c14nReadyDir = join(xmlDir, 'c14n-ready');
const xmlsecSignedDir = join(xmlDir, 'xmlsec-signed');

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

/**
 * The signature holds with `certificatePem` trusted, as `xmlsec1 --verify --trusted-pem` judges it: xml-crypto with
 * xmlsec1's trust rule, and xmlsec1 itself agreeing when installed (test/golden/judges.ts).
 */
export function xmlsecVerify(
  xml: string | Buffer,
  certificatePem = testKey.certificatePem,
): { ok: boolean; output: string } {
  const output = signatureErrors(xml, certificatePem);
  return { ok: output === '', output };
}

/** xml-crypto 6 with a known certificate (never the one embedded in the document, which proves nothing). */
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

/**
 * C14N 1.0 with comments of a whole document by libxml2 (WebAssembly): an independent canonicaliser, the one
 * `xmllint --c14n` runs, which must agree when installed.
 */
export function xmllintC14n(xml: string): Buffer {
  const doc = XmlDocument.fromString(xml);
  let ours: Buffer;
  try {
    ours = Buffer.from(doc.canonicalizeToString({ mode: XmlC14NMode.XML_C14N_1_0, withComments: true }), 'utf8');
  } finally {
    doc.dispose();
  }
  if (onPath('xmllint')) {
    const theirs = execFileSync('xmllint', ['--c14n', tempFile(xml)]);
    if (!theirs.equals(ours)) throw new Error('libxml2-wasm and xmllint --c14n disagree on a canonical form');
  }
  return ours;
}

/**
 * A template signed by `xmlsec1 --sign` (the template carries the ds:Signature skeleton): an independent signer.
 * RSA PKCS#1 v1.5 signatures are deterministic, so what xmlsec1 wrote for a template and key is kept in
 * test/fixtures/xml/xmlsec-signed (named by their hash): without xmlsec1 the test reads it there; with xmlsec1 the
 * document is signed again and must be the same bytes (a new template is recorded there on a machine with xmlsec1).
 */
export function xmlsecSign(template: string, key: SigningKey = testKey): string {
  const id = createHash('sha256').update(template).update('\0').update(key.privateKeyPem).digest('hex').slice(0, 24);
  const recorded = join(xmlsecSignedDir, `${id}.xml`);
  if (!onPath('xmlsec1')) {
    if (!existsSync(recorded))
      throw new Error(`${recorded} is missing: run this test once on a machine with xmlsec1 to record it`);
    return readFileSync(recorded, 'utf8');
  }
  const keyFile = tempFile(key.privateKeyPem, `key-${++counter}.pem`);
  const certFile = tempFile(key.certificatePem, `cert-${counter}.pem`);
  const out = join(work, `signed-${counter}.xml`);
  execFileSync('xmlsec1', ['--sign', '--privkey-pem', `${keyFile},${certFile}`, '--output', out, tempFile(template)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const signed = readFileSync(out, 'utf8');
  if (!existsSync(recorded)) writeFileSync(recorded, signed);
  else if (readFileSync(recorded, 'utf8') !== signed) throw new Error(`xmlsec1 now signs ${recorded} differently`);
  return signed;
}

/** The signed document with its ds:Signature element removed (what the enveloped transform sees). */
export function withoutSignature(xml: string): string {
  return xml.replace(/<ds:Signature[\s>][\s\S]*?<\/ds:Signature>/, '');
}
