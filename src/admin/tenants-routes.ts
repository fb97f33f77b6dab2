// POST /api/tenants and GET /api/tenants (admin host): create a tenant through the provisioning service (schema,
// migrations, company, series, first user and token), list them. Production tenants bring SOL credentials and a
// PFX checked on upload (private key present, not expired); secrets are sealed with SECRETS_KEY.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CertificateError, type KeyMaterial } from '../crypto/certificates.ts';
import { loadPfxOffThread } from '../crypto/pfx-off-thread.ts';
import { errors } from '../platform/errors.ts';
import { ErrorBodySchema, pageNumber, rowId, warningsField } from '../platform/http/schemas.ts';
import { requestExample } from '../platform/http/openapi-parts.ts';
import { AddressBody } from '../tenancy/profile-schemas.ts';
import { FirstEstablishmentBody, withFirstEstablishment } from '../tenancy/first-establishment.ts';
import { provisionTenant, resellerLimitReached } from '../tenancy/provision.ts';
import { adminCaller, requireAdmin } from './auth.ts';
import { companyIdentity } from './padron-address.ts';
import { tenantLockState } from './locks.ts';
import { LockFactSchema } from './reseller-routes.ts';
import { tenantCounts, tenantScope } from './service.ts';

const Body = z
  .object({
    ruc: z
      .string()
      .regex(/^\d{11}$/, { message: 'El RUC debe tener 11 dígitos.' })
      .describe('RUC de la empresa'),
    subdomain: z.string().trim().toLowerCase().min(1).max(40).describe('Subdominio: {subdomain}.APP_DOMAIN'),
    email: z
      .email({ message: 'Correo electrónico inválido.' })
      .max(254)
      .describe('Correo del usuario administrador de la empresa'),
    plan_id: rowId().describe('Plan (GET /api/plans)'),
    name: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe(
        'Razón social: obligatoria salvo que el RUC esté en el padrón importado (se usa la suya, con un aviso)',
      ),
    nombre_comercial: z.string().trim().min(1).max(200).optional().describe('Nombre comercial'),
    direccion: AddressBody.optional().describe('Domicilio fiscal (por defecto el del padrón RUC, si lo tiene)'),
    establecimiento: FirstEstablishmentBody.optional(),
    soap_type_id: z.enum(['01', '02']).default('01').describe('01 demo (SUNAT beta o simulador), 02 producción'),
    soap_username: z.string().trim().min(1).max(20).optional().describe('Usuario SOL (producción)'),
    soap_password: z.string().min(1).max(100).optional().describe('Clave SOL (producción)'),
    certificate: z.string().max(200_000).optional().describe('Certificado digital PFX en base64 (producción)'),
    certificate_password: z.string().max(200).optional().describe('Contraseña del PFX'),
    database: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .optional()
      .describe(
        'Servidor de base de datos donde crearla (npx facturo database:list; solo administradores). Por defecto, el que tiene menos empresas',
      ),
  })
  .meta({ id: 'CreateTenantBody' });

const Created = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.number(),
  hostname: z.string(),
  database: z.string().describe('Servidor de base de datos donde vive la empresa'),
  token: z.string().describe('Token API de la empresa: se muestra una sola vez'),
  password: z.string().describe('Contraseña del usuario administrador: se muestra una sola vez'),
  ...warningsField,
});

/** The uploaded PFX, read off the event loop (node-forge derives keys synchronously). */
async function certificateFrom(base64: string | undefined, password: string | undefined): Promise<KeyMaterial | null> {
  if (!base64) return null;
  try {
    return await loadPfxOffThread(Buffer.from(base64, 'base64'), password ?? '');
  } catch (error) {
    if (error instanceof CertificateError) {
      throw errors.unprocessable(error.code, error.message, [
        { path: 'certificate', code: error.code, message: error.message },
      ]);
    }
    throw error;
  }
}

export const tenantsRoutes: FastifyPluginAsync = async (app) => {
  const { platform } = app;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/tenants',
    {
      onRequest: requireAdmin(platform.db.central),
      config: {
        openapiExamples: requestExample('Empresa demo', {
          ruc: '20123456786',
          subdomain: 'acme',
          email: 'admin@acme.example',
          plan_id: 1,
          name: 'ACME S.A.C.',
        }),
        auth: 'none',
        openapiSecurity: ['adminAuth'],
      },
      schema: {
        summary: 'Crear una empresa (tenant)',
        body: Body,
        response: {
          200: Created,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          409: ErrorBodySchema,
          422: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const caller = adminCaller(request);
      const b = request.body;
      if (!(await platform.db.central.plan.findUnique({ where: { id: b.plan_id } }))) {
        throw errors.unprocessable('plan_not_found', `No existe el plan ${b.plan_id}.`, [
          { path: 'plan_id', code: 'plan_not_found', message: 'Plan inexistente.' },
        ]);
      }
      if (b.database !== undefined && caller.role !== 'admin') {
        throw errors.forbidden(
          'database_choice_admin_only',
          'Solo un administrador elige el servidor de base de datos de una empresa.',
        );
      }
      if (caller.role === 'reseller') {
        const reseller = await platform.db.central.reseller.findUniqueOrThrow({ where: { id: caller.resellerId! } });
        const used = await platform.db.central.tenant.count({ where: { resellerId: reseller.id } });
        // The early answer; provisioning counts again under the reseller's lock, which is what holds the limit.
        if (reseller.limitTenants > 0 && used >= reseller.limitTenants)
          throw resellerLimitReached(reseller.limitTenants);
      }
      const production = b.soap_type_id === '02';
      const identity = await companyIdentity(platform.db.central, b.ruc, { name: b.name, address: b.direccion });
      const result = await provisionTenant(
        { db: platform.db, config: platform.config, secrets: platform.secrets, hosts: platform.hosts },
        {
          ruc: b.ruc,
          name: identity.name,
          tradeName: b.nombre_comercial ?? null,
          ...withFirstEstablishment(identity.address, b.establecimiento),
          subdomain: b.subdomain,
          email: b.email,
          planId: b.plan_id,
          resellerId: caller.resellerId,
          sunatMode: production ? 'production' : 'demo',
          solUser: b.soap_username ?? null,
          solPassword: b.soap_password ?? null,
          certificate: await certificateFrom(b.certificate, b.certificate_password),
          user: { email: b.email },
          database: b.database ?? null,
        },
      );
      return {
        success: true as const,
        message: 'Empresa creada exitosamente',
        id: result.tenant.id,
        hostname: result.tenant.hostname,
        database: result.tenant.database,
        token: result.token,
        password: result.password,
        warnings: identity.warnings,
      };
    },
  );

  typed.get(
    '/api/tenants',
    {
      onRequest: requireAdmin(platform.db.central),
      config: { auth: 'none', openapiSecurity: ['adminAuth'] },
      schema: {
        summary: 'Listar empresas (paginado)',
        querystring: z.object({
          page: pageNumber(),
          per_page: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: {
          200: z.object({
            data: z.array(
              z.object({
                id: z.number(),
                ruc: z.string(),
                name: z.string(),
                subdomain: z.string(),
                hostname: z.string(),
                email: z.string().nullable(),
                plan_id: z.number().nullable(),
                reseller_id: z.number().nullable(),
                locked_tenant: z.boolean(),
                locked_emission: z.boolean(),
                sunat_mode: z.string(),
                database: z.string().describe('Servidor de base de datos donde vive'),
                created_at: z.string(),
                plan_name: z.string().nullable(),
                documents_month: z.number().describe('Comprobantes emitidos este mes'),
                locks: z.array(LockFactSchema).describe('Bloqueos vigentes, con su autor y motivo'),
              }),
            ),
            pagination: z.object({ page: z.number(), per_page: z.number(), total: z.number(), last_page: z.number() }),
          }),
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const caller = adminCaller(request);
      const { page, per_page: perPage } = request.query;
      const where = tenantScope(caller);
      const [total, tenants] = await Promise.all([
        platform.db.central.tenant.count({ where }),
        platform.db.central.tenant.findMany({
          where,
          orderBy: { id: 'asc' },
          skip: (page - 1) * perPage,
          take: perPage,
          include: { hostnames: { take: 1, orderBy: { id: 'asc' } }, plan: { select: { name: true } } },
        }),
      ]);
      const extras = await Promise.all(
        tenants.map(async (t) => ({
          counts: await tenantCounts(platform.db, t.schemaName),
          lock: await tenantLockState(platform.db.central, t.id),
        })),
      );
      return {
        data: tenants.map((t, i) => ({
          id: t.id,
          ruc: t.ruc,
          name: t.name,
          subdomain: t.subdomain,
          hostname: t.hostnames[0]?.hostname ?? '',
          email: t.email,
          plan_id: t.planId,
          reseller_id: t.resellerId,
          locked_tenant: t.lockedTenant,
          locked_emission: t.lockedEmission,
          sunat_mode: t.sunatMode,
          database: t.databaseServer,
          created_at: t.createdAt.toISOString(),
          plan_name: t.plan?.name ?? null,
          documents_month: extras[i].counts.documentsMonth,
          locks: extras[i].lock.locks,
        })),
        pagination: { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) },
      };
    },
  );
};
