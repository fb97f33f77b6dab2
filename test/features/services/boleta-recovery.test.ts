// A boleta whose SUNAT answer was lost, settled by the worker through SUNAT's consulta de validez (the company has
// API credentials): getStatusCdr serves no boleta, so before sending it again the worker asks validarcomprobante —
// accepted there is recorded as accepted, without a CDR, and said so; "does not exist" makes the resend safe; any
// other state, or the service out of reach, keeps the boleta waiting with backoff. Against the in-process simulator.
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureBody, runTenantWorker, useApi, receiptsOf, simulatorOf } from '../documents/helpers.ts';

const api = useApi();

const simulator = () => simulatorOf(api);
const receipts = (filename: string) => receiptsOf(api, filename);

async function setSecret(secret: string): Promise<void> {
  const res = await api.ctx.app.inject({
    method: 'PUT',
    url: '/api/company/sunat',
    headers: { ...api.tenant.headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ api_sunat_id: 'cliente-de-prueba', api_sunat_secret: secret }),
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A boleta issued while SUNAT registers it and the answer is cut (or the request never arrives). */
async function boletaWithout(answer: 'lost-response' | 'reset') {
  simulator().faults.add({ fault: { kind: answer }, operations: ['sendBill'], times: 1 });
  const res = await api.post('/api/documents', fixtureBody('25-boleta.json'));
  expect(res.status).toBe(200);
  expect(res.json.data.state_type_id).toBe('01');
  return res.json.data as { external_id: string; filename: string; number: string };
}

const row = (externalId: string) =>
  api.tenant.db.document.findUniqueOrThrow({ where: { externalId }, include: { files: true, history: true } });

beforeAll(async () => {
  await setSecret('moddatos');
});

describe('a boleta whose answer was lost', () => {
  it('accepted at SUNAT: recorded accepted without a CDR, saying so, never sent again', async () => {
    const boleta = await boletaWithout('lost-response');
    expect(receipts(boleta.filename)).toBe(1);
    const asked = simulator().stats().requests.validarComprobante;
    await runTenantWorker(api, { sweep: true });
    const after = await row(boleta.external_id);
    expect(after.stateTypeId).toBe('05');
    expect(after.hasCdr).toBe(false);
    expect(after.files.map((f) => f.kind)).toEqual(['xml']);
    expect(after.sunatResponse).toMatchObject({ code: '0' });
    expect((after.sunatResponse as { description: string }).description).toContain('consulta de validez');
    expect((after.sunatResponse as { description: string }).description).toContain('Sin CDR');
    const last = after.history.at(-1)!;
    expect(last).toMatchObject({ fromState: '01', toState: '05', actor: 'worker' });
    expect(last.reason).toContain('Sin CDR');
    expect(receipts(boleta.filename)).toBe(1);
    expect(simulator().stats().requests.validarComprobante).toBe(asked + 1);
    const status = await api.post('/api/documents/status', { external_id: boleta.external_id });
    expect(status.json.data.state_type_id).toBe('05');
    expect((await api.get(`/downloads/document/cdr/${boleta.external_id}`)).status).toBe(404);
  });

  it('never received: "does not exist" at SUNAT, so it is sent again, once, and gets its CDR', async () => {
    const boleta = await boletaWithout('reset');
    expect(receipts(boleta.filename)).toBe(0);
    await runTenantWorker(api, { sweep: true });
    const after = await row(boleta.external_id);
    expect(after.stateTypeId).toBe('05');
    expect(after.hasCdr).toBe(true);
    expect(receipts(boleta.filename)).toBe(1);
  });

  it('the validity service out of reach: it waits with backoff, not resent, and is settled once SUNAT answers', async () => {
    const boleta = await boletaWithout('lost-response');
    simulator().faults.add({
      fault: { kind: 'http-status', status: 503 },
      operations: ['validarComprobante'],
      times: 1,
    });
    await runTenantWorker(api, { sweep: true });
    const waiting = await row(boleta.external_id);
    expect(waiting.stateTypeId).toBe('01');
    expect(waiting.lastError).toContain('Consulta de validez');
    expect(waiting.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    expect(waiting.sendHold).toBeNull();
    expect(receipts(boleta.filename)).toBe(1);
    await runTenantWorker(api, { sweep: true });
    expect((await row(boleta.external_id)).stateTypeId).toBe('05');
    expect(receipts(boleta.filename)).toBe(1);
  });

  it('voided at SUNAT (state 2): not ours to settle, it keeps asking', async () => {
    const boleta = await boletaWithout('lost-response');
    const [serie, n] = boleta.number.split('-');
    const key = `${api.tenant.ruc}-03-${serie}-${Number(n)}`;
    const stored = simulator().store.getDocument(key);
    expect(stored, key).toBeDefined();
    simulator().store.putDocument({ ...stored!, voidedBy: 'RC-20250101-1' });
    await runTenantWorker(api, { sweep: true });
    const after = await row(boleta.external_id);
    expect(after.stateTypeId).toBe('01');
    expect(after.lastError).toMatch(/^VALIDITY_2 .*ANULADO/);
    expect(after.nextAttemptAt).not.toBeNull();
    expect(receipts(boleta.filename)).toBe(1);
  });

  it("credentials SUNAT refuses cannot settle it: sent again, guarded by SUNAT's own duplicate check", async () => {
    await setSecret('otra-clave');
    try {
      const boleta = await boletaWithout('lost-response');
      await runTenantWorker(api, { sweep: true });
      const after = await row(boleta.external_id);
      expect(after.stateTypeId).toBe('05');
      expect(after.hasCdr).toBe(true);
      expect(receipts(boleta.filename)).toBe(2);
    } finally {
      await setSecret('moddatos');
    }
  });
});
