// POST /api/retentions: the Comprobante de Retención (20) through the shared issue pipeline, and
// POST /api/retentions/send for one registered (01) retention.
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
import { retentionKind } from '../../pipeline/retention-kind.ts';

export const retentionsRoutes: FastifyPluginAsync = async (app) => {
  registerIssueRoute(app, retentionKind, {
    url: '/api/retentions',
    summary: 'Emitir un comprobante de retención (20)',
    description:
      'Calcula y comprueba la retención de cada documento pagado (tasa del catálogo 23), numera, firma y ' +
      'envía al servicio "otros CPE" de SUNAT. Cabecera opcional Idempotency-Key.',
    examples: loadExamples('retentions'),
  });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/retentions/send',
    {
      config: {
        openapiExamples: requestExample('Enviar por external_id', {
          external_id: '6f1f1c2e-8b7a-4d5e-9c3b-2a1d0e9f8a7b',
        }),
        hostKind: 'tenant',
        auth: 'tenant',
      },
      schema: {
        summary: 'Enviar a SUNAT una retención registrada (01)',
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
        retentionKind.documentTypes,
        'retention',
        baseUrlOf(request),
      ),
  );
};
