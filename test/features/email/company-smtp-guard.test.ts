// A company's own SMTP setting is not a way into our network: in production (OUTBOUND_PRIVATE_ALLOWED off) loopback,
// private, link-local and metadata hosts are refused when set and again when a delivery connects (a setting stored
// before the rule is never dialled); whatever the server says is never what the company reads back; and the
// system's relay, named as the company's own server, sends only from the company's domains.
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineDepsOf } from '../../../src/api/deps.ts';
import { jobs } from '../../../src/jobs.ts';
import { startFakeSmtp, type FakeSmtp } from '../../../src/mail/fake-smtp.ts';
import { startWorker } from '../../../src/worker/worker.ts';
import { fixtureBody, useApi } from '../documents/helpers.ts';
import { readEml } from './eml.ts';

const api = useApi();
let relay: FakeSmtp;
let outDir: string;
let banner: net.Server;
let bannerPort: number;
let bannerConnections = 0;

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'facturo-smtp-guard-'));
  relay = await startFakeSmtp({ outDir });
  api.ctx.app.platform.config.smtpUrl = relay.url;
  // An internal service that greets with its name and version, then refuses whatever comes.
  banner = net.createServer((socket) => {
    bannerConnections += 1;
    socket.on('error', () => undefined);
    socket.write('220 redis-interno-7.2.4 clave=secreta ESMTP\r\n');
    socket.on('data', () => socket.write('554 5.0.0 servicio-interno: acceso denegado desde 10.0.3.7\r\n'));
  });
  await new Promise<void>((resolve) => banner.listen(0, '127.0.0.1', resolve));
  bannerPort = (banner.address() as net.AddressInfo).port;
});
afterAll(async () => {
  api.ctx.app.platform.config.outboundPrivateAllowed = true;
  await relay?.close();
  await new Promise<void>((resolve) => banner.close(() => resolve()));
  await rm(outDir, { recursive: true, force: true });
});

async function putSmtp(payload: Record<string, unknown>) {
  const res = await api.ctx.app.inject({
    method: 'PUT',
    url: '/api/company/smtp',
    headers: { ...api.tenant.headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ secure: false, ...payload }),
  });
  return { status: res.statusCode, json: res.json() };
}

async function mailOne(email: string): Promise<string> {
  const issued = (await api.post('/api/documents', fixtureBody('02-not-sent.json'))).json.data;
  const queued = await api.post('/api/document/email', { external_id: issued.external_id, email });
  expect(queued.status, JSON.stringify(queued.json)).toBe(200);
  const worker = startWorker(pipelineDepsOf(api.ctx.app, api.ctx.app.log), {
    jobs,
    autoStart: false,
    tenantIds: [api.tenant.id],
  });
  await worker.drain();
  return queued.json.data.id;
}

describe('in production', () => {
  beforeAll(() => {
    api.ctx.app.platform.config.outboundPrivateAllowed = false;
  });
  afterAll(() => {
    api.ctx.app.platform.config.outboundPrivateAllowed = true;
  });

  it('refuses an internal host when it is set, naming the field, and changes nothing', async () => {
    const before = await api.tenant.db.company.findFirstOrThrow();
    for (const host of [
      '127.0.0.1',
      'localhost',
      '127.1',
      '2130706433',
      '0x7f.1',
      '[::1]',
      '::ffff:127.0.0.1',
      '10.0.0.5',
      '169.254.169.254',
      'fd00:ec2::254',
    ]) {
      const res = await putSmtp({ host, port: 25, remitente: 'f@empresa.example' });
      expect(res.status, host).toBe(422);
      expect(res.json.errors[0], host).toMatchObject({ path: 'host', code: 'smtp_host_not_allowed' });
      expect(res.json.message).toMatch(/red no permitida/);
    }
    const after = await api.tenant.db.company.findFirstOrThrow();
    expect(after.updatedAt).toEqual(before.updatedAt);
  });

  it('never dials an internal host stored before the rule: the e-mail fails with our reason', async () => {
    await api.tenant.db.company.update({
      where: { id: 1 },
      data: { smtpHost: '127.0.0.1', smtpPort: bannerPort, smtpSecure: false, smtpFrom: 'f@empresa.example' },
    });
    try {
      const seen = bannerConnections;
      const id = await mailOne('nadie@cliente.pe');
      const status = (await api.get(`/api/document/email/${id}`)).json.data;
      expect(status).toMatchObject({ status: 'failed', error_code: 'host_refused' });
      expect(status.last_error).toMatch(/red no permitida/);
      expect(bannerConnections).toBe(seen);
    } finally {
      await api.tenant.db.company.update({
        where: { id: 1 },
        data: { smtpHost: null, smtpPort: null, smtpFrom: null },
      });
    }
  });
});

describe('anywhere', () => {
  it("never echoes the server's banner or reply text into last_error", async () => {
    expect((await putSmtp({ host: '127.0.0.1', port: bannerPort, remitente: 'f@empresa.example' })).status).toBe(200);
    try {
      const id = await mailOne('quien@cliente.pe');
      const status = (await api.get(`/api/document/email/${id}`)).json.data;
      expect(bannerConnections).toBeGreaterThan(0);
      expect(status.status).toBe('failed');
      expect(status.error_code).toBe('554');
      expect(status.last_error).toBe('El servidor de correo rechazó el mensaje (código SMTP 554).');
      expect(JSON.stringify(status)).not.toMatch(/redis|secreta|interno|10\.0\.3\.7/);
    } finally {
      await api.ctx.app.inject({ method: 'DELETE', url: '/api/company/smtp', headers: api.tenant.headers });
    }
  });

  it("sends through the system's relay, named as the company's server, only from the company's own domain", async () => {
    const foreign = await putSmtp({ host: '127.0.0.1', port: relay.port, remitente: 'gerencia@banco.example' });
    expect(foreign.status).toBe(422);
    expect(foreign.json.errors[0]).toMatchObject({ path: 'remitente', code: 'smtp_from_not_allowed' });
    const own = `facturas@${api.tenant.hostname}`;
    expect((await putSmtp({ host: '127.0.0.1', port: relay.port, remitente: own })).status).toBe(200);
    try {
      // A foreign From stored before the rule is refused when the delivery connects.
      await api.tenant.db.company.update({ where: { id: 1 }, data: { smtpFrom: 'gerencia@banco.example' } });
      const before = relay.files.length;
      const refused = (await api.get(`/api/document/email/${await mailOne('x@cliente.pe')}`)).json.data;
      expect(refused).toMatchObject({ status: 'failed', error_code: 'from_not_allowed' });
      expect(relay.files.length).toBe(before);
      await api.tenant.db.company.update({ where: { id: 1 }, data: { smtpFrom: own } });
      const sent = (await api.get(`/api/document/email/${await mailOne('y@cliente.pe')}`)).json.data;
      expect(sent.status).toBe('sent');
      expect((await readEml(relay.files.at(-1)!)).header('From')).toContain(own);
    } finally {
      await api.ctx.app.inject({ method: 'DELETE', url: '/api/company/smtp', headers: api.tenant.headers });
    }
  });
});
