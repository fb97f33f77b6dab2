// Shared helpers for the SUNAT tests: the test signer, the documents of test/fixtures/sunat, and a simulator on a
// real port with the client's endpoints and credentials for it.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signXml, type SigningKey } from '../../src/core/signing.ts';
import { betaCredentials, resolveSunatEndpoints, zipDocument, type SunatEndpoints } from '../../src/sunat/index.ts';
import { startSunatSimulator, type RunningSimulator, type StartOptions } from '../../src/sunat/simulator/index.ts';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SUNAT_FIXTURES = join(REPO_ROOT, 'test', 'fixtures', 'sunat');
export const KEYS = join(REPO_ROOT, 'test', 'fixtures', 'keys');

export const testKey: SigningKey = {
  privateKeyPem: readFileSync(join(KEYS, 'test-key.pem'), 'utf8'),
  certificatePem: readFileSync(join(KEYS, 'test-cert.pem'), 'utf8'),
};
export const otherKey: SigningKey = {
  privateKeyPem: readFileSync(join(KEYS, 'other-key.pem'), 'utf8'),
  certificatePem: readFileSync(join(KEYS, 'other-cert.pem'), 'utf8'),
};

export const RUC = '20000000001';
export const credentials = betaCredentials(RUC);

/** The pinned clock of the simulator in these tests (the §1.13 sample is issued 2025-01-15). */
export const NOW = new Date('2025-01-20T15:00:00Z');

export function fixtureText(...path: string[]): string {
  return readFileSync(join(SUNAT_FIXTURES, ...path), 'utf8');
}

/** sunat.md §1.13 invoice F001-123 (unsigned), optionally renumbered to F001-{n}. */
export function invoiceXml(number = 123): string {
  const xml = fixtureText('documents', '20000000001-01-F001-123.unsigned.xml');
  return number === 123 ? xml : xml.replace('<cbc:ID>F001-123</cbc:ID>', `<cbc:ID>F001-${number}</cbc:ID>`);
}

/** sunat.md §2 perception P001-1 (unsigned), optionally renumbered. */
export function perceptionXml(number = 1): string {
  const xml = fixtureText('documents', '20000000001-40-P001-1.unsigned.xml');
  return number === 1 ? xml : xml.replace('<cbc:ID>P001-1</cbc:ID>', `<cbc:ID>P001-${number}</cbc:ID>`);
}

export function sign(xml: string, key: SigningKey = testKey): string {
  return signXml(xml, key).xml;
}

/** A simulator on a free port, with the endpoints the client should use for it. */
export async function startSimulator(
  options: StartOptions = {},
): Promise<RunningSimulator & { endpoints: SunatEndpoints }> {
  const running = await startSunatSimulator({ now: () => NOW, ...options });
  return { ...running, endpoints: resolveSunatEndpoints({ mode: 'simulator', simulatorUrl: running.url }) };
}

export function zipOf(fileBase: string, xml: string | Uint8Array): Buffer {
  return zipDocument(fileBase, xml);
}
