// POST /api/retentions end to end: every example accepted by the simulator's "otros CPE" service with
// an XSD-valid, signed Retention; downloadable XML/CDR/PDF under /downloads/retention; 4xx with nothing consumed
// for wrong figures, a wrong supplier or the 6 % regime on today's documents.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLES_DIR, exampleFiles } from '../../../src/api/examples.ts';
import { unzipCdr } from '../../../src/sunat/index.ts';
import { XSD_DIR } from '../../fixtures/invoices.ts';
import { signatureErrors, xsdErrors } from '../../golden/judges.ts';
import { decodeQrOnPage, readPdf, unprinted } from '../../render/pdf-tools.ts';
import { pathOf, useApi } from '../documents/helpers.ts';

const api = useApi();
const XSD = join(XSD_DIR, '2.0/maindoc/UBLPE-Retention-1.0.xsd');

function example(name: string): Record<string, any> {
  return JSON.parse(readFileSync(new URL(`retentions/${name}`, EXAMPLES_DIR), 'utf8'));
}

/** UBLPE-Retention-1.0.xsd and the signature with the certificate the document carries (test/golden/judges.ts). */
function judge(xml: Buffer): { xsd: string; signature: string } {
  return { xsd: xsdErrors(xml, XSD), signature: signatureErrors(xml) };
}

async function seriesCounter(): Promise<number | undefined> {
  const row = await api.tenant.db.series.findUnique({
    where: { documentType_serie: { documentType: '20', serie: 'R001' } },
  });
  return row?.lastNumber;
}

/** Posts a body that must be refused: a 422 that neither moves R001's counter nor stores a document. */
async function refused(body: unknown) {
  const before = { counter: await seriesCounter(), rows: await api.tenant.db.document.count() };
  const res = await api.post('/api/retentions', body);
  expect(res.status, JSON.stringify(res.json)).toBe(422);
  expect(await seriesCounter()).toBe(before.counter);
  expect(await api.tenant.db.document.count()).toBe(before.rows);
  return res.json;
}

describe('POST /api/retentions', () => {
  for (const name of exampleFiles('retentions')) {
    it(`${name} is issued, signed, sent to "otros CPE" and accepted`, async () => {
      const res = await api.post('/api/retentions', example(name));
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.data.number).toMatch(/^R001-\d+$/);
      expect(res.json.data.state_type_id).toBe('05');
      expect(res.json.response.code).toBe('0');
      expect(res.json.response.description).toContain('Comprobante de Retencion');
      expect(pathOf(res.json.links.xml)).toBe(`/downloads/retention/xml/${res.json.data.external_id}`);
      const xml = await api.get(pathOf(res.json.links.xml));
      expect(judge(xml.body)).toEqual({ xsd: '', signature: '' });
      const totals = example(name).totales;
      expect(xml.body.toString()).toContain(
        `<cbc:TotalInvoiceAmount currencyID="PEN">${totals.total_retenido.toFixed(2)}<`,
      );
      expect(xml.body.toString()).toContain(`<sac:SUNATTotalPaid currencyID="PEN">${totals.total_pagado.toFixed(2)}<`);
      const cdr = await api.get(pathOf(res.json.links.cdr));
      expect(unzipCdr(cdr.body).xml.toString()).toContain('<cbc:ResponseCode>0</cbc:ResponseCode>');
    });
  }

  it('computes what the body leaves out: 3 % of the paid amount in soles, net paid = paid − retained', async () => {
    const body = example('02-usd.json');
    delete body.totales;
    for (const d of body.documentos) for (const k of ['total_retenido', 'total_a_pagar', 'total_pagado']) delete d[k];
    const res = await api.post('/api/retentions', body);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const xml = (await api.get(pathOf(res.json.links.xml))).body.toString();
    // 2874.56 USD × 3.745 = 10765.23 PEN; × 3 % = 322.96; net 10442.27.
    expect(xml).toContain('<sac:SUNATRetentionAmount currencyID="PEN">322.96</sac:SUNATRetentionAmount>');
    expect(xml).toContain('<sac:SUNATNetTotalPaid currencyID="PEN">10442.27</sac:SUNATNetTotalPaid>');
    expect(xml).toContain('<cbc:CalculationRate>3.745000</cbc:CalculationRate>');
  });

  it('prints the retention: the PDF names the voucher, the supplier and the totals, and its QR decodes', async () => {
    const res = await api.post('/api/retentions', example('02-usd.json'));
    const pdf = await api.get(pathOf(res.json.links.pdf));
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = readPdf(pdf.body);
    expect(
      unprinted(text, [
        'COMPROBANTE DE RETENCIÓN',
        res.json.data.number,
        'Proveedor',
        'INVERSIONES HOTELERAS COLCA',
        'S/ 322.96',
        'S/ 10442.27',
      ]),
    ).toEqual([]);
    const ticket = readPdf((await api.get(`${pathOf(res.json.links.pdf)}/ticket`)).body);
    expect(ticket.has('Retenido S/')).toBe(true);
    expect(ticket.has('IMPORTE TOTAL PAGADO')).toBe(true);
    expect(decodeQrOnPage(pdf.body, 1)).toEqual([res.json.data.qr_text]);
  });

  it('answers 422 at documentos[0].total_retenido for an amount that is not 3 %, consuming no number', async () => {
    const body = example('01-pen.json');
    body.documentos[0].total_retenido = 23.6; // 2 %, the perception rate
    const json = await refused(body);
    expect(json.code).toBe('totals_mismatch');
    expect(json.errors[0]).toMatchObject({ path: 'documentos[0].total_retenido', expected: '35.40' });
  });

  it('answers 422 for the issuer as its own supplier (SUNAT 2620) and for a DNI supplier (2724)', async () => {
    const body = example('01-pen.json');
    body.datos_del_proveedor.numero_documento = api.tenant.ruc;
    expect((await refused(body)).errors[0]).toMatchObject({
      path: 'datos_del_proveedor.numero_documento',
      code: 'supplier_ruc_invalid',
    });
    const dni = example('01-pen.json');
    dni.datos_del_proveedor = {
      ...dni.datos_del_proveedor,
      codigo_tipo_documento_identidad: '1',
      numero_documento: '45678912',
    };
    expect((await refused(dni)).errors[0].path).toBe('datos_del_proveedor.numero_documento');
  });

  it('answers 422 for regime 02 (6 %) on documents issued after 2014-02-28 (SUNAT 2985) and for a payment in another month (2661)', async () => {
    const six = example('03-credit-note.json');
    six.codigo_tipo_retencion = '02';
    delete six.totales;
    delete six.documentos[0].total_retenido;
    delete six.documentos[0].total_a_pagar;
    delete six.documentos[0].total_pagado;
    expect((await refused(six)).errors[0]).toMatchObject({ path: 'codigo_tipo_retencion' });
    const late = example('03-credit-note.json');
    late.documentos[0].pagos[0].fecha_de_pago = '2025-06-20';
    expect((await refused(late)).errors[0].path).toBe('documentos[0].pagos[0].fecha_de_pago');
  });

  it('keeps a retention registered (01) while SUNAT is down, and /api/retentions/send gets it accepted after', async () => {
    api.ctx.app.platform.sunatSimulator!.faults.add({ fault: { kind: 'http-status', status: 503 }, times: 1 });
    const res = await api.post('/api/retentions', example('02-usd.json'));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.state_type_id).toBe('01');
    const sent = await api.post('/api/retentions/send', { external_id: res.json.data.external_id });
    expect(sent.json.data.state_type_id).toBe('05');
  });

  it('keeps retentions out of the invoice and perception endpoints; /api/retentions/send answers for one', async () => {
    const res = await api.post('/api/retentions', example('01-pen.json'));
    const id = res.json.data.external_id;
    expect((await api.get(`/downloads/document/xml/${id}`)).status).toBe(404);
    expect((await api.get(`/downloads/perception/xml/${id}`)).status).toBe(404);
    expect((await api.post('/api/documents/send', { external_id: id })).status).toBe(404);
    expect((await api.post('/api/perceptions/send', { external_id: id })).status).toBe(404);
    const again = await api.post('/api/retentions/send', { external_id: id });
    expect(again.status).toBe(200);
    expect(again.json.data.state_type_id).toBe('05');
    expect(pathOf(again.json.links.cdr)).toBe(`/downloads/retention/cdr/${id}`);
    const wrongType = await api.post('/api/retentions', { ...example('01-pen.json'), codigo_tipo_documento: '40' });
    expect(wrongType.status).toBe(422);
  });
});
