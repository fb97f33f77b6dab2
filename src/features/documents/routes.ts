// Tenant host, documents 01/03/07/08: issue, send, change state, list (with filters), one document's detail.
import type { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestExample } from '../../platform/http/openapi-parts.ts';
import { invoiceKind } from '../../pipeline/kinds.ts';
import { errors } from '../../platform/errors.ts';
import { plainJsonSerializer, tenantErrorResponses, warningsField } from '../../platform/http/schemas.ts';
import { tenantRefOf } from './deps.ts';
import { registerDetailRoute } from './detail-route.ts';
import { loadExamples } from './examples.ts';
import { installGroupCommitMetrics } from './group-metrics.ts';
import { baseUrlOf, registerIssueRoute } from './issue-route.ts';
import { ListParamsSchema, ListQuerySchema, ListResponseSchema, UpdateStatusBodySchema } from './schemas.ts';
import { registerSendRoute } from './send-route.ts';
import { listLatest, listRange, updateStatus } from './service.ts';

/** Sends JSON text as it is streamed (the lists' rows come written as JSON by PostgreSQL): nothing re-serialises it. */
function sendJsonStream(reply: FastifyReply, json: Readable): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

export const documentsRoutes: FastifyPluginAsync = async (app) => {
  if (app.platform.metrics) installGroupCommitMetrics(app.platform.metrics);
  registerIssueRoute(app, invoiceKind, {
    url: '/api/documents',
    summary: 'Emitir factura, boleta, nota de crédito o nota de débito',
    description:
      'Valida y calcula, asigna el número ("#" = siguiente de la serie), firma, guarda y envía a SUNAT ' +
      '(salvo acciones.enviar_xml_firmado = false). Cabecera opcional Idempotency-Key.',
    examples: loadExamples('invoices'),
  });

  const typed = app.withTypeProvider<ZodTypeProvider>();

  registerSendRoute(app, {
    url: '/api/documents/send',
    summary: 'Enviar a SUNAT un comprobante registrado (01)',
    documentTypes: invoiceKind.documentTypes,
    segment: 'document',
  });

  typed.post(
    '/api/documents/updatedocumentstatus',
    {
      config: {
        openapiExamples: requestExample('Marcar como aceptado (la clave con la errata de FacturadorPro)', {
          externail_id: '6f1f1c2e-8b7a-4d5e-9c3b-2a1d0e9f8a7b',
          state_type_id: '05',
        }),
        hostKind: 'tenant',
        auth: 'tenant',
      },
      schema: {
        summary: 'Cambiar el estado registrado de un comprobante (sin llamar a SUNAT)',
        body: UpdateStatusBodySchema,
        response: {
          200: z.object({ success: z.literal(true), message: z.string(), ...warningsField }),
          ...tenantErrorResponses,
        },
      },
    },
    async (request) => {
      const externalId = request.body.externail_id ?? request.body.external_id;
      if (!externalId) {
        throw errors.validation([
          { path: 'externail_id', code: 'validation_failed', message: 'Envíe externail_id o external_id.' },
        ]);
      }
      const change = await updateStatus(
        tenantRefOf(request.tenant),
        externalId,
        request.body.state_type_id,
        `user:${request.tenant.user.id}`,
      );
      return {
        success: true as const,
        message: `Estado del documento actualizado correctamente (${change.from} → ${change.to})`,
      };
    },
  );

  registerDetailRoute(app);

  typed.get(
    '/api/documents/lists',
    {
      config: { hostKind: 'tenant', auth: 'tenant' },
      serializerCompiler: plainJsonSerializer,
      schema: { summary: 'Últimos 50 comprobantes', response: { 200: ListResponseSchema, ...tenantErrorResponses } },
    },
    async (request, reply) =>
      sendJsonStream(reply, await listLatest(app.platform.db, tenantRefOf(request.tenant), baseUrlOf(request))),
  );

  typed.get(
    '/api/documents/lists/:inicio/:fin',
    {
      config: { hostKind: 'tenant', auth: 'tenant' },
      serializerCompiler: plainJsonSerializer,
      schema: {
        summary: 'Comprobantes por rango de fecha de emisión (inclusive)',
        description:
          'Filtros opcionales: tipo, serie, estado, cliente (número de documento exacto) y buscar (un número ' +
          'F001-12, o parte del nombre o del número del cliente).',
        params: ListParamsSchema,
        querystring: ListQuerySchema,
        response: { 200: ListResponseSchema, ...tenantErrorResponses },
      },
    },
    async (request, reply) =>
      sendJsonStream(
        reply,
        await listRange(
          app.platform.db,
          tenantRefOf(request.tenant),
          { from: request.params.inicio, to: request.params.fin },
          request.query,
          baseUrlOf(request),
        ),
      ),
  );
};
