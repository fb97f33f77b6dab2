// Dispatch guides over HTTP against the in-process SUNAT simulator's GRE REST service: the three examples (09 public
// and private transport, 31) issued, sent (token, zip + SHA-256 → ticket), followed from 98 to 0, their XML judged
// by outsiders (XSD, signature), their PDF printing the number with a decodable QR, their CDR downloadable; bad
// input refused naming the field with nothing stored and no number spent; Idempotency-Key honoured.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { limaToday } from '../../../src/pipeline/deps.ts';
import { unzipCdr } from '../../../src/sunat/index.ts';
import { XSD_DIR } from '../../fixtures/invoices.ts';
import { signatureErrors, xsdErrors } from '../../golden/judges.ts';
import { decodeQrOnPage, readPdf, unprinted } from '../../render/pdf-tools.ts';
import { pathOf, useApi } from '../documents/helpers.ts';
import { exampleBody } from './bodies.ts';

const api = useApi();
const XSD = join(XSD_DIR, '2.1/maindoc/UBL-DespatchAdvice-2.1.xsd');

const example = exampleBody;

const CASES = [
  { file: '01-public-transport.json', url: '/api/dispatches', series: 'T001', type: '09' },
  { file: '02-private-transport.json', url: '/api/dispatches', series: 'T001', type: '09' },
  { file: '03-carrier.json', url: '/api/dispatch-carrier', series: 'V001', type: '31' },
] as const;

async function lastNumber(type: string, serie: string): Promise<number | undefined> {
  const row = await api.tenant.db.series.findUnique({ where: { documentType_serie: { documentType: type, serie } } });
  return row?.lastNumber;
}

describe('guías de remisión through the GRE REST service', () => {
  for (const c of CASES) {
    it(`${c.file}: issued, ticket 98, then accepted (0) with its CDR; XML, PDF and CDR downloadable`, async () => {
      const res = await api.post(c.url, example(c.file));
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const data = res.json.data;
      expect(data.number).toMatch(new RegExp(`^${c.series}-\\d+$`));
      expect(data.filename).toBe(`${api.tenant.ruc}-${c.type}-${data.number}`);
      // Sent on issue: SUNAT gave a ticket and is processing it.
      expect(data.ticket).toMatch(/^\d+$/);
      expect(data.state_type_id).toBe('01');
      expect(res.json.response.code).toBe('98');
      expect(res.json.links.cdr).toBe('');
      expect(pathOf(res.json.links.xml)).toBe(`/downloads/dispatch/xml/${data.external_id}`);

      const followed = await api.post('/api/dispatches/status_ticket', { external_id: data.external_id });
      expect(followed.status, JSON.stringify(followed.json)).toBe(200);
      expect(followed.json.data.state_type_id, JSON.stringify(followed.json.response)).toBe('05');
      expect(followed.json.data.ticket).toBe(data.ticket);
      expect(followed.json.response.code).toBe('0');

      const xml = await api.get(pathOf(res.json.links.xml));
      expect(xml.status).toBe(200);
      expect(xsdErrors(xml.body, XSD)).toBe('');
      expect(signatureErrors(xml.body)).toBe('');

      const cdr = await api.get(pathOf(followed.json.links.cdr));
      expect(cdr.status).toBe(200);
      const cdrXml = unzipCdr(cdr.body).xml.toString();
      expect(cdrXml).toContain('<cbc:ResponseCode>0</cbc:ResponseCode>');
      expect(cdrXml).toContain(data.number);

      const pdf = await api.get(pathOf(res.json.links.pdf));
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const title = c.type === '09' ? 'GUÍA DE REMISIÓN REMITENTE' : 'GUÍA DE REMISIÓN TRANSPORTISTA';
      expect(unprinted(readPdf(pdf.body), [title, data.number, 'DATOS DEL TRASLADO'])).toEqual([]);
      expect(decodeQrOnPage(pdf.body, 1)).toEqual([res.json.data.qr_text]);
      const ticket = await api.get(`${pathOf(res.json.links.pdf)}/ticket`);
      expect(unprinted(readPdf(ticket.body), [data.number, 'DATOS DEL TRASLADO'])).toEqual([]);
    });
  }

  it('asks the ticket, never sends twice: a second send of a followed guide only reads its state', async () => {
    const res = await api.post('/api/dispatches', example('02-private-transport.json'));
    const sent = await api.post('/api/dispatches/send', { external_id: res.json.data.external_id });
    expect(sent.json.data.ticket).toBe(res.json.data.ticket);
    expect(sent.json.data.state_type_id).toBe('05');
    const again = await api.post('/api/dispatches/send', { external_id: res.json.data.external_id });
    expect(again.json.data.state_type_id).toBe('05');
    const simulator = api.ctx.app.platform.sunatSimulator!;
    const receipts = simulator.store.ticketForFile(res.json.data.filename);
    expect(receipts?.ticket).toBe(res.json.data.ticket);
  });

  it('refuses a transfer date before the issue date: 422 naming fecha_de_traslado, no number spent', async () => {
    const before = await lastNumber('09', 'T001');
    const body = {
      ...example('02-private-transport.json'),
      fecha_de_emision: limaToday(),
      fecha_de_traslado: '2020-01-02',
    };
    const res = await api.post('/api/dispatches', body);
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.json.errors)).toContain('fecha_de_traslado');
    expect(res.json.errors.some((e: { path: string }) => e.path === 'fecha_de_traslado')).toBe(true);
    expect(await lastNumber('09', 'T001')).toBe(before);
  });

  it('answers malformed bodies with a 4xx naming the field, never a 500, spending no number', async () => {
    const base = example('02-private-transport.json');
    const before = await lastNumber('09', 'T001');
    const bodies: Array<[unknown, string]> = [
      [null, ''],
      [[], ''],
      [{ ...base, peso_total: -1 }, 'peso_total'],
      [{ ...base, items: [] }, 'items'],
      [{ ...base, direccion_llegada: { ...base.direccion_llegada, ubigeo: '999999' } }, 'direccion_llegada.ubigeo'],
      [{ ...base, vehiculo: { numero_de_placa: '' } }, 'vehiculo.numero_de_placa'],
      [{ ...base, chofer: { ...base.chofer, numero_licencia: 'x' } }, 'chofer.numero_licencia'],
      [{ ...base, codigo_modo_transporte: '03' }, 'codigo_modo_transporte'],
      [{ ...base, serie_documento: 'F001' }, 'serie_documento'],
      [{ ...base, fecha_de_traslado: '2026-02-30' }, 'fecha_de_traslado'],
    ];
    for (const [body, field] of bodies) {
      const res = await api.post('/api/dispatches', body);
      expect(res.status, JSON.stringify(res.json)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      if (field) expect(JSON.stringify(res.json.errors), field).toContain(field);
    }
    expect(await lastNumber('09', 'T001')).toBe(before);
  });

  it('reports an unknown key instead of dropping it', async () => {
    const res = await api.post('/api/dispatches', { ...example('02-private-transport.json'), peso_totall: 3 });
    expect(JSON.stringify(res.json)).toContain('peso_totall');
    expect(JSON.stringify(res.json)).toContain('unknown_field');
  });

  it('honours Idempotency-Key: the same request twice is one guide', async () => {
    const headers = { 'idempotency-key': `gre-${Date.now()}` };
    const first = await api.post('/api/dispatch-carrier', example('03-carrier.json'), headers);
    const second = await api.post('/api/dispatch-carrier', example('03-carrier.json'), headers);
    expect(second.status).toBe(200);
    expect(second.json.data.external_id).toBe(first.json.data.external_id);
  });

  it('lists the guides, newest first, with their links', async () => {
    const res = await api.get('/api/dispatches/records?tipo=09');
    expect(res.status).toBe(200);
    expect(res.json.data.length).toBeGreaterThan(0);
    expect(res.json.data.every((g: { document_type_id: string }) => g.document_type_id === '09')).toBe(true);
    expect(res.json.data[0].links.pdf).toContain('/downloads/dispatch/pdf/');
  });

  it('keeps guides out of the invoice routes', async () => {
    const res = await api.post('/api/dispatches', example('01-public-transport.json'));
    expect((await api.get(`/downloads/document/xml/${res.json.data.external_id}`)).status).toBe(404);
    expect((await api.post('/api/documents/send', { external_id: res.json.data.external_id })).status).toBe(404);
  });
});
