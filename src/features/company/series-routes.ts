// GET/POST /api/series and PATCH /api/series/{codigo_tipo_documento}/{serie} (tenant host): the company's series
// and where each one's numbering continues (a company moving from another system starts after SUNAT's last number).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Series } from '../../generated/tenant/client.ts';
import { tenantErrorResponses } from '../../platform/http/schemas.ts';
import { SeriesBody, SeriesList, SeriesNumberBody, SeriesParams, SeriesResult } from './series-schemas.ts';
import { createSeries, listSeries, moveSeriesForward } from './series-service.ts';

export function presentSeries(s: Series) {
  return {
    codigo_tipo_documento: s.documentType,
    serie: s.serie,
    ultimo_numero: s.lastNumber,
    contingencia: s.contingency,
    registrada: s.registered,
    codigo_establecimiento: s.establishmentCode,
  };
}

const config = { hostKind: 'tenant', auth: 'tenant' } as const;
const errors = { ...tenantErrorResponses, 409: tenantErrorResponses[422] };

export const seriesRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/api/series',
    {
      config,
      schema: { summary: 'Series de la empresa y su último número', response: { 200: SeriesList, ...errors } },
    },
    async (request) => ({ success: true as const, data: (await listSeries(request.tenant)).map(presentSeries) }),
  );
  typed.post(
    '/api/series',
    {
      config: {
        ...config,
        openapiExamples: {
          nueva: { summary: 'Serie de facturas', value: { codigo_tipo_documento: '01', serie: 'F002' } },
          anexo: {
            summary: 'Serie de boletas de un local anexo',
            value: { codigo_tipo_documento: '03', serie: 'B002', codigo_establecimiento: '0001' },
          },
          migrada: {
            summary: 'Serie que continúa la numeración de otro sistema',
            value: { codigo_tipo_documento: '03', serie: 'B002', ultimo_numero: 1500 },
          },
        },
      },
      schema: { summary: 'Crear una serie', body: SeriesBody, response: { 200: SeriesResult, ...errors } },
    },
    async (request) => {
      const b = request.body;
      const created = await createSeries(request.tenant, {
        documentType: b.codigo_tipo_documento,
        serie: b.serie,
        contingency: b.contingencia,
        lastNumber: b.ultimo_numero,
        establishmentCode: b.codigo_establecimiento,
      });
      return { success: true as const, data: presentSeries(created) };
    },
  );
  typed.patch(
    '/api/series/:codigo_tipo_documento/:serie',
    {
      config: {
        ...config,
        openapiExamples: { continuar: { summary: 'El próximo "#" será 501', value: { ultimo_numero: 500 } } },
      },
      schema: {
        summary: 'Mover hacia adelante la numeración de una serie',
        description: 'Nunca por debajo de un número ya usado: el próximo comprobante con "#" recibe ultimo_numero + 1.',
        params: SeriesParams,
        body: SeriesNumberBody,
        response: { 200: SeriesResult, ...errors },
      },
    },
    async (request) => {
      const { codigo_tipo_documento: type, serie } = request.params;
      const moved = await moveSeriesForward(request.tenant, type, serie, request.body.ultimo_numero);
      return { success: true as const, data: presentSeries(moved) };
    },
  );
};
