// The fast SUNAT stand-in (`sunat-simulator --fast`, for throughput runs): no XSD, signature or rule checks, but
// the same SOAP contract and a CDR that answers OUR document — our number, our digest, our customer — so the
// pipeline's ownership check (core/cdr-identity.ts) passes on it exactly as on the full simulator. Its CDR is signed
// as SUNAT beta signs them: beta's placeholder texts where the RSA value and certificate go (test/sunat/cdr-builder).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identifyCdr } from '../../src/core/cdr-identity.ts';
import { verifyXmlSignature } from '../../src/core/signing.ts';
import { getStatus, sendBill, sendSummary, unzipCdr, zipDocument } from '../../src/sunat/index.ts';
import { BETA_SIGNATURE_VALUE } from '../../src/simulator/cdr-builder.ts';
import { credentials, fixtureText, invoiceXml, RUC, sign, startSimulator } from './helpers.ts';

let sim: Awaited<ReturnType<typeof startSimulator>>;
beforeAll(async () => {
  sim = await startSimulator({ fast: true });
});
afterAll(() => sim.close());

function send(xml: string, number: number) {
  const fileName = `${RUC}-01-F001-${number}`;
  return sendBill({
    endpoint: sim.endpoints.invoices,
    credentials,
    fileName,
    zip: zipDocument(fileName, xml),
    timeoutMs: 5_000,
  });
}

const digestOf = (xml: string) => /<ds:DigestValue>([^<]+)</.exec(xml)![1];

describe('sunat-simulator --fast', () => {
  it("accepts with a CDR carrying our number, digest and customer, signed in SUNAT beta's manner", async () => {
    const xml = sign(invoiceXml(501));
    const outcome = await send(xml, 501);
    expect(outcome).toMatchObject({ kind: 'accepted', code: '0' });
    expect(outcome.cdr).toMatchObject({ reference: 'F001-501', documentHash: digestOf(xml) });
    expect(outcome.cdr!.recipientId).toMatch(/^\d-\d+$/);
    const cdr = unzipCdr(outcome.cdrZip!).xml.toString('utf8');
    expect(cdr).toContain(`<ds:SignatureValue>${BETA_SIGNATURE_VALUE}</ds:SignatureValue>`);
    expect(verifyXmlSignature(cdr)).toMatchObject({ valid: false, code: '2098' });
    expect(identifyCdr(outcome.cdr!, { serie: 'F001', number: 501, hash: digestOf(xml) })).toEqual({
      ours: true,
      basis: 'hash',
    });
  });

  it('skips the checks the full simulator makes: an unsigned document is accepted', async () => {
    expect(await send(invoiceXml(502), 502)).toMatchObject({ kind: 'accepted' });
  });

  it('keeps duplicates and number collisions: the same XML gets the same CDR, another XML 1033', async () => {
    const xml = sign(invoiceXml(503));
    const first = await send(xml, 503);
    const again = await send(xml, 503);
    expect(again.cdrZip).toEqual(first.cdrZip);
    expect(await send(sign(invoiceXml(503).replace('</cbc:Note>', ' otro</cbc:Note>')), 503)).toMatchObject({
      kind: 'exception',
      code: '1033',
    });
    expect(sim.simulator.stats()).toMatchObject({ accepted: 3, duplicates: 1, conflicts: 1 });
  });

  it("answers a daily summary's ticket with a CDR signed in beta's manner too, which our client reads", async () => {
    const base = `${RUC}-RC-20250115-1`;
    const xml = sign(fixtureText('documents', `${base}.unsigned.xml`));
    const call = { endpoint: sim.endpoints.invoices, credentials, timeoutMs: 5_000 };
    const sent = await sendSummary({ ...call, fileName: base, zip: zipDocument(base, xml) });
    if (sent.kind !== 'ticket') throw new Error(JSON.stringify(sent));
    const done = await getStatus({ ...call, ticket: sent.ticket });
    expect(done).toMatchObject({ kind: 'done', statusCode: '0', outcome: { kind: 'accepted', code: '0' } });
    if (done.kind !== 'done') return;
    expect(done.outcome.cdr).toMatchObject({ reference: 'RC-20250115-1', id: sent.ticket, receiverId: RUC });
    const cdr = unzipCdr(done.outcome.cdrZip!).xml.toString('utf8');
    expect(cdr).toContain(`<ds:SignatureValue>${BETA_SIGNATURE_VALUE}</ds:SignatureValue>`);
    expect(verifyXmlSignature(cdr)).toMatchObject({ valid: false, code: '2098' });
  });

  it('still judges a summary in full: an unsigned one ends in status 99 with its rejection', async () => {
    const base = `${RUC}-RC-20250115-2`;
    const xml = fixtureText('documents', `${RUC}-RC-20250115-1.unsigned.xml`).replace('RC-20250115-1', 'RC-20250115-2');
    const call = { endpoint: sim.endpoints.invoices, credentials, timeoutMs: 5_000 };
    const sent = await sendSummary({ ...call, fileName: base, zip: zipDocument(base, xml) });
    if (sent.kind !== 'ticket') throw new Error(JSON.stringify(sent));
    expect(await getStatus({ ...call, ticket: sent.ticket })).toMatchObject({
      kind: 'done',
      statusCode: '99',
      outcome: { kind: 'rejected' },
    });
  });
});
