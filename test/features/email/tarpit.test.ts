// One company's SMTP server is a tarpit — it accepts the connection and sends its greeting one line at a time,
// each a few hundred milliseconds apart, for ever, which no byte-gap timeout of nodemailer ever cuts. With the real
// worker running (its own loop, not a test's drain), another company's e-mail and its void (a SUNAT ticket) finish
// while the tarpit still holds every connection it was given; the tarpit company's deliveries are then cut at
// DELIVERY_DEADLINE_MS and left to retry. Real parts only: a TCP tarpit, the fake SMTP relay, the SUNAT simulator.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineDepsOf } from '../../../src/api/deps.ts';
import { jobs } from '../../../src/jobs.ts';
import { startFakeSmtp, type FakeSmtp } from '../../../src/mail/fake-smtp.ts';
import { limaToday } from '../../../src/pipeline/deps.ts';
import { startWorker, type Worker } from '../../../src/worker/worker.ts';
import { createTestApp, type TestApp, type TestTenant } from '../../helpers/app.ts';
import { startTarpit } from '../../helpers/tarpit.ts';
import { fixtureBody } from '../documents/helpers.ts';

// Long enough that the other company finishes inside it on a loaded machine: the claim is about order, not speed.
const DEADLINE_MS = 15_000;
let ctx: TestApp;
let slow: TestTenant;
let other: TestTenant;
let relay: FakeSmtp;
let tarpit: Awaited<ReturnType<typeof startTarpit>>;
let outDir: string;
let worker: Worker | null = null;

async function post(tenant: TestTenant, url: string, body: unknown) {
  const res = await ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...tenant.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, json: res.json() };
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'facturo-tarpit-'));
  relay = await startFakeSmtp({ outDir });
  tarpit = await startTarpit(300);
  ctx = await createTestApp({ env: { WORKER_ENABLED: 'false' }, config: { deliveryDeadlineMs: DEADLINE_MS } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' }); // the in-process SUNAT simulator answers there
  ctx.app.platform.config.smtpUrl = relay.url;
  slow = await ctx.provisionTenant();
  other = await ctx.provisionTenant();
  await ctx.app.inject({
    method: 'PUT',
    url: '/api/company/smtp',
    headers: { ...slow.headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ host: '127.0.0.1', port: tarpit.port, secure: false, remitente: 'f@lenta.example' }),
  });
});

afterAll(async () => {
  await worker?.stop();
  await tarpit?.close();
  await relay?.close();
  await ctx?.close();
  await rm(outDir, { recursive: true, force: true });
});

describe("one company's SMTP tarpit", () => {
  it("holds only that company's deliveries: another company's e-mail and void keep their times", async () => {
    // The slow company queues more e-mails than the worker has delivery slots.
    const slowDoc = (await post(slow, '/api/documents', fixtureBody('01-taxed.json'))).json.data;
    const slowMail: string[] = [];
    for (let i = 0; i < 6; i++)
      slowMail.push(
        (await post(slow, '/api/document/email', { external_id: slowDoc.external_id, email: `c${i}@cliente.pe` })).json
          .data.id,
      );
    worker = startWorker(pipelineDepsOf(ctx.app, ctx.app.log), { jobs, pollMs: 100, tenantIds: [slow.id, other.id] });
    await until('the tarpit to hold connections', async () => tarpit.open >= 1, 10_000);

    // Meanwhile another company mails a document and voids another.
    const started = Date.now();
    const mailed = (await post(other, '/api/documents', fixtureBody('01-taxed.json'))).json.data;
    const mail = await post(other, '/api/document/email', { external_id: mailed.external_id, email: 'b@cliente.pe' });
    const voidedDoc = (await post(other, '/api/documents', fixtureBody('01-taxed.json'))).json.data;
    const voided = await post(other, '/api/voided', {
      fecha_de_emision_de_documentos: limaToday(),
      documentos: [{ external_id: voidedDoc.external_id, motivo_anulacion: 'Error en el pedido' }],
    });
    expect(voided.status, JSON.stringify(voided.json)).toBe(200);
    const mailSent = await until(
      "the other company's e-mail",
      async () => {
        const row = await other.db.emailMessage.findUnique({ where: { id: mail.json.data.id } });
        return row?.status === 'sent' ? Date.now() - started : null;
      },
      DEADLINE_MS - 1_000,
    );
    const voidDone = await until(
      "the other company's void",
      async () => {
        const doc = await other.db.document.findUnique({ where: { externalId: voidedDoc.external_id } });
        return doc?.stateTypeId === '11' ? Date.now() - started : null;
      },
      DEADLINE_MS - 1_000,
    );
    console.log(`other company while the tarpit holds: e-mail sent in ${mailSent} ms, void 11 in ${voidDone} ms`);
    // Both happened while the tarpit still held the slow company's connections, none of them answered yet.
    expect(tarpit.open).toBeGreaterThanOrEqual(1);
    const slowRows = await slow.db.emailMessage.findMany({ where: { id: { in: slowMail } } });
    expect(slowRows.every((r) => r.status === 'pending' && r.attempts === 0)).toBe(true);
    // At most its share of the delivery slots: the slow company never holds them all.
    expect(tarpit.accepted).toBeLessThanOrEqual(2);

    // The deadline cuts the tarpit's deliveries, whatever it keeps sending; they are left to retry.
    const cut = await until(
      'the deadline to cut the tarpit',
      async () => {
        const rows = await slow.db.emailMessage.findMany({ where: { id: { in: slowMail }, attempts: { gt: 0 } } });
        return rows.length >= 2 ? rows : null;
      },
      DEADLINE_MS * 3,
    );
    for (const row of cut)
      expect(row).toMatchObject({ status: 'pending', errorCode: 'smtp_deadline', lastError: expect.any(String) });
    // The tarpit hears the close a moment after the row is written.
    await until('the tarpit to see its connections closed', async () => tarpit.closedByPeer >= 2, 10_000);
  }, 120_000);
});
