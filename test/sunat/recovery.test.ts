// Recovery after an unknown outcome: never a blind resend. The document ends with SUNAT's real CDR and is
// registered once, whether the answer was lost, the request never arrived, or SUNAT says "registrado previamente";
// and never with another document's CDR: SUNAT holding the number for another document is a collision.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signXml } from '../../src/core/signing.ts';
import { deliverDocument, sendBill, zipDocument, type DeliverArgs } from '../../src/sunat/index.ts';
import { credentials, invoiceXml, perceptionXml, startSimulator, testKey } from './helpers.ts';

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

interface Doc {
  base: string;
  zip: Buffer;
  serie: string;
  n: number;
  hash: string;
}

function signed(base: string, serie: string, n: number, xml: string): Doc {
  const { xml: text, digestValue } = signXml(xml, testKey);
  return { base, zip: zipDocument(base, text), serie, n, hash: digestValue };
}

function invoice(xml = (n: number) => invoiceXml(n)) {
  const n = number++;
  return signed(`20000000001-01-F001-${n}`, 'F001', n, xml(n));
}

/** Another document under the same number (another system's, or ours edited): other bytes, other digest. */
function otherUnder(doc: Doc, marker: string): Doc {
  return signed(doc.base, doc.serie, doc.n, invoiceXml(doc.n).replace('OC-2025-0001', marker));
}

/** SUNAT registers another document (the marker tells them apart) under this document's series and number. */
async function registerOther(doc: Doc, marker: string): Promise<void> {
  const theirs = otherUnder(doc, marker);
  await sendBill({
    endpoint: sim.endpoints.invoices,
    credentials,
    fileName: theirs.base,
    zip: theirs.zip,
    timeoutMs: 5_000,
  });
}

function args(doc: Doc, extra: Partial<DeliverArgs> = {}): DeliverArgs {
  return {
    endpoint: sim.endpoints.invoices,
    consultEndpoint: sim.endpoints.consult,
    credentials,
    fileName: doc.base,
    zip: doc.zip,
    timeoutMs: 5_000,
    previousAttemptUnknown: false,
    expected: { serie: doc.serie, number: doc.n, hash: doc.hash },
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
    const doc = signed('20000000001-40-P001-31', 'P001', 31, perceptionXml(31));
    const perception = { endpoint: sim.endpoints.otrosCpe };
    expect((await deliverDocument(args(doc, perception))).kind).toBe('unknown');
    const again = await deliverDocument(args(doc, { ...perception, previousAttemptUnknown: true }));
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

describe('"registrado previamente": the existing CDR only if it is ours, otherwise a number collision', () => {
  it('1033 on a FIRST send (another document holds the number) is a collision at once: no consult, nothing accepted', async () => {
    const doc = invoice();
    await registerOther(doc, 'OC-2025-0007');
    const outcome = await deliverDocument(args(doc));
    expect(outcome).toMatchObject({
      kind: 'exception',
      code: 'number_taken',
      conflict: { code: 'number_taken', sunatCode: '1033' },
      recovered: false,
    });
    expect(outcome.conflict!.reason).toMatch(/^SUNAT 1033: /);
    expect(outcome.steps).toEqual([{ action: 'send', result: 'outcome:exception:1033' }]);
    expect(outcome.cdrZip).toBeUndefined();
  });

  it('an unanswered first attempt, then 1033 and a consult whose CDR has our number and ANOTHER hash: collision', async () => {
    const doc = invoice();
    await registerOther(doc, 'OC-2025-0009');
    // The consult is briefly unreachable on the first recovery step, so the policy resends and SUNAT answers 1033.
    sim.simulator.faults.add({ fault: { kind: 'http-status', status: 400 }, operations: ['getStatusCdr'] });
    const outcome = await deliverDocument(args(doc, { previousAttemptUnknown: true }));
    expect(outcome.steps).toEqual([
      { action: 'consult', result: 'failed:HTTP_400' },
      { action: 'send', result: 'outcome:exception:1033' },
      { action: 'consult-registered', result: 'found' },
      { action: 'identify', result: 'other' },
    ]);
    expect(outcome).toMatchObject({
      kind: 'exception',
      code: 'number_taken',
      alreadyRegistered: true,
      recovered: false,
    });
    expect(outcome.conflict!.reason).toContain(`el de este comprobante ${doc.hash}`);
    expect(outcome.cdrZip).toBeUndefined();
  });

  it("an unanswered attempt whose consult finds another document's CDR straight away: collision, no resend", async () => {
    const doc = invoice();
    await registerOther(doc, 'OC-2025-0006');
    const outcome = await deliverDocument(args(doc, { previousAttemptUnknown: true }));
    expect(outcome.steps).toEqual([
      { action: 'consult', result: 'found' },
      { action: 'identify', result: 'other' },
    ]);
    expect(outcome).toMatchObject({ code: 'number_taken', conflict: { sunatCode: '0' } });
    expect(sim.simulator.stats().requests.sendBill).toBe(1); // only theirs
  });

  it('1033 after an unanswered attempt where no consult service exists (SUNAT beta): unverified, never accepted', async () => {
    const doc = invoice();
    await registerOther(doc, 'OC-2025-0008');
    const outcome = await deliverDocument(args(doc, { consultEndpoint: undefined, previousAttemptUnknown: true }));
    expect(outcome).toMatchObject({
      kind: 'exception',
      code: 'number_unverified',
      alreadyRegistered: true,
      conflict: { code: 'number_unverified', sunatCode: '1033' },
    });
    expect(outcome.cdrZip).toBeUndefined();
  });

  it("our own unanswered attempt: SUNAT's stored CDR carries our hash and is the outcome", async () => {
    sim.simulator.faults.add({ fault: { kind: 'lost-response' } });
    const doc = invoice();
    expect((await deliverDocument(args(doc))).kind).toBe('unknown');
    sim.simulator.faults.add({ fault: { kind: 'http-status', status: 400 }, operations: ['getStatusCdr'] });
    // The simulator answers an identical resend with its stored CDR (SUNAT may answer 1033): either way it is ours.
    const outcome = await deliverDocument(args(doc, { previousAttemptUnknown: true }));
    expect(outcome).toMatchObject({ kind: 'accepted', code: '0' });
    expect(outcome.conflict).toBeUndefined();
    expect(outcome.cdr!.documentHash).toBe(doc.hash);
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
    const doc = signed(
      `20000000001-01-F001-${n}`,
      'F001',
      n,
      invoiceXml(n).replace('<cbc:PayableAmount currencyID="PEN">286.00', '<cbc:PayableAmount currencyID="PEN">300.00'),
    );
    await deliverDocument(args(doc));
    const recovered = await deliverDocument(args(doc, { previousAttemptUnknown: true }));
    expect(recovered).toMatchObject({ kind: 'rejected', code: '3280', recovered: true, source: 'consult' });
  });
});
