// Third-party samples through the simulator's signature check (test/fixtures/sunat/README.md). Neither published
// sample verifies as published — OpenUBL's is named "_alterado" on purpose, greenter's digest does not match its
// content — so both are rejected with 2335 untouched. The documented fallback: the OpenUBL invoice re-signed with
// our test key (after adding the FormaPago block SUNAT requires since 2021) is accepted, and tampering with it
// after signing is 2335 again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyXmlSignature } from '../../src/core/signing.ts';
import { sendBill, zipDocument } from '../../src/sunat/index.ts';
import { credentials, fixtureText, sign, startSimulator } from './helpers.ts';

type Sim = Awaited<ReturnType<typeof startSimulator>>;
let sim: Sim;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(async () => {
  await sim.close();
});

const openubl = fixtureText('samples', 'openubl-12345678912-01-F001-1_alterado.xml');
const greenter = fixtureText('samples', 'greenter-20505310072-01-F001-00019772.xml');

function send(base: string, xml: string) {
  return sendBill({
    endpoint: sim.endpoints.invoices,
    credentials: { username: `${base.slice(0, 11)}MODDATOS`, password: 'moddatos' },
    fileName: base,
    zip: zipDocument(base, xml),
    timeoutMs: 10_000,
  });
}

/** The OpenUBL invoice without its signature and with the FormaPago block (mandatory since 2021), re-signed. */
function resignedOpenubl(): string {
  const unsigned = openubl.replace(
    /<ext:ExtensionContent><ds:Signature[\s\S]*<\/ds:Signature><\/ext:ExtensionContent>/,
    '<ext:ExtensionContent></ext:ExtensionContent>',
  );
  expect(unsigned).not.toBe(openubl);
  const withTerms = unsigned.replace(
    '    <cac:TaxTotal>',
    '    <cac:PaymentTerms><cbc:ID>FormaPago</cbc:ID><cbc:PaymentMeansID>Contado</cbc:PaymentMeansID></cac:PaymentTerms>\n    <cac:TaxTotal>',
  );
  expect(withTerms).not.toBe(unsigned);
  return sign(withTerms);
}

describe('published samples as they are', () => {
  it('neither sample verifies untouched (documented: they cannot serve as "accepted" references)', () => {
    expect(verifyXmlSignature(Buffer.from(openubl))).toMatchObject({ valid: false, code: '2335' });
    expect(verifyXmlSignature(Buffer.from(greenter))).toMatchObject({ valid: false, code: '2335' });
  });

  it('the simulator rejects the OpenUBL sample with 2335 after XSD validation passed', async () => {
    const outcome = await send('12345678912-01-F001-1', openubl);
    expect(outcome).toMatchObject({ kind: 'rejected', code: '2335' });
  });

  it('the simulator rejects the greenter UBL 2.0 sample with 2335 (it passes the 2.0 XSD first)', async () => {
    const outcome = await send('20505310072-01-F001-00019772', greenter);
    expect(outcome).toMatchObject({ kind: 'rejected', code: '2335' });
  });
});

describe('fallback: the OpenUBL invoice re-signed with the test key', () => {
  it('is accepted with code 0 (its old-style list names only draw observations)', async () => {
    sim.simulator.reset();
    const outcome = await send('12345678912-01-F001-1', resignedOpenubl());
    expect(outcome.code).toBe('0');
    expect(outcome.kind).toBe('observed');
    expect(outcome.cdr?.observations.map((o) => o.code)).toEqual(expect.arrayContaining(['4242', '4252', '4255']));
  });

  it('tampered with after signing, it is 2335', async () => {
    sim.simulator.reset();
    const tampered = resignedOpenubl().replace(
      '<cbc:PayableAmount currencyID="PEN">11.8</cbc:PayableAmount>',
      '<cbc:PayableAmount currencyID="PEN">11.9</cbc:PayableAmount>',
    );
    expect(await send('12345678912-01-F001-1', tampered)).toMatchObject({ kind: 'rejected', code: '2335' });
  });
});
