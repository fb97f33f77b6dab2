// Golden files, one per fixture scenario: test/golden/invoices/<case>.json is the request body (the request
// fixture with ${TODAY} replaced by the pinned date), <case>.xml the unsigned XML we emit for it, compared
// after normalising whitespace. Regenerate only with UPDATE_GOLDEN=1 and review the diff.
// Each document is then signed with signXml and judged by outsiders: xmllint against SUNAT's UBL 2.1 XSD,
// xmlsec1 --verify with the test certificate, and an independent reading of SUNAT's arithmetic rules.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignNumber, buildDocumentXml, prepareDocument, ublRootOf } from '../../src/core/index.ts';
import { signXml } from '../../src/core/signing.ts';
import { REPO_ROOT, invoiceFixtureNames, loadInvoiceFixture, testContext, testIssuer } from '../fixtures/invoices.ts';
import { xmlsecVerifies, xsdFailures as xsdFailuresOf } from './judges.ts';
import { sunatArithmeticProblems } from './sunat-arithmetic.ts';

const GOLDEN = join(REPO_ROOT, 'test/golden/invoices');
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const KEYS = join(REPO_ROOT, 'test/fixtures/keys');
const key = { privateKeyPem: readFileSync(join(KEYS, 'test-key.pem'), 'utf8'), certificatePem: readFileSync(join(KEYS, 'test-cert.pem'), 'utf8') };

const normalise = (xml: string) => xml.replace(/>\s+</g, '><').trim();

interface Case { name: string; root: string; xml: string; signedPath: string; signed: string }
const cases: Case[] = [];
const xsdFailures = new Map<string, string>();
let dir = '';

function build(name: string): { body: unknown; xml: string; root: string } {
  const body = loadInvoiceFixture(name);
  const r = prepareDocument(body, testContext());
  if (!r.ok) throw new Error(`${name}: ${JSON.stringify(r.issues)}`);
  // '#' is allocated by the database; the golden files use 1.
  const doc = r.document.number === null ? assignNumber(r.document, 1) : r.document;
  return { body, xml: buildDocumentXml(doc, testIssuer), root: ublRootOf(doc.documentType) };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'facturo-golden-'));
  for (const name of invoiceFixtureNames()) {
    const { body, xml, root } = build(name);
    if (UPDATE) {
      writeFileSync(join(GOLDEN, `${name}.json`), JSON.stringify(body, null, 2) + '\n');
      writeFileSync(join(GOLDEN, `${name}.xml`), xml);
    }
    const signed = signXml(xml, key, { assumeCanonical: true }).xml;
    const signedPath = join(dir, `${name}.xml`);
    writeFileSync(signedPath, signed);
    cases.push({ name, root, xml, signedPath, signed });
  }
  // One xmllint run per root element (loading the XSD is the slow part).
  for (const [name, failure] of xsdFailuresOf(dir, cases)) xsdFailures.set(name, failure);
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('golden XML per fixture', () => {
  for (const name of invoiceFixtureNames()) {
    describe(name, () => {
      const c = () => cases.find((x) => x.name === name)!;
      it('the golden input is the request fixture at the pinned date', () => {
        const golden = JSON.parse(readFileSync(join(GOLDEN, `${name}.json`), 'utf8'));
        expect(golden).toEqual(loadInvoiceFixture(name));
      });
      it('emits the golden XML', () => {
        expect(existsSync(join(GOLDEN, `${name}.xml`)), 'golden file exists (UPDATE_GOLDEN=1 to create)').toBe(true);
        expect(normalise(c().xml)).toBe(normalise(readFileSync(join(GOLDEN, `${name}.xml`), 'utf8')));
      });
      it('is XSD-valid once signed (xmllint, UBL 2.1)', () => {
        expect(xsdFailures.get(name) ?? '').toBe('');
      });
      it('has a signature xmlsec1 verifies with the test certificate', () => {
        expect(xmlsecVerifies(c().signedPath)).toMatchObject({ ok: true });
      });
      it("satisfies SUNAT's arithmetic rules", () => {
        expect(sunatArithmeticProblems(c().signed)).toEqual([]);
      });
    });
  }
});

describe('the arithmetic reader is a real judge', () => {
  it('catches a payable amount off by more than one unit', () => {
    const c = cases.find((x) => x.name === '01-taxed')!;
    const broken = c.signed.replace('<cbc:PayableAmount currencyID="PEN">580.91</cbc:PayableAmount>', '<cbc:PayableAmount currencyID="PEN">582.91</cbc:PayableAmount>');
    expect(broken).not.toBe(c.signed);
    expect(sunatArithmeticProblems(broken)).toEqual([expect.stringMatching(/^3280/)]);
  });
  it('catches a line IGV that is not base × rate', () => {
    const c = cases.find((x) => x.name === '01-taxed')!;
    const broken = c.signed.replace(/(<cac:InvoiceLine>[\s\S]*?<cac:TaxSubtotal>[\s\S]*?<cbc:TaxAmount currencyID="PEN">)36\.21/, '$138.21');
    expect(sunatArithmeticProblems(broken)).toEqual(expect.arrayContaining([expect.stringMatching(/^3103/)]));
  });
  it('and xmlsec1 refuses a document changed after signing', () => {
    const c = cases.find((x) => x.name === '01-taxed')!;
    const path = join(dir, 'tampered.xml');
    writeFileSync(path, c.signed.replace('580.91', '580.92'));
    expect(xmlsecVerifies(path).ok).toBe(false);
  });
});
