// Recovery after an unknown outcome: never a blind resend. The document ends with SUNAT's real CDR and is
// registered once, whether the answer was lost, the request never arrived, or SUNAT says "registrado previamente".
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliverDocument, sendBill, zipDocument, type DeliverArgs } from '../../src/sunat/index.ts';
import { credentials, invoiceXml, perceptionXml, sign, startSimulator } from './helpers.ts';

type Sim = Awaited<ReturnType<typeof startSimulator>>;
let sim: Sim;
let number = 5000;

beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => sim.simulator.reset());

function invoice() {
  const n = number++;
  const base = `20000000001-01-F001-${n}`;
  return { n, base, zip: zipDocument(base, sign(invoiceXml(n))) };
}

function args(doc: { base: string; zip: Buffer }, extra: Partial<DeliverArgs> = {}): DeliverArgs {
  return {
    endpoint: sim.endpoints.invoices,
    consultEndpoint: sim.endpoints.consult,
    credentials,
    fileName: doc.base,
    zip: doc.zip,
    timeoutMs: 5_000,
    previousAttemptUnknown: false,
    ...extra,
  };
}

function receipts(fileName: string): number {
  return sim.simulator.stats().documents.find((d) => d.fileName === fileName)?.receipts ?? 0;
}

describe('"register then drop the response" (the lost answer)', () => {
  it('ends with the real CDR from the consult service, and the document is registered once', async () => {
    sim.simulator.faults.add({ fault: { kind: 'lost-response' } });
    const doc = invoice();
    const first = await deliverDocument(args(doc));
    expect(first).toMatchObject({ kind: 'unknown', code: 'NETWORK', recovered: false });

    const second = await deliverDocument(args(doc, { previousAttemptUnknown: true }));
    expect(second).toMatchObject({
      kind: 'accepted',
      code: '0',
      recovered: true,
      source: 'consult',
      alreadyRegistered: false,
    });
    expect(second.steps).toEqual([{ action: 'consult', result: 'found' }]); // no resend at all
    // The CDR the pipeline keeps is the very zip SUNAT (the simulator) registered.
    const stored = sim.simulator.store.documents().find((d) => d.fileName === doc.base)!;
    expect(second.cdrZip!.equals(stored.cdrZip)).toBe(true);
    const stats = sim.simulator.stats();
    expect(stats).toMatchObject({ received: 1, accepted: 1, duplicates: 0, lostResponses: 1 });
    expect(receipts(doc.base)).toBe(1);
    expect(sim.simulator.store.documents()).toHaveLength(1);
  });

  it("a perception cannot be consulted (SUNAT 0009): the resend gets SUNAT's stored answer for the same document", async () => {
    sim.simulator.faults.add({ fault: { kind: 'lost-response' } });
    const base = '20000000001-40-P001-31';
    const zip = zipDocument(base, sign(perceptionXml(31)));
    const perception = { endpoint: sim.endpoints.otrosCpe, fileName: base, zip };
    expect((await deliverDocument(args({ base, zip }, perception))).kind).toBe('unknown');
    const again = await deliverDocument(args({ base, zip }, { ...perception, previousAttemptUnknown: true }));
    expect(again).toMatchObject({ kind: 'accepted', code: '0', recovered: false });
    expect(again.steps).toEqual([{ action: 'send', result: 'outcome:accepted:0' }]);
    expect(sim.simulator.stats()).toMatchObject({ accepted: 1, duplicates: 1 });
    expect(sim.simulator.store.documents()).toHaveLength(1);
  });
});

describe('the request never arrived', () => {
  it('consult says "does not exist" (0011), so the resend is safe and happens once', async () => {
    sim.simulator.faults.add({ fault: { kind: 'reset' } });
    const doc = invoice();
    expect((await deliverDocument(args(doc))).kind).toBe('unknown');
    expect(receipts(doc.base)).toBe(0);
    const again = await deliverDocument(args(doc, { previousAttemptUnknown: true }));
    expect(again).toMatchObject({ kind: 'accepted', code: '0', recovered: false, source: 'cdr' });
    expect(again.steps).toEqual([
      { action: 'consult', result: 'not-found:0011' },
      { action: 'send', result: 'outcome:accepted:0' },
    ]);
    expect(receipts(doc.base)).toBe(1);
  });

  it('SUNAT down for N calls then back: unknown without resending while the consult fails, accepted after', async () => {
    const doc = invoice();
    sim.simulator.faults.add({ fault: { kind: 'http-status', status: 503 } });
    expect((await deliverDocument(args(doc))).code).toBe('HTTP_503');
    sim.simulator.faults.add({ fault: { kind: 'http-status', status: 503 }, operations: ['getStatusCdr'], times: 2 });
    for (let i = 0; i < 2; i++) {
      const attempt = await deliverDocument(args(doc, { previousAttemptUnknown: true }));
      expect(attempt).toMatchObject({ kind: 'unknown', code: 'HTTP_503' });
      expect(attempt.steps).toEqual([{ action: 'consult', result: 'failed:HTTP_503' }]); // no blind resend
    }
    expect(sim.simulator.stats().requests.sendBill).toBe(1);
    const back = await deliverDocument(args(doc, { previousAttemptUnknown: true }));
    expect(back).toMatchObject({ kind: 'accepted', code: '0' });
    expect(receipts(doc.base)).toBe(1);
  });
});

describe('"registrado previamente" on a resend leads to the existing CDR', () => {
  it('1033 with a consult service: the CDR of the registered document becomes the outcome', async () => {
    const doc = invoice();
    const original = await sendBill({
      endpoint: sim.endpoints.invoices,
      credentials,
      fileName: doc.base,
      zip: doc.zip,
      timeoutMs: 5_000,
    });
    // The consult service is briefly unreachable on the first recovery step, so the policy resends; the resent
    // bytes differ (re-signed document: new signature value) and SUNAT answers 1033.
    sim.simulator.faults.add({ fault: { kind: 'http-status', status: 400 }, operations: ['getStatusCdr'] });
    const resigned = zipDocument(doc.base, sign(invoiceXml(doc.n).replace('OC-2025-0001', 'OC-2025-0009')));
    const outcome = await deliverDocument(args({ base: doc.base, zip: resigned }, { previousAttemptUnknown: true }));
    expect(outcome.steps).toEqual([
      { action: 'consult', result: 'failed:HTTP_400' },
      { action: 'send', result: 'outcome:exception:1033' },
      { action: 'consult-registered', result: 'found' },
    ]);
    expect(outcome).toMatchObject({ kind: 'accepted', code: '0', recovered: true, alreadyRegistered: true });
    expect(outcome.cdrZip!.equals(original.cdrZip!)).toBe(true);
  });

  it('1033 where no consult service exists (SUNAT beta): accepted without a constancia, never an error state', async () => {
    const doc = invoice();
    await sendBill({
      endpoint: sim.endpoints.invoices,
      credentials,
      fileName: doc.base,
      zip: doc.zip,
      timeoutMs: 5_000,
    });
    const resigned = zipDocument(doc.base, sign(invoiceXml(doc.n).replace('OC-2025-0001', 'OC-2025-0008')));
    const outcome = await deliverDocument(
      args({ base: doc.base, zip: resigned }, { consultEndpoint: undefined, previousAttemptUnknown: true }),
    );
    expect(outcome).toMatchObject({ kind: 'accepted', code: '0', alreadyRegistered: true, recovered: true });
    expect(outcome.cdrZip).toBeUndefined();
    expect(outcome.description).toContain('1033');
  });

  it('1033 on a FIRST send is a real conflict (another document holds the number): it stays an exception', async () => {
    const doc = invoice();
    await sendBill({
      endpoint: sim.endpoints.invoices,
      credentials,
      fileName: doc.base,
      zip: doc.zip,
      timeoutMs: 5_000,
    });
    const other = zipDocument(doc.base, sign(invoiceXml(doc.n).replace('OC-2025-0001', 'OC-2025-0007')));
    const outcome = await deliverDocument(args({ base: doc.base, zip: other }));
    expect(outcome).toMatchObject({ kind: 'exception', code: '1033', alreadyRegistered: false, recovered: false });
  });
});

describe('ordinary deliveries pass straight through', () => {
  it('a first send is one sendBill, its outcome unchanged', async () => {
    const doc = invoice();
    const outcome = await deliverDocument(args(doc));
    expect(outcome).toMatchObject({
      kind: 'accepted',
      code: '0',
      recovered: false,
      alreadyRegistered: false,
      steps: [{ action: 'send', result: 'outcome:accepted:0' }],
    });
  });

  it('a rejection found by the consult service is the outcome (the number is spent)', async () => {
    sim.simulator.faults.add({ fault: { kind: 'lost-response' } });
    const n = number++;
    const base = `20000000001-01-F001-${n}`;
    const zip = zipDocument(
      base,
      sign(
        invoiceXml(n).replace(
          '<cbc:PayableAmount currencyID="PEN">286.00',
          '<cbc:PayableAmount currencyID="PEN">300.00',
        ),
      ),
    );
    await deliverDocument(args({ base, zip }));
    const recovered = await deliverDocument(args({ base, zip }, { previousAttemptUnknown: true }));
    expect(recovered).toMatchObject({ kind: 'rejected', code: '3280', recovered: true, source: 'consult' });
  });
});
