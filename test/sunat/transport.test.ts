// The SOAP transport over real HTTP: each endpoint's options are parsed once and kept (transport.ts), so what must
// hold is that every request still goes to its own URL — host, port, path and query — whichever was asked before.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostError, postText } from '../../src/sunat/transport.ts';

interface Seen {
  server: string;
  url: string;
  body: string;
  length: string | undefined;
}

const seen: Seen[] = [];
const servers: http.Server[] = [];
const bases: string[] = [];

function recordingServer(name: string): http.Server {
  return http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ server: name, url: request.url ?? '', body, length: request.headers['content-length'] });
      if (request.url?.startsWith('/silent')) return; // never answers: the caller's deadline must end it
      response.writeHead(200, { 'Content-Type': 'text/xml' }).end(`<answer from="${name}">${body}</answer>`);
    });
  });
}

beforeAll(async () => {
  for (const name of ['a', 'b']) {
    const server = recordingServer(name);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    servers.push(server);
    bases.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
});

const options = { headers: { 'Content-Type': 'text/xml; charset=utf-8' }, timeoutMs: 5_000 };

describe('postText', () => {
  it('sends each request to its own endpoint, path and query included, however the calls alternate', async () => {
    const [a, b] = bases;
    const calls = [
      [`${a}/ol-ti-itcpfegem-beta/billService`, 'uno'],
      [`${b}/ol-it-wsconscpegem/billConsultService?wsdl`, 'dos'],
      [`${a}/ol-ti-itcpfegem-beta/billService`, 'tres ñ'],
      [`${b}/otro`, 'cuatro'],
    ] as const;
    seen.length = 0;
    for (const [url, body] of calls) {
      const answer = await postText(url, body, options);
      const server = url.startsWith(a) ? 'a' : 'b';
      expect(answer).toEqual({ status: 200, text: `<answer from="${server}">${body}</answer>` });
    }
    expect(seen).toEqual([
      { server: 'a', url: '/ol-ti-itcpfegem-beta/billService', body: 'uno', length: '3' },
      { server: 'b', url: '/ol-it-wsconscpegem/billConsultService?wsdl', body: 'dos', length: '3' },
      { server: 'a', url: '/ol-ti-itcpfegem-beta/billService', body: 'tres ñ', length: '7' },
      { server: 'b', url: '/otro', body: 'cuatro', length: '6' },
    ]);
  });

  it('refuses a protocol it cannot speak, before any connection', async () => {
    await expect(postText('ftp://127.0.0.1/billService', 'x', options)).rejects.toMatchObject({
      name: 'PostError',
      failure: 'network',
    });
  });

  it('gives up at its deadline when the endpoint never answers', async () => {
    const error = await postText(`${bases[0]}/silent`, 'x', { ...options, timeoutMs: 200 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PostError);
    expect((error as PostError).failure).toBe('timeout');
  });
});
