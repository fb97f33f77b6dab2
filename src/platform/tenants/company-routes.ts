// GET /api/company on a tenant host: the company behind the token (no secrets) and its series. Lets an ERP
// (and the CI smoke) check its token and configuration before issuing anything.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantErrorResponses } from '../http/schemas.ts';

const CompanySchema = z
  .object({
    success: z.literal(true),
    data: z.object({
      ruc: z.string(),
      razon_social: z.string(),
      nombre_comercial: z.string().nullable(),
      direccion: z.object({
        ubigeo: z.string(),
        codigo_establecimiento: z.string(),
        direccion: z.string(),
        urbanizacion: z.string().nullable(),
        provincia: z.string(),
        departamento: z.string(),
        distrito: z.string(),
        codigo_pais: z.string(),
      }),
      email: z.string().nullable(),
      telefono: z.string().nullable(),
      modo_sunat: z.enum(['demo', 'production']).describe('demo: SUNAT beta o simulador; production: SUNAT'),
      certificado: z.object({ sujeto: z.string().nullable(), vence: z.string().nullable() }),
      series: z.array(
        z.object({
          codigo_tipo_documento: z.string(),
          serie: z.string(),
          ultimo_numero: z.number().int(),
          contingencia: z.boolean(),
        }),
      ),
    }),
  })
  .meta({ id: 'Company' });

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
    async (request) => {
      const { company, db } = request.tenant;
      const series = await db.series.findMany({ orderBy: [{ documentType: 'asc' }, { serie: 'asc' }] });
      return {
        success: true as const,
        data: {
          ruc: company.ruc,
          razon_social: company.razonSocial,
          nombre_comercial: company.nombreComercial,
          direccion: {
            ubigeo: company.ubigeo,
            codigo_establecimiento: company.codigoEstablecimiento,
            direccion: company.direccion,
            urbanizacion: company.urbanizacion,
            provincia: company.provincia,
            departamento: company.departamento,
            distrito: company.distrito,
            codigo_pais: company.codigoPais,
          },
          email: company.email,
          telefono: company.telefono,
          modo_sunat: company.sunatMode === 'production' ? ('production' as const) : ('demo' as const),
          certificado: {
            sujeto: company.certificateSubject,
            vence: company.certificateNotAfter?.toISOString() ?? null,
          },
          series: series.map((s) => ({
            codigo_tipo_documento: s.documentType,
            serie: s.serie,
            ultimo_numero: s.lastNumber,
            contingencia: s.contingency,
          })),
        },
      };
    },
  );
};
