// Resumen de reversiones (RR) over HTTP against the in-process simulator: an accepted retention (20) and
// an accepted perception (40) through SUNAT as an RA is (void-lifecycle.ts: 05 → 13 → 11, 98, SUNAT down, a lost
// answer, 99 back to 05, pending refused); what is the RR's own — its XML (RR-AAAAMMDD-N, the voucher's type) and
// CDR under /downloads/reversion, sent to "otros CPE", its own day counter, its status per voucher type — and every
// refusal (a factura, a second reversion, the other voucher type) a 422 that changed nothing.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXAMPLES_DIR } from '../../../src/api/examples.ts';
import { limaToday } from '../../../src/pipeline/deps.ts';
import { pathOf, useApi } from '../documents/helpers.ts';
import { expectUnchanged, issuedDocument, stateOf as stateOfDocument, voidBodyOf } from './helpers.ts';
import { describeVoidLifecycle } from './void-lifecycle.ts';

const api = useApi();

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

describeVoidLifecycle(api, 'POST /api/retentions/voided (RR of a retention)', {
  kind: 'RR',
  url: '/api/retentions/voided',
  issue: () => issued('retention'),
  pendingCode: 'reversion_pending',
});
describeVoidLifecycle(api, 'POST /api/perceptions/voided (RR of a perception)', {
  kind: 'RR',
  url: '/api/perceptions/voided',
  issue: () => issued('perception'),
  pendingCode: 'reversion_pending',
});

describe("what is the RR's own", () => {
  it.each(['retention', 'perception'] as const)(
    'a %s: RR-AAAAMMDD-N of its type under /downloads/reversion, followed only on its own route',
    async (voucher) => {
      const id = await issued(voucher);
      const res = await revert(voucher, body(id));
      const done = await statusOf(voucher, { external_id: res.json.data.external_id });
      // Accepted by the simulator's "otros CPE" service: the invoice service answers an RR with 0302.
      expect(done.json.response.description).toContain('Resumen de reversiones');
      expect(pathOf(done.json.links.xml)).toBe(`/downloads/reversion/xml/${res.json.data.external_id}`);
      const xml = (await api.get(pathOf(done.json.links.xml))).body.toString('utf8');
      expect(xml).toContain('<VoidedDocuments');
      expect(xml).toMatch(/<cbc:ID>RR-\d{8}-\d+<\/cbc:ID>/);
      expect(xml).toContain(`<cbc:DocumentTypeCode>${VOUCHERS[voucher].type}</cbc:DocumentTypeCode>`);
      const other = voucher === 'retention' ? 'perception' : 'retention';
      expect((await statusOf(other, { ticket: res.json.data.ticket })).status).toBe(404);
      expect((await api.get(`/downloads/voided/xml/${res.json.data.external_id}`)).status).toBe(404);
    },
  );

  it('numbers RR per day on its own counter', async () => {
    const ids = [await issued('retention'), await issued('perception')];
    const first = await revert('retention', body(ids[0]));
    const second = await revert('perception', body(ids[1]));
    const rows = await api.tenant.db.summary.findMany({
      where: { externalId: { in: [first.json.data.external_id, second.json.data.external_id] } },
      orderBy: { id: 'asc' },
    });
    expect(rows.map((r) => r.kind)).toEqual(['RR', 'RR']);
    expect(rows[1].correlative).toBe(rows[0].correlative + 1);
    expect(rows[0].identifier).toBe(`RR-${limaToday().replaceAll('-', '')}-${rows[0].correlative}`);
    const counter = await api.tenant.db.summaryCounter.findFirstOrThrow({ where: { kind: 'RR' } });
    expect(counter.last).toBe(rows[1].correlative);
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
