// GET /api/extra-services/client-usage-apidocs (admin host): API calls per tenant per month, last 12 months
// (counted by src/tenancy/usage-counter.ts), paginated by tenant; resellers see their own tenants.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminCaller } from './auth.ts';
import { pageQuery } from './pagination.ts';
import { adminRoute } from './route-options.ts';
import { presentUsage } from './usage-presenter.ts';
import { apiUsage } from './usage-service.ts';

export const usageRoutes: FastifyPluginAsync = async (app) => {
  const central = app.platform.db.central;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/extra-services/client-usage-apidocs',
    adminRoute(
      central,
      { summary: 'Llamadas a la API por empresa y mes (últimos 12 meses)', querystring: pageQuery(10) },
      z.object({
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
    ),
    async (request) => {
      const { page, per_page: perPage } = request.query;
      const usage = await apiUsage(central, adminCaller(request), page, perPage);
      return { success: true as const, data: presentUsage(usage, page, perPage) };
    },
  );
};
