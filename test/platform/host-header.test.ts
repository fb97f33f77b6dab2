// The Host header picks the company, so a request must name one host only. Written on a raw socket, as a client
// library would not: two Host lines (Node keeps the first: it answered as that company), a Host that is a list, an
// absolute-form target naming another company than the Host header — each 400 host_ambiguous with the error
// envelope, before any route or tenant lookup. X-Forwarded-Host, even with TRUST_PROXY, chooses nothing.
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestTenant } from '../helpers/app.ts';
import { portOf } from '../helpers/http.ts';
import { useTestApp } from '../helpers/app.ts';

const t = useTestApp({ env: { TRUST_PROXY: 'true' } });
let other: TestTenant;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  other = await t.ctx.provisionTenant();
});

/** One request written as given; the status and the body of the answer. */
function raw(lines: string[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(portOf(t.app), '127.0.0.1', () =>
      socket.write(`${[...lines, 'Connection: close'].join('\r\n')}\r\n\r\n`),
    );
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('error', reject);
    socket.on('end', () => {
      const [head, ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n') });
    });
  });
}

const auth = () => `Authorization: ${t.tenant.headers.authorization}`;

/** The company a 200 answer of GET /api/company is about. */
const rucIn = (body: string) => /"ruc":"(\d{11})"/.exec(body)?.[1];

describe('the Host header', () => {
  it('picks the company when it names one host', async () => {
    const res = await raw(['GET /api/company HTTP/1.1', `Host: ${t.tenant.hostname}`, auth()]);
    expect(res.status).toBe(200);
    expect(rucIn(res.body)).toBe(t.tenant.ruc);
  });

  it.each([
    ['two Host lines', () => ['GET /api/company HTTP/1.1', `Host: ${t.tenant.hostname}`, `Host: ${other.hostname}`]],
    [
      'the same Host twice',
      () => ['GET /api/company HTTP/1.1', `Host: ${t.tenant.hostname}`, `Host: ${t.tenant.hostname}`],
    ],
    ['a list in one Host', () => ['GET /api/company HTTP/1.1', `Host: ${t.tenant.hostname}, ${other.hostname}`]],
    [
      'an absolute target naming another company',
      () => [`GET http://${other.hostname}/api/company HTTP/1.1`, `Host: ${t.tenant.hostname}`],
    ],
    [
      'an absolute target naming the admin host',
      () => [`GET http://${t.ctx.config.adminHost}/api/tenants HTTP/1.1`, `Host: ${t.tenant.hostname}`],
    ],
  ])('answers 400 host_ambiguous to %s', async (_, lines) => {
    const res = await raw([...lines(), auth()]);
    expect(res.status, res.body).toBe(400);
    const body = JSON.parse(res.body);
    expect(body).toMatchObject({ success: false, code: 'host_ambiguous' });
    expect(body.message).toMatch(/Host/);
  });

  it('follows an absolute target that names the Host header’s own host', async () => {
    const res = await raw([
      `GET http://${t.tenant.hostname}/api/company HTTP/1.1`,
      `Host: ${t.tenant.hostname}`,
      auth(),
    ]);
    expect(res.status).toBe(200);
    expect(rucIn(res.body)).toBe(t.tenant.ruc);
  });

  it('is not overruled by X-Forwarded-Host, even behind a trusted proxy', async () => {
    const res = await raw([
      'GET /api/company HTTP/1.1',
      `Host: ${t.tenant.hostname}`,
      `X-Forwarded-Host: ${other.hostname}`,
      auth(),
    ]);
    expect(res.status).toBe(200);
    expect(rucIn(res.body)).toBe(t.tenant.ruc);
  });
});
