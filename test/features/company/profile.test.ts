// PATCH /api/company over HTTP: the address, trade name, logo and PDF preferences a company sets reach its next
// document's signed XML and its PDF; a bad field changes nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, pdfImageCount, pdfText } from '../../render/pdf-tools.ts';
import { quoteIdent } from '../../../src/platform/db/schema-name.ts';
import { fixtureBody, pathOf, useApi } from '../documents/helpers.ts';

const api = useApi();
const LOGO = readFileSync(join(import.meta.dirname, '../../render/assets/logo.png')).toString('base64');
afterAll(() => cleanup());

async function patch(body: unknown) {
  const res = await api.ctx.app.inject({
    method: 'PATCH',
    url: '/api/company',
    headers: { ...api.tenant.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, json: res.json() };
}

const profile = {
  nombre_comercial: 'Ferretería Central',
  direccion: {
    ubigeo: '040101',
    direccion: 'Calle Mercaderes 214',
    urbanizacion: 'Cercado',
    distrito: 'AREQUIPA',
    provincia: 'AREQUIPA',
    departamento: 'AREQUIPA',
  },
  telefono: '054-221133',
  logo: `data:image/png;base64,${LOGO}`,
  pdf: {
    pie_de_pagina: 'Gracias por su compra en Ferretería Central',
    cuentas_bancarias: [{ banco: 'BCP', moneda: 'PEN', numero: '215-1234567-0-12', cci: '00221500123456701212' }],
  },
};

describe('PATCH /api/company', () => {
  it('refuses a bad ubigeo or a logo that is not PNG/JPEG, and changes nothing', async () => {
    const before = await api.tenant.db.company.findUniqueOrThrow({ where: { id: 1 } });
    const ubigeo = await patch({ ...profile, direccion: { ...profile.direccion, ubigeo: '990101' } });
    expect(ubigeo.status).toBe(422);
    expect(ubigeo.json.errors[0]).toMatchObject({ path: 'direccion.ubigeo', code: 'ubigeo_invalid' });
    const gif = Buffer.from('GIF89a0000000000').toString('base64');
    const logo = await patch({ ...profile, logo: gif });
    expect(logo.status).toBe(422);
    expect(logo.json.errors[0]).toMatchObject({ path: 'logo', code: 'logo_invalid' });
    const short = await patch({ direccion: { ubigeo: '1501' } });
    expect(short.status).toBe(422);
    expect(short.json.errors[0].path).toBe('direccion.ubigeo');
    const unknown = await patch({ ruc: '20100066603' });
    expect(unknown.status).toBe(422);
    const after = await api.tenant.db.company.findUniqueOrThrow({ where: { id: 1 } });
    expect(after).toEqual(before);
  });

  it('shows the new profile in GET /api/company', async () => {
    const res = await patch(profile);
    expect(res.status).toBe(200);
    const company = (await api.get('/api/company')).json.data;
    expect(company).toMatchObject({
      nombre_comercial: 'Ferretería Central',
      direccion: { ubigeo: '040101', direccion: 'Calle Mercaderes 214', distrito: 'AREQUIPA', codigo_pais: 'PE' },
      telefono: '054-221133',
      tiene_logo: true,
      pdf: { formato: 'a4', pie_de_pagina: profile.pdf.pie_de_pagina },
    });
    expect(company.pdf.cuentas_bancarias).toEqual(profile.pdf.cuentas_bancarias);
  });

  it("puts the address in the next document's XML and the address, logo, footer and account on its PDF", async () => {
    const issued = (await api.post('/api/documents', fixtureBody('02-not-sent.json'))).json;
    const xml = (await api.get(pathOf(issued.links.xml))).body.toString('utf8');
    expect(xml).toContain('<cbc:ID schemeAgencyName="PE:INEI" schemeName="Ubigeos">040101</cbc:ID>');
    expect(xml).toContain('Calle Mercaderes 214');
    expect(xml).toContain('Ferretería Central');
    const pdf = (await api.get(pathOf(issued.links.pdf))).body;
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain('Calle Mercaderes 214');
    expect(text).toContain('AREQUIPA');
    expect(text).toContain('Gracias por su compra en Ferretería Central');
    expect(text).toContain('215-1234567-0-12');
    expect(pdfImageCount(pdf)).toBeGreaterThanOrEqual(1);
  });

  it("prints the company's default format unless the document asks for one", async () => {
    expect((await patch({ pdf: { formato: 'ticket' } })).json.data.pdf.formato).toBe('ticket');
    const plain = (await api.post('/api/documents', fixtureBody('02-not-sent.json'))).json;
    const ticket = await api.get(pathOf(plain.links.pdf));
    expect(String(ticket.headers['content-disposition'])).toContain('-ticket.pdf');
    const body = fixtureBody('02-not-sent.json');
    const asked = (await api.post('/api/documents', { ...body, acciones: { ...body.acciones, formato_pdf: 'a4' } }))
      .json;
    const a4 = await api.get(pathOf(asked.links.pdf));
    expect(String(a4.headers['content-disposition'])).not.toContain('-ticket');
    await patch({ pdf: { formato: 'a4' } });
  });

  it('leaves the documents issued before an edit as they were signed: a lost XML is made again, byte for byte, and sent', async () => {
    await patch({ nombre_comercial: 'Bodega Antes', direccion: { ...profile.direccion, direccion: 'Jr. Antiguo 1' } });
    const issued = (await api.post('/api/documents', fixtureBody('02-not-sent.json'))).json;
    const original = (await api.get(pathOf(issued.links.xml))).body;
    await patch({ nombre_comercial: 'Bodega Después', direccion: { ...profile.direccion, direccion: 'Av. Nueva 2' } });
    const { storage } = api.ctx.app.platform;
    // What a crash of the machine can leave of the XML file, written without fsync: nothing.
    await storage.delete(api.tenant.schema, `xml/${issued.data.filename}.xml`);
    const served = (await api.get(pathOf(issued.links.xml))).body;
    expect(served.toString('utf8')).toContain('Bodega Antes');
    expect(served.equals(original)).toBe(true);
    await storage.delete(api.tenant.schema, `xml/${issued.data.filename}.xml`);
    const sent = await api.post('/api/documents/send', { external_id: issued.data.external_id });
    // The full simulator checks the signature: accepted means the XML made again is the document that was signed.
    expect(sent.json.data.state_type_id).toBe('05');
    const text = pdfText((await api.get(pathOf(issued.links.pdf))).body).replace(/\s+/g, ' ');
    expect(text).toContain('Jr. Antiguo 1');
    expect(text).not.toContain('Av. Nueva 2');
  });

  it('answers 410 xml_unavailable, never another XML, for a lost file it cannot make again: signed before the issuer was recorded, then the company edited', async () => {
    await patch({ nombre_comercial: 'Bodega Vieja', direccion: { ...profile.direccion, direccion: 'Jr. Viejo 3' } });
    const issued = (await api.post('/api/documents', fixtureBody('02-not-sent.json'))).json;
    const original = (await api.get(pathOf(issued.links.xml))).body;
    // As a document stored before tenant migration 0016 is: no issuer recorded beside it.
    await api.ctx.db.pool.query(
      `UPDATE ${quoteIdent(api.tenant.schema)}."documents" SET issuer = NULL WHERE external_id = $1`,
      [issued.data.external_id],
    );
    await patch({ nombre_comercial: 'Bodega Nueva', direccion: { ...profile.direccion, direccion: 'Av. Otra 4' } });
    await api.ctx.app.platform.storage.delete(api.tenant.schema, `xml/${issued.data.filename}.xml`);
    const lost = await api.get(pathOf(issued.links.xml));
    expect(lost.status).toBe(410);
    expect(lost.json.code).toBe('xml_unavailable');
    expect(lost.json.message).toContain(issued.data.filename);
    expect(lost.json.message).toContain('los datos de la empresa cambiaron');
    // With the company as it was signed, the same document is made again, byte for byte.
    await patch({ nombre_comercial: 'Bodega Vieja', direccion: { ...profile.direccion, direccion: 'Jr. Viejo 3' } });
    const again = await api.get(pathOf(issued.links.xml));
    expect(again.status).toBe(200);
    expect(again.body.equals(original)).toBe(true);
  });

  it('removes the logo with null: the next PDF has no image', async () => {
    expect((await patch({ logo: null })).json.data.tiene_logo).toBe(false);
    const issued = (await api.post('/api/documents', fixtureBody('02-not-sent.json'))).json;
    expect(pdfImageCount((await api.get(pathOf(issued.links.pdf))).body)).toBe(0);
  });
});
