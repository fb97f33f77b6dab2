// Asking about a document over HTTP against the simulator: POST /api/documents/status answers state,
// links and QR for an accepted factura (token required); POST /api/services/consult_cdr_status asks SUNAT's
// consult service, stores the CDR and applies its state only when the CDR is this document's (number and hash).
import { beforeAll, describe, expect, it } from 'vitest';
import { unzipCdr } from '../../../src/sunat/index.ts';
import { decodeQrPng } from '../../render/pdf-tools.ts';
import { fixtureBody, pathOf, useApi } from '../documents/helpers.ts';

const api = useApi();
let factura: { external_id: string; number: string; qr_text: string };

beforeAll(async () => {
  const res = await api.post('/api/documents', fixtureBody('01-taxed.json'));
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  expect(res.json.data.state_type_id).toBe('05');
  factura = res.json.data;
});

function numberOf(serieNumber: string): number {
  return Number(serieNumber.split('-')[1]);
}

async function cdrRows(externalId: string): Promise<number> {
  const doc = await api.tenant.db.document.findUniqueOrThrow({ where: { externalId }, select: { id: true } });
  return api.tenant.db.documentFile.count({ where: { documentId: doc.id, kind: 'cdr' } });
}

describe('POST /api/documents/status', () => {
  it('answers state, links and a QR that scans to the document QR text, by serie_number (zero-padded too)', async () => {
    const padded = `F001-${String(numberOf(factura.number)).padStart(8, '0')}`;
    for (const serie_number of [factura.number, padded]) {
      const res = await api.post('/api/documents/status', { serie_number });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.data).toMatchObject({
        number: factura.number,
        external_id: factura.external_id,
        state_type_id: '05',
        status_id: '05',
        qr_text: factura.qr_text,
      });
      expect(pathOf(res.json.links.cdr)).toBe(`/downloads/document/cdr/${factura.external_id}`);
      expect(res.json.response.code).toBe('0');
    }
    const res = await api.post('/api/documents/status', { external_id: factura.external_id });
    expect(decodeQrPng(Buffer.from(res.json.data.qr, 'base64'))).toEqual([factura.qr_text]);
  });

  it('answers 401 without the token, 422 without fields or with a malformed number, 404 for unknown ones', async () => {
    const anonymous = await api.ctx.app.inject({
      method: 'POST',
      url: '/api/documents/status',
      headers: { host: api.tenant.headers.host, 'content-type': 'application/json' },
      payload: JSON.stringify({ serie_number: factura.number }),
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await api.post('/api/documents/status', {})).status).toBe(422);
    const malformed = await api.post('/api/documents/status', { serie_number: 'F001' });
    expect(malformed.status).toBe(422);
    expect(malformed.json.errors[0].path).toBe('serie_number');
    expect((await api.post('/api/documents/status', { serie_number: 'F001-99999999' })).status).toBe(404);
    const crossed = await api.post('/api/documents/status', {
      serie_number: 'F001-99999999',
      external_id: factura.external_id,
    });
    expect(crossed.status).toBe(404);
  });
});

describe('POST /api/services/consult_cdr_status', () => {
  const key = () => ({
    codigo_tipo_documento: '01',
    serie_documento: 'F001',
    numero_documento: String(numberOf(factura.number)),
  });

  it('stores SUNAT CDR of this document and applies its state (an answer we lost: 01 → 05)', async () => {
    await api.tenant.db.document.update({
      where: { externalId: factura.external_id },
      data: { stateTypeId: '01', files: { deleteMany: { kind: 'cdr' } } },
    });
    expect(await cdrRows(factura.external_id)).toBe(0);
    const res = await api.post('/api/services/consult_cdr_status', key());
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      data: { state_type_id: '05', cdr_stored: true, cdr_mismatch: false, sunat: { code: '0' } },
    });
    expect(res.json.message).toContain(factura.number);
    expect(await cdrRows(factura.external_id)).toBe(1);
    const cdr = await api.get(pathOf(res.json.links.cdr));
    expect(cdr.status).toBe(200);
    expect(unzipCdr(cdr.body).xml.toString()).toContain(`<cbc:ID>${factura.number}</cbc:ID>`);
    // Stored in its row with the state, as a sent document's CDR is: no file beside it.
    const row = await api.tenant.db.documentFile.findFirstOrThrow({
      where: { document: { externalId: factura.external_id }, kind: 'cdr' },
    });
    expect(row.data && Buffer.from(row.data).equals(cdr.body)).toBe(true);
    expect(await api.ctx.app.platform.storage.exists(api.tenant.schema, row.storageKey)).toBe(false);
    const history = await api.tenant.db.documentStateHistory.findMany({
      where: { document: { externalId: factura.external_id } },
      orderBy: { id: 'desc' },
      take: 1,
    });
    expect(history[0]).toMatchObject({ fromState: '01', toState: '05' });
  });

  it('neither stores nor applies a CDR whose document hash is not ours, and says so', async () => {
    const issued = await api.post('/api/documents', fixtureBody('01-taxed.json'));
    const id = issued.json.data.external_id;
    await api.tenant.db.document.update({
      where: { externalId: id },
      data: { stateTypeId: '01', hash: 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=', files: { deleteMany: { kind: 'cdr' } } },
    });
    const res = await api.post('/api/services/consult_cdr_status', {
      ...key(),
      numero_documento: String(numberOf(issued.json.data.number)),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      success: false,
      data: { state_type_id: '01', cdr_stored: false, cdr_mismatch: true, sunat: { code: '0' } },
    });
    expect(res.json.data.mismatch_reason).toContain('valor resumen');
    expect(await cdrRows(id)).toBe(0);
    const row = await api.tenant.db.document.findUniqueOrThrow({ where: { externalId: id } });
    expect(row.stateTypeId).toBe('01');
  });

  it('answers 503 when SUNAT consult service is down, changing nothing, and applies the CDR once it is back', async () => {
    const issued = await api.post('/api/documents', fixtureBody('01-taxed.json'));
    const id = issued.json.data.external_id;
    await api.tenant.db.document.update({
      where: { externalId: id },
      data: { stateTypeId: '01', files: { deleteMany: { kind: 'cdr' } } },
    });
    const body = { ...key(), numero_documento: String(numberOf(issued.json.data.number)) };
    api.ctx.app.platform.sunatSimulator!.faults.add({
      fault: { kind: 'http-status', status: 503 },
      operations: ['getStatusCdr'],
      times: 1,
    });
    const down = await api.post('/api/services/consult_cdr_status', body);
    expect(down.status, JSON.stringify(down.json)).toBe(503);
    expect(down.json.code).toBe('sunat_unavailable');
    expect(await cdrRows(id)).toBe(0);
    const back = await api.post('/api/services/consult_cdr_status', body);
    expect(back.json.data).toMatchObject({ state_type_id: '05', cdr_stored: true });
  });

  it('refuses what SUNAT cannot be asked about: a boleta (422), an unknown number (404), a bad body (422)', async () => {
    const boleta = await api.post('/api/documents', fixtureBody('25-boleta.json'));
    expect(boleta.status).toBe(200);
    const [serie, number] = boleta.json.data.number.split('-');
    const refused = await api.post('/api/services/consult_cdr_status', {
      codigo_tipo_documento: '03',
      serie_documento: serie,
      numero_documento: number,
    });
    expect(refused.status).toBe(422);
    expect(refused.json.code).toBe('document_not_consultable');
    const unknown = await api.post('/api/services/consult_cdr_status', { ...key(), numero_documento: '99999999' });
    expect(unknown.status).toBe(404);
    const bad = await api.post('/api/services/consult_cdr_status', { ...key(), numero_documento: '0' });
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0].path).toBe('numero_documento');
  });
});
