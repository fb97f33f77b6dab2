// The reseller endpoints on the admin host (FacturadorPro's paths, with its flaws fixed: never tokens, resellers
// confined to their own tenants, locks are facts with an author (src/admin/locks.ts) and take effect within
// HOST_CACHE_TTL_MS — and at once in this process). The work is reseller-service.ts's.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rowId, warningsField } from '../platform/http/schemas.ts';
import { adminCaller } from './auth.ts';
import { requestExample } from '../platform/http/openapi-parts.ts';
import { LockFactSchema } from './lock-schemas.ts';
import { lockMessage } from './locks.ts';
import { presentResellerTenant } from './reseller-presenter.ts';
import { lockReseller, lockTenant, resellerQuota, tenantsWithCounts } from './reseller-service.ts';
import { adminRoute } from './route-options.ts';
import { monthStart } from './service.ts';

const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);
const reason = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .optional()
  .describe('Motivo del bloqueo (queda registrado con su autor y fecha)');
const ResellerLockResult = z.object({
  success: z.literal(true),
  message: z.string(),
  locked: z.boolean(),
  ...warningsField,
});
const TenantLockResult = z.object({
  success: z.literal(true),
  message: z.string(),
  locked: z.boolean().describe('¿La empresa sigue bloqueada?'),
  locks: z.array(LockFactSchema).describe('Bloqueos vigentes'),
  ...warningsField,
});

/** A lock route's errors besides 401 and 403: what is not there (404), what is wrong (422). */
const lockErrors = [404, 422] as const;

const ResellerTenants = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      hostname: z.string(),
      name: z.string(),
      email: z.string().nullable(),
      number: z.string(),
      plan: z.string().nullable(),
      locked: z.boolean(),
      locked_emission: z.boolean(),
      locked_tenant: z.boolean(),
      count_doc: z.number(),
      count_doc_month: z.number(),
      max_documents: z.number(),
      count_user: z.number(),
      max_users: z.number(),
      created_at: z.string(),
    }),
  ),
  ...warningsField,
});

const ResellerQuota = z.object({
  success: z.literal(true),
  data: z.object({
    tenants: z.object({ used: z.number(), allowed: z.number() }),
    documents_month: z.object({ used: z.number(), allowed: z.number() }),
    month: z.string(),
  }),
});

export const resellerRoutes: FastifyPluginAsync = async (app) => {
  const { platform } = app;
  const { central } = platform.db;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/reseller/detail',
    adminRoute(
      central,
      {
        summary: 'Empresas del distribuidor con sus consumos (sin tokens)',
        body: z.object({}).optional().describe('Sin campos (FacturadorPro envía un cuerpo vacío).'),
      },
      ResellerTenants,
      { examples: requestExample('Resumen del distribuidor', {}) },
    ),
    async (request) => ({
      data: (await tenantsWithCounts(platform, adminCaller(request))).map(presentResellerTenant),
    }),
  );

  typed.get(
    '/api/reseller/detailsLimitReseller',
    adminRoute(
      central,
      { summary: 'Cupo del distribuidor: empresas y comprobantes del mes (usados / permitidos, 0 = ilimitado)' },
      ResellerQuota,
      { roles: ['reseller'] },
    ),
    async (request) => {
      const quota = await resellerQuota(platform, adminCaller(request));
      return { success: true as const, data: { ...quota, month: monthStart().toISOString().slice(0, 7) } };
    },
  );

  typed.post(
    '/api/reseller/lockedAdmin',
    adminRoute(
      central,
      {
        summary: 'Bloquear o desbloquear la cuenta de un distribuidor, y con ella sus empresas (solo administrador)',
        description: 'Bloquear cierra sus sesiones abiertas. Desbloquear no toca los bloqueos propios de cada empresa.',
        body: z.object({ id: rowId().describe('Id del distribuidor'), locked_admin: flag, reason }),
      },
      ResellerLockResult,
      {
        roles: ['admin'],
        errors: lockErrors,
        examples: requestExample('Bloquear un distribuidor', {
          id: 999999,
          locked_admin: true,
          reason: 'Falta de pago',
        }),
      },
    ),
    async (request) => {
      const { id, locked_admin: locked } = request.body;
      await lockReseller(platform, adminCaller(request), id, locked, request.body.reason ?? null);
      return { success: true as const, message: locked ? 'Cuenta bloqueada' : 'Cuenta desbloqueada', locked };
    },
  );

  typed.post(
    '/api/reseller/lockedTenant',
    adminRoute(
      central,
      {
        summary: 'Bloquear o desbloquear una empresa (su API responde 403 tenant_locked)',
        description:
          'Cada autoridad (administrador o distribuidor) retira solo su propio bloqueo; el del administrador prevalece.',
        body: z.object({ id: rowId().describe('Id de la empresa'), locked_tenant: flag, reason }),
      },
      TenantLockResult,
      {
        errors: lockErrors,
        examples: requestExample('Bloquear una empresa', { id: 999999, locked_tenant: true, reason: 'Falta de pago' }),
      },
    ),
    async (request) => {
      const { id, locked_tenant: requested } = request.body;
      const state = await lockTenant(platform, adminCaller(request), id, requested, request.body.reason ?? null);
      return { success: true as const, message: lockMessage(requested, state), ...state };
    },
  );
};
