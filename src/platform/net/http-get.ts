// An HTTP(S) GET — or POST — to a server the operator or a company configured (the DNI lookup's provider, a
// company's webhook receiver) through the outbound guard (outbound.ts): the name is resolved and judged here and the socket opened
// to a checked address, TLS on top of it for https (the certificate checked against the name). One deadline covers
// resolving, connecting, sending and reading; the answer is read up to a size cap. Every ending is a value.
import http from 'node:http';
import net from 'node:net';
import tls from 'node:tls';
import { bareHost, connectOutbound, type Lookup, OutboundRefused, type OutboundPolicy } from './outbound.ts';

export interface HttpGetOptions {
  policy: OutboundPolicy;
  lookup?: Lookup;
  /** The whole exchange, resolution included. */
  timeoutMs: number;
  /** Largest answer read (bytes); a longer one is a failure, or with `overflow: 'truncate'` read that far only. */
  maxBytes: number;
  overflow?: 'fail' | 'truncate';
  headers?: Record<string, string>;
  /** POST this body (its Content-Length is set) instead of a GET. */
  body?: string;
  /** Extra trusted certificate authorities (tests with their own TLS server). */
  ca?: string | Buffer;
}

export type HttpGetFailure = 'refused' | 'unresolvable' | 'timeout' | 'network' | 'too-large' | 'bad-url';

export type HttpGetResult =
  | { kind: 'answer'; status: number; text: string }
  /** `detail` is for the operator's log: the remote side's own words never reach a company. */
  | { kind: 'failed'; failure: HttpGetFailure; detail: string };

function failed(failure: HttpGetFailure, detail: string): HttpGetResult {
  return { kind: 'failed', failure, detail };
}

export async function httpGet(url: string, options: HttpGetOptions): Promise<HttpGetResult> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return failed('bad-url', 'not a URL');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return failed('bad-url', target.protocol);
  const secure = target.protocol === 'https:';
  const port = target.port ? Number(target.port) : secure ? 443 : 80;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), options.timeoutMs);
  try {
    let socket: net.Socket;
    try {
      socket = await connectOutbound(target.hostname, port, {
        policy: options.policy,
        lookup: options.lookup,
        timeoutMs: options.timeoutMs,
        signal: deadline.signal,
      });
    } catch (error) {
      if (error instanceof OutboundRefused)
        return failed(error.code === 'host_refused' ? 'refused' : 'unresolvable', error.detail);
      const code = String((error as { code?: string }).code ?? error);
      return failed(code === 'ETIMEDOUT' || deadline.signal.aborted ? 'timeout' : 'network', code);
    }
    const host = bareHost(target.hostname);
    const connection = secure
      ? tls.connect({ socket, servername: net.isIP(host) ? undefined : host, ca: options.ca })
      : socket;
    return await exchange(target, connection, options, deadline.signal);
  } finally {
    clearTimeout(timer);
  }
}

function exchange(
  target: URL,
  connection: net.Socket,
  options: HttpGetOptions,
  signal: AbortSignal,
): Promise<HttpGetResult> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: HttpGetResult) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const body = options.body === undefined ? null : Buffer.from(options.body, 'utf8');
    const request = http.request({
      method: body ? 'POST' : 'GET',
      host: target.hostname,
      port: target.port || undefined,
      path: `${target.pathname}${target.search}`,
      headers: {
        ...options.headers,
        ...(body ? { 'Content-Length': String(body.length) } : {}),
        Host: target.host,
        Connection: 'close',
      },
      agent: false,
      createConnection: () => connection,
    });
    const onAbort = () => {
      settle(failed('timeout', 'deadline'));
      request.destroy();
      connection.destroy();
    };
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    request.on('error', (error) => settle(failed('network', (error as { code?: string }).code ?? error.message)));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const answer = () => ({
        kind: 'answer' as const,
        status: response.statusCode ?? 0,
        text: Buffer.concat(chunks).subarray(0, options.maxBytes).toString('utf8'),
      });
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          chunks.push(chunk);
          settle(options.overflow === 'truncate' ? answer() : failed('too-large', `over ${options.maxBytes} bytes`));
          response.destroy();
          connection.destroy();
          return;
        }
        chunks.push(chunk);
      });
      response.on('error', (error) => settle(failed('network', error.message)));
      response.on('end', () => settle(answer()));
    });
    request.end(body ?? undefined);
  });
}
