// POST /api/retentions: the Comprobante de Retención (20) through the shared issue pipeline, and
// POST /api/retentions/send for one registered (01) retention; POST /api/retentions/voided reverts accepted ones
// (resumen de reversiones, RR).
import type { FastifyPluginAsync } from 'fastify';
import { loadExamples } from '../../api/examples.ts';
import { registerIssueRoute } from '../../api/issue-route.ts';
import { registerSendRoute } from '../../api/send-route.ts';
import { registerReversionRoutes } from '../../api/summaries/reversion-routes.ts';
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
  registerSendRoute(app, {
    url: '/api/retentions/send',
    summary: 'Enviar a SUNAT una retención registrada (01)',
    documentTypes: retentionKind.documentTypes,
    segment: 'retention',
  });
  registerReversionRoutes(app, '20');
};
