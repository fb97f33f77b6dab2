// Prometheus metrics at GET /metrics (any host): request counts and latency by route pattern and status,
// plus the process defaults. One registry per app, so tests can build many apps in one process.
// Read with `Authorization: Bearer <METRICS_TOKEN>` (what Prometheus' scrape `authorization` sends): a token
// rather than the admin host, because scrapers reach a process by its own address, not through the public
// host names. Without METRICS_TOKEN the route is off.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { errors } from '../errors.ts';
import { hashesEqual, hashToken } from '../tokens.ts';
import { requireBearer, tokenNotValid } from './credentials.ts';
import { ErrorBodySchema } from './schemas.ts';

function checkMetricsToken(expected: string | null, request: FastifyRequest): void {
  if (!expected)
    throw errors.notFound('metrics_disabled', 'Las métricas están desactivadas: defina METRICS_TOKEN para leerlas.');
  const token = requireBearer(request.headers.authorization, 'METRICS_TOKEN');
  if (!hashesEqual(hashToken(token), hashToken(expected))) tokenNotValid('El token no es METRICS_TOKEN.');
}

export function installMetrics(app: FastifyInstance, token: string | null): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'facturo_' });
  const requests = new Counter({
    name: 'facturo_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'facturo_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    // Unmatched URLs share one label: a scan of random paths must not create unbounded series.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  app.get(
    '/metrics',
    {
      config: { openapiSecurity: ['metricsAuth'] },
      onRequest: async (request) => checkMetricsToken(token, request),
      schema: {
        tags: ['health'],
        summary: 'Métricas Prometheus (formato de texto; Authorization: Bearer METRICS_TOKEN)',
        response: {
          200: { description: 'Exposición de texto de Prometheus', content: { 'text/plain': { schema: z.string() } } },
          401: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (_request, reply) => {
      void reply.type(registry.contentType);
      return registry.metrics();
    },
  );
  return registry;
}
