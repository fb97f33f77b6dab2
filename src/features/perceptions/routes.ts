// POST /api/perceptions: the Comprobante de Percepción (40) through the shared issue pipeline, and
// POST /api/perceptions/send for one registered (01) perception.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestExample } from '../../platform/http/openapi-parts.ts';
import { tenantErrorResponses } from '../../platform/http/schemas.ts';
import {
  baseUrlOf,
  loadExamples,
  pipelineDepsOf,
  registerIssueRoute,
  SendBodySchema,
  SendResponseSchema,
  sendNow,
  tenantRefOf,
} from '../documents/public.ts';
import { perceptionKind } from '../../pipeline/perception-kind.ts';

export const perceptionsRoutes: FastifyPluginAsync = async (app) => {
  registerIssueRoute(app, perceptionKind, {
    url: '/api/perceptions',
    summary: 'Emitir un comprobante de percepción (40)',
    description:
      'Calcula y comprueba la percepción de cada documento cobrado (tasa del catálogo 22), numera, firma y ' +
      'envía al servicio "otros CPE" de SUNAT. Cabecera opcional Idempotency-Key.',
    examples: loadExamples('perceptions'),
  });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/perceptions/send',
    {
      config: {
        openapiExamples: requestExample('Enviar por external_id', {
          external_id: '6f1f1c2e-8b7a-4d5e-9c3b-2a1d0e9f8a7b',
        }),
        hostKind: 'tenant',
        auth: 'tenant',
      },
      schema: {
        summary: 'Enviar a SUNAT una percepción registrada (01)',
        body: SendBodySchema,
        response: { 200: SendResponseSchema, ...tenantErrorResponses },
      },
    },
    async (request) =>
      sendNow(
        pipelineDepsOf(app, request.log),
        tenantRefOf(request.tenant),
        request.body.external_id,
        `user:${request.tenant.user.id}`,
        perceptionKind.documentTypes,
        'perception',
        baseUrlOf(request),
      ),
  );
};
