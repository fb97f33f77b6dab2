// GET /api/resellers and PATCH /api/resellers/{id} (admin only): the resellers with their quotas, how much of them
// they use and their lock; a reseller's quotas changed (0 = no limit). POST /api/resellers creates one
// (resellers-admin-routes.ts); /api/reseller/lockedAdmin locks one.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '../platform/http/schemas.ts';
import { requireAdmin } from './auth.ts';
import { ResellerPatchBody, ResellerRow } from './reseller-accounts-schemas.ts';
import { presentReseller } from './resellers-presenter.ts';
import { listResellers, updateResellerLimits } from './resellers-service.ts';

const responses = { 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 422: ErrorBodySchema };

export const resellerAccountsRoutes: FastifyPluginAsync = async (app) => {
  const central = app.platform.db.central;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/resellers',
    {
      onRequest: requireAdmin(central, ['admin']),
      config: { auth: 'none', openapiSecurity: ['adminAuth'] },
      schema: {
        summary: 'Distribuidores con sus cupos, empresas y bloqueo (solo administrador)',
        response: { 200: z.object({ success: z.literal(true), data: z.array(ResellerRow) }), ...responses },
      },
    },
    async () => ({ success: true as const, data: (await listResellers(central)).map(presentReseller) }),
  );

  typed.patch(
    '/api/resellers/:id',
    {
      onRequest: requireAdmin(central, ['admin']),
      config: {
        auth: 'none',
        openapiSecurity: ['adminAuth'],
        openapiExamples: { cupo: { summary: 'Cupo de 50 empresas', value: { limit_tenants: 50 } } },
      },
      schema: {
        summary: 'Cambiar los cupos de un distribuidor (solo administrador)',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        body: ResellerPatchBody,
        response: { 200: z.object({ success: z.literal(true), data: ResellerRow }), ...responses },
      },
    },
    async (request) => ({
      success: true as const,
      data: presentReseller(await updateResellerLimits(central, request.params.id, request.body)),
    }),
  );
};
