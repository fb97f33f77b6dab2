// Golden guides: test/golden/dispatches/<case>.json is the request body (01–03 are examples/dispatches as they
// are), <case>.xml the unsigned DespatchAdvice we emit for it on the pinned day, compared after normalising
// whitespace (regenerate only with UPDATE_GOLDEN=1 and review the diff). Each is signed and judged by outsiders:
// xmllint against UBL-DespatchAdvice-2.1.xsd and xmlsec1 --verify with the test certificate.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignDispatchNumber, buildDispatchXml, prepareDispatch } from '../../src/core/dispatch/index.ts';
import { signXml } from '../../src/core/signing.ts';
import { REPO_ROOT } from '../fixtures/invoices.ts';
import { DISPATCH_TODAY, dispatchIssuer } from '../property/dispatch-bodies.ts';
import { xmlsecVerifies, xsdFailures as xsdFailuresOf } from './judges.ts';

const GOLDEN = join(REPO_ROOT, 'test/golden/dispatches');
const EXAMPLES = join(REPO_ROOT, 'examples/dispatches');
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const KEYS = join(REPO_ROOT, 'test/fixtures/keys');
const key = {
  privateKeyPem: readFileSync(join(KEYS, 'test-key.pem'), 'utf8'),
  certificatePem: readFileSync(join(KEYS, 'test-cert.pem'), 'utf8'),
};
const ctx = { today: DISPATCH_TODAY, timeNow: '09:30:00', issuer: dispatchIssuer, mode: 'production' as const };
const normalise = (xml: string) => xml.replace(/>\s+</g, '><').trim();
const names = readdirSync(GOLDEN)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5))
  .sort();

interface Case {
  name: string;
  xml: string;
  signed: string;
  signedPath: string;
}
const cases = new Map<string, Case>();
let xsd = new Map<string, string>();
let dir = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'facturo-golden-gre-'));
  for (const name of names) {
    const body = JSON.parse(readFileSync(join(GOLDEN, `${name}.json`), 'utf8'));
    const kind = body.codigo_tipo_documento === '31' ? 'carrier' : 'sender';
    const prepared = prepareDispatch(body, ctx, kind);
    if (!prepared.ok) throw new Error(`${name}: ${JSON.stringify(prepared.issues)}`);
    const doc = prepared.document.number === null ? assignDispatchNumber(prepared.document, 1) : prepared.document;
    const xml = buildDispatchXml(doc, dispatchIssuer);
    if (UPDATE) writeFileSync(join(GOLDEN, `${name}.xml`), xml);
    const signed = signXml(xml, key, { assumeCanonical: true }).xml;
    const signedPath = join(dir, `${name}.xml`);
    writeFileSync(signedPath, signed);
    cases.set(name, { name, xml, signed, signedPath });
  }
  xsd = xsdFailuresOf(
    dir,
    [...cases.values()].map((c) => ({ name: c.name, root: 'DespatchAdvice', signed: c.signed })),
  );
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('golden DespatchAdvice per case', () => {
  it('cases 01–03 are the examples as they are', () => {
    for (const file of readdirSync(EXAMPLES)) {
      expect(readFileSync(join(GOLDEN, file), 'utf8'), file).toBe(readFileSync(join(EXAMPLES, file), 'utf8'));
    }
  });
  for (const name of names) {
    describe(name, () => {
      it('emits the golden XML', () => {
        expect(existsSync(join(GOLDEN, `${name}.xml`)), 'golden file exists (UPDATE_GOLDEN=1 to create)').toBe(true);
        expect(normalise(cases.get(name)!.xml)).toBe(normalise(readFileSync(join(GOLDEN, `${name}.xml`), 'utf8')));
      });
      it('is XSD-valid once signed (xmllint, UBL 2.1 DespatchAdvice)', () => {
        expect(xsd.get(name) ?? '').toBe('');
      });
      it('has a signature xmlsec1 verifies with the test certificate', () => {
        expect(xmlsecVerifies(cases.get(name)!.signedPath)).toMatchObject({ ok: true });
      });
    });
  }
  it('xmlsec1 refuses a guide changed after signing', () => {
    const c = cases.get('02-private-transport')!;
    const path = join(dir, 'tampered.xml');
    writeFileSync(path, c.signed.replace('ABC123', 'ABC124'));
    expect(xmlsecVerifies(path).ok).toBe(false);
  });
});
