// POST /api/resellers (admin only): a reseller account and its login, so that no one needs SQL to add one.
// PATCH /api/tenants/{id}: a tenant's plan, e-mail and lock (a lock is a fact with its author and reason:
// src/admin/locks.ts), within the caller's scope.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INT4_MAX, rowId } from '../platform/http/schemas.ts';
import { adminCaller } from './auth.ts';
import { adminRoute } from './route-options.ts';
import { createReseller } from './resellers-service.ts';
import { updateTenant } from './tenants-service.ts';

const ResellerBody = z
  .object({
    name: z.string().trim().min(1).max(200).describe('Nombre del distribuidor'),
    email: z.email({ message: 'Correo electrónico inválido.' }).max(254).describe('Correo con el que inicia sesión'),
    password: z.string().min(8, { message: 'La contraseña debe tener 8 caracteres o más.' }).max(200),
    limit_tenants: z
      .number()
      .int()
      .min(0)
      .max(1_000_000)
      .default(0)
      .describe('Empresas que puede crear (0 = sin límite)'),
    limit_documents_month: z
      .number()
      .int()
      .min(0)
      .max(INT4_MAX, { message: `El límite de comprobantes por mes es un entero entre 0 y ${INT4_MAX}.` })
      .default(0)
      .describe('Comprobantes por mes entre todas sus empresas, mes calendario de Lima (0 = sin límite)'),
  })
  .strict()
  .meta({ id: 'CreateResellerBody' });

const TenantPatchBody = z
  .object({
    plan_id: rowId().optional().describe('Plan (GET /api/plans)'),
    email: z.email({ message: 'Correo electrónico inválido.' }).max(254).nullable().optional(),
    locked: z.boolean().optional().describe('Bloquear (true) o desbloquear (false) la empresa'),
    reason: z.string().trim().min(1).max(500).optional().describe('Motivo del bloqueo'),
  })
  .strict()
  .meta({ id: 'UpdateTenantBody' });

const TenantPatched = z.object({
  success: z.literal(true),
  data: z.object({
    id: z.number(),
    plan_id: z.number().nullable(),
    email: z.string().nullable(),
    locked: z.boolean(),
  }),
});

const errorStatuses = [404, 409, 422] as const;

const ResellerCreated = z.object({
  success: z.literal(true),
  data: z.object({ id: z.number(), name: z.string(), email: z.string(), limit_tenants: z.number() }),
});

export const resellersAdminRoutes: FastifyPluginAsync = async (app) => {
  const { platform } = app;
  const { central } = platform.db;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/resellers',
    adminRoute(
      central,
      { summary: 'Crear un distribuidor y su usuario (solo administrador)', body: ResellerBody },
      ResellerCreated,
      {
        roles: ['admin'],
        errors: errorStatuses,
        examples: {
          distribuidor: {
            summary: 'Distribuidor con cupo de 20 empresas',
            value: {
              name: 'Contadores Asociados',
              email: 'ventas@contadores.example',
              password: 'Clave-segura-2026',
              limit_tenants: 20,
            },
          },
        },
      },
    ),
    async (request) => {
      const b = request.body;
      const created = await createReseller(central, {
        name: b.name,
        email: b.email,
        password: b.password,
        limitTenants: b.limit_tenants,
        limitDocumentsMonth: b.limit_documents_month,
      });
      const data = { id: created.id, name: created.name, email: created.email, limit_tenants: created.limitTenants };
      return { success: true as const, data };
    },
  );

  typed.patch(
    '/api/tenants/:id',
    adminRoute(
      central,
      {
        summary: 'Cambiar plan, correo o bloqueo de una empresa',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        body: TenantPatchBody,
      },
      TenantPatched,
      {
        errors: errorStatuses,
        examples: {
          plan: { summary: 'Cambiar de plan', value: { plan_id: 2 } },
          bloqueo: { summary: 'Bloquear con motivo', value: { locked: true, reason: 'Deuda pendiente de marzo' } },
        },
      },
    ),
    async (request) => ({
      success: true as const,
      data: await updateTenant(platform, adminCaller(request), request.params.id, request.body),
    }),
  );
};
