// The reseller endpoints on the admin host (FacturadorPro's paths, with its flaws fixed: never tokens, resellers
// confined to their own tenants, locks are facts with an author (src/admin/locks.ts) and take effect within
// HOST_CACHE_TTL_MS — and at once in this process).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../platform/errors.ts';
import { ErrorBodySchema, rowId, warningsField } from '../platform/http/schemas.ts';
import { adminCaller, requireAdmin } from './auth.ts';
import { requestExample } from '../platform/http/openapi-parts.ts';
import { lockMessage, setResellerLock, setTenantLock } from './locks.ts';
import { monthStart, tenantCounts, tenantInScope, tenantScope } from './service.ts';

const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);
const reason = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .optional()
  .describe('Motivo del bloqueo (queda registrado con su autor y fecha)');
export const LockFactSchema = z.object({
  scope: z.enum(['tenant', 'reseller']).describe('tenant: bloqueo de la empresa; reseller: bloqueo de su distribuidor'),
  authority: z.enum(['admin', 'reseller']).describe('Quién lo puso: administrador o distribuidor'),
  locked_by: z.string().nullable(),
  reason: z.string().nullable(),
  locked_at: z.string(),
});
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

/** A lock route's answers: the result, or who may not (401/403), what is not there (404), what is wrong (422). */
function lockResponses<T>(ok: T) {
  return { 200: ok, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 422: ErrorBodySchema };
}

export const resellerRoutes: FastifyPluginAsync = async (app) => {
  const { platform } = app;
  const central = platform.db.central;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/reseller/detail',
    {
      onRequest: requireAdmin(central),
      config: {
        openapiExamples: requestExample('Resumen del distribuidor', {}),
        auth: 'none',
        openapiSecurity: ['adminAuth'],
      },
      schema: {
        summary: 'Empresas del distribuidor con sus consumos (sin tokens)',
        body: z.object({}).optional().describe('Sin campos (FacturadorPro envía un cuerpo vacío).'),
        response: {
          200: z.object({
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
          }),
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const caller = adminCaller(request);
      const tenants = await central.tenant.findMany({
        where: tenantScope(caller),
        orderBy: { id: 'asc' },
        include: { plan: true, reseller: true, hostnames: { take: 1, orderBy: { id: 'asc' } } },
      });
      const data = [];
      for (const t of tenants) {
        const counts = await tenantCounts(platform.db, t.schemaName);
        data.push({
          id: t.id,
          hostname: t.hostnames[0]?.hostname ?? '',
          name: t.name,
          email: t.email,
          number: t.ruc,
          plan: t.plan?.name ?? null,
          locked: t.lockedTenant || (t.reseller?.lockedAdmin ?? false),
          locked_emission: t.lockedEmission,
          locked_tenant: t.lockedTenant,
          count_doc: counts.documents,
          count_doc_month: counts.documentsMonth,
          max_documents: t.plan?.limitDocuments ?? 0,
          count_user: counts.users,
          max_users: t.plan?.limitUsers ?? 0,
          created_at: t.createdAt.toISOString(),
        });
      }
      return { data };
    },
  );

  typed.get(
    '/api/reseller/detailsLimitReseller',
    {
      onRequest: requireAdmin(central, ['reseller']),
      config: { auth: 'none', openapiSecurity: ['adminAuth'] },
      schema: {
        summary: 'Cupo del distribuidor: empresas y comprobantes del mes (usados / permitidos, 0 = ilimitado)',
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({
              tenants: z.object({ used: z.number(), allowed: z.number() }),
              documents_month: z.object({ used: z.number(), allowed: z.number() }),
              month: z.string(),
            }),
          }),
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const caller = adminCaller(request);
      const reseller = await central.reseller.findUniqueOrThrow({ where: { id: caller.resellerId! } });
      const tenants = await central.tenant.findMany({
        where: { resellerId: reseller.id },
        select: { schemaName: true },
      });
      let documentsMonth = 0;
      for (const t of tenants) documentsMonth += (await tenantCounts(platform.db, t.schemaName)).documentsMonth;
      return {
        success: true as const,
        data: {
          tenants: { used: tenants.length, allowed: reseller.limitTenants },
          documents_month: { used: documentsMonth, allowed: reseller.limitDocumentsMonth },
          month: monthStart().toISOString().slice(0, 7),
        },
      };
    },
  );

  typed.post(
    '/api/reseller/lockedAdmin',
    {
      onRequest: requireAdmin(central, ['admin']),
      config: {
        openapiExamples: requestExample('Bloquear un distribuidor', {
          id: 999999,
          locked_admin: true,
          reason: 'Falta de pago',
        }),
        auth: 'none',
        openapiSecurity: ['adminAuth'],
      },
      schema: {
        summary: 'Bloquear o desbloquear la cuenta de un distribuidor, y con ella sus empresas (solo administrador)',
        description: 'Bloquear cierra sus sesiones abiertas. Desbloquear no toca los bloqueos propios de cada empresa.',
        body: z.object({ id: rowId().describe('Id del distribuidor'), locked_admin: flag, reason }),
        response: lockResponses(ResellerLockResult),
      },
    },
    async (request) => {
      const caller = adminCaller(request);
      const { id, locked_admin: locked } = request.body;
      const reseller = await central.reseller.findUnique({ where: { id } });
      if (!reseller) throw errors.notFound('reseller_not_found', `No existe el distribuidor ${id}.`);
      await setResellerLock(central, caller, id, locked, request.body.reason ?? null);
      platform.hosts.invalidate();
      return { success: true as const, message: locked ? 'Cuenta bloqueada' : 'Cuenta desbloqueada', locked };
    },
  );

  typed.post(
    '/api/reseller/lockedTenant',
    {
      onRequest: requireAdmin(central),
      config: {
        openapiExamples: requestExample('Bloquear una empresa', {
          id: 999999,
          locked_tenant: true,
          reason: 'Falta de pago',
        }),
        auth: 'none',
        openapiSecurity: ['adminAuth'],
      },
      schema: {
        summary: 'Bloquear o desbloquear una empresa (su API responde 403 tenant_locked)',
        description:
          'Cada autoridad (administrador o distribuidor) retira solo su propio bloqueo; el del administrador prevalece.',
        body: z.object({ id: rowId().describe('Id de la empresa'), locked_tenant: flag, reason }),
        response: lockResponses(TenantLockResult),
      },
    },
    async (request) => {
      const caller = adminCaller(request);
      const tenant = await tenantInScope(platform.db, caller, request.body.id);
      const requested = request.body.locked_tenant;
      const state = await setTenantLock(central, caller, tenant.id, requested, request.body.reason ?? null);
      platform.hosts.invalidate();
      return { success: true as const, message: lockMessage(requested, state), ...state };
    },
  );
};
