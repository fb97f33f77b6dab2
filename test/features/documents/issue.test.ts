// POST /api/documents through HTTP against the in-process SUNAT simulator: every scenario ERPs send ends accepted
// with downloadable, XSD-valid, signature-verified XML and SUNAT's CDR.
import { afterAll, describe, expect, it } from 'vitest';
import { unzipCdr } from '../../../src/sunat/index.ts';
import { cleanup, decodeQrPng } from '../../render/pdf-tools.ts';
import { fixtureBody, invoiceFixtureNames, judgeXml, pathOf, useApi } from './helpers.ts';

const api = useApi();
afterAll(cleanup);

describe('POST /api/documents — every invoice fixture', () => {
  for (const name of invoiceFixtureNames()) {
    it(`${name} is issued, sent and accepted with valid XML and a CDR`, async () => {
      const body = fixtureBody(name);
      const sendsNow = body.acciones?.enviar_xml_firmado !== false;
      const res = await api.post('/api/documents', body);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const { data, links, response } = res.json;
      expect(data.filename).toBe(`${api.tenant.ruc}-${body.codigo_tipo_documento}-${data.number}`);
      expect(data.qr_text.split('|')[0]).toBe(api.tenant.ruc);
      expect(data.hash).toMatch(/^[A-Za-z0-9+/]{27}=$/);
      // data.qr is the encoder's PNG (src/render/qr-encode.ts): a reader we did not write scans it to qr_text.
      expect(decodeQrPng(Buffer.from(data.qr, 'base64'))).toEqual([data.qr_text]);

      let state = data.state_type_id;
      if (!sendsNow) {
        // Offline scenario: registered, not sent; then /send does it.
        expect(state).toBe('01');
        expect(response).toEqual([]);
        expect(links.cdr).toBe('');
        const sent = await api.post('/api/documents/send', { external_id: data.external_id });
        expect(sent.status).toBe(200);
        state = sent.json.data.state_type_id;
      }
      expect(state).toBe('05');

      const xml = await api.get(pathOf(links.xml));
      expect(xml.status).toBe(200);
      expect(xml.headers['content-type']).toContain('application/xml');
      expect(xml.headers['content-disposition']).toContain(`${data.filename}.xml`);
      const verdict = judgeXml(xml.body.toString('utf8'), body.codigo_tipo_documento);
      expect(verdict.xsd).toBe('');
      expect(verdict.signature).toBe('');
      expect(xml.body.toString('utf8')).toContain(`<ds:DigestValue>${data.hash}</ds:DigestValue>`);

      const cdr = await api.get(`/downloads/document/cdr/${data.external_id}`);
      expect(cdr.status).toBe(200);
      expect(cdr.headers['content-disposition']).toContain(`R-${data.filename}.zip`);
      expect(unzipCdr(cdr.body).xml.toString('utf8')).toContain('<cbc:ResponseCode>0</cbc:ResponseCode>');
    });
  }
});

describe('numbering', () => {
  it('gives 100 simultaneous "#" requests on one series 100 distinct consecutive numbers', async () => {
    const body = fixtureBody('02-not-sent.json');
    body.serie_documento = 'F077';
    const results = await Promise.all(Array.from({ length: 100 }, () => api.post('/api/documents', body)));
    expect(results.map((r) => r.status)).toEqual(Array(100).fill(200));
    const numbers = results.map((r) => Number(r.json.data.number.split('-')[1])).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('returns the existing document for the same explicit number and body, and 409 for another body', async () => {
    const body = fixtureBody('06-contingency.json');
    const first = await api.post('/api/documents', body);
    expect(first.status).toBe(200);
    const again = await api.post('/api/documents', body);
    expect(again.status).toBe(200);
    expect(again.json.data.was_duplicate).toBe(true);
    expect(again.json.data.external_id).toBe(first.json.data.external_id);
    const other = await api.post('/api/documents', { ...body, hora_de_emision: '11:00:00' });
    expect(other.status).toBe(409);
    expect(other.json.code).toBe('document_already_exists');
  });

  it('answers 409 to an explicit number that a "#" document took, whatever the body (a "#" keeps no request hash)', async () => {
    const body = fixtureBody('02-not-sent.json');
    body.serie_documento = 'F078';
    const taken = await api.post('/api/documents', body);
    expect(taken.json.data.number).toBe('F078-1');
    const stored = await api.tenant.db.document.findUniqueOrThrow({
      where: { externalId: taken.json.data.external_id },
      select: { requestFingerprint: true },
    });
    expect(stored.requestFingerprint).toBeNull();
    const explicit = await api.post('/api/documents', { ...body, numero_documento: 1 });
    expect(explicit.status).toBe(409);
    expect(explicit.json.code).toBe('document_already_exists');
  });

  it('registers a valid new series on first use and refuses an invalid one without consuming anything', async () => {
    const body = fixtureBody('02-not-sent.json');
    body.serie_documento = 'F123';
    expect((await api.post('/api/documents', body)).json.data.number).toBe('F123-1');
    const bad = await api.post('/api/documents', { ...body, serie_documento: 'X001' });
    expect(bad.status).toBe(422);
    expect(await api.tenant.db.series.findMany({ where: { serie: 'X001' } })).toEqual([]);
  });

  it('refuses an issue date in the future before taking a number', async () => {
    const body = fixtureBody('02-not-sent.json');
    body.serie_documento = 'F124';
    body.fecha_de_emision = '2999-01-01';
    const res = await api.post('/api/documents', body);
    expect(res.status).toBe(422);
    expect(res.json.errors[0].path).toBe('fecha_de_emision');
    expect(await api.tenant.db.series.findMany({ where: { serie: 'F124' } })).toEqual([]);
  });
});

describe('notes', () => {
  it('issues a credit note that references an issued invoice by external_id', async () => {
    const invoice = await api.post('/api/documents', fixtureBody('01-taxed.json'));
    const note = fixtureBody('26-credit-note.json');
    note.documento_afectado = { external_id: invoice.json.data.external_id };
    const res = await api.post('/api/documents', note);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.state_type_id).toBe('05');
    const xml = (await api.get(pathOf(res.json.links.xml))).body.toString('utf8');
    expect(xml).toContain(`<cbc:ID>${invoice.json.data.number}</cbc:ID>`);
  });

  it('answers 422 for a note whose external_id is not a document of the tenant', async () => {
    const note = fixtureBody('26-credit-note.json');
    note.documento_afectado = { external_id: '00000000-0000-4000-8000-000000000000' };
    const res = await api.post('/api/documents', note);
    expect(res.status).toBe(422);
    expect(res.json.errors[0].path).toBe('documento_afectado.external_id');
  });
});
