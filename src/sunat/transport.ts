// One HTTP request to SUNAT — a SOAP envelope POSTed, or a call of its REST APIs (api/) — over pooled keep-alive
// connections (node:http/https agents). Node's fetch (undici) did the same at several times the CPU per call —
// request and response objects, web streams, abort listeners, URL parsing — which the issue path paid once per
// document. One deadline covers connecting, sending and reading the whole answer; the caller's signal abandons the
// call.
import http from 'node:http';
import https from 'node:https';
import { urlToHttpOptions } from 'node:url';

export type PostFailure = 'timeout' | 'aborted' | 'network';

export class PostError extends Error {
  constructor(
    readonly failure: PostFailure,
    message: string,
  ) {
    super(message);
    this.name = 'PostError';
  }
}

// Idle pooled sockets are closed after 4 s (as undici did): shorter than the servers' keep-alive, so a request is
// rarely written into a socket the server is closing at that moment.
const IDLE_SOCKET_MS = 4_000;
const agents = {
  'http:': new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
  'https:': new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
};

export interface PostOptions {
  headers: Record<string, string>;
  timeoutMs: number;
  signal?: AbortSignal;
}

type Target = ReturnType<typeof urlToHttpOptions>;

/**
 * Each endpoint's request options, parsed once: a company posts every document to the same one or two URLs, and
 * parsing the URL then converting it (node does so for a URL argument) came with every document sent.
 */
const targets = new Map<string, Target>();

function targetOf(url: string): Target {
  let target = targets.get(url);
  if (!target) {
    target = urlToHttpOptions(new URL(url));
    if (targets.size >= 1_000) targets.clear();
    targets.set(url, target);
  }
  return target;
}

/** The answer's status and text (UTF-8); rejects with a PostError when no complete answer arrived. */
export function postText(url: string, body: string, options: PostOptions): Promise<{ status: number; text: string }> {
  return requestText('POST', url, body, options);
}

/** Any method; `body` undefined sends none (a GET). Resolves with the answer's status and text (UTF-8). */
export function requestText(
  method: 'GET' | 'POST',
  url: string,
  body: string | undefined,
  options: PostOptions,
): Promise<{ status: number; text: string }> {
  const target = targetOf(url);
  const agent = agents[target.protocol as keyof typeof agents];
  if (!agent) return Promise.reject(new PostError('network', `protocolo no soportado: ${target.protocol}`));
  const payload = body === undefined ? undefined : Buffer.from(body, 'utf8');
  return new Promise((resolve, reject) => {
    let failure: PostFailure = 'network';
    // A new options object per request (node copies it too): the cached target is never handed over to be changed.
    const request = (target.protocol === 'https:' ? https : http).request({
      ...target,
      method,
      agent,
      headers: payload ? { ...options.headers, 'Content-Length': String(payload.length) } : options.headers,
    });
    const stop = (why: PostFailure) => {
      failure = why;
      request.destroy(new PostError(why, why === 'timeout' ? 'timeout' : 'aborted'));
    };
    const deadline = setTimeout(() => stop('timeout'), options.timeoutMs);
    const onAbort = () => stop('aborted');
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      clearTimeout(deadline);
      options.signal?.removeEventListener('abort', onAbort);
    };
    request.on('error', (error) => {
      done();
      reject(error instanceof PostError ? error : new PostError(failure, error.message));
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', (error) => {
        done();
        reject(error instanceof PostError ? error : new PostError(failure, error.message));
      });
      response.on('end', () => {
        done();
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    request.end(payload);
  });
}
