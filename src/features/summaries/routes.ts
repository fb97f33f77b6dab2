// POST /api/voided (comunicación de baja of facturas and their notes) and POST /api/summaries (resumen diario of
// boletas), their /status routes, and the downloads of their signed XML and SUNAT's CDR under
// /downloads/{voided|summary|reversion}/{xml|cdr}/{external_id} (RR: the resumen de reversiones of perceptions
// and retentions, whose routes the perceptions and retentions features register from src/api/summaries).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tenantErrorResponses } from '../../platform/http/schemas.ts';
import { actorOf, baseUrlOf, pipelineDepsOf, tenantRefOf } from '../../api/deps.ts';
import { createdEnvelope, statusEnvelope } from '../../api/summaries/presenter.ts';
import {
  SUMMARY_EXAMPLES,
  SUMMARY_STATUS_EXAMPLES,
  VOIDED_EXAMPLES,
  SummaryBodySchema,
  SummaryStatusBodySchema,
  SummaryStatusResponseSchema,
  VoidedResponseSchema,
} from '../../api/summaries/schemas.ts';
import { createSummary, summaryStatus } from '../../api/summaries/service.ts';
import { registerSummaryDownloads } from './downloads.ts';
import { registerSummaryList } from './list.ts';
import { registerVoidRoutes } from '../../api/summaries/void-routes.ts';

export const summariesRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const config = { hostKind: 'tenant' as const, auth: 'tenant' as const };
  registerVoidRoutes(app, {
    url: '/api/voided',
    scope: 'RA',
    summary: 'Comunicación de baja (RA) de facturas y sus notas aceptadas',
    description:
      'Comprueba cada documento (aceptado, factura o nota de factura, de la fecha indicada, dentro de los 7 días ' +
      'de SUNAT, sin otra baja), numera RA-AAAAMMDD-N, firma, guarda (documentos en 13, por anular) y envía a ' +
      'SUNAT (sendSummary → ticket). Facturo sigue el ticket solo; POST /api/voided/status consulta el resultado.',
    statusSummary: 'Estado de una comunicación de baja (por external_id de la baja o de la factura, o ticket)',
    statusDescription:
      'Responde lo guardado si SUNAT ya contestó; si no, consulta el ticket (getStatus). Código 98: en proceso ' +
      '(200, no es un error). 0: aceptada, documentos 11 (anulado), CDR descargable. 99: rechazada con el ' +
      'código de SUNAT, documentos de vuelta a su estado anterior.',
    examples: VOIDED_EXAMPLES,
  });
  registerSummaryDownloads(app, 'voided', 'RA');

  typed.post(
    '/api/summaries',
    {
      config: { ...config, openapiExamples: SUMMARY_EXAMPLES },
      schema: {
        summary: 'Resumen diario (RC) de boletas y sus notas: declarar (1) o anular (3)',
        description:
          'Proceso "1": declara las boletas y notas de esa fecha aún no declaradas ni enviadas una a una (quedan en 01 ' +
          'hasta que SUNAT acepte el resumen, luego 05). Proceso "3": anula las boletas aceptadas de documentos[] ' +
          '(13 mientras SUNAT procesa, luego 11). Numera RC-AAAAMMDD-N, firma, guarda y envía (sendSummary → ticket).',
        body: SummaryBodySchema,
        response: { 200: VoidedResponseSchema, ...tenantErrorResponses },
      },
    },
    async (request) => {
      const view = await createSummary(pipelineDepsOf(app, request.log), tenantRefOf(request.tenant), {
        issueDate: request.body.fecha_de_emision_de_documentos,
        processCode: request.body.codigo_tipo_proceso,
        documents: (request.body.documentos ?? []).map((d) => ({
          externalId: d.external_id,
          reason: d.motivo_anulacion ?? '',
        })),
        actor: actorOf(request.tenant),
      });
      return createdEnvelope(view);
    },
  );
  typed.post(
    '/api/summaries/status',
    {
      config: { ...config, openapiExamples: SUMMARY_STATUS_EXAMPLES },
      schema: {
        summary: 'Estado de un resumen diario (por external_id o ticket)',
        description:
          'Como /api/voided/status: 98 en proceso (200), 0 aceptado (boletas 05, o 11 si el proceso fue 3), 99 ' +
          'rechazado con el código de SUNAT (documentos de vuelta a su estado anterior).',
        body: SummaryStatusBodySchema,
        response: { 200: SummaryStatusResponseSchema, ...tenantErrorResponses },
      },
    },
    async (request) => {
      const view = await summaryStatus(
        pipelineDepsOf(app, request.log),
        tenantRefOf(request.tenant),
        'RC',
        request.body,
      );
      return statusEnvelope(view, baseUrlOf(request), 'summary');
    },
  );
  registerSummaryDownloads(app, 'summary', 'RC');
  registerSummaryList(app);
  // The resumen de reversiones' routes live with the vouchers they revert (src/api/summaries); its files are served here.
  registerSummaryDownloads(app, 'reversion', 'RR');
};
