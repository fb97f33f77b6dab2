// The pipeline's side of SUNAT's GRE REST flow, over HTTP against the in-process simulator: the worker follows a
// ticket to acceptance by itself; a send whose answer was lost is sent again with the same bytes and SUNAT's answer
// is the ticket it already gave (one ticket, one verdict); a lost or failed ticket answer is asked again and the
// guide never sent a second time; without a ticket nothing is final.
import { describe, expect, it } from 'vitest';
import { runTenantWorker, simulatorOf, useApi } from '../documents/helpers.ts';
import { exampleBody } from './bodies.ts';

const api = useApi();
const simulator = () => simulatorOf(api);

async function stored(externalId: string) {
  return api.tenant.db.document.findUniqueOrThrow({
    where: { externalId },
    select: { stateTypeId: true, sunatTicket: true, sendUncertain: true, hasCdr: true, filename: true },
  });
}

const sends = () => simulator().stats().requests.greSend;

describe('following guides at SUNAT', () => {
  it('the worker follows a ticket from 98 to acceptance, with its CDR', async () => {
    const res = await api.post('/api/dispatches', exampleBody('01-public-transport.json'));
    expect(res.json.response.code).toBe('98');
    // The attempt queued its next poll with backoff: made due instead of waited for.
    await runTenantWorker(api, { sweep: true });
    const row = await stored(res.json.data.external_id);
    expect(row).toMatchObject({ stateTypeId: '05', hasCdr: true, sunatTicket: res.json.data.ticket });
  });

  it('a lost answer to the send: sent again with the same bytes, SUNAT answers with its first ticket', async () => {
    simulator().faults.add({ fault: { kind: 'lost-response' }, operations: ['greSend'] });
    const res = await api.post('/api/dispatches', exampleBody('02-private-transport.json'));
    expect(res.status).toBe(200);
    expect(res.json.data.state_type_id).toBe('01');
    expect(res.json.data.ticket).toBeNull();
    const before = await stored(res.json.data.external_id);
    expect(before.sendUncertain).toBe(true);
    // SUNAT registered that send: it holds one ticket for the file.
    const first = simulator().store.ticketForFile(before.filename)!;
    expect(first).toBeDefined();
    const again = await api.post('/api/dispatches/send', { external_id: res.json.data.external_id });
    expect(again.json.data.ticket).toBe(first.ticket);
    await api.post('/api/dispatches/status_ticket', { external_id: res.json.data.external_id });
    expect((await stored(res.json.data.external_id)).stateTypeId).toBe('05');
  });

  it('a lost or failed ticket answer is asked again: the guide is never sent a second time', async () => {
    const res = await api.post('/api/dispatch-carrier', exampleBody('03-carrier.json'));
    const externalId = res.json.data.external_id;
    const sent = sends();
    simulator().faults.add({ fault: { kind: 'lost-response' }, operations: ['greTicket'] });
    const lost = await api.post('/api/dispatches/status_ticket', { external_id: externalId });
    expect(lost.json.data.state_type_id).toBe('01');
    simulator().faults.add({ fault: { kind: 'http-status', status: 500 }, operations: ['greTicket'] });
    const failed = await api.post('/api/dispatches/status_ticket', { external_id: externalId });
    expect(failed.json.data.state_type_id).toBe('01');
    await runTenantWorker(api, { sweep: true });
    const row = await stored(externalId);
    expect(row.stateTypeId).toBe('05');
    expect(row.sunatTicket).toBe(res.json.data.ticket);
    expect(sends()).toBe(sent);
  });

  it('an expired token on the send is renewed once and the guide goes through', async () => {
    simulator().faults.add({ fault: { kind: 'token-expired' }, operations: ['greSend'] });
    const res = await api.post('/api/dispatches', exampleBody('02-private-transport.json'));
    expect(res.json.data.ticket).toMatch(/^\d+$/);
    expect(res.json.response.code).toBe('98');
  });

  it('answers 404 for an external_id that is not a guide, 409 for a rejected guide', async () => {
    const missing = await api.post('/api/dispatches/send', { external_id: crypto.randomUUID() });
    expect(missing.status).toBe(404);
    const misspelt = await api.post('/api/dispatches/send', { externalid: crypto.randomUUID() });
    expect(misspelt.status).toBe(422);
    expect(JSON.stringify(misspelt.json)).toContain('external_id');
    const res = await api.post('/api/dispatches', exampleBody('02-private-transport.json'));
    await api.tenant.db.document.update({
      where: { externalId: res.json.data.external_id },
      data: { stateTypeId: '09' },
    });
    const rejected = await api.post('/api/dispatches/status_ticket', { external_id: res.json.data.external_id });
    expect(rejected.status).toBe(409);
    expect(rejected.json.code).toBe('document_rejected');
  });
});
