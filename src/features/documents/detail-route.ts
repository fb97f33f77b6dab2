// GET /api/documents/detail/{external_id} (tenant host): one document of any type with its history (detail-service.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tenantRoute } from '../../platform/http/schemas.ts';
import { tenantRefOf } from '../../api/deps.ts';
import { DetailParamsSchema, DocumentDetailSchema } from './detail-schemas.ts';
import { documentDetail } from './detail-service.ts';
import { baseUrlOf } from '../../api/deps.ts';

export function registerDetailRoute(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/documents/detail/:external_id',
    tenantRoute(
      {
        summary: 'Un comprobante con su historial de estados, la respuesta de SUNAT, sus resúmenes y correos',
        description:
          'Cualquier tipo (01, 03, 07, 08, 20, 40). Los enlaces de descarga son los mismos de las demás respuestas.',
        params: DetailParamsSchema,
      },
      DocumentDetailSchema,
    ),
    async (request) => documentDetail(tenantRefOf(request.tenant), request.params.external_id, baseUrlOf(request)),
  );
}
