// POST /api/tenants and GET /api/tenants (admin host): create a tenant (tenants-service.ts: provisioning, with SOL
// credentials and a checked PFX for production), list them. PATCH /api/tenants/{id} is resellers-admin-routes.ts's.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestExample } from '../platform/http/openapi-parts.ts';
import { adminCaller } from './auth.ts';
import { adminRoute } from './route-options.ts';
import { CreateTenantBody, TenantCreated, TenantList, TenantListQuery } from './tenants-schemas.ts';
import { presentTenantsPage } from './tenants-presenter.ts';
import { createTenant, tenantsPage } from './tenants-service.ts';

export const tenantsRoutes: FastifyPluginAsync = async (app) => {
  const { platform } = app;
  const { central } = platform.db;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/tenants',
    adminRoute(central, { summary: 'Crear una empresa (tenant)', body: CreateTenantBody }, TenantCreated, {
      errors: [409, 422],
      examples: requestExample('Empresa demo', {
        ruc: '20123456786',
        subdomain: 'acme',
        email: 'admin@acme.example',
        plan_id: 1,
        name: 'ACME S.A.C.',
      }),
    }),
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

  typed.get(
    '/api/tenants',
    adminRoute(central, { summary: 'Listar empresas (paginado)', querystring: TenantListQuery }, TenantList),
    async (request) => {
      const { page, per_page: perPage } = request.query;
      const tenants = await tenantsPage(platform, adminCaller(request), page, perPage, request.log);
      return presentTenantsPage(tenants, page, perPage);
    },
  );
};
