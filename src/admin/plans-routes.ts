// GET /api/plans on the admin host: the plans a tenant can be given, public (no session), as FacturadorPro
// lists them — pricing as a 2-decimal string, limits where 0 means unlimited.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { presentPlan } from './plans-presenter.ts';
import { allPlans } from './plans-service.ts';

const PlansSchema = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      pricing: z.string(),
      limit_users: z.number(),
      limit_documents: z.number(),
      locked: z.boolean(),
    }),
  ),
});

export const plansRoutes: FastifyPluginAsync = async (app) => {
  const central = app.platform.db.central;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/plans',
    {
      config: { auth: 'none' },
      schema: {
        summary: 'Planes (público)',
        response: { 200: PlansSchema },
      },
    },
    async () => ({ data: (await allPlans(central)).map(presentPlan) }),
  );
};
