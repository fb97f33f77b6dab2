// POST /api/purchase-settlements end to end: every example is issued, sent by sendBill to the simulator and
// accepted; its XML is signed (xml-crypto, and xmlsec1 where installed) and valid against the SelfBilledInvoice
// XSD; the PDF titles it and carries the QR; bad input is a 422 naming the field with no number consumed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exampleFiles } from '../../../src/api/examples.ts';
import { unzipCdr } from '../../../src/sunat/index.ts';
import { REPO_ROOT, XSD_DIR } from '../../fixtures/invoices.ts';
import { signatureErrors, xsdErrors } from '../../golden/judges.ts';
import { decodeQrOnPage, readPdf, unprinted } from '../../render/pdf-tools.ts';
import { pathOf, useApi } from '../documents/helpers.ts';

const api = useApi();
const XSD = join(XSD_DIR, '2.1/maindoc/UBL-SelfBilledInvoice-2.1.xsd');
const URL = '/api/purchase-settlements';

function example(name: string): Record<string, any> {
  return JSON.parse(readFileSync(join(REPO_ROOT, 'examples/purchase-settlements', name), 'utf8'));
}

async function lastNumber(): Promise<number | undefined> {
  const series = await api.tenant.db.series.findUnique({
    where: { documentType_serie: { documentType: '04', serie: 'L001' } },
  });
  return series?.lastNumber;
}

describe('POST /api/purchase-settlements', () => {
  for (const name of exampleFiles('purchase-settlements')) {
    it(`${name} is issued, sent by sendBill and accepted; its XML is signed and XSD-valid`, async () => {
      const res = await api.post(URL, example(name));
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.data.number).toMatch(/^L001-\d+$/);
      expect(res.json.data.state_type_id, JSON.stringify(res.json.response)).toBe('05');
      expect(res.json.response.code).toBe('0');
      expect(res.json.response.notes ?? []).toEqual([]);
      expect(pathOf(res.json.links.xml)).toBe(`/downloads/document/xml/${res.json.data.external_id}`);
      const xml = await api.get(pathOf(res.json.links.xml));
      expect(xml.body.toString()).toContain('<cbc:InvoiceTypeCode');
      expect(xsdErrors(xml.body, XSD)).toBe('');
      expect(signatureErrors(xml.body)).toBe('');
      const cdr = await api.get(pathOf(res.json.links.cdr));
      expect(unzipCdr(cdr.body).xml.toString()).toContain('<cbc:ResponseCode>0</cbc:ResponseCode>');
    });
  }

  it('prints LIQUIDACIÓN DE COMPRA ELECTRÓNICA with the seller, the retention and what is paid; the QR decodes', async () => {
    const res = await api.post(URL, example('01-coffee-farmer.json'));
    const pdf = await api.get(pathOf(res.json.links.pdf));
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const printed = [
      'LIQUIDACIÓN DE COMPRA ELECTRÓNICA',
      res.json.data.number,
      'Vendedor',
      'QUISPE MAMANI, JUAN CARLOS',
      'S/ 6709.48',
      'Retención IR 1.5% (-)',
      'S/ 85.29',
      'NETO A PAGAR AL VENDEDOR',
      'S/ 5600.71',
    ];
    expect(unprinted(readPdf(pdf.body), printed)).toEqual([]);
    expect(decodeQrOnPage(pdf.body, 1)).toEqual([res.json.data.qr_text]);
    expect(res.json.data.qr_text).toMatch(/\|04\|L001\|\d+\|1023\.48\|5600\.71\|\d{4}-\d{2}-\d{2}\|1\|45871236\|/);
  });

  it('answers 422 naming the field for a seller with a RUC, consuming no number', async () => {
    const before = await lastNumber();
    const b = example('01-coffee-farmer.json');
    const seller = { ...b.datos_del_proveedor, codigo_tipo_documento_identidad: '6', numero_documento: '20100070970' };
    const res = await api.post(URL, { ...b, datos_del_proveedor: seller });
    expect(res.status).toBe(422);
    expect(res.json.errors[0]).toMatchObject({
      path: 'datos_del_proveedor.codigo_tipo_documento_identidad',
      code: 'catalog_code_invalid',
    });
    expect(res.json.errors[0].message).toMatch(/2800/);
    expect(await lastNumber()).toBe(before);
  });

  it('answers 422 at totales.total_a_pagar for totals that do not add up, consuming no number', async () => {
    const before = await lastNumber();
    const b = example('01-coffee-farmer.json');
    const res = await api.post(URL, { ...b, totales: { ...b.totales, total_a_pagar: 6709.48 } });
    expect(res.status).toBe(422);
    expect(res.json.code).toBe('totals_mismatch');
    expect(res.json.errors).toEqual([
      expect.objectContaining({ path: 'totales.total_a_pagar', expected: '5600.71', received: '6709.48' }),
    ]);
    expect(await lastNumber()).toBe(before);
  });

  it('registers without sending, sends later, and lists settlements apart from the invoices', async () => {
    const b = example('03-minimal-recycler.json');
    const res = await api.post(URL, { ...b, acciones: { enviar_xml_firmado: false } });
    expect(res.json.data.state_type_id).toBe('01');
    const id = res.json.data.external_id;
    expect((await api.post('/api/documents/send', { external_id: id })).status).toBe(404);
    const sent = await api.post(`${URL}/send`, { external_id: id });
    expect(sent.json.data.state_type_id).toBe('05');
    const ours = await api.get(`${URL}/lists`);
    expect(ours.json.data.map((r: { external_id: string }) => r.external_id)).toContain(id);
    expect(ours.json.data.every((r: { document_type_id: string }) => r.document_type_id === '04')).toBe(true);
    const invoices = await api.get('/api/documents/lists');
    expect(invoices.json.data.map((r: { external_id: string }) => r.external_id)).not.toContain(id);
  });

  it('takes a new L series and issues in it; an F series is not one for the 04', async () => {
    const created = await api.post('/api/series', { codigo_tipo_documento: '04', serie: 'L002' });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const res = await api.post(URL, { ...example('03-minimal-recycler.json'), serie_documento: 'L002' });
    expect(res.json.data.number).toBe('L002-1');
    const wrong = await api.post('/api/series', { codigo_tipo_documento: '04', serie: 'F009' });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors[0]).toMatchObject({ path: 'serie', code: 'series_invalid' });
  });

  it('answers malformed bodies with a 4xx naming the field, never a 500, and consumes no number', async () => {
    const before = await lastNumber();
    const b = example('03-minimal-recycler.json');
    const item = b.items[0];
    const bodies: Array<[unknown, string]> = [
      [{ ...b, items: 'cartón' }, 'items'],
      [{ ...b, items: [] }, 'items'],
      [{ ...b, items: [{ ...item, cantidad: 0 }] }, 'items[0].cantidad'],
      [{ ...b, items: [{ ...item, cantidad: 1e40 }] }, 'items[0].cantidad'],
      [{ ...b, items: [{ ...item, codigo_tipo_afectacion_igv: '40' }] }, 'items[0].codigo_tipo_afectacion_igv'],
      [{ ...b, datos_del_proveedor: undefined }, 'datos_del_proveedor'],
      [
        { ...b, datos_de_la_operacion: { ...b.datos_de_la_operacion, codigo_tipo_lugar: '09' } },
        'datos_de_la_operacion.codigo_tipo_lugar',
      ],
      [{ ...b, codigo_tipo_documento: '01' }, 'codigo_tipo_documento'],
      [{ ...b, acciones: { enviar_xml_firmadoo: true } }, 'acciones.enviar_xml_firmadoo'],
      [{ ...b, fecha_de_emision: '2999-01-01' }, 'fecha_de_emision'],
    ];
    for (const [body, path] of bodies) {
      const res = await api.post(URL, body);
      expect(res.status, JSON.stringify(res.json)).toBe(422);
      expect(res.json.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expect(await lastNumber()).toBe(before);
  });
});
