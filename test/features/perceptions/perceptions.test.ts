// POST /api/perceptions end to end: every fixture accepted by the simulator's "otros CPE" service,
// downloadable XML/CDR/PDF under /downloads/perception, 422 with nothing consumed for wrong figures.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { limaToday } from '../../../src/pipeline/deps.ts';
import { unzipCdr } from '../../../src/sunat/index.ts';
import { FIXTURES, XSD_DIR, substituteToday } from '../../fixtures/invoices.ts';
import { xsdErrors } from '../../golden/judges.ts';
import { decodeQrOnPage, readPdf, unprinted } from '../../render/pdf-tools.ts';
import { pathOf, useApi } from '../documents/helpers.ts';

const api = useApi();
const XSD = join(XSD_DIR, '2.0/maindoc/UBLPE-Perception-1.0.xsd');

function body(name: string, dir = 'perceptions'): Record<string, any> {
  return JSON.parse(substituteToday(readFileSync(join(FIXTURES, dir, name), 'utf8'), limaToday()));
}

describe('POST /api/perceptions', () => {
  for (const name of readdirSync(join(FIXTURES, 'perceptions')).filter((f) => f.endsWith('.json'))) {
    it(`${name} is issued, sent to "otros CPE" and accepted`, async () => {
      const res = await api.post('/api/perceptions', body(name));
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.data.number).toMatch(/^P001-\d+$/);
      expect(res.json.data.state_type_id).toBe('05');
      expect(res.json.response.code).toBe('0');
      expect(pathOf(res.json.links.xml)).toBe(`/downloads/perception/xml/${res.json.data.external_id}`);
      const xml = await api.get(pathOf(res.json.links.xml));
      expect(xsdErrors(xml.body, XSD)).toBe('');
      const cdr = await api.get(pathOf(res.json.links.cdr));
      expect(unzipCdr(cdr.body).xml.toString()).toContain('<cbc:ResponseCode>0</cbc:ResponseCode>');
    });
  }

  it('prints the perception: the PDF names the voucher, the receiver and the total, and its QR decodes', async () => {
    const res = await api.post('/api/perceptions', body('02-usd.json'));
    const pdf = await api.get(pathOf(res.json.links.pdf));
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = readPdf(pdf.body);
    const printed = [
      'COMPROBANTE DE PERCEPCIÓN',
      res.json.data.number,
      'INVERSIONES HOTELERAS COLCA',
      'S/ 10980.53',
      '3.745 ',
    ];
    expect(unprinted(text, printed)).toEqual([]);
    expect(decodeQrOnPage(pdf.body, 1)).toEqual([res.json.data.qr_text]);
  });

  it('answers 422 at documentos[0].total_percibido for the wrong percent, consuming no number', async () => {
    const before = await api.tenant.db.series.findUnique({
      where: { documentType_serie: { documentType: '40', serie: 'P001' } },
    });
    const res = await api.post('/api/perceptions', body('13-perception-wrong-percent.json', 'invalid'));
    expect(res.status).toBe(422);
    expect(res.json.code).toBe('totals_mismatch');
    expect(res.json.errors[0].path).toBe('documentos[0].total_percibido');
    const after = await api.tenant.db.series.findUnique({
      where: { documentType_serie: { documentType: '40', serie: 'P001' } },
    });
    expect(after?.lastNumber).toBe(before?.lastNumber);
  });

  it('keeps perceptions out of the invoice endpoints and lists', async () => {
    const res = await api.post('/api/perceptions', body('01-pen.json'));
    expect((await api.get(`/downloads/document/xml/${res.json.data.external_id}`)).status).toBe(404);
    const sent = await api.post('/api/documents/send', { external_id: res.json.data.external_id });
    expect(sent.status).toBe(404);
    const again = await api.post('/api/perceptions/send', { external_id: res.json.data.external_id });
    expect(again.json.data.state_type_id).toBe('05');
    const invoice = await api.post('/api/perceptions', { ...body('01-pen.json'), codigo_tipo_documento: '01' });
    expect(invoice.status).toBe(422);
  });
});
