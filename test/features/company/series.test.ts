// Series over HTTP: created with SUNAT's format per type, listed, and moved forward only — never below a number a
// document of this system already holds.
import { describe, expect, it } from 'vitest';
import { fixtureBody, useApi } from '../documents/helpers.ts';

const api = useApi();

async function send(method: 'POST' | 'PATCH', url: string, body: unknown) {
  const res = await api.ctx.app.inject({
    method,
    url,
    headers: { ...api.tenant.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, json: res.json() };
}

function invoiceOn(serie: string) {
  return { ...fixtureBody('02-not-sent.json'), serie_documento: serie };
}

describe('POST /api/series', () => {
  it('creates a series with where its numbering continues, and lists it', async () => {
    const res = await send('POST', '/api/series', { codigo_tipo_documento: '01', serie: 'f002', ultimo_numero: 41 });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      codigo_tipo_documento: '01',
      serie: 'F002',
      ultimo_numero: 41,
      contingencia: false,
      registrada: true,
      codigo_establecimiento: '0000',
    });
    const list = await api.get('/api/series');
    expect(list.json.data.map((s: any) => `${s.codigo_tipo_documento}-${s.serie}`)).toContain('01-F002');
    const issued = await api.post('/api/documents', invoiceOn('F002'));
    expect(issued.status).toBe(200);
    expect(issued.json.data.number).toBe('F002-42');
  });

  it('refuses a series that does not fit the document type, a duplicate, and a wrong contingency flag', async () => {
    const wrongType = await send('POST', '/api/series', { codigo_tipo_documento: '01', serie: 'B009' });
    expect(wrongType.status).toBe(422);
    expect(wrongType.json.errors[0]).toMatchObject({ path: 'serie', code: 'series_invalid' });
    const duplicate = await send('POST', '/api/series', { codigo_tipo_documento: '03', serie: 'B001' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.json.code).toBe('series_already_exists');
    const flag = await send('POST', '/api/series', { codigo_tipo_documento: '01', serie: 'F010', contingencia: true });
    expect(flag.status).toBe(422);
    expect(flag.json.errors[0].path).toBe('contingencia');
    const contingency = await send('POST', '/api/series', { codigo_tipo_documento: '01', serie: '0001' });
    expect(contingency.json.data.contingencia).toBe(true);
    const unknownType = await send('POST', '/api/series', { codigo_tipo_documento: '99', serie: 'F001' });
    expect(unknownType.status).toBe(422);
    const rows = await api.tenant.db.series.findMany({ where: { serie: { in: ['B009', 'F010'] } } });
    expect(rows).toEqual([]);
  });
});

describe('PATCH /api/series/{tipo}/{serie}', () => {
  it('moves the counter to 500 so that the next "#" is 501', async () => {
    const res = await send('PATCH', '/api/series/03/B001', { ultimo_numero: 500 });
    expect(res.status).toBe(200);
    expect(res.json.data.ultimo_numero).toBe(500);
    const body = { ...fixtureBody('02-not-sent.json'), serie_documento: 'B001', codigo_tipo_documento: '03' };
    const issued = await api.post('/api/documents', body);
    expect(issued.status).toBe(200);
    expect(issued.json.data.number).toBe('B001-501');
  });

  it('never goes below a number already used, even when the counter says less', async () => {
    await api.post('/api/documents', invoiceOn('F001'));
    await api.post('/api/documents', invoiceOn('F001'));
    // A counter behind the documents (an imported or hand-edited row) must not let the API reuse their numbers.
    await api.tenant.db.series.update({
      where: { documentType_serie: { documentType: '01', serie: 'F001' } },
      data: { lastNumber: 0 },
    });
    const res = await send('PATCH', '/api/series/01/F001', { ultimo_numero: 1 });
    expect(res.status).toBe(422);
    expect(res.json.code).toBe('series_number_backwards');
    expect(res.json.errors[0]).toMatchObject({ path: 'ultimo_numero', expected: '>= 2' });
    const row = await api.tenant.db.series.findFirstOrThrow({ where: { documentType: '01', serie: 'F001' } });
    expect(row.lastNumber).toBe(0);
    expect((await send('PATCH', '/api/series/01/F001', { ultimo_numero: 2 })).status).toBe(200);
  });

  it('answers 404 for an unknown series and 422 for a negative or fractional number', async () => {
    expect((await send('PATCH', '/api/series/01/F777', { ultimo_numero: 3 })).status).toBe(404);
    expect((await send('PATCH', '/api/series/01/F001', { ultimo_numero: -1 })).status).toBe(422);
    expect((await send('PATCH', '/api/series/01/F001', { ultimo_numero: 1.5 })).status).toBe(422);
  });
});
