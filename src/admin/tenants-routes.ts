// POST /api/tenants and GET /api/tenants (admin host): create a tenant (tenants-service.ts: provisioning, with SOL
// credentials and a checked PFX for production), list them. PATCH /api/tenants/{id} is resellers-admin-routes.ts's.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../platform/http/schemas.ts';
import { requestExample } from '../platform/http/openapi-parts.ts';
import { adminCaller, requireAdmin } from './auth.ts';
import { CreateTenantBody, TenantCreated, TenantList, TenantListQuery } from './tenants-schemas.ts';
import { presentTenantsPage } from './tenants-presenter.ts';
import { createTenant, tenantsPage } from './tenants-service.ts';

function createRoute(app: FastifyInstance) {
  const { platform } = app;
  app.withTypeProvider<ZodTypeProvider>().post(
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
        body: CreateTenantBody,
        response: {
          200: TenantCreated,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          409: ErrorBodySchema,
          422: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const created = await createTenant(platform, adminCaller(request), request.body);
      return {
        success: true as const,
        message: 'Empresa creada exitosamente',
        id: created.tenant.id,
        hostname: created.tenant.hostname,
        database: created.tenant.database,
        token: created.token,
        password: created.password,
        warnings: created.warnings,
      };
    },
  );
}

function listRoute(app: FastifyInstance) {
  const { platform } = app;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/tenants',
    {
      onRequest: requireAdmin(platform.db.central),
      config: { auth: 'none', openapiSecurity: ['adminAuth'] },
      schema: {
        summary: 'Listar empresas (paginado)',
        querystring: TenantListQuery,
        response: { 200: TenantList, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => {
      const { page, per_page: perPage } = request.query;
      return presentTenantsPage(await tenantsPage(platform, adminCaller(request), page, perPage), page, perPage);
    },
  );
}

export const tenantsRoutes: FastifyPluginAsync = async (app) => {
  createRoute(app);
  listRoute(app);
};
