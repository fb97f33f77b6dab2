// Real HTTP against a listening test app (app.listen on 127.0.0.1): the races and the limits are tried over sockets,
// as clients make them, each request on its own connection so that none waits behind another on the client side.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface HttpReply {
  status: number;
  /** The body parsed as JSON (null when it is not JSON). */
  json: any;
  text: string;
  headers: http.IncomingHttpHeaders;
  ms: number;
}

/** The port of a listening app. */
export function portOf(app: FastifyInstance): number {
  return (app.server.address() as AddressInfo).port;
}

/**
 * One request on a fresh connection. `headers` may carry `host`; a body object is sent as JSON. `rawHeaders`
 * (name/value pairs, sent as given and in that order) lets a test write what a client library would not, such as
 * two Host lines.
 */
export function httpCall(
  app: FastifyInstance,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown; rawHeaders?: string[] } = {},
): Promise<HttpReply> {
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  const headers: Record<string, string> | string[] = options.rawHeaders
    ? [...options.rawHeaders]
    : { ...options.headers };
  if (payload) {
    if (Array.isArray(headers))
      headers.push('content-type', 'application/json', 'content-length', String(payload.length));
    else Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(payload.length) });
  }
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: portOf(app), method, path, headers, agent: false, setHost: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: any = null;
          try {
            json = JSON.parse(text);
          } catch {
            json = null;
          }
          resolve({ status: res.statusCode ?? 0, json, text, headers: res.headers, ms: performance.now() - started });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}
