// Comunicación de baja over HTTP against the in-process simulator: a factura's void through SUNAT
// (void-lifecycle.ts: 05 → 13 → 11, 98, SUNAT down, a lost answer, 99), an RA stored by a process that died before
// sending it, and every refusal a 4xx that changed nothing.
import { describe, expect, it } from 'vitest';
import { pipelineDepsOf } from '../../../src/api/deps.ts';
import { limaToday } from '../../../src/pipeline/deps.ts';
import { useApi } from '../documents/helpers.ts';
import { expectUnchanged, issuedDocument, runWorker, stateOf as stateOfDocument, voidBodyOf } from './helpers.ts';
import { describeVoidLifecycle } from './void-lifecycle.ts';

const api = useApi();

const issued = (fixture?: string) => issuedDocument(api, fixture);
const stateOf = (externalId: string) => stateOfDocument(api, externalId);
const voidBody = voidBodyOf('Error en el RUC del cliente');

describeVoidLifecycle(api, 'POST /api/voided (RA of a factura)', {
  kind: 'RA',
  url: '/api/voided',
  issue: () => issued(),
  pendingCode: 'void_pending',
});

describe('POST /api/voided/status', () => {
  it('answers for the voided document’s own external_id too: its latest void', async () => {
    const id = await issued();
    const created = await api.post('/api/voided', voidBody(id));
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const byVoid = await api.post('/api/voided/status', { external_id: created.json.data.external_id });
    const byDocument = await api.post('/api/voided/status', { external_id: id });
    expect(byDocument.status, JSON.stringify(byDocument.json)).toBe(200);
    expect(byDocument.json.data).toEqual(byVoid.json.data);
    expect(byDocument.json.data.external_id).toBe(created.json.data.external_id);
    expect(await stateOf(id)).toBe('11');
  });

  it('a document no void carries is still a 404', async () => {
    const res = await api.post('/api/voided/status', { external_id: await issued() });
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('summary_not_found');
  });
});

describe('the process dies', () => {
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
