// Sending, retries and recovery: SUNAT down → the document stays 01 with a reason and is queued;
// the worker sends it once SUNAT is back; a lost answer is recovered by asking SUNAT, never by a blind resend.
import { describe, expect, it } from 'vitest';
import { isWholeXml } from '../../../src/pipeline/rebuild.ts';
import { pendingJobs } from '../../../src/platform/jobs/queue.ts';
import { fixtureBody, runTenantWorker, useApi, receiptsOf, simulatorOf } from './helpers.ts';

const api = useApi();

const simulator = () => simulatorOf(api);
const receipts = (filename: string) => receiptsOf(api, filename);

const runWorker = () => runTenantWorker(api, { sweep: true });

describe('SUNAT unavailable', () => {
  it('keeps the document in 01 with the reason, then the worker sends it once when SUNAT is back', async () => {
    simulator().faults.add({ fault: { kind: 'http-status', status: 503 }, times: 1 });
    const res = await api.post('/api/documents', fixtureBody('01-taxed.json'));
    expect(res.status).toBe(200);
    expect(res.json.data.state_type_id).toBe('01');
    expect(res.json.response.code).toBe('HTTP_503');
    const doc = await api.tenant.db.document.findUniqueOrThrow({ where: { externalId: res.json.data.external_id } });
    expect(doc.lastError).toContain('503');
    expect(doc.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    expect(await pendingJobs(api.ctx.db.pool, 'send-document')).toBeGreaterThan(0);

    expect(await runWorker()).toBeGreaterThan(0);
    const after = await api.tenant.db.document.findUniqueOrThrow({
      where: { id: doc.id },
      include: { history: true, files: true },
    });
    expect(after.stateTypeId).toBe('05');
    expect(after.files.map((f) => f.kind).sort()).toEqual(['cdr', 'xml']);
    expect(after.history.map((h) => [h.fromState, h.toState, h.actor])).toEqual([
      [null, '01', expect.stringMatching(/^user:/)],
      ['01', '05', 'worker'],
    ]);
    expect(receipts(res.json.data.filename)).toBe(1);
  });

  it('recovers a lost answer from SUNAT itself: registered once, accepted, not resent', async () => {
    simulator().faults.add({ fault: { kind: 'lost-response' }, times: 1 });
    const res = await api.post('/api/documents', fixtureBody('01-taxed.json'));
    expect(res.json.data.state_type_id).toBe('01');
    await runWorker();
    const after = await api.tenant.db.document.findUniqueOrThrow({ where: { externalId: res.json.data.external_id } });
    expect(after.stateTypeId).toBe('05');
    expect(receipts(res.json.data.filename)).toBe(1);
    const cdr = await api.get(`/downloads/document/cdr/${res.json.data.external_id}`);
    expect(cdr.status).toBe(200);
  });

  it('a boleta whose answer was lost is resent and SUNAT\'s "registrado previamente" yields its CDR', async () => {
    simulator().faults.add({ fault: { kind: 'lost-response' }, times: 1 });
    const res = await api.post('/api/documents', fixtureBody('25-boleta.json'));
    expect(res.json.data.state_type_id).toBe('01');
    await runWorker();
    const after = await api.tenant.db.document.findUniqueOrThrow({ where: { externalId: res.json.data.external_id } });
    expect(after.stateTypeId).toBe('05');
  });

  it('a document left claimed by a crashed process is picked up once its lease is over', async () => {
    const res = await api.post('/api/documents', fixtureBody('02-not-sent.json'));
    const id = (await api.tenant.db.document.findUniqueOrThrow({ where: { externalId: res.json.data.external_id } }))
      .id;
    // What a crash between the commit and the send leaves: claimed, due later, no job, and no XML file written.
    await api.tenant.db.document.update({
      where: { id },
      data: { nextAttemptAt: new Date(Date.now() - 1000), lockedUntil: new Date(Date.now() - 1000) },
    });
    await api.ctx.app.platform.storage.delete(api.tenant.schema, `xml/${res.json.data.filename}.xml`);
    await runWorker();
    const after = await api.tenant.db.document.findUniqueOrThrow({ where: { id } });
    expect(after.stateTypeId).toBe('05');
    const xml = await api.get(`/downloads/document/xml/${res.json.data.external_id}`);
    expect(xml.body.toString()).toContain(`<ds:DigestValue>${res.json.data.hash}</ds:DigestValue>`);
  });
});

// The issue writes the signed XML without fsync (the committed row makes it again byte for byte): what a crash of the
// machine can leave of such a file — nothing, an empty file, zeros where blocks were never written, a cut-short
// file — is never served nor sent; the XML is made again, the same bytes, and stored again.
describe('a signed XML file a crash damaged', () => {
  const damages: [string, (xml: Buffer) => Buffer][] = [
    ['empty', () => Buffer.alloc(0)],
    ['zero-filled', (xml) => Buffer.alloc(xml.length)],
    [
      'a block of zeros inside',
      (xml) => Buffer.concat([xml.subarray(0, 4096), Buffer.alloc(4096), xml.subarray(8192)]),
    ],
    ['cut short', (xml) => xml.subarray(0, Math.floor(xml.length / 2))],
    ['cut inside the end tag', (xml) => xml.subarray(0, xml.length - 3)],
  ];

  it('is told apart from a whole one', async () => {
    const res = await api.post('/api/documents', fixtureBody('02-not-sent.json'));
    const whole = (await api.get(`/downloads/document/xml/${res.json.data.external_id}`)).body;
    expect(isWholeXml(whole)).toBe(true);
    expect(isWholeXml(Buffer.concat([whole, Buffer.from('\n  \r\n')]))).toBe(true);
    for (const [name, damage] of damages) expect(isWholeXml(damage(whole)), name).toBe(false);
  });

  it('is made again, byte for byte, when downloaded and when sent', async () => {
    const res = await api.post('/api/documents', fixtureBody('02-not-sent.json'));
    const key = `xml/${res.json.data.filename}.xml`;
    const { storage } = api.ctx.app.platform;
    const original = (await api.get(`/downloads/document/xml/${res.json.data.external_id}`)).body;
    for (const [name, damage] of damages) {
      await storage.put(api.tenant.schema, key, damage(original));
      const served = (await api.get(`/downloads/document/xml/${res.json.data.external_id}`)).body;
      expect(served.equals(original), name).toBe(true);
      expect((await storage.get(api.tenant.schema, key))?.equals(original), name).toBe(true);
    }
    await storage.put(api.tenant.schema, key, original.subarray(0, 5000));
    const sent = await api.post('/api/documents/send', { external_id: res.json.data.external_id });
    // The full simulator checks the XSD and the signature: accepted means the whole, signed document reached it.
    expect(sent.json.data.state_type_id).toBe('05');
    expect((await storage.get(api.tenant.schema, key))?.equals(original)).toBe(true);
  });
});

describe('a disk that refuses the signed XML after the commit', () => {
  it('does not fail the issue: the document is answered and sent, and its XML is made again when read', async () => {
    const { storage } = api.ctx.app.platform;
    const put = storage.put.bind(storage);
    storage.put = async () => {
      throw new Error('ENOSPC: no space left on device');
    };
    let res;
    try {
      res = await api.post('/api/documents', fixtureBody('01-taxed.json'));
    } finally {
      storage.put = put;
    }
    // A failed request here would have its client issue the sale again: the row makes the file again.
    expect(res.status).toBe(200);
    expect(res.json.data.state_type_id).toBe('05');
    const key = `xml/${res.json.data.filename}.xml`;
    expect(await storage.get(api.tenant.schema, key)).toBeNull();
    const xml = await api.get(`/downloads/document/xml/${res.json.data.external_id}`);
    expect(xml.status).toBe(200);
    expect(xml.body.toString()).toContain(`<ds:DigestValue>${res.json.data.hash}</ds:DigestValue>`);
    expect((await storage.get(api.tenant.schema, key))?.equals(xml.body)).toBe(true);
  });
});

describe('POST /api/documents/send', () => {
  it('does not call SUNAT again for an accepted document', async () => {
    const res = await api.post('/api/documents', fixtureBody('01-taxed.json'));
    const before = simulator().stats().requests.sendBill;
    const again = await api.post('/api/documents/send', { external_id: res.json.data.external_id });
    expect(again.status).toBe(200);
    expect(again.json.data.state_type_id).toBe('05');
    expect(again.json.response.code).toBe('0');
    expect(simulator().stats().requests.sendBill).toBe(before);
  });

  it('answers 409 for a rejected document and 404 for an unknown one', async () => {
    simulator().faults.add({ fault: { kind: 'soap-fault', code: '2335' }, times: 1 });
    const res = await api.post('/api/documents', fixtureBody('01-taxed.json'));
    expect(res.json.data.state_type_id).toBe('09');
    const again = await api.post('/api/documents/send', { external_id: res.json.data.external_id });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('document_rejected');
    const unknown = await api.post('/api/documents/send', { external_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
  });
});

describe('POST /api/documents/updatedocumentstatus', () => {
  it('accepts the misspelt externail_id, records the change with who and when, and refuses unknown states', async () => {
    const res = await api.post('/api/documents', fixtureBody('02-not-sent.json'));
    const changed = await api.post('/api/documents/updatedocumentstatus', {
      externail_id: res.json.data.external_id,
      state_type_id: '11',
    });
    expect(changed.status).toBe(200);
    expect(changed.json.success).toBe(true);
    const doc = await api.tenant.db.document.findUniqueOrThrow({
      where: { externalId: res.json.data.external_id },
      include: { history: { orderBy: { id: 'asc' } } },
    });
    expect(doc.stateTypeId).toBe('11');
    expect(doc.history.at(-1)).toMatchObject({
      fromState: '01',
      toState: '11',
      actor: expect.stringMatching(/^user:\d+$/),
    });
    const bad = await api.post('/api/documents/updatedocumentstatus', {
      external_id: res.json.data.external_id,
      state_type_id: '99',
    });
    expect(bad.status).toBe(422);
    expect(bad.json.code).toBe('state_type_invalid');
    const missing = await api.post('/api/documents/updatedocumentstatus', { state_type_id: '05' });
    expect(missing.status).toBe(422);
  });
});
