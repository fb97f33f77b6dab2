// GET /api/company on a tenant host: the company behind the token (no secrets) and its series. Lets an ERP
// (and the CI smoke) check its token and configuration before issuing anything.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tenantErrorResponses } from '../../platform/http/schemas.ts';
import { presentCompany } from './presenter.ts';
import { CompanySchema } from './schemas.ts';
import { loadCompanyProfile } from './service.ts';

export const companyRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/company',
    {
      config: { hostKind: 'tenant', auth: 'tenant' },
      schema: {
        summary: 'Empresa del token: datos del emisor y series',
        response: { 200: CompanySchema, ...tenantErrorResponses },
      },
    },
    async (request) => presentCompany(await loadCompanyProfile(request.tenant)),
  );
};
