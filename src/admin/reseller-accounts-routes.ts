// GET /api/resellers and PATCH /api/resellers/{id} (admin only): the resellers with their quotas, how much of them
// they use and their lock; a reseller's quotas changed (0 = no limit). POST /api/resellers creates one
// (resellers-admin-routes.ts); /api/reseller/lockedAdmin locks one.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ResellerPatchBody, ResellerRow } from './reseller-accounts-schemas.ts';
import { adminRoute } from './route-options.ts';
import { presentReseller } from './resellers-presenter.ts';
import { listResellers, updateResellerLimits } from './resellers-service.ts';

const errorStatuses = [404, 422] as const;

export const resellerAccountsRoutes: FastifyPluginAsync = async (app) => {
  const central = app.platform.db.central;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/resellers',
    adminRoute(
      central,
      { summary: 'Distribuidores con sus cupos, empresas y bloqueo (solo administrador)' },
      z.object({ success: z.literal(true), data: z.array(ResellerRow) }),
      { roles: ['admin'], errors: errorStatuses },
    ),
    async () => ({ success: true as const, data: (await listResellers(central)).map(presentReseller) }),
  );

  typed.patch(
    '/api/resellers/:id',
    adminRoute(
      central,
      {
        summary: 'Cambiar los cupos de un distribuidor (solo administrador)',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        body: ResellerPatchBody,
      },
      z.object({ success: z.literal(true), data: ResellerRow }),
      {
        roles: ['admin'],
        errors: errorStatuses,
        examples: { cupo: { summary: 'Cupo de 50 empresas', value: { limit_tenants: 50 } } },
      },
    ),
    async (request) => ({
      success: true as const,
      data: presentReseller(await updateResellerLimits(central, request.params.id, request.body)),
    }),
  );
};
