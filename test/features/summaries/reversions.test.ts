// Resumen de reversiones (RR) over HTTP against the in-process simulator (issue 17): an accepted retention (20) or
// perception (40) reverted 05 → 13 → 11 by an RR-AAAAMMDD-N sent to "otros CPE", its XML (XSD-valid, signed) and
// CDR downloadable under /downloads/reversion; SUNAT down → the same RR later; a rejection (99) puts the voucher
// back with SUNAT's code; every refusal (a factura, a second reversion, the wrong route) is a 422 that changed nothing.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXAMPLES_DIR } from '../../../src/features/documents/examples.ts';
import { limaToday } from '../../../src/pipeline/deps.ts';
import { unzipCdr } from '../../../src/sunat/index.ts';
import { pathOf, useApi } from '../documents/helpers.ts';
import {
  expectUnchanged,
  issuedDocument,
  judgeSummaryXml,
  runWorker,
  stateOf as stateOfDocument,
  useSimulator,
  VOIDED_XSD,
  voidBodyOf,
} from './helpers.ts';

const api = useApi();
const simulator = useSimulator(api);

const VOUCHERS = {
  retention: { url: '/api/retentions', example: 'retentions/01-pen.json', type: '20' },
  perception: { url: '/api/perceptions', example: 'perceptions/01-pen.json', type: '40' },
} as const;
type Voucher = keyof typeof VOUCHERS;

async function issued(voucher: Voucher): Promise<string> {
  const v = VOUCHERS[voucher];
  const res = await api.post(v.url, JSON.parse(readFileSync(new URL(v.example, EXAMPLES_DIR), 'utf8')));
  expect(res.json.data?.state_type_id, JSON.stringify(res.json)).toBe('05');
  return res.json.data.external_id as string;
}

const issuedFactura = () => issuedDocument(api);
const stateOf = (externalId: string) => stateOfDocument(api, externalId);
const body = voidBodyOf('Error en el RUC del proveedor');

const revert = (voucher: Voucher, payload: unknown) => api.post(`${VOUCHERS[voucher].url}/voided`, payload);
const statusOf = (voucher: Voucher, key: unknown) => api.post(`${VOUCHERS[voucher].url}/voided/status`, key);

describe('POST /api/retentions/voided and /api/perceptions/voided', () => {
  it('reverts an accepted retention: 13 while SUNAT processes, 11 once accepted, RR XML and CDR downloadable', async () => {
    const id = await issued('retention');
    const res = await revert('retention', body(id));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      data: { ticket: expect.stringMatching(/^\d+$/), state: 'pending' },
    });
    expect(await stateOf(id)).toBe('13');

    const status = await statusOf('retention', { external_id: res.json.data.external_id });
    expect(status.status).toBe(200);
    expect(status.json).toMatchObject({
      data: { state: 'accepted', filename: expect.stringMatching(/^20\d{9}-RR-\d{8}-\d+$/) },
      response: { code: '0', is_accepted: true, status_code: 0 },
    });
    expect(status.json.response.description).toContain('Resumen de reversiones');
    expect(await stateOf(id)).toBe('11');
    const history = await api.tenant.db.documentStateHistory.findMany({
      where: { document: { externalId: id } },
      orderBy: { id: 'asc' },
    });
    expect(history.map((h) => h.toState)).toEqual(['01', '05', '13', '11']);

    expect(pathOf(status.json.links.xml)).toBe(`/downloads/reversion/xml/${res.json.data.external_id}`);
    const xml = await api.get(pathOf(status.json.links.xml));
    expect(xml.status).toBe(200);
    const text = xml.body.toString('utf8');
    expect(text).toContain('<VoidedDocuments');
    expect(text).toMatch(/<cbc:ID>RR-\d{8}-\d+<\/cbc:ID>/);
    expect(text).toContain('<cbc:DocumentTypeCode>20</cbc:DocumentTypeCode>');
    expect(judgeSummaryXml(xml.body, VOIDED_XSD)).toMatchObject({ xsd: 0, signature: 0 });
    const cdr = await api.get(pathOf(status.json.links.cdr));
    expect(cdr.status).toBe(200);
    expect(unzipCdr(cdr.body).xml.toString()).toContain('<cbc:ResponseCode>0</cbc:ResponseCode>');
    // By ticket, from what is stored; not through the perceptions' route (an RR of retentions).
    const byTicket = await statusOf('retention', { ticket: res.json.data.ticket });
    expect(byTicket.json.data.external_id).toBe(res.json.data.external_id);
    expect((await statusOf('perception', { ticket: res.json.data.ticket })).status).toBe(404);
  });

  it('reverts an accepted perception; 98 is a 200 "still in process" and the worker follows the ticket', async () => {
    simulator().engine.options.summaryPendingPolls = 1;
    const id = await issued('perception');
    const res = await revert('perception', body(id));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const pending = await statusOf('perception', { external_id: res.json.data.external_id });
    expect(pending.status).toBe(200);
    expect(pending.json).toMatchObject({ data: { state: 'pending' }, response: { code: '98', status_code: 98 } });
    expect(pending.json.links.cdr).toBe('');
    expect(await stateOf(id)).toBe('13');
    await runWorker(api);
    expect(await stateOf(id)).toBe('11');
    const done = await statusOf('perception', { external_id: res.json.data.external_id });
    expect(done.json).toMatchObject({ data: { state: 'accepted' }, response: { code: '0' } });
    const xml = (await api.get(pathOf(done.json.links.xml))).body.toString('utf8');
    expect(xml).toContain('<cbc:DocumentTypeCode>40</cbc:DocumentTypeCode>');
    expect((await api.get(pathOf(done.json.links.cdr))).status).toBe(200);
  });

  it('SUNAT down during the RR: accepted after, with the same RR (one RR for the voucher)', async () => {
    simulator().faults.add({ fault: { kind: 'http-status', status: 503 }, operations: ['sendSummary'], times: 1 });
    const id = await issued('retention');
    const res = await revert('retention', body(id));
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ ticket: null, state: 'sending' });
    expect(res.json.message).toContain('se reintentará');
    expect(await stateOf(id)).toBe('13');
    await runWorker(api);
    await runWorker(api);
    expect(await stateOf(id)).toBe('11');
    expect(await api.tenant.db.summaryDocument.count({ where: { document: { externalId: id } } })).toBe(1);
    const summary = await api.tenant.db.summary.findFirstOrThrow({ where: { externalId: res.json.data.external_id } });
    expect(summary).toMatchObject({ kind: 'RR', state: 'accepted' });
  });

  it('a lost sendSummary answer: the same RR file again, SUNAT gives the same ticket, no second RR', async () => {
    simulator().faults.add({ fault: { kind: 'lost-response' }, operations: ['sendSummary'], times: 1 });
    const before = simulator().stats().requests.sendSummary;
    const id = await issued('perception');
    const res = await revert('perception', body(id));
    expect(res.json.data.ticket).toBeNull();
    await runWorker(api);
    await runWorker(api);
    expect(await stateOf(id)).toBe('11');
    expect(simulator().stats().requests.sendSummary - before).toBe(2);
    expect(await api.tenant.db.summaryDocument.count({ where: { document: { externalId: id } } })).toBe(1);
  });

  it('a rejected RR (99, SUNAT 2105) puts the voucher back in 05, with the code', async () => {
    const id = await issued('retention');
    simulator().reset(); // SUNAT "forgets" the retention: the RR's line is not registered there (2105)
    const res = await revert('retention', body(id));
    const status = await statusOf('retention', { external_id: res.json.data.external_id });
    expect(status.json).toMatchObject({
      data: { state: 'rejected' },
      response: { code: '2105', is_accepted: false, status_code: 99 },
    });
    expect(await stateOf(id)).toBe('05');
    expect((await api.get(pathOf(status.json.links.cdr))).status).toBe(200);
  });

  it('numbers RR per day on its own counter (RR-…-N, RA-…-N independent)', async () => {
    const ids = [await issued('retention'), await issued('retention')];
    const first = await revert('retention', body(ids[0]));
    const second = await revert('retention', body(ids[1]));
    const rows = await api.tenant.db.summary.findMany({
      where: { externalId: { in: [first.json.data.external_id, second.json.data.external_id] } },
      orderBy: { id: 'asc' },
    });
    expect(rows.map((r) => r.kind)).toEqual(['RR', 'RR']);
    expect(rows[1].correlative).toBe(rows[0].correlative + 1);
    expect(rows[0].identifier).toBe(`RR-${limaToday().replaceAll('-', '')}-${rows[0].correlative}`);
  });
});

describe('refusals change nothing', () => {
  /** No summary, counter, document state nor job changed. */
  async function unchanged(ids: string[], run: () => Promise<void>) {
    const jobCount = async () =>
      (
        await api.ctx.db.pool.query('SELECT count(*)::int AS n FROM "central"."jobs" WHERE tenant_id = $1', [
          api.tenant.id,
        ])
      ).rows[0].n;
    const jobsBefore = await jobCount();
    await expectUnchanged(api, run, ids);
    expect(await jobCount()).toBe(jobsBefore);
  }

  it('a factura, a second reversion, the other voucher type, a wrong date, an unknown id: 422 naming it', async () => {
    const factura = await issuedFactura();
    const retention = await issued('retention');
    const perception = await issued('perception');
    const reverted = await issued('retention');
    const done = await revert('retention', body(reverted));
    await statusOf('retention', { external_id: done.json.data.external_id });
    expect(await stateOf(reverted)).toBe('11');
    const cases: Array<[Voucher, unknown, string, string]> = [
      ['retention', body(retention, factura), 'documentos.1.external_id', 'reversion_type_not_allowed'],
      ['perception', body(factura), 'documentos.0.external_id', 'reversion_type_not_allowed'],
      ['retention', body(perception), 'documentos.0.external_id', 'reversion_type_not_allowed'],
      ['perception', body(perception, retention), 'documentos.1.external_id', 'reversion_type_not_allowed'],
      ['retention', body(reverted), 'documentos.0.external_id', 'already_reverted'],
      ['retention', body(retention, retention), 'documentos.1.external_id', 'duplicate_document'],
      ['retention', body('00000000-0000-4000-8000-000000000000'), 'documentos.0.external_id', 'document_not_found'],
      [
        'retention',
        { ...body(retention), fecha_de_emision_de_documentos: '2024-01-02' },
        'documentos.0.external_id',
        'issue_date_mismatch',
      ],
    ];
    for (const [voucher, payload, path, code] of cases) {
      await unchanged([factura, retention, perception, reverted], async () => {
        const res = await revert(voucher, payload);
        expect(res.status, JSON.stringify(res.json)).toBe(422);
        expect(res.json.code).toBe('reversion_invalid');
        expect(res.json.message).toMatch(/\S/);
        expect(res.json.errors).toContainEqual(expect.objectContaining({ path, code }));
      });
    }
    // A factura is voided by RA, never by RR; and a retention never by RA.
    await unchanged([retention], async () => {
      const res = await api.post('/api/voided', body(retention));
      expect(res.status).toBe(422);
      expect(res.json.errors[0]).toMatchObject({ code: 'voided_type_not_allowed' });
    });
  });

  it('a reversion while another is pending is refused (13)', async () => {
    simulator().faults.add({ fault: { kind: 'http-status', status: 503 }, operations: ['sendSummary'], times: 1 });
    const id = await issued('perception');
    await revert('perception', body(id));
    expect(await stateOf(id)).toBe('13');
    await unchanged([id], async () => {
      const res = await revert('perception', body(id));
      expect(res.status).toBe(422);
      expect(res.json.errors[0]).toMatchObject({ code: 'reversion_pending', sunat_rule: '2323' });
    });
    await runWorker(api); // sends the stored RR (ticket) …
    await runWorker(api); // … and asks for its ticket
    expect(await stateOf(id)).toBe('11');
  });

  it('bad bodies: 4xx with the field path; unknown status keys and files: 404', async () => {
    for (const payload of [{}, { fecha_de_emision_de_documentos: '2025-02-30', documentos: [] }]) {
      await unchanged([], async () => {
        const res = await revert('retention', payload);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.json.errors.length).toBeGreaterThan(0);
      });
    }
    expect((await statusOf('perception', {})).status).toBe(422);
    const missing = await statusOf('retention', { ticket: '1234' });
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe('summary_not_found');
    expect((await api.get('/downloads/reversion/xml/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
