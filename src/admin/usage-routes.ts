// GET /api/extra-services/client-usage-apidocs (admin host): API calls per tenant per month, last 12 months
// (counted by src/tenancy/usage-counter.ts), paginated by tenant; resellers see their own tenants.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, pageNumber } from '../platform/http/schemas.ts';
import { adminCaller, requireAdmin } from './auth.ts';
import { tenantScope } from './service.ts';

function lastMonths(n: number, now = new Date()): string[] {
  const out: string[] = [];
  for (let i = n - 1; i >= 0; i -= 1) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    out.push(d.toISOString().slice(0, 7));
  }
  return out;
}

export const usageRoutes: FastifyPluginAsync = async (app) => {
  const central = app.platform.db.central;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/extra-services/client-usage-apidocs',
    {
      onRequest: requireAdmin(central),
      config: { auth: 'none', openapiSecurity: ['adminAuth'] },
      schema: {
        summary: 'Llamadas a la API por empresa y mes (últimos 12 meses)',
        querystring: z.object({ page: pageNumber(), per_page: z.coerce.number().int().min(1).max(100).default(10) }),
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({
              months: z.array(z.string()),
              system_usage: z.array(z.object({ month: z.string(), quantity: z.number() })),
              clients: z.array(
                z.object({
                  client_id: z.number(),
                  client_name: z.string(),
                  hostname: z.string(),
                  usage: z.array(z.object({ month: z.string(), quantity: z.number() })),
                }),
              ),
              pagination: z.object({
                current_page: z.number(),
                per_page: z.number(),
                total: z.number(),
                last_page: z.number(),
              }),
            }),
          }),
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const caller = adminCaller(request);
      const { page, per_page: perPage } = request.query;
      const months = lastMonths(12);
      const where = tenantScope(caller);
      const [total, tenants, totals] = await Promise.all([
        central.tenant.count({ where }),
        central.tenant.findMany({
          where,
          orderBy: { id: 'asc' },
          skip: (page - 1) * perPage,
          take: perPage,
          include: { hostnames: { take: 1, orderBy: { id: 'asc' } }, usage: { where: { month: { in: months } } } },
        }),
        central.apiUsage.groupBy({
          by: ['month'],
          where: { month: { in: months }, tenant: where },
          _sum: { count: true },
        }),
      ]);
      const sumByMonth = new Map(totals.map((t) => [t.month, t._sum.count ?? 0]));
      return {
        success: true as const,
        data: {
          months,
          system_usage: months.map((m) => ({ month: m, quantity: sumByMonth.get(m) ?? 0 })),
          clients: tenants.map((t) => {
            const byMonth = new Map(t.usage.map((u) => [u.month, u.count]));
            return {
              client_id: t.id,
              client_name: t.name,
              hostname: t.hostnames[0]?.hostname ?? '',
              usage: months.map((m) => ({ month: m, quantity: byMonth.get(m) ?? 0 })),
            };
          }),
          pagination: {
            current_page: page,
            per_page: perPage,
            total,
            last_page: Math.max(1, Math.ceil(total / perPage)),
          },
        },
      };
    },
  );
};
