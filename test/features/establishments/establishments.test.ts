// Establishments over HTTP: the fiscal domicile 0000 exists from provisioning; an annex is registered with its
// place names from the ubigeo catalogue; a series bound to it numbers its documents; a factura from it says so in
// its XML (issuer AddressTypeCode 0001, SUNAT 3030 — XSD-valid, signed, accepted by the SUNAT simulator) and prints
// the annex's address beside the fiscal one; lists and the status filter by it. Refusals name the field and leave
// nothing behind: no document, no number.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { limaToday } from '../../../src/pipeline/deps.ts';
import { FIXTURES, substituteToday } from '../../fixtures/invoices.ts';
import { cleanup, pdfText, readPdf } from '../../render/pdf-tools.ts';
import { fixtureBody, judgeXml, pathOf, useApi } from '../documents/helpers.ts';

const api = useApi();
afterAll(cleanup);

/** POST through the harness; PATCH by hand (the harness posts and gets only). */
async function send(method: 'POST' | 'PATCH', url: string, body: unknown) {
  if (method === 'POST') return api.post(url, body);
  const headers = { ...api.tenant.headers, 'content-type': 'application/json' };
  const res = await api.ctx.app.inject({ method, url, headers, payload: JSON.stringify(body) });
  return { status: res.statusCode, json: res.json() };
}

const ANNEX = {
  codigo: '0001',
  nombre: 'Tienda Miraflores',
  direccion: 'Av. Larco 345',
  ubigeo: '150122',
  correo_electronico: 'larco@tienda.example',
  telefono: '01-2223344',
};

function facturaOn(serie: string, emisor?: Record<string, unknown>) {
  const body = fixtureBody('01-taxed.json');
  body.serie_documento = serie;
  if (emisor) body.datos_del_emisor = emisor;
  return body;
}

const addressTypeCode = (xml: string) =>
  /<cac:RegistrationAddress>[\s\S]*?<cbc:AddressTypeCode[^>]*>(\d+)</.exec(xml)?.[1];

async function counter(documentType: string, serie: string) {
  const row = await api.tenant.db.series.findUnique({ where: { documentType_serie: { documentType, serie } } });
  return row?.lastNumber ?? null;
}

describe('establishments', () => {
  it('starts with the fiscal domicile 0000, from the company address', async () => {
    const res = await api.get('/api/establishments');
    expect(res.status).toBe(200);
    const company = await api.tenant.db.company.findUniqueOrThrow({ where: { id: 1 } });
    expect(res.json.data).toEqual([
      expect.objectContaining({ codigo: '0000', direccion: company.direccion, ubigeo: company.ubigeo, activo: true }),
    ]);
  });

  it('registers an annex with the department, province and district of its ubigeo', async () => {
    const res = await send('POST', '/api/establishments', ANNEX);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({
      ...ANNEX,
      departamento: 'Lima',
      provincia: 'Lima',
      distrito: 'Miraflores',
      codigo_pais: 'PE',
      activo: true,
    });
    const again = await send('POST', '/api/establishments', ANNEX);
    expect(again.status).toBe(409);
    expect(again.json.errors[0]).toMatchObject({ path: 'codigo', code: 'establishment_already_exists' });
  });

  it('refuses a ubigeo outside the catalogue, a malformed code and an unknown key, storing nothing', async () => {
    const ubigeo = await send('POST', '/api/establishments', { ...ANNEX, codigo: '0007', ubigeo: '159999' });
    expect(ubigeo.status).toBe(422);
    expect(ubigeo.json.errors[0]).toMatchObject({ path: 'ubigeo', code: 'ubigeo_invalid' });
    const code = await send('POST', '/api/establishments', { ...ANNEX, codigo: '12' });
    expect(code.status).toBe(422);
    expect(code.json.errors[0].path).toBe('codigo');
    const unknown = await send('POST', '/api/establishments', { ...ANNEX, codigo: '0007', nombres: 'x' });
    expect(unknown.status).toBe(422);
    expect(unknown.json.errors[0].path).toBe('nombres');
    expect(await api.tenant.db.establishment.count({ where: { codigo: '0007' } })).toBe(0);
  });

  it('binds a series to the annex and lists it so', async () => {
    const res = await send('POST', '/api/series', {
      codigo_tipo_documento: '01',
      serie: 'F002',
      codigo_establecimiento: '0001',
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.codigo_establecimiento).toBe('0001');
    const list = await api.get('/api/series');
    const byName = Object.fromEntries(list.json.data.map((s: any) => [s.serie, s.codigo_establecimiento]));
    expect(byName).toMatchObject({ F001: '0000', F002: '0001' });
    const unknown = await send('POST', '/api/series', {
      codigo_tipo_documento: '01',
      serie: 'F003',
      codigo_establecimiento: '0009',
    });
    expect(unknown.status).toBe(422);
    expect(unknown.json.errors[0]).toMatchObject({ path: 'codigo_establecimiento', code: 'establishment_unknown' });
  });

  it('issues a factura from the annex: AddressTypeCode 0001, valid, accepted, and its PDF shows the annex', async () => {
    const res = await api.post('/api/documents', facturaOn('F002'));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.number).toBe('F002-1');
    expect(res.json.response.code).toBe('0');
    const xml = (await api.get(pathOf(res.json.links.xml))).body.toString('utf8');
    expect(addressTypeCode(xml)).toBe('0001');
    expect(xml).toContain('<cbc:Line>Av. Larco 345</cbc:Line>');
    expect(judgeXml(xml, '01')).toEqual({ xsd: '', signature: '' });
    const pdf = (await api.get(pathOf(res.json.links.pdf))).body;
    const text = readPdf(pdf);
    expect(text.has('Establecimiento 0001 (Tienda Miraflores): Av. Larco 345')).toBe(true);
    // pdftotext, the second reader, finds the annex's address too.
    expect(pdfText(pdf)).toContain('Av. Larco 345');
    const ticket = await api.get(`/downloads/document/pdf/${res.json.data.external_id}/ticket`);
    expect(readPdf(ticket.body).has('Establecimiento 0001 (Tienda Miraflores)')).toBe(true);
    const row = await api.tenant.db.document.findFirstOrThrow({ where: { serie: 'F002', number: 1 } });
    expect(row.establishmentCode).toBe('0001');
  });

  it('keeps AddressTypeCode 0000 and prints no annex when nothing names one', async () => {
    const res = await api.post('/api/documents', facturaOn('F001'));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const xml = (await api.get(pathOf(res.json.links.xml))).body.toString('utf8');
    expect(addressTypeCode(xml)).toBe('0000');
    expect(readPdf((await api.get(pathOf(res.json.links.pdf))).body).has('Establecimiento')).toBe(false);
  });

  it('takes the establishment from datos_del_emisor and warns of each field that differs from the registered', async () => {
    const res = await api.post(
      '/api/documents',
      facturaOn('F002', {
        codigo_del_domicilio_fiscal: '0001',
        direccion: 'av. larco   345',
        ubigeo: '150101',
        telefono: '999',
        codigo_pais: 'PE',
      }),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const paths = (res.json.warnings ?? [])
      .filter((w: any) => w.code === 'issuer_field_differs')
      .map((w: any) => w.path);
    expect(paths.sort()).toEqual(['datos_del_emisor.telefono', 'datos_del_emisor.ubigeo']);
    const xml = (await api.get(pathOf(res.json.links.xml))).body.toString('utf8');
    expect(xml).toContain('<cbc:ID schemeAgencyName="PE:INEI" schemeName="Ubigeos">150122</cbc:ID>');
  });

  it('refuses an unknown, malformed or inactive code, a series of another establishment and a ubigeo outside the catalogue, consuming no number', async () => {
    const before = { f001: await counter('01', 'F001'), f002: await counter('01', 'F002') };
    const documents = await api.tenant.db.document.count();
    const cases: Array<[Record<string, unknown>, string, string, string]> = [
      [
        { codigo_del_domicilio_fiscal: '0009' },
        'F001',
        'datos_del_emisor.codigo_del_domicilio_fiscal',
        'establishment_unknown',
      ],
      [
        { codigo_del_domicilio_fiscal: '9' },
        'F001',
        'datos_del_emisor.codigo_del_domicilio_fiscal',
        'establishment_code_invalid',
      ],
      [{ codigo_del_domicilio_fiscal: '0001' }, 'F001', 'serie_documento', 'series_establishment_mismatch'],
      [{ codigo_del_domicilio_fiscal: '0000' }, 'F002', 'serie_documento', 'series_establishment_mismatch'],
      [{ ubigeo: '999999' }, 'F001', 'datos_del_emisor.ubigeo', 'ubigeo_invalid'],
    ];
    for (const [emisor, serie, path, code] of cases) {
      const res = await api.post('/api/documents', facturaOn(serie, emisor));
      expect(res.status, JSON.stringify(emisor)).toBe(422);
      expect(res.json.errors[0], JSON.stringify(emisor)).toMatchObject({ path, code });
    }
    await send('POST', '/api/establishments', { ...ANNEX, codigo: '0002', nombre: 'Almacén' });
    const closed = await send('PATCH', '/api/establishments/0002', { activo: false });
    expect(closed.status).toBe(200);
    expect(closed.json.data.activo).toBe(false);
    const inactive = await api.post('/api/documents', facturaOn('F005', { codigo_del_domicilio_fiscal: '0002' }));
    expect(inactive.status).toBe(422);
    expect(inactive.json.errors[0]).toMatchObject({
      path: 'datos_del_emisor.codigo_del_domicilio_fiscal',
      code: 'establishment_inactive',
    });
    expect({ f001: await counter('01', 'F001'), f002: await counter('01', 'F002') }).toEqual(before);
    expect(await counter('01', 'F005')).toBeNull();
    expect(await api.tenant.db.document.count()).toBe(documents);
  });

  it('binds a series first used from an annex to it', async () => {
    const res = await api.post('/api/documents', facturaOn('F004', { codigo_del_domicilio_fiscal: '0001' }));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const list = await api.get('/api/series');
    expect(list.json.data.find((s: any) => s.serie === 'F004')).toMatchObject({
      codigo_establecimiento: '0001',
      registrada: false,
      ultimo_numero: 1,
    });
    const next = await api.post('/api/documents', facturaOn('F004'));
    const xml = (await api.get(pathOf(next.json.links.xml))).body.toString('utf8');
    expect(addressTypeCode(xml)).toBe('0001');
  });

  it('never deactivates the fiscal domicile; changing its address changes the company', async () => {
    const off = await send('PATCH', '/api/establishments/0000', { activo: false });
    expect(off.status).toBe(422);
    expect(off.json.errors[0]).toMatchObject({ path: 'activo', code: 'establishment_fiscal_domicile' });
    const moved = await send('PATCH', '/api/establishments/0000', { direccion: 'Jr. Cusco 100', ubigeo: '150101' });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    const company = await api.tenant.db.company.findUniqueOrThrow({ where: { id: 1 } });
    expect(company.direccion).toBe('Jr. Cusco 100');
    const missing = await send('PATCH', '/api/establishments/0042', { nombre: 'x' });
    expect(missing.status).toBe(404);
  });

  it('issues a perception from the annex, stored under its code; an unknown code is refused there too', async () => {
    const body = JSON.parse(
      substituteToday(readFileSync(join(FIXTURES, 'perceptions', '01-pen.json'), 'utf8'), limaToday()),
    );
    const refused = await api.post('/api/perceptions', {
      ...body,
      datos_del_emisor: { codigo_del_domicilio_fiscal: '0008' },
    });
    expect(refused.status).toBe(422);
    expect(refused.json.errors[0].path).toBe('datos_del_emisor.codigo_del_domicilio_fiscal');
    const res = await api.post('/api/perceptions', {
      ...body,
      serie_documento: 'P002',
      datos_del_emisor: { codigo_del_domicilio_fiscal: '0001' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const row = await api.tenant.db.document.findFirstOrThrow({ where: { documentType: '40', serie: 'P002' } });
    expect(row.establishmentCode).toBe('0001');
  });

  it('filters the list and the status by establishment', async () => {
    const today = fixtureBody('01-taxed.json').fecha_de_emision;
    const annex = await api.get(`/api/documents/lists/${today}/${today}?establecimiento=0001`);
    expect(annex.status).toBe(200);
    const numbers = annex.json.data.map((d: any) => d.number);
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers.every((n: string) => /^F00[24]-/.test(n))).toBe(true);
    const fiscal = await api.get(`/api/documents/lists/${today}/${today}?establecimiento=0000`);
    expect(fiscal.json.data.every((d: any) => d.number.startsWith('F001-'))).toBe(true);
    const status = await api.post('/api/documents/status', { serie_number: 'F002-1', establecimiento: '0001' });
    expect(status.status).toBe(200);
    expect(status.json.data.codigo_establecimiento).toBe('0001');
    const elsewhere = await api.post('/api/documents/status', { serie_number: 'F002-1', establecimiento: '0000' });
    expect(elsewhere.status).toBe(404);
    const bad = await api.get(`/api/documents/lists/${today}/${today}?establecimiento=1`);
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0].path).toBe('establecimiento');
  });
});
