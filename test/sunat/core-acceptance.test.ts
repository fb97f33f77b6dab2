// The document core against the simulator, end to end over HTTP: the document core's signed invoices are accepted by the simulator
// with code 0; an amount changed after signing is 2335; a total broken before signing is the matching 3xxx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignNumber, buildDocumentXml, filenameOf, prepareDocument } from '../../src/core/index.ts';
import { signXml } from '../../src/core/signing.ts';
import { sendBill, serviceForDocumentType, zipDocument, type SendOutcome } from '../../src/sunat/index.ts';
import { invoiceFixtureNames, loadInvoiceFixture, testContext, testIssuer } from '../fixtures/invoices.ts';
import { credentials, startSimulator, testKey } from './helpers.ts';

type Sim = Awaited<ReturnType<typeof startSimulator>>;
let sim: Sim;
let number = 1;

beforeAll(async () => {
  sim = await startSimulator({ now: () => new Date('2025-06-16T20:00:00Z') });
});
afterAll(async () => {
  await sim.close();
});

/** The core's unsigned XML of a request fixture, with a fresh number. */
function built(name: string): { xml: string; fileName: string; tipo: string } {
  const prepared = prepareDocument(loadInvoiceFixture(name), testContext());
  if (!prepared.ok) throw new Error(`${name}: ${JSON.stringify(prepared.issues)}`);
  const document = assignNumber(prepared.document, number++);
  return {
    xml: buildDocumentXml(document, testIssuer),
    fileName: filenameOf(document, testIssuer.ruc),
    tipo: document.documentType,
  };
}

function deliver(fileName: string, tipo: string, signedXml: string): Promise<SendOutcome> {
  const endpoint = serviceForDocumentType(tipo) === 'invoices' ? sim.endpoints.invoices : sim.endpoints.otrosCpe;
  return sendBill({ endpoint, credentials, fileName, zip: zipDocument(fileName, signedXml), timeoutMs: 10_000 });
}

function change(xml: string, from: RegExp, to: (value: string) => string): string {
  const out = xml.replace(from, (_m, prefix: string, value: string) => prefix + to(value));
  if (out === xml) throw new Error(`change: ${from} not found`);
  return out;
}
const plusTen = (value: string) => (Number(value) + 10).toFixed(2);

describe('signed invoices from the document core', () => {
  for (const name of invoiceFixtureNames()) {
    it(`${name} is accepted with code 0`, async () => {
      const doc = built(name);
      const signed = signXml(doc.xml, testKey, { assumeCanonical: true }).xml; // the builders' C14N-ready fast path
      const outcome = await deliver(doc.fileName, doc.tipo, signed);
      expect(outcome.code, `${outcome.description} ${outcome.notes.join(' | ')}`).toBe('0');
      expect(['accepted', 'observed']).toContain(outcome.kind);
      expect(outcome.cdr?.reference).toBe(doc.fileName.split('-').slice(2).join('-'));
    });
  }
});

describe('tampering and broken totals', () => {
  it('changing one amount after signing is 2335 (document altered)', async () => {
    const doc = built('01-taxed');
    const signed = signXml(doc.xml, testKey, { assumeCanonical: true }).xml;
    const tampered = change(signed, /(<cbc:PayableAmount currencyID="PEN">)([\d.]+)/, (v) =>
      (Number(v) + 0.01).toFixed(2),
    );
    const outcome = await deliver(doc.fileName, doc.tipo, tampered);
    expect(outcome).toMatchObject({ kind: 'rejected', code: '2335' });
    expect(outcome.description).toMatch(/^El documento electrónico ingresado ha sido alterado/);
  });

  it('a signature by another key over the same document is 2334 when the certificate is swapped', async () => {
    const doc = built('01-taxed');
    const signed = signXml(doc.xml, testKey, { assumeCanonical: true }).xml;
    const { otherKey } = await import('./helpers.ts');
    const otherCertificate = otherKey.certificatePem.replace(/-----[A-Z ]+-----|\s+/g, '');
    const swapped = signed.replace(
      /<ds:X509Certificate>[^<]+<\/ds:X509Certificate>/,
      `<ds:X509Certificate>${otherCertificate}</ds:X509Certificate>`,
    );
    expect(await deliver(doc.fileName, doc.tipo, swapped)).toMatchObject({ kind: 'rejected', code: '2334' });
  });

  it.each([
    ['PayableAmount', /(<cbc:PayableAmount currencyID="PEN">)([\d.]+)/, '3280'],
    [
      'LineExtensionAmount of the document',
      /(<cac:LegalMonetaryTotal>\s*<cbc:LineExtensionAmount currencyID="PEN">)([\d.]+)/,
      '3278',
    ],
    [
      'the header IGV base',
      /(<cac:TaxTotal>\s*<cbc:TaxAmount currencyID="PEN">[\d.]+<\/cbc:TaxAmount>\s*<cac:TaxSubtotal>\s*<cbc:TaxableAmount currencyID="PEN">)([\d.]+)/,
      '3277',
    ],
    ['the document TaxAmount', /(<cac:TaxTotal>\s*<cbc:TaxAmount currencyID="PEN">)([\d.]+)/, '3294'],
    [
      'the IGV of the first line',
      /(<cac:InvoiceLine>[\s\S]*?<cac:TaxSubtotal>\s*<cbc:TaxableAmount currencyID="PEN">[\d.]+<\/cbc:TaxableAmount>\s*<cbc:TaxAmount currencyID="PEN">)([\d.]+)/,
      '3103',
    ],
  ] as const)('breaking %s before signing is rejected with %s', async (_what, where, code) => {
    const doc = built('01-taxed');
    const broken = change(doc.xml, where, plusTen);
    const outcome = await deliver(doc.fileName, doc.tipo, signXml(broken, testKey, { assumeCanonical: true }).xml);
    expect(outcome).toMatchObject({ kind: 'rejected', code });
  });
});
