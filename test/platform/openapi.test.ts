// /documentation/json is valid OpenAPI and lists every route that exists; the
// Swagger UI is served at /documentation; /health/* answer on any host, /metrics to METRICS_TOKEN only.
import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../helpers/app.ts';
import { probeFeatures } from '../helpers/probe-feature.ts';

const METRICS_TOKEN = 'metricas-de-prueba-0123456789';
const t = useTestApp({ features: probeFeatures, env: { METRICS_TOKEN } });

type Json = Record<string, unknown>;

/** Structural OpenAPI 3.0 checks: required fields, operations, path parameters, resolvable $refs, unique ids. */
function openApiProblems(doc: Json): string[] {
  const problems: string[] = [];
  if (typeof doc.openapi !== 'string' || !/^3\.0\.\d$/.test(doc.openapi)) problems.push('openapi must be 3.0.x');
  const info = doc.info as Json | undefined;
  if (!info || typeof info.title !== 'string' || typeof info.version !== 'string')
    problems.push('info.title/version missing');
  const paths = doc.paths as Record<string, Record<string, Json>> | undefined;
  if (!paths || typeof paths !== 'object') return [...problems, 'paths missing'];
  const operationIds = new Set<string>();
  const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
  for (const [path, item] of Object.entries(paths)) {
    if (!path.startsWith('/')) problems.push(`${path}: must start with /`);
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
    for (const [method, op] of Object.entries(item)) {
      if (!methods.includes(method)) {
        problems.push(`${path}: unknown key ${method}`);
        continue;
      }
      if (!op.responses || Object.keys(op.responses as Json).length === 0)
        problems.push(`${method} ${path}: no responses`);
      for (const [status, response] of Object.entries((op.responses ?? {}) as Record<string, Json>)) {
        if (!/^([1-5]\d\d|[1-5]XX|default)$/.test(status)) problems.push(`${method} ${path}: bad status ${status}`);
        if (typeof response.description !== 'string') problems.push(`${method} ${path} ${status}: description missing`);
      }
      const declared = ((op.parameters ?? []) as Json[])
        .filter((p) => p.in === 'path')
        .map((p) => String(p.name))
        .sort();
      if (JSON.stringify(declared) !== JSON.stringify(templated))
        problems.push(`${method} ${path}: path parameters ${declared} ≠ ${templated}`);
      for (const p of (op.parameters ?? []) as Json[])
        if (p.in === 'path' && p.required !== true)
          problems.push(`${method} ${path}: path parameter ${p.name} not required`);
      if (typeof op.operationId === 'string') {
        if (operationIds.has(op.operationId)) problems.push(`duplicate operationId ${op.operationId}`);
        operationIds.add(op.operationId);
      }
    }
  }
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Json;
  const walk = (node: unknown, where: string) => {
    if (Array.isArray(node)) {
      node.forEach((n, i) => {
        walk(n, `${where}[${i}]`);
      });
    } else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if (k === '$ref') {
          const match = /^#\/components\/schemas\/(.+)$/.exec(String(v));
          if (!match || !(match[1] in schemas)) problems.push(`${where}: unresolved $ref ${v}`);
        } else walk(v, `${where}.${k}`);
      }
    }
  };
  walk(doc, '#');
  return problems;
}

describe('OpenAPI', () => {
  it('is valid OpenAPI 3.0 and lists every route that exists', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/documentation/json', headers: { host: t.tenant.hostname } });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as Json;
    expect(openApiProblems(doc)).toEqual([]);
    const paths = doc.paths as Record<string, Record<string, Json>>;
    const visible = t.app.platform.routes().filter((r) => !r.hidden && !r.url.startsWith('/documentation'));
    expect(visible.length).toBeGreaterThan(5);
    const missing: string[] = [];
    for (const route of visible) {
      const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      for (const method of route.method.split(',')) {
        if (method === 'HEAD') continue;
        if (!paths[path]?.[method.toLowerCase()]) missing.push(`${method} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('marks tenant routes with their host and the bearer scheme, and shows each host its own of a shared path', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/documentation/json' })).json();
    const company = doc.paths['/api/company'].get;
    expect(company.tags).toContain('tenant');
    expect(company.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.schemas.Error).toBeDefined();
    // One method + path on both hosts: the page shows the company's (read elsewhere than the admin host) and names
    // the admin host's; read on the admin host it shows the admin's.
    const both = doc.paths['/api/_probe/both-hosts'].post;
    expect(both.tags).toEqual(['tenant']);
    expect(both.description).toContain('También existe en el host de administración');
    const onAdmin = (
      await t.app.inject({ method: 'GET', url: '/documentation/json', headers: { host: t.ctx.config.adminHost } })
    ).json();
    expect(onAdmin.paths['/api/_probe/both-hosts'].post.tags).toEqual(['admin']);
    expect(doc.paths['/health/ready'].get.security).toBeUndefined();
  });

  it('serves the Swagger UI at /documentation on any host', async () => {
    for (const host of ['localhost', t.tenant.hostname, 'admin.localhost']) {
      const res = await t.app.inject({ method: 'GET', url: '/documentation/', headers: { host } });
      expect(res.statusCode, host).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('swagger-ui');
    }
  });
});

describe('health and metrics', () => {
  it('reports liveness and readiness on any host', async () => {
    for (const host of ['localhost', t.tenant.hostname, 'admin.localhost', 'unknown.example']) {
      const live = await t.app.inject({ method: 'GET', url: '/health/live', headers: { host } });
      expect(live.json()).toEqual({ status: 'ok' });
      const ready = await t.app.inject({ method: 'GET', url: '/health/ready', headers: { host } });
      expect(ready.statusCode).toBe(200);
      expect(ready.json().status).toBe('ok');
    }
  });

  it('counts requests by route pattern and status, with latencies', async () => {
    await t.app.inject({ method: 'GET', url: '/api/company', headers: t.tenant.headers });
    await t.app.inject({ method: 'GET', url: '/api/company', headers: { host: t.tenant.hostname } });
    await t.app.inject({ method: 'GET', url: '/no/such/path/123' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(
      /facturo_http_requests_total\{method="GET",route="\/api\/company",status_code="200"\} [1-9]/,
    );
    expect(res.body).toMatch(
      /facturo_http_requests_total\{method="GET",route="\/api\/company",status_code="401"\} [1-9]/,
    );
    expect(res.body).toMatch(/facturo_http_requests_total\{method="GET",route="unmatched",status_code="404"\} [1-9]/);
    expect(res.body).toMatch(
      /facturo_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/company",status_code="200"\}/,
    );
    expect(res.body).not.toContain('/no/such/path/123');
  });

  it('reads /metrics only with METRICS_TOKEN, on any host; without the setting /metrics is off', async () => {
    for (const host of ['localhost', t.tenant.hostname, 'admin.localhost']) {
      const bare = await t.app.inject({ method: 'GET', url: '/metrics', headers: { host } });
      expect(bare.statusCode, host).toBe(401);
      expect(bare.body).not.toContain('facturo_');
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: '/metrics',
            headers: { host, authorization: 'Bearer otro-token-cualquiera' },
          })
        ).statusCode,
      ).toBe(401);
      // A tenant's API token is not the metrics token.
      expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: t.tenant.headers })).statusCode).toBe(401);
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: '/metrics',
            headers: { host, authorization: `Bearer ${METRICS_TOKEN}` },
          })
        ).statusCode,
      ).toBe(200);
    }
    const off = await createTestApp();
    try {
      const res = await off.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('metrics_disabled');
    } finally {
      await off.close();
    }
  });
});
