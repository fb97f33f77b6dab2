// WhatsApp notifications over real HTTP to the fake Cloud API: outbox first, delivered by the worker,
// transient failures retried until delivered exactly once, permanent ones recorded, ambiguous ones not resent.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineDepsOf } from '../../../src/api/deps.ts';
import { queueMessage } from '../../../src/features/whatsapp/outbox.ts';
import { MEDIA_URL_MAX_LENGTH } from '../../../src/features/whatsapp/routes.ts';
import { startFakeCloudApi, type FakeCloudApi } from '../../../src/whatsapp/fake-cloud-api.ts';
import { normalizePhone } from '../../../src/whatsapp/phone.ts';
import { jobs } from '../../../src/jobs.ts';
import { startWorker } from '../../../src/worker/worker.ts';
import { fixtureBody, useApi } from '../documents/helpers.ts';

let fake: FakeCloudApi;
const NOTIFY = 'system-notify-token-0123456789';
const api = useApi({
  env: { NOTIFY_TOKEN: NOTIFY, WHATSAPP_TOKEN: 'system-graph-token-abcdef', WHATSAPP_PHONE_NUMBER_ID: '1000001' },
  config: { whatsappApiUrl: 'http://127.0.0.1:1/v21.0' }, // replaced in beforeAll once the fake listens
});

beforeAll(async () => {
  fake = await startFakeCloudApi();
  api.ctx.app.platform.config.whatsappApiUrl = fake.url;
});
afterAll(async () => {
  await fake.close();
});

async function notify(path: string, body: unknown, auth: 'system' | 'tenant' = 'tenant') {
  const headers =
    auth === 'system'
      ? { host: 'api.example', authorization: `Bearer ${NOTIFY}`, 'content-type': 'application/json' }
      : { ...api.tenant.headers, 'content-type': 'application/json' };
  const res = await api.ctx.app.inject({
    method: 'POST',
    url: `/api/whatsapp-notify/${path}`,
    headers,
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, json: res.json() };
}

async function deliverAll(): Promise<void> {
  // Scoped worker; retries are scheduled in the future, the test makes them due instead of waiting.
  const worker = startWorker(pipelineDepsOf(api.ctx.app, api.ctx.app.log), {
    jobs,
    autoStart: false,
    tenantIds: [api.tenant.id],
  });
  for (let i = 0; i < 10; i += 1) {
    await api.ctx.db.pool.query(
      `UPDATE "central"."jobs" SET run_at = now() - interval '1 second' WHERE name = 'whatsapp-deliver' AND (tenant_id = $1 OR tenant_id IS NULL)`,
      [api.tenant.id],
    );
    if ((await worker.drain()) === 0) break;
  }
}

async function status(id: string, auth: 'system' | 'tenant' = 'tenant') {
  const headers = auth === 'system' ? { host: 'api.example', authorization: `Bearer ${NOTIFY}` } : api.tenant.headers;
  const res = await api.ctx.app.inject({ method: 'GET', url: `/api/whatsapp-notify/${id}`, headers });
  return { status: res.statusCode, json: res.json() };
}

describe('phone numbers', () => {
  it('normalises Peruvian mobiles to 51 + 9 digits and refuses malformed ones', () => {
    expect(normalizePhone('987 654 321')).toEqual({ ok: true, number: '51987654321' });
    expect(normalizePhone('+51 987-654-321')).toEqual({ ok: true, number: '51987654321' });
    expect(normalizePhone('5198765432').ok).toBe(false);
    expect(normalizePhone('hola').ok).toBe(false);
  });
});

describe('POST /api/whatsapp-notify', () => {
  it('queues a text (202), and the worker delivers it through the Cloud API with the system number', async () => {
    fake.reset();
    const res = await notify('text', { number: '987654321', message: 'Su factura F001-1 está lista' });
    expect(res.status).toBe(202);
    expect(res.json.data.status).toBe('queued');
    await deliverAll();
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      endpoint: 'messages',
      phoneNumberId: '1000001',
      authorization: 'Bearer system-graph-token-abcdef',
    });
    expect(fake.requests[0].json).toMatchObject({
      messaging_product: 'whatsapp',
      to: '51987654321',
      type: 'text',
      text: { body: 'Su factura F001-1 está lista' },
    });
    const s = await status(res.json.data.id);
    expect(s.json.data).toMatchObject({ status: 'sent', provider_message_id: expect.stringMatching(/^wamid\./) });
  });

  it('delivers exactly once when the provider fails twice (transient) and then succeeds', async () => {
    fake.reset();
    fake.fail({ status: 503, code: 131000, endpoint: 'messages' }, 2);
    const res = await notify('text', { number: '51987000111', message: 'Reintento' });
    await deliverAll();
    const messages = fake.requests.filter((r) => r.endpoint === 'messages');
    expect(messages).toHaveLength(3);
    const s = await status(res.json.data.id);
    expect(s.json.data).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('records a permanent refusal without retrying, and does not resend an ambiguous one', async () => {
    fake.reset();
    fake.fail({ status: 400, code: 131026, message: 'Message undeliverable' }, 1);
    const refused = await notify('text', { number: '51987000222', message: 'x' });
    await deliverAll();
    expect(fake.requests).toHaveLength(1);
    expect((await status(refused.json.data.id)).json.data).toMatchObject({ status: 'failed', error_code: '131026' });

    fake.reset();
    // The provider answers 200 without a message id: it may have sent it — marked unknown, never resent.
    fake.fail({ noId: true }, 1);
    const ambiguous = await notify('text', { number: '51987000333', message: 'y' });
    await deliverAll();
    expect(fake.requests).toHaveLength(1);
    expect((await status(ambiguous.json.data.id)).json.data).toMatchObject({
      status: 'unknown',
      error_code: 'NO_MESSAGE_ID',
    });
  });

  it('sends a PDF given in base64 and the PDF of an issued document by external_id (media uploaded first)', async () => {
    fake.reset();
    const pdf = Buffer.from('%PDF-1.4\n% test\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const a = await notify('pdf', {
      number: '987654321',
      file: pdf.toString('base64'),
      filename: 'cotizacion.pdf',
      message: 'Adjunto',
    });
    expect(a.status).toBe(202);
    const issued = (await api.post('/api/documents', fixtureBody('02-not-sent.json'))).json;
    const b = await notify('pdf', { number: '987654321', external_id: issued.data.external_id });
    expect(b.status).toBe(202);
    await deliverAll();
    const uploads = fake.requests.filter((r) => r.endpoint === 'media');
    expect(uploads).toHaveLength(2);
    expect(uploads.some((u) => u.body.includes(pdf))).toBe(true);
    expect(
      uploads.some((u) => u.body.includes(Buffer.from(issued.data.number)) || u.body.includes(Buffer.from('%PDF-'))),
    ).toBe(true);
    const sent = fake.requests.filter((r) => r.endpoint === 'messages').map((r) => r.json!);
    expect(sent).toContainEqual(
      expect.objectContaining({
        type: 'document',
        document: { id: expect.any(String), filename: 'cotizacion.pdf', caption: 'Adjunto' },
      }),
    );
    expect(sent).toContainEqual(
      expect.objectContaining({
        type: 'document',
        document: expect.objectContaining({ filename: `${issued.data.filename}.pdf` }),
      }),
    );
  });

  it('sends media by public URL without uploading', async () => {
    fake.reset();
    const res = await notify('media', {
      number: '987654321',
      media: 'https://example.com/logo.png',
      media_type: 'image',
      caption: 'Logo',
    });
    expect(res.status).toBe(202);
    await deliverAll();
    expect(fake.requests.map((r) => r.endpoint)).toEqual(['messages']);
    expect(fake.requests[0].json).toMatchObject({
      type: 'image',
      image: { link: 'https://example.com/logo.png', caption: 'Logo' },
    });
  });

  it('rejects bad numbers, non-PDF files, unsupported MIME types, oversize media and missing tokens, queuing nothing', async () => {
    const before = await api.ctx.db.central.whatsappMessage.count();
    expect((await notify('text', { number: '12', message: 'x' })).json.code).toBe('phone_invalid');
    expect((await notify('pdf', { number: '987654321', file: Buffer.from('hola').toString('base64') })).json.code).toBe(
      'file_invalid',
    );
    expect(
      (await notify('media', { number: '987654321', media: 'AAAA', media_type: 'image', mimetype: 'image/gif' })).json
        .code,
    ).toBe('media_type_unsupported');
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1).toString('base64');
    expect(
      (await notify('media', { number: '987654321', media: big, media_type: 'image', mimetype: 'image/png' })).json
        .code,
    ).toBe('file_too_large');
    const anonymous = await api.ctx.app.inject({
      method: 'POST',
      url: '/api/whatsapp-notify/text',
      headers: { host: 'api.example', 'content-type': 'application/json' },
      payload: '{"number":"987654321","message":"x"}',
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await api.ctx.db.central.whatsappMessage.count()).toBe(before);
  });

  it('caps media URLs at 2,048 characters and takes only http(s) without credentials, queuing nothing else', async () => {
    const before = await api.ctx.db.central.whatsappMessage.count({ where: { tenantId: api.tenant.id } });
    const url = (length: number) => {
      const head = 'https://example.com/m/';
      return `${head + 'a'.repeat(length - head.length - 4)}.png`;
    };
    const longest = await notify('media', {
      number: '987654321',
      media: url(MEDIA_URL_MAX_LENGTH),
      media_type: 'image',
    });
    expect(longest.status).toBe(202);
    const stored = await api.ctx.db.central.whatsappMessage.findUniqueOrThrow({ where: { id: longest.json.data.id } });
    expect((stored.payload as { mediaUrl: string }).mediaUrl).toBe(url(MEDIA_URL_MAX_LENGTH));
    expect(
      (await notify('media', { number: '987654321', media: 'http://example.com/logo.png', media_type: 'image' }))
        .status,
    ).toBe(202);
    for (const media of [
      url(MEDIA_URL_MAX_LENGTH + 1),
      url(3 * 1024 * 1024),
      'ftp://example.com/logo.png',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'https://usuario:clave@example.com/logo.png',
      'https://exa mple.com/logo.png',
    ]) {
      const res = await notify('media', { number: '987654321', media, media_type: 'image' });
      expect(res.status, media.slice(0, 40)).toBe(422);
      expect(res.json).toMatchObject({
        code: 'media_url_invalid',
        errors: [{ path: 'media', code: 'media_url_invalid' }],
      });
    }
    expect(await api.ctx.db.central.whatsappMessage.count({ where: { tenantId: api.tenant.id } })).toBe(before + 2);
  });

  it('takes back the file it wrote when the message row cannot be written', async () => {
    const folder = join(api.ctx.config.storageDir, api.tenant.schema, 'whatsapp');
    const files = async () => (existsSync(folder) ? (await readdir(folder)).sort() : []);
    const before = await files();
    const rows = await api.ctx.db.central.whatsappMessage.count();
    const deps = pipelineDepsOf(api.ctx.app, api.ctx.app.log);
    // A number longer than the column: the database refuses the row after the file was written.
    await expect(
      queueMessage(
        deps,
        { tenantId: api.tenant.id, schema: api.tenant.schema },
        'media',
        '5'.repeat(30),
        { mediaType: 'image', mimetype: 'image/png' },
        Buffer.from('png'),
      ),
    ).rejects.toThrow();
    expect(await files()).toEqual(before);
    expect(await api.ctx.db.central.whatsappMessage.count()).toBe(rows);
  });

  it('shows a message only to its sender', async () => {
    const mine = await notify('text', { number: '987654321', message: 'privado' });
    expect((await status(mine.json.data.id, 'system')).status).toBe(404);
  });
});

/** Starts a POST announcing `length` bytes and sends only `sent` of them; resolves with the first answer. */
function partialPost(path: string, headers: Record<string, string>, length: number, sent = 0) {
  const { port } = api.ctx.app.server.address() as AddressInfo;
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path,
    headers: { ...headers, 'content-type': 'application/json', 'content-length': String(length) },
  });
  // An aborted post (the test's own abort) answers status 0.
  const answer = new Promise<{ status: number; json: any; connection: string | undefined }>((resolve) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          json: JSON.parse(Buffer.concat(chunks).toString() || 'null'),
          connection: res.headers.connection,
        }),
      );
    });
    req.on('error', () => resolve({ status: 0, json: null, connection: undefined }));
  });
  req.flushHeaders();
  if (sent > 0) req.write(Buffer.alloc(sent, 0x20));
  return { answer, abort: () => req.destroy() };
}

describe('large bodies of /pdf and /media', () => {
  it('refuses a tokenless 130 MB post at once, from its headers, closing the connection', async () => {
    const started = Date.now();
    const posts = Array.from({ length: 10 }, () =>
      partialPost('/api/whatsapp-notify/media', { host: 'api.example' }, 130 * 1024 * 1024),
    );
    const answers = await Promise.all(posts.map((p) => p.answer));
    for (const a of answers) {
      expect(a.status).toBe(401);
      expect(a.json.code).toBe('unauthenticated');
      expect(a.connection).toBe('close');
    }
    // No body was sent at all: the answers could only come from the headers.
    expect(Date.now() - started).toBeLessThan(10_000);
    for (const p of posts) p.abort();
  });

  it('lets a client that keeps writing its body still read the 401 (lingering close, no reset)', async () => {
    // Clients stream 136 MB as fast as they can, ten at a time, and stop only when an answer arrives: closing at once with
    // their bytes unread would reset the connection, and a reset discards the 401 already sent.
    const answers = await streamingPosts(136 * 1024 * 1024, 3);
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(401));
    // Each stopped writing once answered: a few MB each, never the 136 announced.
    expect(Math.max(...answers.map((a) => a.sent))).toBeLessThan(64 * 1024 * 1024);
  });

  it('lets an authenticated caller send a large body, two at a time; a third waits with 503 upload_busy', async () => {
    const headers = { host: api.tenant.hostname, authorization: api.tenant.headers.authorization };
    const first = partialPost('/api/whatsapp-notify/pdf', headers, 50 * 1024 * 1024, 1024);
    const second = partialPost('/api/whatsapp-notify/pdf', headers, 50 * 1024 * 1024, 1024);
    await new Promise((r) => setTimeout(r, 300));
    const third = await partialPost('/api/whatsapp-notify/media', headers, 50 * 1024 * 1024).answer;
    expect(third.status).toBe(503);
    expect(third.json.code).toBe('upload_busy');
    first.abort();
    second.abort();
    await new Promise((r) => setTimeout(r, 300));
    const over = await partialPost('/api/whatsapp-notify/pdf', headers, 200 * 1024 * 1024).answer;
    expect(over.status).toBe(413);
    const small = await notify('text', { number: '987654321', message: 'sigue funcionando' });
    expect(small.status).toBe(202);
  });
});

/**
 * Rounds of ten tokenless POSTs announcing `length` bytes each, written without pause until their answer arrives — from a
 * child process, so that the clients race the server as remote ones do (in one event loop they take turns).
 */
async function streamingPosts(length: number, rounds: number): Promise<{ status: number; sent: number }[]> {
  const { port } = api.ctx.app.server.address() as AddressInfo;
  const script = `
    const http = require('node:http');
    const chunk = Buffer.alloc(1024 * 1024, 0x41);
    const post = () => new Promise((resolve) => {
      let sent = 0, answered = false;
      const req = http.request({ host: '127.0.0.1', port: ${port}, method: 'POST', path: '/api/whatsapp-notify/media',
        headers: { host: 'api.example', 'content-type': 'application/json', 'content-length': '${length}' } }, (res) => {
        answered = true; res.resume();
        res.on('end', () => { resolve({ status: res.statusCode, sent }); req.destroy(); });
      });
      req.on('error', () => { if (!answered) resolve({ status: 0, sent }); });
      const pump = () => {
        while (!answered && sent < ${length} && req.write(chunk)) sent += chunk.length;
        if (!answered && sent < ${length}) req.once('drain', () => { sent += chunk.length; pump(); });
      };
      pump();
    });
    (async () => {
      const all = [];
      for (let round = 0; round < ${rounds}; round++) all.push(...(await Promise.all(Array.from({ length: 10 }, post))));
      console.log(JSON.stringify(all));
    })();`;
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], { timeout: 30_000 });
  return JSON.parse(stdout);
}
