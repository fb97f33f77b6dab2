// Guías de remisión electrónicas in FacturadorPro's routes: POST /api/dispatches (remitente, 09), POST
// /api/dispatch-carrier (transportista, 31), POST /api/dispatches/send and /status_ticket {external_id}, GET
// /api/dispatches/records. Issuing is the shared pipeline's (the kind validates: 422 naming the field, nothing
// stored, no number spent); SUNAT is reached through its GRE REST service (ticket), by the pipeline and the worker.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { carrierDispatchKind, senderDispatchKind } from '../../pipeline/dispatch-kind.ts';
import type { AnyDocumentKind } from '../../pipeline/document-kind.ts';
import { idempotencyKeyIdOf, idempotentDocumentOf } from '../../platform/http/idempotency.ts';
import { requestExample } from '../../platform/http/openapi-parts.ts';
import { tenantPost, tenantRoute } from '../../platform/http/schemas.ts';
import { actorOf, baseUrlOf, pipelineDepsOf, tenantRefOf } from '../../api/deps.ts';
import { issueRouteOptions, refuseLockedEmission } from '../../api/issue-route.ts';
import { dispatchExamples } from './examples.ts';
import {
  GuideRefSchema,
  IssueAnswerSchema,
  RecordsAnswerSchema,
  RecordsQuerySchema,
  SendAnswerSchema,
} from './schemas.ts';
import { guideRecords, issueGuide, sendOrFollow } from './service.ts';

function issueRoute(app: FastifyInstance, url: string, kind: AnyDocumentKind, summary: string, description: string) {
  app.post(
    url,
    issueRouteOptions(kind, IssueAnswerSchema, {
      summary,
      description,
      examples: dispatchExamples(kind === carrierDispatchKind ? 'carrier' : 'sender'),
    }),
    async (request) => {
      const tenant = request.tenant;
      refuseLockedEmission(tenant);
      return issueGuide(
        pipelineDepsOf(app, request.log),
        tenantRefOf(request.tenant),
        kind,
        request.body,
        {
          actor: actorOf(tenant),
          quota: request.documentQuota,
          idempotencyKeyId: idempotencyKeyIdOf(request),
          storedUnderKey: idempotentDocumentOf(request),
        },
        baseUrlOf(request),
      );
    },
  );
}

const SEND_DESCRIPTION =
  'Una guía registrada (01) sin ticket se envía a la API REST de SUNAT (zip en base64 y su SHA-256) y se consulta su ' +
  'ticket; con ticket solo se consulta el ticket (nunca se envía dos veces): 98 en proceso (sigue 01), 0 aceptada ' +
  'con CDR (05), 99 rechazada (09). Una guía aceptada se responde tal cual.';

export const dispatchesRoutes: FastifyPluginAsync = async (app) => {
  issueRoute(
    app,
    '/api/dispatches',
    senderDispatchKind,
    'Emitir una guía de remisión remitente (09)',
    'Valida (reglas de SUNAT por modalidad y motivo de traslado), numera ("#": atómico), firma y envía a la API REST ' +
      'de guías de SUNAT. Serie T###. Cabecera opcional Idempotency-Key.',
  );
  issueRoute(
    app,
    '/api/dispatch-carrier',
    carrierDispatchKind,
    'Emitir una guía de remisión transportista (31)',
    'Valida, numera, firma y envía a la API REST de guías de SUNAT. Serie V###. Cabecera opcional Idempotency-Key.',
  );
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const example = requestExample('Por external_id', { external_id: '6f1f1c2e-8b7a-4d5e-9c3b-2a1d0e9f8a7b' });
  for (const [url, summary] of [
    ['/api/dispatches/send', 'Enviar a SUNAT una guía registrada (o consultar su ticket si ya tiene uno)'],
    ['/api/dispatches/status_ticket', 'Consultar en SUNAT el ticket de una guía enviada'],
  ] as const) {
    typed.post(
      url,
      tenantPost({
        summary,
        description: SEND_DESCRIPTION,
        examples: example,
        body: GuideRefSchema,
        ok: SendAnswerSchema,
      }),
      async (request) =>
        sendOrFollow(
          pipelineDepsOf(app, request.log),
          tenantRefOf(request.tenant),
          request.body.external_id,
          actorOf(request.tenant),
          baseUrlOf(request),
        ),
    );
  }
  typed.get(
    '/api/dispatches/records',
    tenantRoute(
      { summary: 'Listar las guías de remisión (09 y 31), la más reciente primero', querystring: RecordsQuerySchema },
      RecordsAnswerSchema,
    ),
    async (request) => guideRecords(tenantRefOf(request.tenant), request.query, baseUrlOf(request)),
  );
};
