// Tenant host, documents 01/03/07/08: issue, send, change state, list (with filters), one document's detail.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestExample } from '../../platform/http/openapi-parts.ts';
import { invoiceKind } from '../../pipeline/invoice-kind.ts';
import { errors } from '../../platform/errors.ts';
import { tenantErrorResponses, warningsField } from '../../platform/http/schemas.ts';
import { actorOf, tenantRefOf } from '../../api/deps.ts';
import { registerDetailRoute } from './detail-route.ts';
import { loadExamples } from '../../api/examples.ts';
import { installGroupCommitMetrics } from './group-metrics.ts';
import { registerIssueRoute } from '../../api/issue-route.ts';
import { registerListRoutes } from '../../api/list-routes.ts';
import { UpdateStatusBodySchema } from '../../api/schemas.ts';
import { registerSendRoute } from '../../api/send-route.ts';
import { SALES_TYPES, updateStatus } from './service.ts';

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
        actorOf(request.tenant),
      );
      return {
        success: true as const,
        message: `Estado del documento actualizado correctamente (${change.from} → ${change.to})`,
      };
    },
  );

  registerDetailRoute(app);

  registerListRoutes(app, {
    base: '/api/documents',
    types: SALES_TYPES,
    noun: 'comprobantes',
    filters:
      'Filtros opcionales: tipo, serie, estado, cliente (número de documento exacto) y buscar (un número ' +
      'F001-12, o parte del nombre o del número del cliente).',
  });
};
