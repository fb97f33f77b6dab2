// GET /api/resellers and PATCH /api/resellers/{id} (admin only): the resellers with their quotas, how much of them
// they use and their lock; a reseller's quotas changed (0 = no limit). POST /api/resellers creates one
// (resellers-admin-routes.ts); /api/reseller/lockedAdmin locks one.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../platform/errors.ts';
import { ErrorBodySchema } from '../platform/http/schemas.ts';
import { requireAdmin } from './auth.ts';
import { LockFactSchema } from './reseller-routes.ts';

const limit = (what: string) => z.number().int().min(0).max(1_000_000).describe(`${what} (0 = sin límite)`);

const ResellerRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  limit_tenants: z.number(),
  limit_documents_month: z.number(),
  tenants: z.number().describe('Empresas creadas'),
  locked: z.boolean(),
  lock: LockFactSchema.nullable(),
  created_at: z.string(),
});

const PatchBody = z
  .object({
    limit_tenants: limit('Empresas que puede crear').optional(),
    limit_documents_month: limit('Comprobantes por mes de todas sus empresas').optional(),
  })
  .strict()
  .meta({ id: 'UpdateResellerBody' });

const responses = { 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 422: ErrorBodySchema };

const INCLUDE = {
  _count: { select: { tenants: true } },
  lock: { select: { reason: true, createdAt: true, user: { select: { email: true } } } },
} as const;

type Row = {
  id: number;
  name: string;
  email: string;
  limitTenants: number;
  limitDocumentsMonth: number;
  createdAt: Date;
  _count: { tenants: number };
  lock: { reason: string | null; createdAt: Date; user: { email: string } | null } | null;
};

function present(r: Row): z.infer<typeof ResellerRow> {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    limit_tenants: r.limitTenants,
    limit_documents_month: r.limitDocumentsMonth,
    tenants: r._count.tenants,
    locked: r.lock !== null,
    lock: r.lock
      ? {
          scope: 'reseller',
          authority: 'admin',
          locked_by: r.lock.user?.email ?? null,
          reason: r.lock.reason,
          locked_at: r.lock.createdAt.toISOString(),
        }
      : null,
    created_at: r.createdAt.toISOString(),
  };
}

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
    async () => {
      const rows = await central.reseller.findMany({ orderBy: { id: 'asc' }, include: INCLUDE });
      return { success: true as const, data: rows.map(present) };
    },
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
        body: PatchBody,
        response: { 200: z.object({ success: z.literal(true), data: ResellerRow }), ...responses },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await central.reseller.findUnique({ where: { id }, select: { id: true } })))
        throw errors.notFound('reseller_not_found', `No existe el distribuidor ${id}.`);
      const b = request.body;
      const row = await central.reseller.update({
        where: { id },
        data: { limitTenants: b.limit_tenants, limitDocumentsMonth: b.limit_documents_month },
        include: INCLUDE,
      });
      return { success: true as const, data: present(row) };
    },
  );
};
