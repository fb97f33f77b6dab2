// POST /api/perceptions (api.md): the Comprobante de Percepción (40) through the shared issue pipeline, and
// POST /api/perceptions/send for one registered (01) perception.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tenantErrorResponses } from '../../platform/http/schemas.ts';
import { pipelineDepsOf, tenantRefOf } from '../documents/deps.ts';
import { loadExamples } from '../documents/examples.ts';
import { baseUrlOf, registerIssueRoute } from '../documents/issue-route.ts';
import { SendBodySchema, SendResponseSchema } from '../documents/schemas.ts';
import { sendNow } from '../documents/service.ts';
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
      config: { hostKind: 'tenant', auth: 'tenant' },
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
