// GET /api/extra-services/client-usage-apidocs (admin host): API calls per tenant per month, last 12 months
// (counted by src/tenancy/usage-counter.ts), paginated by tenant; resellers see their own tenants.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, pageNumber } from '../platform/http/schemas.ts';
import { adminCaller, requireAdmin } from './auth.ts';
import { presentUsage } from './usage-presenter.ts';
import { apiUsage } from './usage-service.ts';

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
      const { page, per_page: perPage } = request.query;
      const usage = await apiUsage(central, adminCaller(request), page, perPage);
      return { success: true as const, data: presentUsage(usage, page, perPage) };
    },
  );
};
