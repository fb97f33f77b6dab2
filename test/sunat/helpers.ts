// Shared helpers for the SUNAT tests: the test signer, the documents of test/fixtures/sunat, and a simulator on a
// real port with the client's endpoints and credentials for it.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signXml, type SigningKey } from '../../src/core/signing.ts';
import { betaCredentials, resolveSunatEndpoints, type SunatEndpoints } from '../../src/sunat/index.ts';
import { startSunatSimulator, type RunningSimulator, type StartOptions } from '../../src/simulator/index.ts';
import { evaluateRules } from '../../src/simulator/rules/index.ts';
import { parseXml } from '../../src/sunat/xml.ts';

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

/** The pinned clock of the simulator in these tests (the illustrative invoice is issued 2025-01-15). */
export const NOW = new Date('2025-01-20T15:00:00Z');

export function fixtureText(...path: string[]): string {
  return readFileSync(join(SUNAT_FIXTURES, ...path), 'utf8');
}

/** The illustrative invoice F001-123 of test/fixtures/sunat/documents (unsigned), optionally renumbered to F001-{n}. */
export function invoiceXml(number = 123): string {
  const xml = fixtureText('documents', '20000000001-01-F001-123.unsigned.xml');
  return number === 123 ? xml : xml.replace('<cbc:ID>F001-123</cbc:ID>', `<cbc:ID>F001-${number}</cbc:ID>`);
}

/** The illustrative perception P001-1 of test/fixtures/sunat/documents (unsigned), optionally renumbered. */
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

/** The simulator's business rules on one document: the codes of its rejections and observations. */
export function verdict(xml: string, tipo: string) {
  const v = evaluateRules(parseXml(xml), tipo);
  return { errors: v.errors.map((e) => e.code), observations: v.observations.map((o) => o.code) };
}

/** One textual edit of an XML, failing loudly when the pattern is not there. */
export function edit(xml: string, from: string | RegExp, to: string): string {
  const out = xml.replace(from, to);
  if (out === xml) throw new Error(`edit: ${String(from)} not found`);
  return out;
}
