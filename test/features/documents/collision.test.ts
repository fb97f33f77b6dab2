// Number collisions: SUNAT already holds the number with another document. Through the real API,
// real PostgreSQL and real SOAP to the simulator: the document is held in 01 as number_taken (or
// number_unverified), the worker never accepts it nor sends it again, and an uncertain attempt whose CDR is ours
// still ends accepted.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCdr } from '../../../src/core/cdr.ts';
import { signXml } from '../../../src/core/signing.ts';
import { pipelineDepsOf } from '../../../src/api/deps.ts';
import { jobs } from '../../../src/jobs.ts';
import { betaCredentials, resolveSunatEndpoints, sendBill, unzipCdr, zipDocument } from '../../../src/sunat/index.ts';
import { startSunatSimulator } from '../../../src/sunat/simulator/index.ts';
import { enqueue } from '../../../src/platform/jobs/queue.ts';
import { startWorker } from '../../../src/worker/worker.ts';
import { SEND_JOB } from '../../../src/pipeline/send.ts';
import { createTestApp, type TestApp, type TestTenant } from '../../helpers/app.ts';
import { fixtureText, testKey } from '../../sunat/helpers.ts';
import { fixtureBody, useApi, type Body, receiptsOf, simulatorOf } from './helpers.ts';

const api = useApi();

const simulator = () => simulatorOf(api);
const receipts = (filename: string) => receiptsOf(api, filename);

/** Another system's factura under `serie-number` of this tenant's RUC, registered at SUNAT (the simulator). */
async function preRegister(simulatorUrl: string, ruc: string, serie: string, number: number): Promise<string> {
  const xml = fixtureText('documents', '20000000001-01-F001-123.unsigned.xml')
    .replaceAll('20000000001', ruc)
    .replace('<cbc:ID>F001-123</cbc:ID>', `<cbc:ID>${serie}-${number}</cbc:ID>`);
  const base = `${ruc}-01-${serie}-${number}`;
  const signed = signXml(xml, testKey);
  const outcome = await sendBill({
    endpoint: resolveSunatEndpoints({ mode: 'simulator', simulatorUrl }).invoices,
    credentials: betaCredentials(ruc),
    fileName: base,
    zip: zipDocument(base, signed.xml),
    timeoutMs: 10_000,
  });
  expect(outcome.kind).toBe('accepted');
  return signed.digestValue;
}

async function runWorker(ctx: TestApp, tenant: TestTenant) {
  // A scoped worker (test files share the database); retries are made due instead of waited for.
  await tenant.db.document.updateMany({
    where: { stateTypeId: '01', nextAttemptAt: { not: null } },
    data: { nextAttemptAt: new Date(Date.now() - 1000) },
  });
  await tenant.db.document.updateMany({
    where: { stateTypeId: '01', lockedUntil: { not: null } },
    data: { lockedUntil: new Date(Date.now() - 1000) },
  });
  await ctx.db.pool.query('UPDATE "central"."jobs" SET run_at = now() - interval \'1 second\' WHERE tenant_id = $1', [
    tenant.id,
  ]);
  const worker = startWorker(pipelineDepsOf(ctx.app, ctx.app.log), { autoStart: false, tenantIds: [tenant.id], jobs });
  await worker.sweep();
  return worker.drain();
}

/** A send job for the document even though nothing schedules one: the held document must refuse it. */
async function forceJob(ctx: TestApp, tenant: TestTenant, documentId: number) {
  await enqueue(
    ctx.db.pool,
    SEND_JOB,
    { tenantId: tenant.id, schema: tenant.schema, documentId },
    { dedupeKey: `${SEND_JOB}:${tenant.id}:${documentId}`, tenantId: tenant.id },
  );
}

function withSerie(name: string, serie: string, extra: Body = {}): Body {
  return { ...fixtureBody(name), serie_documento: serie, ...extra };
}

async function stored(tenant: TestTenant, externalId: string) {
  return tenant.db.document.findUniqueOrThrow({ where: { externalId }, include: { files: true, history: true } });
}

describe("the issue's reproduction: the number is registered at SUNAT with another document", () => {
  it('the answer is number_taken in 01; the worker never accepts it nor sends it again; /send answers 409', async () => {
    const url = api.ctx.app.platform.sunatSimulatorUrl();
    const theirs = await preRegister(url, api.tenant.ruc, 'F101', 1);
    const res = await api.post('/api/documents', withSerie('01-taxed.json', 'F101'));
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      number: 'F101-1',
      state_type_id: '01',
      state_type_description: 'Registrado',
    });
    expect(res.json.response.code).toBe('number_taken');
    expect(res.json.response.description).toMatch(
      /^SUNAT ya tiene registrado el número F101-1 con otro comprobante \(SUNAT 1033: .*\)\. .*no se reenviará.*numero_documento/,
    );
    expect(res.json.links.cdr).toBe('');

    const id = res.json.data.external_id;
    const filename = res.json.data.filename;
    expect(receipts(filename)).toBe(2); // theirs, then ours once
    await forceJob(api.ctx, api.tenant, (await stored(api.tenant, id)).id);
    for (let round = 0; round < 3; round++) await runWorker(api.ctx, api.tenant);
    const after = await stored(api.tenant, id);
    expect(after).toMatchObject({
      stateTypeId: '01',
      sendHold: 'number_taken',
      nextAttemptAt: null,
      sendUncertain: false,
    });
    expect(after.files.map((f) => f.kind)).toEqual(['xml']); // never the other document's CDR
    expect(after.history.map((h) => [h.fromState, h.toState])).toEqual([
      [null, '01'],
      ['01', '01'],
    ]);
    expect(after.history[1].reason).toMatch(/^number_taken: /);
    expect(receipts(filename)).toBe(2);
    expect(after.hash).not.toBe(theirs);

    const send = await api.post('/api/documents/send', { external_id: id });
    expect(send.status).toBe(409);
    expect(send.json.code).toBe('number_taken');
    expect(receipts(filename)).toBe(2);
    expect((await api.get(`/downloads/document/cdr/${id}`)).status).toBe(404);
  });

  it("the way on works: an explicit number past SUNAT's is accepted and the series continues from it", async () => {
    const url = api.ctx.app.platform.sunatSimulatorUrl();
    await preRegister(url, api.tenant.ruc, 'F102', 1);
    await preRegister(url, api.tenant.ruc, 'F102', 2);
    expect((await api.post('/api/documents', withSerie('01-taxed.json', 'F102'))).json.response.code).toBe(
      'number_taken',
    );
    const past = await api.post('/api/documents', withSerie('01-taxed.json', 'F102', { numero_documento: 3 }));
    expect(past.json.data).toMatchObject({ number: 'F102-3', state_type_id: '05' });
    const next = await api.post('/api/documents', withSerie('01-taxed.json', 'F102'));
    expect(next.json.data).toMatchObject({ number: 'F102-4', state_type_id: '05' });
  });
});

describe('uncertain attempts are recovered only with a CDR that is ours', () => {
  it('an uncertain first attempt (answer lost) whose CDR is ours ends 05 with that CDR', async () => {
    simulator().faults.add({ fault: { kind: 'lost-response' }, times: 1 });
    const res = await api.post('/api/documents', withSerie('01-taxed.json', 'F103'));
    expect(res.json.data.state_type_id).toBe('01');
    expect((await stored(api.tenant, res.json.data.external_id)).sendUncertain).toBe(true);
    await runWorker(api.ctx, api.tenant);
    const after = await stored(api.tenant, res.json.data.external_id);
    expect(after).toMatchObject({ stateTypeId: '05', sendHold: null });
    const cdr = await api.get(`/downloads/document/cdr/${res.json.data.external_id}`);
    expect(parseCdr(unzipCdr(cdr.body).xml).documentHash).toBe(after.hash);
    expect(receipts(res.json.data.filename)).toBe(1);
  });

  it('an uncertain first attempt (connection cut) where SUNAT holds our number with ANOTHER hash: number_taken', async () => {
    const url = api.ctx.app.platform.sunatSimulatorUrl();
    await preRegister(url, api.tenant.ruc, 'F104', 1);
    simulator().faults.add({ fault: { kind: 'reset' }, times: 1 });
    const res = await api.post('/api/documents', withSerie('01-taxed.json', 'F104'));
    expect(res.json).toMatchObject({ data: { state_type_id: '01' }, response: { code: 'NETWORK' } });
    await runWorker(api.ctx, api.tenant);
    const after = await stored(api.tenant, res.json.data.external_id);
    expect(after).toMatchObject({ stateTypeId: '01', sendHold: 'number_taken' });
    expect((after.sunatResponse as { description: string }).description).toMatch(
      /valor resumen es .* y el de este comprobante/,
    );
    expect(receipts(res.json.data.filename)).toBe(1); // only theirs: the consult answered, ours was never resent
  });
});

describe("boletas (SUNAT's consult service does not answer for them)", () => {
  /** Issues B-series boleta `serie`-1, accepted; then forgets it as a fresh database would. */
  async function registeredThenForgotten(serie: string) {
    const first = await api.post('/api/documents', withSerie('25-boleta.json', serie));
    expect(first.json.data).toMatchObject({ number: `${serie}-1`, state_type_id: '05' });
    await api.tenant.db.document.delete({ where: { externalId: first.json.data.external_id } });
    await api.tenant.db.series.update({
      where: { documentType_serie: { documentType: '03', serie } },
      data: { lastNumber: 0 },
    });
    return first.json.data.filename as string;
  }

  it('1033 on a first send is number_taken', async () => {
    const filename = await registeredThenForgotten('B101');
    const res = await api.post('/api/documents', withSerie('25-boleta.json', 'B101', { hora_de_emision: '12:00:00' }));
    expect(res.json.data).toMatchObject({ number: 'B101-1', state_type_id: '01' });
    expect(res.json.response.code).toBe('number_taken');
    await runWorker(api.ctx, api.tenant);
    expect((await stored(api.tenant, res.json.data.external_id)).stateTypeId).toBe('01');
    expect(receipts(filename)).toBe(2);
  });

  it('1033 after an unanswered attempt cannot be checked: number_unverified, never 05, never resent again', async () => {
    const filename = await registeredThenForgotten('B102');
    simulator().faults.add({ fault: { kind: 'reset' }, times: 1 });
    const res = await api.post('/api/documents', withSerie('25-boleta.json', 'B102', { hora_de_emision: '12:00:00' }));
    expect(res.json.response.code).toBe('NETWORK');
    for (let round = 0; round < 3; round++) await runWorker(api.ctx, api.tenant);
    const after = await stored(api.tenant, res.json.data.external_id);
    expect(after).toMatchObject({ stateTypeId: '01', sendHold: 'number_unverified', sendUncertain: true });
    expect((after.sunatResponse as { description: string }).description).toMatch(
      /no se puede comprobar si es este comprobante.*updatedocumentstatus/,
    );
    expect(receipts(filename)).toBe(2); // the first boleta, then our one resend (the cut attempt never arrived)
  });
});

describe('a fresh database on the same simulator data', () => {
  async function issue(ctx: TestApp, tenant: TestTenant, body: Body) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { ...tenant.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    return res.json();
  }

  it('the numbers SUNAT already holds are collisions, never accepted, even after the worker', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'facturo-collision-')), 'sunat.jsonl');
    let sim = await startSunatSimulator({ dataFile });
    const first = await createTestApp({ env: { SUNAT_MODE: 'simulator', SUNAT_SIMULATOR_URL: sim.url } });
    let ruc: string;
    try {
      const tenant = await first.provisionTenant();
      ruc = tenant.ruc;
      for (const n of [1, 2]) {
        const res = await issue(first, tenant, withSerie('01-taxed.json', 'F105', { hora_de_emision: '09:00:00' }));
        expect(res.data).toMatchObject({ number: `F105-${n}`, state_type_id: '05' });
      }
    } finally {
      await first.close(); // drops the tenant's schema and rows: the company starts again from an empty database
    }
    await sim.close();
    sim = await startSunatSimulator({ dataFile }); // SUNAT's side remembers (the simulator replays its data file)
    const second = await createTestApp({ env: { SUNAT_MODE: 'simulator', SUNAT_SIMULATOR_URL: sim.url } });
    try {
      const tenant = await second.provisionTenant({ ruc });
      const ids: string[] = [];
      for (const n of [1, 2]) {
        const res = await issue(second, tenant, withSerie('01-taxed.json', 'F105', { hora_de_emision: '11:00:00' }));
        expect(res.data).toMatchObject({ number: `F105-${n}`, state_type_id: '01' });
        expect(res.response.code).toBe('number_taken');
        ids.push(res.data.external_id);
      }
      for (let round = 0; round < 3; round++) await runWorker(second, tenant);
      for (const id of ids)
        expect(await stored(tenant, id)).toMatchObject({ stateTypeId: '01', sendHold: 'number_taken' });
      const receipts = sim.simulator
        .stats()
        .documents.filter((d) => d.fileName.startsWith(`${ruc}-01-F105-`))
        .map((d) => d.receipts);
      expect(receipts).toEqual([2, 2]); // each number: the first database's document, then ours once
      const third = await issue(second, tenant, withSerie('01-taxed.json', 'F105'));
      expect(third.data).toMatchObject({ number: 'F105-3', state_type_id: '05' });
    } finally {
      await second.close();
      await sim.close();
    }
  });
});
