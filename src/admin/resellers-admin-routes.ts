// POST /api/resellers (admin only): a reseller account and its login, so that no one needs SQL to add one.
// PATCH /api/tenants/{id}: a tenant's plan, e-mail and lock (a lock is a fact with its author and reason:
// src/admin/locks.ts), within the caller's scope.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../platform/errors.ts';
import { ErrorBodySchema, INT4_MAX, rowId } from '../platform/http/schemas.ts';
import { adminCaller, requireAdmin } from './auth.ts';
import { setTenantLock, tenantLockState } from './locks.ts';
import { createReseller } from './resellers-service.ts';
import { tenantInScope } from './service.ts';

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

const responses = {
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  422: ErrorBodySchema,
};

export const resellersAdminRoutes: FastifyPluginAsync = async (app) => {
  const { platform } = app;
  const central = platform.db.central;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/resellers',
    {
      onRequest: requireAdmin(central, ['admin']),
      config: {
        auth: 'none',
        openapiSecurity: ['adminAuth'],
        openapiExamples: {
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
      schema: {
        summary: 'Crear un distribuidor y su usuario (solo administrador)',
        body: ResellerBody,
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({ id: z.number(), name: z.string(), email: z.string(), limit_tenants: z.number() }),
          }),
          ...responses,
        },
      },
    },
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
    {
      onRequest: requireAdmin(central),
      config: {
        auth: 'none',
        openapiSecurity: ['adminAuth'],
        openapiExamples: {
          plan: { summary: 'Cambiar de plan', value: { plan_id: 2 } },
          bloqueo: { summary: 'Bloquear con motivo', value: { locked: true, reason: 'Deuda pendiente de marzo' } },
        },
      },
      schema: {
        summary: 'Cambiar plan, correo o bloqueo de una empresa',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        body: TenantPatchBody,
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({
              id: z.number(),
              plan_id: z.number().nullable(),
              email: z.string().nullable(),
              locked: z.boolean(),
            }),
          }),
          ...responses,
        },
      },
    },
    async (request) => {
      const caller = adminCaller(request);
      const tenant = await tenantInScope(platform.db, caller, request.params.id);
      const b = request.body;
      if (b.plan_id !== undefined && !(await central.plan.findUnique({ where: { id: b.plan_id } }))) {
        const message = `No existe el plan ${b.plan_id}.`;
        throw errors.unprocessable('plan_not_found', message, [{ path: 'plan_id', code: 'plan_not_found', message }]);
      }
      const updated = await central.tenant.update({
        where: { id: tenant.id },
        data: { planId: b.plan_id, email: b.email },
      });
      if (b.locked !== undefined) await setTenantLock(central, caller, tenant.id, b.locked, b.reason ?? null);
      platform.hosts.invalidate();
      const state = await tenantLockState(central, tenant.id);
      return {
        success: true as const,
        data: { id: updated.id, plan_id: updated.planId, email: updated.email, locked: state.locked },
      };
    },
  );
};
