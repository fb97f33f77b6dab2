// The HTTP edges and their errors: unknown host, no token, wrong tenant's token, malformed JSON, wrong content
// type, oversized body, unknown route and wrong method each answer with the documented status and shape
// (docs/errors.md), never a 500; every response carries x-request-id.
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { probeFeatures } from '../helpers/probe-feature.ts';

const t = useTestApp({ features: probeFeatures, env: { BODY_LIMIT: '4096' } });

const validBody = { serie_documento: 'F001', items: [{ descripcion: 'Servicio', total_igv: 18 }] };

function expectErrorShape(body: unknown, code: string) {
  expect(body).toMatchObject({ success: false, code });
  const b = body as { message: unknown; errors: unknown };
  expect(typeof b.message).toBe('string');
  expect((b.message as string).length).toBeGreaterThan(0);
  expect(Array.isArray(b.errors)).toBe(true);
}

describe('tenant host resolution and authentication', () => {
  it('serves an authenticated call on the tenant host', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/_probe/echo',
      headers: t.tenant.headers,
      payload: validBody,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      tenant: t.tenant.subdomain,
      user: 'pruebas@facturo.example',
      items: 1,
    });
  });

  it('answers 404 host_not_found for a tenant-looking host that no tenant owns', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/company',
      headers: { host: 'nadie-aqui.localhost', authorization: t.tenant.headers.authorization },
    });
    expect(res.statusCode).toBe(404);
    expectErrorShape(res.json(), 'host_not_found');
    expect(res.json().message).toContain('nadie-aqui.localhost');
  });

  it('answers 404 wrong_host naming the host that serves a tenant route called on another host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/company', headers: { host: 'example.com:3000' } });
    expect(res.statusCode).toBe(404);
    expectErrorShape(res.json(), 'wrong_host');
    expect(res.json().message).toBe(
      'GET /api/company se atiende en el host de una empresa ({subdominio}.localhost:3000), no en example.com:3000.',
    );
  });

  it('answers 401 unauthenticated without a token, saying which header is missing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/company', headers: { host: t.tenant.hostname } });
    expect(res.statusCode).toBe(401);
    expectErrorShape(res.json(), 'unauthenticated');
    expect(res.json().message).toMatch(/^Falta la cabecera Authorization/);
  });

  it('answers 401 for a malformed or unknown token and never reads one from the query string', async () => {
    for (const authorization of ['Bearer', 'Basic abc', 'Bearer fct_notarealtoken', `Token ${t.tenant.token}`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/company',
        headers: { host: t.tenant.hostname, authorization },
      });
      expect(res.statusCode, authorization).toBe(401);
      expectErrorShape(res.json(), 'unauthenticated');
    }
    const viaQuery = await t.app.inject({
      method: 'GET',
      url: `/api/company?api_token=${t.tenant.token}`,
      headers: { host: t.tenant.hostname },
    });
    expect(viaQuery.statusCode).toBe(401);
  });

  it("answers 401 to another tenant's valid token", async () => {
    const other = await t.ctx.provisionTenant();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/company',
      headers: { host: t.tenant.hostname, authorization: other.headers.authorization },
    });
    expect(res.statusCode).toBe(401);
    expectErrorShape(res.json(), 'unauthenticated');
    const own = await t.app.inject({ method: 'GET', url: '/api/company', headers: other.headers });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.ruc).toBe(other.ruc);
  });

  it('lets a route opt out of the token but still resolves the tenant', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/_probe/public', headers: { host: t.tenant.hostname } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tenant: t.tenant.subdomain, authenticated: false });
  });
});

describe('request bodies', () => {
  it('answers 400 invalid_json to malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/_probe/echo',
      headers: { ...t.tenant.headers, 'content-type': 'application/json' },
      payload: '{"serie_documento": "F001",',
    });
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.json(), 'invalid_json');
  });

  it('answers 400 invalid_json to an empty JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/_probe/echo',
      headers: { ...t.tenant.headers, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.json(), 'invalid_json');
  });

  it('answers 415 to a body that is not JSON, and to a body without Content-Type', async () => {
    const asText = await t.app.inject({
      method: 'POST',
      url: '/api/_probe/echo',
      headers: { ...t.tenant.headers, 'content-type': 'text/plain' },
      payload: JSON.stringify(validBody),
    });
    expect(asText.statusCode).toBe(415);
    expectErrorShape(asText.json(), 'unsupported_media_type');
    const asForm = await t.app.inject({
      method: 'POST',
      url: '/api/_probe/echo',
      headers: { ...t.tenant.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(asForm.statusCode).toBe(415);
    const unlabelled = await t.app.inject({
      method: 'POST',
      url: '/api/_probe/echo',
      headers: t.tenant.headers,
      payload: Buffer.from(JSON.stringify(validBody)),
    });
    expect(unlabelled.statusCode).toBe(415);
    expect(unlabelled.json().message).toContain('Falta la cabecera Content-Type');
  });

  it('says that a +json media type is unsupported, not missing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/_probe/echo',
      headers: { ...t.tenant.headers, 'content-type': 'application/vnd.api+json' },
      payload: JSON.stringify(validBody),
    });
    expect(res.statusCode).toBe(415);
    expectErrorShape(res.json(), 'unsupported_media_type');
    expect(res.json().message).toContain('no admitido (application/vnd.api+json)');
  });

  it('answers 400 body_missing to a POST without a body on a route that needs one', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/_probe/echo', headers: t.tenant.headers });
    expect(none.statusCode).toBe(400);
    expectErrorShape(none.json(), 'body_missing');
    expect(none.json().message).toContain('Falta el cuerpo');
    const tokenless = await t.app.inject({
      method: 'POST',
      url: '/api/_probe/echo',
      headers: { host: t.tenant.hostname },
    });
    expect(tokenless.statusCode).toBe(401);
  });

  it('answers 422 invalid_text, with the path, to NUL or a lone surrogate anywhere in the body, query or parameters', async () => {
    const cases: [string, string, string][] = [
      ['{"serie_documento":"F\\u0000001","items":[]}', 'serie_documento', 'nulo'],
      [
        '{"serie_documento":"F001","items":[{"descripcion":"a\\ud800b","total_igv":1}]}',
        'items[0].descripcion',
        'sustituto',
      ],
      [
        '{"serie_documento":"F001","items":[{"descripcion":"x","total_igv":1,"\\udc00":1}]}',
        'items[0].\udc00',
        'sustituto',
      ],
    ];
    for (const [payload, path, word] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/_probe/echo',
        headers: { ...t.tenant.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(422);
      expectErrorShape(res.json(), 'invalid_text');
      expect(res.json().errors[0].path).toBe(path);
      expect(res.json().message).toContain(word);
    }
    const query = await t.app.inject({
      method: 'GET',
      url: '/api/documents/lists/2026-01-01/2026-01-02?cursor=%00',
      headers: t.tenant.headers,
    });
    expect(query.statusCode).toBe(422);
    expect(query.json().errors[0].path).toBe('cursor');
    const emoji = await t.app.inject({
      method: 'POST',
      url: '/api/_probe/echo',
      headers: { ...t.tenant.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...validBody, items: [{ descripcion: 'café 😀', total_igv: 1 }] }),
    });
    expect(emoji.statusCode).toBe(200);
  });

  it('accepts application/json with a charset', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/_probe/echo',
      headers: { ...t.tenant.headers, 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify(validBody),
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 413 payload_too_large above BODY_LIMIT', async () => {
    const big = {
      ...validBody,
      items: Array.from({ length: 200 }, (_, i) => ({ descripcion: `Producto número ${i}`, total_igv: i })),
    };
    expect(JSON.stringify(big).length).toBeGreaterThan(4096);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/_probe/echo',
      headers: t.tenant.headers,
      payload: big,
    });
    expect(res.statusCode).toBe(413);
    expectErrorShape(res.json(), 'payload_too_large');
    expect(res.json().message).toContain('4096');
  });

  it('answers 422 validation_failed with JSON paths and Spanish messages that begin with the path', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/_probe/echo',
      headers: t.tenant.headers,
      payload: {
        serie_documento: 'X001',
        items: [{ descripcion: 'a', total_igv: 1 }, { descripcion: 'b', total_igv: 2 }, { total_igv: -1 }],
        extra: true,
      },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expectErrorShape(body, 'validation_failed');
    const byPath = Object.fromEntries(body.errors.map((e: { path: string; message: string }) => [e.path, e.message]));
    expect(byPath.serie_documento).toBe('serie_documento: La serie debe tener el formato F### o B###');
    expect(byPath['items[2].descripcion']).toBe('items[2].descripcion: El campo es obligatorio');
    expect(byPath['items[2].total_igv']).toMatch(/^items\[2\]\.total_igv: .*(>=\s*0|mayor|pequeño)/i);
    expect(byPath.extra).toBe('extra: Campo desconocido: esta operación no lo admite.');
    expect(body.message).toMatch(/^serie_documento: /);
    for (const e of body.errors) expect(e.code).toBe(e.path === 'extra' ? 'unknown_field' : 'validation_failed');
  });
});

describe('routes', () => {
  it('answers 404 route_not_found in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-existe', headers: t.tenant.headers });
    expect(res.statusCode).toBe(404);
    expectErrorShape(res.json(), 'route_not_found');
    expect(res.json().message).toBe('No se encontró la URL especificada');
  });

  it('answers 405 method_not_allowed with Allow when the path exists with another method', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/company', headers: t.tenant.headers });
    expect(res.statusCode).toBe(405);
    expectErrorShape(res.json(), 'method_not_allowed');
    expect(res.headers.allow).toContain('GET');
    const post = await t.app.inject({ method: 'GET', url: '/api/_probe/echo', headers: t.tenant.headers });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toContain('POST');
  });

  it('keeps the same method and path apart on the admin and the tenant host', async () => {
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/_probe/both-hosts',
      headers: { host: 'admin.localhost:3000' },
      payload: { email: 'x' },
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toEqual({ host: 'admin' });
    const tenant = await t.app.inject({
      method: 'POST',
      url: '/api/_probe/both-hosts',
      headers: t.tenant.headers,
      payload: { email: 'x' },
    });
    expect(tenant.statusCode).toBe(200);
    expect(tenant.json()).toEqual({ host: 'tenant', tenant: t.tenant.subdomain });
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/_probe/both-hosts',
      headers: { host: 'localhost' },
      payload: { email: 'x' },
    });
    expect(elsewhere.statusCode).toBe(404);
    expectErrorShape(elsewhere.json(), 'wrong_host');
  });

  it('answers 500 internal_error without leaking the cause', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/_probe/boom', headers: t.tenant.headers });
    expect(res.statusCode).toBe(500);
    expectErrorShape(res.json(), 'internal_error');
    expect(res.body).not.toMatch(/hunter2|\/srv|secret|stack/);
  });

  it('answers 429 rate_limited with Retry-After once a limited route is exceeded', async () => {
    const client = `probe-${Math.random()}`;
    const call = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/_probe/limited',
        headers: { host: 'localhost', 'x-probe-client': client },
      });
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expectErrorShape(limited.json(), 'rate_limited');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another client has its own window.
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/_probe/limited',
      headers: { host: 'localhost', 'x-probe-client': `${client}-b` },
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('every response', () => {
  it('carries x-request-id, echoing a sane incoming one', async () => {
    const responses = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/company', headers: t.tenant.headers }),
      t.app.inject({ method: 'GET', url: '/api/company', headers: { host: t.tenant.hostname } }),
      t.app.inject({ method: 'GET', url: '/nada', headers: { host: 'localhost' } }),
      t.app.inject({ method: 'GET', url: '/health/live' }),
    ]);
    for (const res of responses) expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await t.app.inject({
      method: 'GET',
      url: '/health/live',
      headers: { 'x-request-id': 'erp-req-000123' },
    });
    expect(echoed.headers['x-request-id']).toBe('erp-req-000123');
    const insane = await t.app.inject({
      method: 'GET',
      url: '/health/live',
      headers: { 'x-request-id': 'a b<script>' },
    });
    expect(insane.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an undecodable URL 400 bad_url in the error envelope, with the request id and security headers', async () => {
    for (const url of ['/api/documents/lists/%zz/x', '/%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url, headers: t.tenant.headers });
      expect(res.statusCode, url).toBe(400);
      expectErrorShape(res.json(), 'bad_url');
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers an over-long path parameter in the error envelope, never a bare 414', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/documents/lists/${'2'.repeat(3000)}/x`,
      headers: t.tenant.headers,
    });
    expect(res.statusCode).toBe(414);
    expectErrorShape(res.json(), 'url_too_long');
    expect(res.headers['x-request-id']).toBeDefined();
  });

  it("answers headers over 16 KB (refused by Node's parser) in the envelope, closing the connection", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(`GET /health/live?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`),
      );
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk.toString();
      });
      socket.on('close', () => resolve(data));
      socket.on('error', () => undefined);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(raw).toMatch(/\r\nConnection: close\r\n/i);
    expect(raw).toMatch(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/i);
    expectErrorShape(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)), 'headers_too_large');
  });

  it('carries security headers, on answers and on unknown routes alike', async () => {
    for (const url of ['/api/company', '/api/nope']) {
      const res = await t.app.inject({ method: 'GET', url, headers: t.tenant.headers });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['content-security-policy'], url).toContain("object-src 'none'");
      // Plain-HTTP local hosts keep loading the Swagger UI's assets; HSTS only in production.
      expect(res.headers['content-security-policy'], url).not.toContain('upgrade-insecure-requests');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});
