// GET /api/company on a tenant host: the company behind the token (no secrets) and its series. Lets an ERP
// (and the CI smoke) check its token and configuration before issuing anything. PATCH /api/company changes the
// issuer's data and PDF preferences: the next document's XML and PDF carry them.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perCompany } from '../../platform/http/rate-limit.ts';
import { rateLimited, tenantRoute } from '../../platform/http/schemas.ts';
import { presentCompany } from './presenter.ts';
import { CompanyProfileBody } from '../../tenancy/profile-schemas.ts';
import { updateCompanyProfile } from './profile-service.ts';
import { CompanySchema } from './schemas.ts';
import { loadCompanyProfile } from './service.ts';

const profileExample = {
  nombre_comercial: 'Ferretería Central',
  direccion: {
    ubigeo: '040101',
    direccion: 'Calle Mercaderes 214',
    urbanizacion: 'Cercado',
    distrito: 'AREQUIPA',
    provincia: 'AREQUIPA',
    departamento: 'AREQUIPA',
  },
  telefono: '054-221133',
  email: 'facturacion@ferreteria.example',
  pdf: {
    formato: 'a4',
    pie_de_pagina: 'Gracias por su compra',
    cuentas_bancarias: [{ banco: 'BCP', moneda: 'PEN', numero: '215-1234567-0-12' }],
  },
};

export const companyRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/company',
    tenantRoute({ summary: 'Empresa del token: datos del emisor y series' }, CompanySchema),
    async (request) => presentCompany(await loadCompanyProfile(request.tenant, app.platform.secrets)),
  );
  typed.patch(
    '/api/company',
    rateLimited(
      tenantRoute(
        {
          summary: 'Cambiar los datos del emisor, su logo y sus preferencias de PDF',
          description: 'Los campos omitidos no cambian; null quita un dato opcional. El próximo comprobante los usa.',
          body: CompanyProfileBody,
        },
        CompanySchema,
        { examples: { direccion: { summary: 'Domicilio fiscal, contacto y PDF', value: profileExample } } },
      ),
      // A logo is decoded in a thread of its own, one image at a time per process: a company's edits are few.
      perCompany(app.platform.config.profileRateLimit, '1 minute'),
    ),
    async (request) => {
      const company = await updateCompanyProfile(request.tenant, request.body);
      app.platform.companies.forget(request.tenant.schema);
      return presentCompany(await loadCompanyProfile({ db: request.tenant.db, company }, app.platform.secrets));
    },
  );
};
