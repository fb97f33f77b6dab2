// Comunicación de baja over HTTP against the in-process simulator (issue 17): a factura voided 05 → 13 → 11 with
// the RA's XML (XSD-valid, signed) and CDR downloadable; SUNAT down or a lost answer → the worker sends the SAME
// RA later (one RA per request); 98 is a 200 "still in process"; every refusal is a 4xx that changed nothing.
import { describe, expect, it } from 'vitest';
import { pipelineDepsOf } from '../../../src/features/documents/public.ts';
import { limaToday } from '../../../src/pipeline/deps.ts';
import { unzipCdr } from '../../../src/sunat/index.ts';
import { pathOf, useApi } from '../documents/helpers.ts';
import {
  expectUnchanged,
  issuedDocument,
  judgeSummaryXml,
  runWorker,
  stateOf as stateOfDocument,
  useSimulator,
  VOIDED_XSD,
  voidBodyOf,
} from './helpers.ts';

const api = useApi();

const simulator = useSimulator(api);
const issued = (fixture?: string) => issuedDocument(api, fixture);
const stateOf = (externalId: string) => stateOfDocument(api, externalId);
const voidBody = voidBodyOf('Error en el RUC del cliente');

describe('POST /api/voided', () => {
  it('voids an accepted factura: 13 while SUNAT processes, 11 once accepted, XML and CDR downloadable', async () => {
    const id = await issued();
    const res = await api.post('/api/voided', voidBody(id));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      data: { ticket: expect.stringMatching(/^\d+$/), state: 'pending' },
    });
    expect(await stateOf(id)).toBe('13');

    const status = await api.post('/api/voided/status', { external_id: res.json.data.external_id });
    expect(status.status).toBe(200);
    expect(status.json).toMatchObject({
      data: { state: 'accepted', filename: expect.stringMatching(/^\d{11}-RA-\d{8}-\d+$/) },
      response: { code: '0', is_accepted: true, status_code: 0 },
    });
    expect(await stateOf(id)).toBe('11');
    const history = await api.tenant.db.documentStateHistory.findMany({
      where: { document: { externalId: id } },
      orderBy: { id: 'asc' },
    });
    expect(history.map((h) => h.toState)).toEqual(['01', '05', '13', '11']);

    const xml = await api.get(pathOf(status.json.links.xml));
    expect(xml.status).toBe(200);
    expect(judgeSummaryXml(xml.body, VOIDED_XSD)).toMatchObject({ xsd: 0, signature: 0 });
    const cdr = await api.get(pathOf(status.json.links.cdr));
    expect(unzipCdr(cdr.body).xml.toString()).toContain('<cbc:ResponseCode>0</cbc:ResponseCode>');
    // Asked by ticket it answers from what is stored.
    const byTicket = await api.post('/api/voided/status', { ticket: res.json.data.ticket });
    expect(byTicket.json.data.external_id).toBe(res.json.data.external_id);
  });

  it('answers 98 as "still in process" (200), then the worker follows the ticket by itself', async () => {
    simulator().engine.options.summaryPendingPolls = 1;
    const id = await issued();
    const res = await api.post('/api/voided', voidBody(id));
    const pending = await api.post('/api/voided/status', { external_id: res.json.data.external_id });
    expect(pending.status).toBe(200);
    expect(pending.json).toMatchObject({ data: { state: 'pending' }, response: { code: '98', status_code: 98 } });
    expect(pending.json.links.cdr).toBe('');
    await runWorker(api);
    expect(await stateOf(id)).toBe('11');
  });

  it('SUNAT down during the void: accepted after, with the same RA (one RA per request)', async () => {
    simulator().faults.add({ fault: { kind: 'http-status', status: 503 }, operations: ['sendSummary'], times: 1 });
    const id = await issued();
    const res = await api.post('/api/voided', voidBody(id));
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ ticket: null, state: 'sending' });
    expect(res.json.message).toContain('se reintentará');
    expect(await stateOf(id)).toBe('13');
    await runWorker(api);
    await runWorker(api);
    expect(await stateOf(id)).toBe('11');
    const summaries = await api.tenant.db.summaryDocument.findMany({ where: { document: { externalId: id } } });
    expect(summaries).toHaveLength(1);
  });

  it('a lost sendSummary answer: the same file is sent again and SUNAT gives the same ticket', async () => {
    simulator().faults.add({ fault: { kind: 'lost-response' }, operations: ['sendSummary'], times: 1 });
    const before = simulator().stats().requests.sendSummary;
    const id = await issued();
    const res = await api.post('/api/voided', voidBody(id));
    expect(res.json.data.ticket).toBeNull();
    await runWorker(api);
    await runWorker(api);
    expect(await stateOf(id)).toBe('11');
    expect(simulator().stats().requests.sendSummary - before).toBe(2);
    expect(await api.tenant.db.summaryDocument.count({ where: { document: { externalId: id } } })).toBe(1);
  });
});

describe('SUNAT rejects, or the process dies', () => {
  it('a rejected RA (99, SUNAT 2105) puts the documents back in their state, with the code', async () => {
    const id = await issued();
    simulator().reset(); // SUNAT "forgets" the factura: the RA's line is not registered there (2105)
    const res = await api.post('/api/voided', voidBody(id));
    const status = await api.post('/api/voided/status', { external_id: res.json.data.external_id });
    expect(status.json).toMatchObject({
      data: { state: 'rejected' },
      response: { code: '2105', is_accepted: false, status_code: 99 },
    });
    expect(await stateOf(id)).toBe('05');
    expect((await api.get(pathOf(status.json.links.cdr))).status).toBe(200);
  });

  it('stored but never sent (the process died after the commit): the worker sends it', async () => {
    const { storeVoided } = await import('../../../src/pipeline/summaries/store-voided.ts');
    const id = await issued();
    const tenant = await api.tenant.db.company.findFirstOrThrow();
    const stored = await storeVoided(
      pipelineDepsOf(api.ctx.app, api.ctx.app.log),
      { id: api.tenant.id, schema: api.tenant.schema, db: api.tenant.db, company: tenant },
      { issueDate: limaToday(), documents: [{ externalId: id, reason: 'Prueba' }], actor: 'test' },
    );
    expect(await stateOf(id)).toBe('13');
    await runWorker(api);
    await runWorker(api);
    expect((await api.tenant.db.summary.findUniqueOrThrow({ where: { id: stored.id } })).state).toBe('accepted');
    expect(await stateOf(id)).toBe('11');
  });
});

describe('refusals change nothing', () => {
  const unchanged = (run: () => Promise<void>) => expectUnchanged(api, run);

  it('a boleta, a voided factura, an unknown id, a wrong date, a repeated id: 422 naming the document', async () => {
    const boleta = await issued('25-boleta.json');
    const factura = await issued();
    const voided = await issued();
    await api.post('/api/voided', voidBody(voided));
    await api.post('/api/voided/status', {
      external_id: (await api.tenant.db.summary.findFirstOrThrow({ orderBy: { id: 'desc' } })).externalId,
    });
    expect(await stateOf(voided)).toBe('11');
    const cases: Array<[unknown, string, string]> = [
      [voidBody(factura, boleta), 'documentos.1.external_id', 'voided_type_not_allowed'],
      [voidBody(voided), 'documentos.0.external_id', 'already_voided'],
      [voidBody('00000000-0000-4000-8000-000000000000'), 'documentos.0.external_id', 'document_not_found'],
      [
        { ...voidBody(factura), fecha_de_emision_de_documentos: '2024-01-02' },
        'documentos.0.external_id',
        'issue_date_mismatch',
      ],
      [voidBody(factura, factura), 'documentos.1.external_id', 'duplicate_document'],
    ];
    for (const [body, path, code] of cases) {
      await unchanged(async () => {
        const res = await api.post('/api/voided', body);
        expect(res.status, JSON.stringify(res.json)).toBe(422);
        expect(res.json.errors).toContainEqual(expect.objectContaining({ path, code }));
      });
    }
    expect(await stateOf(factura)).toBe('05');
    expect(await stateOf(boleta)).toBe('05');
  });

  it('a void while another is pending is refused (13)', async () => {
    simulator().faults.add({ fault: { kind: 'http-status', status: 503 }, operations: ['sendSummary'], times: 1 });
    const id = await issued();
    await api.post('/api/voided', voidBody(id));
    await unchanged(async () => {
      const res = await api.post('/api/voided', voidBody(id));
      expect(res.status).toBe(422);
      expect(res.json.errors[0]).toMatchObject({ code: 'void_pending', sunat_rule: '2323' });
    });
    await runWorker(api);
  });

  it('bad bodies: 4xx with the field path; unknown status keys: 404', async () => {
    for (const body of [
      {},
      { fecha_de_emision_de_documentos: '2025-02-30', documentos: [] },
      { documentos: [{ external_id: 'x' }] },
    ]) {
      await unchanged(async () => {
        const res = await api.post('/api/voided', body);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.json.errors.length).toBeGreaterThan(0);
      });
    }
    expect((await api.post('/api/voided/status', {})).status).toBe(422);
    const missing = await api.post('/api/voided/status', { ticket: '1234' });
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe('summary_not_found');
    expect((await api.get('/downloads/voided/xml/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
