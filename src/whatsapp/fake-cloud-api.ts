// A stand-in for the WhatsApp Business Cloud API (Graph) for tests and development: records every request and
// can be told to fail. `npx facturo whatsapp-fake --port 8090` runs it alone; point WHATSAPP_API_URL at it.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  phoneNumberId: string;
  endpoint: 'messages' | 'media' | 'other';
  authorization: string;
  contentType: string;
  body: Buffer;
  /** Parsed JSON of a messages call. */
  json?: Record<string, any>;
}

export interface FakeFailure {
  /** HTTP status to answer (with a Graph error body). */
  status?: number;
  /** Graph error code, e.g. 131056 (transient) or 131026 (permanent). */
  code?: number;
  message?: string;
  /** Keep the connection open without answering (the client times out). */
  hang?: boolean;
  /** Answer 200 without a message id (the provider may or may not have sent it). */
  noId?: boolean;
  /** Only for this endpoint. */
  endpoint?: 'messages' | 'media';
}

export interface FakeCloudApi {
  url: string;
  requests: RecordedRequest[];
  /** The next `times` matching requests fail like this. */
  fail(failure: FakeFailure, times?: number): void;
  reset(): void;
  close(): Promise<void>;
}

async function read(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeCloudApi(
  options: { port?: number; host?: string; version?: string } = {},
): Promise<FakeCloudApi> {
  const version = options.version ?? 'v21.0';
  const requests: RecordedRequest[] = [];
  let failures: { failure: FakeFailure; remaining: number }[] = [];
  let counter = 0;
  const hanging = new Set<import('node:http').ServerResponse>();

  const server: Server = createServer(async (req, res) => {
    const body = await read(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    const parts = url.pathname.split('/').filter(Boolean); // [version, phoneNumberId, endpoint]
    const endpoint = parts[2] === 'messages' || parts[2] === 'media' ? parts[2] : 'other';
    const record: RecordedRequest = {
      method: req.method ?? '',
      path: url.pathname,
      phoneNumberId: parts[1] ?? '',
      endpoint,
      authorization: String(req.headers.authorization ?? ''),
      contentType: String(req.headers['content-type'] ?? ''),
      body,
    };
    if (endpoint === 'messages') {
      try {
        record.json = JSON.parse(body.toString('utf8'));
      } catch {
        /* recorded as is */
      }
    }
    requests.push(record);
    const reply = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (parts[0] !== version || endpoint === 'other' || req.method !== 'POST')
      return reply(404, { error: { code: 100, message: 'Unsupported request' } });
    if (!record.authorization.startsWith('Bearer ') || record.authorization.length < 10) {
      return reply(401, { error: { code: 190, message: 'Invalid OAuth access token.' } });
    }
    const rule = failures.find((f) => f.remaining > 0 && (!f.failure.endpoint || f.failure.endpoint === endpoint));
    if (rule) {
      rule.remaining -= 1;
      if (rule.failure.noId) return reply(200, { messaging_product: 'whatsapp' });
      if (rule.failure.hang) {
        hanging.add(res);
        return;
      }
      return reply(rule.failure.status ?? 400, {
        error: {
          code: rule.failure.code ?? 100,
          message: rule.failure.message ?? 'Injected failure',
          type: 'OAuthException',
        },
      });
    }
    counter += 1;
    if (endpoint === 'media') return reply(200, { id: `media-${counter}` });
    const to = String(record.json?.to ?? '');
    return reply(200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: to }],
      messages: [{ id: `wamid.FAKE${counter}` }],
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/${version}`,
    requests,
    fail(failure, times = 1) {
      failures.push({ failure, remaining: times });
    },
    reset() {
      requests.length = 0;
      failures = [];
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
