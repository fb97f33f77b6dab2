// Test-only routes that exercise the platform through real features: a tenant JSON endpoint with a zod body
// (validation paths, 400/413/415), a rate-limited route, the same method + path on the admin and the tenant
// host, and a route that fails unexpectedly (5xx must not leak).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminFeature, anyHostFeature, tenantFeature, type Feature } from '../../src/platform/http/features.ts';
import { tenantErrorResponses } from '../../src/platform/http/schemas.ts';

const EchoBody = z
  .object({
    serie_documento: z.string().regex(/^[FB]\d{3}$/, 'La serie debe tener el formato F### o B###'),
    items: z.array(z.object({ descripcion: z.string(), total_igv: z.number().nonnegative() })).min(1),
  })
  .strict();

const tenantProbe: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/_probe/echo',
    {
      schema: {
        body: EchoBody,
        response: {
          200: z.object({ success: z.literal(true), tenant: z.string(), user: z.string(), items: z.number() }),
          ...tenantErrorResponses,
        },
      },
    },
    async (request) => ({
      success: true as const,
      tenant: request.tenant.subdomain,
      user: request.tenant.user.email,
      items: request.body.items.length,
    }),
  );

  typed.get('/api/_probe/public', { config: { auth: 'none' } }, async (request) => ({
    tenant: request.tenant.subdomain,
    authenticated: request.tenant.isAuthenticated,
  }));

  typed.post('/api/_probe/both-hosts', { schema: { body: z.object({ email: z.string() }) } }, async (request) => ({
    host: 'tenant',
    tenant: request.tenant.subdomain,
  }));

  typed.get('/api/_probe/raw-series', async (request) => {
    const { db } = request.tenant;
    const rows = await db.$queryRaw<
      { serie: string }[]
    >`SELECT serie FROM ${request.tenant.table('series')} ORDER BY serie`;
    return { series: rows.map((r) => r.serie) };
  });

  typed.get('/api/_probe/boom', async () => {
    throw new Error('secret internal detail: password=hunter2 at /srv/facturo/src/x.ts:42');
  });
};

const adminProbe: FastifyPluginAsync = async (app) => {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/api/_probe/both-hosts', { schema: { body: z.object({ email: z.string() }) } }, async () => ({
      host: 'admin',
    }));
};

const anyHostProbe: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/_probe/limited',
    {
      config: {
        rateLimit: {
          max: 2,
          timeWindow: 60_000,
          keyGenerator: (req) => String(req.headers['x-probe-client'] ?? req.ip),
        },
      },
    },
    async () => ({ ok: true }),
  );
};

export const probeFeatures: Feature[] = [
  tenantFeature(tenantProbe, { name: 'tenant-probe' }),
  adminFeature(adminProbe, { name: 'admin-probe' }),
  anyHostFeature(anyHostProbe, { name: 'any-host-probe' }),
];
