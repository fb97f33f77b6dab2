// POST /api/{documents|perceptions|retentions}/send: one registered (01) document of the route's types sent to
// SUNAT now. One definition, so the three routes answer alike.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestExample } from '../platform/http/openapi-parts.ts';
import { tenantPost } from '../platform/http/schemas.ts';
import { actorOf, baseUrlOf, pipelineDepsOf, tenantRefOf } from './deps.ts';
import type { DownloadSegment } from './presenter.ts';
import { SendBodySchema, SendResponseSchema } from './schemas.ts';
import { sendNow } from './send-service.ts';

export interface SendRouteOptions {
  url: string;
  summary: string;
  /** The document types this route may send (another type's external_id answers 404). */
  documentTypes: readonly string[];
  /** The downloads segment of its links. */
  segment: DownloadSegment;
}

export function registerSendRoute(app: FastifyInstance, options: SendRouteOptions): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    options.url,
    tenantPost({
      summary: options.summary,
      examples: requestExample('Enviar por external_id', { external_id: '6f1f1c2e-8b7a-4d5e-9c3b-2a1d0e9f8a7b' }),
      body: SendBodySchema,
      ok: SendResponseSchema,
    }),
    async (request) =>
      sendNow(
        pipelineDepsOf(app, request.log),
        tenantRefOf(request.tenant),
        request.body.external_id,
        actorOf(request.tenant),
        options.documentTypes,
        options.segment,
        baseUrlOf(request),
      ),
  );
}
