// What a printed document must not hide, over HTTP: a demo company's documents say "DEMO — SIN VALOR TRIBUTARIO"
// on every page (A4 and ticket) — by the mode they were issued in, even after the company moves to production —,
// a production company's do not, a voided document prints ANULADO (POR ANULAR while its void is in process), and
// number_to_letter has no trailing space.
import { afterAll, describe, expect, it } from 'vitest';
import { limaToday } from '../../../src/pipeline/deps.ts';
import { cleanup, readPdf } from '../../render/pdf-tools.ts';
import { fixtureBody, pathOf, useApi } from './helpers.ts';

const api = useApi();
afterAll(cleanup);

const DEMO = 'DEMO — SIN VALOR TRIBUTARIO';

async function pdfOf(externalId: string, suffix = '') {
  const res = await api.get(`/downloads/document/pdf/${externalId}${suffix}`);
  expect(res.status).toBe(200);
  return readPdf(res.body);
}

/** The company's SUNAT mode, as PATCH-free as a test may set it (the memo of the company row forgotten). */
async function setMode(mode: 'demo' | 'production') {
  await api.tenant.db.company.update({ where: { id: 1 }, data: { sunatMode: mode } });
  api.ctx.app.platform.companies.forget(api.tenant.schema);
}

describe('a demo company', () => {
  it('prints DEMO — SIN VALOR TRIBUTARIO on every page, A4 and ticket', async () => {
    const body = fixtureBody('01-taxed.json');
    // Enough lines for a second A4 page.
    body.items = Array.from({ length: 60 }, () => body.items[0]);
    delete body.totales;
    const res = await api.post('/api/documents', body);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const a4 = await api.get(pathOf(res.json.links.pdf));
    const pages = [1, 2].map((page) => readPdf(a4.body, page));
    for (const page of pages) expect(page.has(DEMO)).toBe(true);
    expect((await pdfOf(res.json.data.external_id, '/ticket')).has(DEMO)).toBe(true);
  });

  it('keeps the mark on what it issued in demo after moving to production; its production documents carry none', async () => {
    const demo = await api.post('/api/documents', fixtureBody('02-not-sent.json'));
    await setMode('production');
    try {
      const production = await api.post('/api/documents', fixtureBody('02-not-sent.json'));
      expect(production.status, JSON.stringify(production.json)).toBe(200);
      expect((await pdfOf(production.json.data.external_id)).has(DEMO)).toBe(false);
      expect((await pdfOf(demo.json.data.external_id)).has(DEMO)).toBe(true);
    } finally {
      await setMode('demo');
    }
  });
});

describe('a voided document', () => {
  it('prints ANULADO once SUNAT accepted its void', async () => {
    const issued = await api.post('/api/documents', fixtureBody('01-taxed.json'));
    const id = issued.json.data.external_id;
    expect((await pdfOf(id)).raw.replace(/\s/g, '')).not.toContain('ANULADO');
    const voided = await api.post('/api/voided', {
      fecha_de_emision_de_documentos: limaToday(),
      documentos: [{ external_id: id, motivo_anulacion: 'Error en el pedido' }],
    });
    expect(voided.status, JSON.stringify(voided.json)).toBe(200);
    // Until SUNAT answers the void, the document is 13 (por anular), and says so.
    await api.tenant.db.document.update({ where: { externalId: id }, data: { stateTypeId: '13' } });
    expect((await pdfOf(id)).raw.replace(/\s/g, '')).toContain('PORANULAR');
    const status = await api.post('/api/voided/status', { external_id: id });
    expect(status.json.data.state).toBe('accepted');
    expect((await api.tenant.db.document.findUniqueOrThrow({ where: { externalId: id } })).stateTypeId).toBe('11');
    expect((await pdfOf(id)).raw.replace(/\s/g, '')).toContain('ANULADO');
    expect((await pdfOf(id, '/ticket')).raw.replace(/\s/g, '')).toContain('ANULADO');
  });
});

describe('number_to_letter', () => {
  it('has no trailing space, in the issue answer and in the status answer', async () => {
    const issued = await api.post('/api/documents', fixtureBody('01-taxed.json'));
    expect(issued.json.data.number_to_letter).toBe('Quinientos ochenta con 91/100');
    const status = await api.post('/api/documents/status', { external_id: issued.json.data.external_id });
    expect(status.json.data.number_to_letter).toBe('Quinientos ochenta con 91/100');
  });
});
