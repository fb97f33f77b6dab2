// Webhooks over HTTP with a real receiver (a node:http server on loopback): a subscription, the signed event of an
// issued factura verified with the secret, the same event again after a 500, a void's event, the deliveries route,
// and production's refusal of a loopback receiver. The retry schedule is shortened by configuration (1 s), and the
// worker is run by hand for this file's tenant.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineDepsOf } from '../../../src/api/deps.ts';
import { jobs } from '../../../src/jobs.ts';
import { startWorker } from '../../../src/worker/worker.ts';
import { createTestApp } from '../../helpers/app.ts';
import { httpCall } from '../../helpers/http.ts';
import { fixtureBody, useApi } from '../documents/helpers.ts';
import { voidBodyOf } from '../summaries/helpers.ts';

const api = useApi({
  env: { WORKER_ENABLED: 'false' },
  config: { webhookRetrySchedule: [1, 1, 1], webhookTimeoutMs: 2_000 },
});

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
  json: any;
  at: number;
}

let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
/** Status codes the receiver answers, in turn; 200 once they run out. */
const answers: number[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, body, json: JSON.parse(body), at: Date.now() });
      const status = answers.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'receptor caído');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** A real HTTP request to the listening app with the tenant's Host and token. */
function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  return httpCall(api.ctx.app, method, path, { headers: api.tenant.headers, body });
}

/** Runs this tenant's due jobs until none is left. */
async function runWorker(): Promise<void> {
  const worker = startWorker(pipelineDepsOf(api.ctx.app, api.ctx.app.log), {
    jobs,
    autoStart: false,
    tenantIds: [api.tenant.id],
  });
  await worker.drain();
}

/** What a receiver does: recompute the HMAC of "<t>.<body>" with the secret and compare in constant time. */
function verifies(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

let secret: string;
let webhookId: number;

describe('webhooks', () => {
  it('subscribes a loopback receiver outside production; the secret is shown once', async () => {
    const res = await call('POST', '/api/webhooks', { url: receiverUrl });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ success: true, data: { url: receiverUrl, eventos: [], activo: true } });
    expect(res.json.data.secret).toMatch(/^whsec_/);
    secret = res.json.data.secret;
    webhookId = res.json.data.id;
    const list = await call('GET', '/api/webhooks');
    expect(list.json.data).toHaveLength(1);
    expect(list.json.data[0]).not.toHaveProperty('secret');
    const stored = await api.tenant.db.webhookEndpoint.findUniqueOrThrow({ where: { id: webhookId } });
    expect(stored.secretEnc).not.toContain(secret);
  });

  it('refuses an unknown event name and an unknown field, naming them', async () => {
    const res = await call('POST', '/api/webhooks', { url: receiverUrl, eventos: ['document.aceptado'] });
    expect(res.status).toBe(422);
    expect(res.json.errors[0].path).toBe('eventos[0]');
    const extra = await call('POST', '/api/webhooks', { url: receiverUrl, secreto: 'mío' });
    expect(extra.status).toBe(200);
    expect(extra.json.warnings).toContainEqual(expect.objectContaining({ code: 'unknown_field', path: 'secreto' }));
    expect((await call('DELETE', `/api/webhooks/${extra.json.data.id}`)).status).toBe(200);
    expect((await call('DELETE', `/api/webhooks/${extra.json.data.id}`)).status).toBe(404);
  });

  it('delivers a signed document.accepted whose data is the status answer', async () => {
    received.length = 0;
    const issued = await api.post('/api/documents', fixtureBody('01-taxed.json'));
    expect(issued.json.data.state_type_id).toBe('05');
    await runWorker();
    const event = received.find((r) => r.json.type === 'document.accepted');
    expect(event, JSON.stringify(received.map((r) => r.json.type))).toBeDefined();
    expect(verifies(secret, String(event!.headers['facturo-signature']), event!.body)).toBe(true);
    expect(verifies('whsec_otro', String(event!.headers['facturo-signature']), event!.body)).toBe(false);
    const status = await api.post('/api/documents/status', { external_id: issued.json.data.external_id });
    expect(event!.json.data).toEqual(JSON.parse(JSON.stringify(status.json)));
    expect(event!.json).toMatchObject({ id: expect.any(String), created_at: expect.any(String) });
    expect(event!.headers['facturo-event-id']).toBe(event!.json.id);
  });

  it('a receiver answering 500 gets the same event again within a minute', async () => {
    received.length = 0;
    answers.push(500);
    const issued = await api.post('/api/documents', fixtureBody('01-taxed.json'));
    expect(issued.json.data.state_type_id).toBe('05');
    await runWorker();
    expect(received).toHaveLength(1);
    const first = received[0].json;
    const delivery = await api.tenant.db.webhookDelivery.findFirstOrThrow({
      where: { event: { publicId: first.id } },
    });
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatus: 500 });
    // The configured schedule's first wait (1 s here; 30 s by default) must pass before the retry is due.
    expect(delivery.nextAttemptAt!.getTime() - Date.now()).toBeLessThan(60_000);
    await new Promise((resolve) => setTimeout(resolve, delivery.nextAttemptAt!.getTime() - Date.now() + 50));
    await api.ctx.db.pool.query(
      `UPDATE "central"."jobs" SET run_at = now() - interval '1 second' WHERE tenant_id = $1`,
      [api.tenant.id],
    );
    await runWorker();
    expect(received).toHaveLength(2);
    expect(received[1].json.id).toBe(first.id);
    expect(received[1].body).toBe(received[0].body);
    const deliveries = await call('GET', `/api/webhooks/${webhookId}/deliveries`);
    expect(deliveries.status).toBe(200);
    const listed = deliveries.json.data.find((d: any) => d.event_id === first.id);
    expect(listed).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(listed.intentos.map((a: any) => a.status_code)).toEqual([200, 500]);
    expect(listed.intentos[1]).toMatchObject({ response: 'receptor caído', error: 'http_status' });
    expect(listed.intentos[0].duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('voiding delivers document.voided, after its state_changed (13), in order', async () => {
    const issued = await api.post('/api/documents', fixtureBody('01-taxed.json'));
    await runWorker();
    received.length = 0;
    const voided = await api.post(
      '/api/voided',
      voidBodyOf('Error en el RUC del cliente')(issued.json.data.external_id),
    );
    expect(voided.status, JSON.stringify(voided.json)).toBe(200);
    await api.post('/api/voided/status', { external_id: voided.json.data.external_id });
    await runWorker();
    const mine = received.filter((r) => r.json.data?.data?.external_id === issued.json.data.external_id);
    expect(mine.map((r) => r.json.type)).toEqual(['document.state_changed', 'document.voided']);
    expect(mine[1].json.data.data.state_type_id).toBe('11');
    expect(received.map((r) => r.json.type)).toContain('summary.accepted');
  });

  it('redelivers one delivery with the same event id, and sends a test event', async () => {
    received.length = 0;
    const list = await call('GET', `/api/webhooks/${webhookId}/deliveries`);
    const last = list.json.data[0];
    const again = await call('POST', `/api/webhooks/${webhookId}/deliveries/${last.id}/redeliver`);
    expect(again.status).toBe(200);
    const test = await call('POST', `/api/webhooks/${webhookId}/test`);
    expect(test.status).toBe(200);
    await runWorker();
    expect(received.map((r) => r.json.id)).toEqual([last.event_id, test.json.data.event_id]);
    expect(received[1].json.type).toBe('webhook.test');
  });

  it('rotates the secret: events verify with the new one only', async () => {
    const rotated = await call('POST', `/api/webhooks/${webhookId}/rotate_secret`);
    expect(rotated.status).toBe(200);
    received.length = 0;
    await call('POST', `/api/webhooks/${webhookId}/test`);
    await runWorker();
    const header = String(received[0].headers['facturo-signature']);
    expect(verifies(rotated.json.data.secret, header, received[0].body)).toBe(true);
    expect(verifies(secret, header, received[0].body)).toBe(false);
  });
});

/** Waits until every pending delivery's retry is due, then makes this tenant's jobs due and runs them. */
async function retryDue(): Promise<void> {
  const pending = await api.tenant.db.webhookDelivery.findMany({ where: { status: 'pending' } });
  const last = Math.max(0, ...pending.map((d) => (d.nextAttemptAt?.getTime() ?? 0) - Date.now()));
  await new Promise((resolve) => setTimeout(resolve, last + 50));
  await api.ctx.db.pool.query(`UPDATE "central"."jobs" SET run_at = now() - interval '1 second' WHERE tenant_id = $1`, [
    api.tenant.id,
  ]);
  await runWorker();
}

describe('webhooks: order and failing receivers', () => {
  it("keeps a document's events in order while its first one fails; other subjects do not wait", async () => {
    received.length = 0;
    answers.push(500);
    // The first retry a minute away, however slowly this machine voids the document meanwhile.
    const config = api.ctx.app.platform.config;
    const schedule = config.webhookRetrySchedule;
    config.webhookRetrySchedule = [60, ...schedule];
    const issued = await api.post('/api/documents', fixtureBody('01-taxed.json'));
    const id = issued.json.data.external_id;
    await runWorker();
    config.webhookRetrySchedule = schedule;
    const voided = await api.post('/api/voided', voidBodyOf('Error en el RUC del cliente')(id));
    await api.post('/api/voided/status', { external_id: voided.json.data.external_id });
    await runWorker();
    const ofDocument = () => received.filter((r) => r.json.data?.data?.external_id === id).map((r) => r.json.type);
    expect(ofDocument()).toEqual(['document.accepted']);
    expect(received.map((r) => r.json.type)).toContain('summary.accepted');
    await api.tenant.db.webhookDelivery.updateMany({
      where: { status: 'pending' },
      data: { nextAttemptAt: new Date() },
    });
    await retryDue();
    expect(ofDocument()).toEqual([
      'document.accepted',
      'document.accepted',
      'document.state_changed',
      'document.voided',
    ]);
    const summary = received.find((r) => r.json.type === 'summary.accepted')!.json;
    expect(summary.data).toMatchObject({ data: { external_id: voided.json.data.external_id, state: 'accepted' } });
  });

  it('switches off a receiver failing for longer than allowed, with its reason; reactivating sends what waited', async () => {
    await api.tenant.db.webhookEndpoint.update({
      where: { id: webhookId },
      data: { failingSince: new Date(Date.now() - 4 * 24 * 3_600_000), consecutiveFailures: 40 },
    });
    received.length = 0;
    answers.push(503);
    const test = await call('POST', `/api/webhooks/${webhookId}/test`);
    await runWorker();
    expect(received).toHaveLength(1);
    const off = (await call('GET', '/api/webhooks')).json.data[0];
    expect(off).toMatchObject({ activo: false, fallos_consecutivos: 41 });
    expect(off.motivo_desactivacion).toContain('72 h');
    expect((await call('POST', `/api/webhooks/${webhookId}/test`)).status).toBe(409);
    await retryDue();
    expect(received).toHaveLength(1);
    const on = await call('PATCH', `/api/webhooks/${webhookId}`, { activo: true });
    expect(on.json.data).toMatchObject({ activo: true, motivo_desactivacion: null, fallos_consecutivos: 0 });
    await retryDue();
    expect(received.map((r) => r.json.id)).toEqual([test.json.data.event_id, test.json.data.event_id]);
  });
});

describe("webhooks: one company's slow receiver", () => {
  it("holds only its company's share of the delivery lane: another company's event goes meanwhile", async () => {
    const hanging = createServer(() => undefined); // accepts, reads, never answers
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const slowUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/slow`;
    const other = await api.ctx.provisionTenant();
    const inject = async (tenant: typeof other, method: 'POST', url: string, payload?: unknown) =>
      (
        await api.ctx.app.inject({
          method,
          url,
          headers: { ...tenant.headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
          ...(payload ? { payload: payload as object } : {}),
        })
      ).json();
    try {
      const slow: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const created = await inject(api.tenant, 'POST', '/api/webhooks', { url: slowUrl, eventos: ['summary.*'] });
        slow.push(created.data.id);
        await inject(api.tenant, 'POST', `/api/webhooks/${created.data.id}/test`);
      }
      const fast = await inject(other, 'POST', '/api/webhooks', { url: receiverUrl });
      const queued = await inject(other, 'POST', `/api/webhooks/${fast.data.id}/test`);
      received.length = 0;
      // Three slots, two per company: the slow company's third job waits, the other company's takes the free slot.
      const drained = startWorker(pipelineDepsOf(api.ctx.app, api.ctx.app.log), {
        jobs,
        autoStart: false,
        tenantIds: [api.tenant.id, other.id],
        lanes: { delivery: { concurrency: 3, perTenant: 2 } },
      }).drain();
      const timedOut = () => api.tenant.db.webhookAttempt.count({ where: { delivery: { endpointId: { in: slow } } } });
      while ((await timedOut()) === 0) await new Promise((resolve) => setTimeout(resolve, 100));
      // Enough seen: the slow receivers' webhooks go (their runs end at once), so the drain ends.
      const firstTimeout = await api.tenant.db.webhookAttempt.findFirstOrThrow({
        where: { delivery: { endpointId: { in: slow } } },
        orderBy: { createdAt: 'asc' },
      });
      await api.tenant.db.webhookEndpoint.deleteMany({ where: { id: { in: slow } } });
      await drained;
      const arrived = received.find((r) => r.json.id === queued.data.event_id);
      expect(arrived).toBeDefined();
      expect(firstTimeout).toMatchObject({ error: 'timeout', statusCode: null });
      expect(firstTimeout.durationMs).toBeLessThan(2_000 + 1_000);
      expect(arrived!.at).toBeLessThan(firstTimeout.createdAt.getTime());
    } finally {
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });
});

describe('webhooks in production', () => {
  it('refuses a loopback receiver at subscription, and at delivery', async () => {
    const ctx = await createTestApp({ env: { WORKER_ENABLED: 'false' }, config: { outboundPrivateAllowed: false } });
    try {
      const tenant = await ctx.provisionTenant();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: { ...tenant.headers, 'content-type': 'application/json' },
        payload: { url: receiverUrl },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0]).toMatchObject({ path: 'url', code: 'webhook_url_not_allowed' });
      for (const url of ['http://localhost/x', 'http://[::1]/x', 'http://169.254.169.254/latest', 'http://10.0.0.1/'])
        expect(
          (
            await ctx.app.inject({
              method: 'POST',
              url: '/api/webhooks',
              headers: { ...tenant.headers, 'content-type': 'application/json' },
              payload: { url },
            })
          ).statusCode,
          url,
        ).toBe(422);
      // A receiver that passed at subscription and resolves to loopback later (DNS rebinding): refused when posting.
      const endpoint = await tenant.db.webhookEndpoint.create({
        data: { tenantId: tenant.id, url: receiverUrl, secretEnc: ctx.app.platform.secrets.seal('s'), linkBase: 'x' },
      });
      const before = received.length;
      const test = await ctx.app.inject({
        method: 'POST',
        url: `/api/webhooks/${endpoint.id}/test`,
        headers: tenant.headers,
      });
      expect(test.statusCode).toBe(200);
      await startWorker(pipelineDepsOf(ctx.app, ctx.app.log), {
        jobs,
        autoStart: false,
        tenantIds: [tenant.id],
      }).drain();
      expect(received.length).toBe(before);
      const attempt = await tenant.db.webhookAttempt.findFirstOrThrow({});
      expect(attempt).toMatchObject({ statusCode: null, error: 'refused' });
    } finally {
      await ctx.close();
    }
  });
});
