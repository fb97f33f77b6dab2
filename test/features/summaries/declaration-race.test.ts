// Exactly one path declares a boleta to SUNAT. POST /api/documents/send of an unsent boleta and the resumen diario
// (POST /api/summaries, process 1) that would declare it are fired together, over real HTTP, many times: every
// trial has one winner — the boleta is either sent alone (the summary leaves it out) or declared by the summary (the
// send answers 409 document_in_summary) — and never both. The two paths lock the document's row and each sees the
// other's mark on it (send_attempts, declared_in_summary_id); checked in the database and at the simulator. The
// voids (RA, and RC with process 3) of one document fired twice at once store one void and refuse the other.
import { beforeAll, describe, expect, it } from 'vitest';
import { pipelineDepsOf } from '../../../src/api/deps.ts';
import { limaToday } from '../../../src/pipeline/deps.ts';
import { recordSummaryOutcome } from '../../../src/pipeline/summaries/record.ts';
import type { TestTenant } from '../../helpers/app.ts';
import { httpCall } from '../../helpers/http.ts';
import { fixtureBody, useApi } from '../documents/helpers.ts';
import { useSimulator } from './helpers.ts';

const TRIALS = 30;
const api = useApi();
const simulator = useSimulator(api);
let tenant: TestTenant;

beforeAll(async () => {
  tenant = await api.ctx.provisionTenant();
  // Summary mode: an issued boleta stays 01, unsent, until a resumen diario declares it or /send sends it.
  await api.ctx.db.tenant(tenant.schema).company.update({ where: { id: 1 }, data: { boletaDelivery: 'summary' } });
});

const headers = () => ({ host: tenant.hostname, authorization: `Bearer ${tenant.token}` });
const post = (path: string, body: unknown) => httpCall(api.ctx.app, 'POST', path, { headers: headers(), body });

/** sendBill receipts of one document at the simulator (a summary's lines are not sendBill receipts). */
function sentAloneTimes(filename: string): number {
  return (
    simulator()
      .stats()
      .documents.find((d) => d.fileName.startsWith(filename))?.receipts ?? 0
  );
}

async function declarationsOf(documentId: number) {
  const db = api.ctx.db.tenant(tenant.schema);
  return db.summaryDocument.findMany({
    where: { documentId, summary: { kind: 'RC', processCode: '1', state: { not: 'rejected' } } },
    select: { summaryId: true },
  });
}

describe('a boleta sent alone and declared in a resumen diario at the same time', () => {
  it(`has exactly one winner in each of ${TRIALS} trials, and the loser says so`, async () => {
    const db = api.ctx.db.tenant(tenant.schema);
    const outcomes = { alone: 0, summary: 0 };
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const issued = await post('/api/documents', fixtureBody('25-boleta.json'));
      expect(issued.status, issued.text).toBe(200);
      expect(issued.json.data.state_type_id).toBe('01');
      const externalId = issued.json.data.external_id as string;
      // 0–3 ms apart, either one first.
      const gap = (trial >> 1) % 4;
      const sendFirst = trial % 2 === 0;
      const sendCall = () => post('/api/documents/send', { external_id: externalId });
      const rcCall = () =>
        post('/api/summaries', { fecha_de_emision_de_documentos: limaToday(), codigo_tipo_proceso: '1' });
      const first = sendFirst ? sendCall() : rcCall();
      await new Promise((resolve) => setTimeout(resolve, gap));
      const second = sendFirst ? rcCall() : sendCall();
      const [send, rc] = sendFirst ? [await first, await second] : [await second, await first];
      const doc = await db.document.findUniqueOrThrow({ where: { externalId } });
      const declared = await declarationsOf(doc.id);
      const alone = sentAloneTimes(doc.filename);
      const trace = `trial ${trial}: send ${send.status} ${send.text.slice(0, 200)} | rc ${rc.status} ${rc.text.slice(0, 200)} | attempts ${doc.sendAttempts}, receipts ${alone}, declared ${declared.length}`;
      // Never both, never neither.
      expect(alone > 0 !== declared.length > 0, trace).toBe(true);
      expect(declared.length, trace).toBeLessThanOrEqual(1);
      if (alone > 0) {
        outcomes.alone += 1;
        expect(send.status, trace).toBe(200);
        expect(send.json.data.state_type_id, trace).toBe('05');
        expect(doc.declaredInSummaryId, trace).toBeNull();
        // The day's only pending boleta was this one: the summary had nothing left to declare.
        expect(rc.status, trace).toBe(422);
        expect(rc.json.code, trace).toBe('summary_empty');
      } else {
        outcomes.summary += 1;
        expect(rc.status, trace).toBe(200);
        expect(send.status, trace).toBe(409);
        expect(send.json.code, trace).toBe('document_in_summary');
        expect(doc.sendAttempts, trace).toBe(0);
        expect(doc.declaredInSummaryId, trace).toBe(declared[0].summaryId);
      }
    }
    expect(outcomes.alone + outcomes.summary).toBe(TRIALS);
  }, 180_000);

  it('a rejected resumen diario declares nothing: its boleta may then be sent alone', async () => {
    const db = api.ctx.db.tenant(tenant.schema);
    const issued = await post('/api/documents', fixtureBody('25-boleta.json'));
    const externalId = issued.json.data.external_id as string;
    // The summary does not reach SUNAT now (its retry is the worker's), so SUNAT registers none of its lines.
    simulator().faults.add({ fault: { kind: 'http-status', status: 503 }, operations: ['sendSummary'] });
    const rc = await post('/api/summaries', {
      fecha_de_emision_de_documentos: limaToday(),
      codigo_tipo_proceso: '1',
    });
    expect(rc.status, rc.text).toBe(200);
    const summary = await db.summary.findUniqueOrThrow({ where: { externalId: rc.json.data.external_id } });
    const doc = await db.document.findUniqueOrThrow({ where: { externalId } });
    expect(doc.declaredInSummaryId).toBe(summary.id);
    // SUNAT's rejection of it, as the pipeline records one.
    const company = await db.company.findUniqueOrThrow({ where: { id: 1 } });
    await db.summary.update({ where: { id: summary.id }, data: { state: 'pending' } });
    await recordSummaryOutcome(
      pipelineDepsOf(api.ctx.app, api.ctx.app.log),
      { id: tenant.id, schema: tenant.schema, db, company },
      { id: summary.id, kind: 'RC', filename: summary.filename },
      { kind: 'rejected', code: '2072', description: 'Rechazado', notes: [], source: 'cdr' },
    );
    expect((await db.document.findUniqueOrThrow({ where: { id: doc.id } })).declaredInSummaryId).toBeNull();
    const send = await post('/api/documents/send', { external_id: externalId });
    expect(send.status, send.text).toBe(200);
    expect(send.json.data.state_type_id, send.text).toBe('05');
  });
});

describe('two voids of one document at the same time', () => {
  const VOID_TRIALS = 10;
  const voidTenant = () => api.tenant;
  const as = (path: string, body: unknown) =>
    httpCall(api.ctx.app, 'POST', path, { headers: api.tenant.headers, body });

  it.each([
    ['factura', '01-taxed.json', '/api/voided', {}],
    ['boleta', '25-boleta.json', '/api/summaries', { codigo_tipo_proceso: '3' }],
  ])(
    `a %s voided twice at once (${VOID_TRIALS} trials): one void stored, the other 422 void_pending`,
    async (_, fixture, route, extra) => {
      const db = api.ctx.db.tenant(voidTenant().schema);
      for (let trial = 0; trial < VOID_TRIALS; trial += 1) {
        const issued = await as('/api/documents', fixtureBody(fixture));
        expect(issued.json.data.state_type_id, issued.text).toBe('05');
        const externalId = issued.json.data.external_id as string;
        const body = {
          fecha_de_emision_de_documentos: limaToday(),
          documentos: [{ external_id: externalId, motivo_anulacion: 'Error en el monto' }],
          ...extra,
        };
        const answers = await Promise.all([as(route, body), as(route, body)]);
        const trace = answers.map((a) => `${a.status} ${a.text.slice(0, 160)}`).join(' | ');
        expect(answers.map((a) => a.status).sort(), trace).toEqual([200, 422]);
        expect(answers.find((a) => a.status === 422)!.json.errors[0].code, trace).toBe('void_pending');
        const doc = await db.document.findUniqueOrThrow({ where: { externalId } });
        const voids = await db.summaryDocument.count({ where: { documentId: doc.id } });
        expect(voids, trace).toBe(1);
        expect(['13', '11'], trace).toContain(doc.stateTypeId);
      }
    },
  );
});
