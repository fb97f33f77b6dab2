// POST /api/perceptions: the Comprobante de Percepción (40) through the shared issue pipeline, and
// POST /api/perceptions/send for one registered (01) perception; POST /api/perceptions/voided reverts accepted
// ones (resumen de reversiones, RR).
import type { FastifyPluginAsync } from 'fastify';
import { loadExamples } from '../../api/examples.ts';
import { registerIssueRoute } from '../../api/issue-route.ts';
import { registerSendRoute } from '../../api/send-route.ts';
import { registerReversionRoutes } from '../../api/summaries/reversion-routes.ts';
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
  registerSendRoute(app, {
    url: '/api/perceptions/send',
    summary: 'Enviar a SUNAT una percepción registrada (01)',
    documentTypes: perceptionKind.documentTypes,
    segment: 'perception',
  });
  registerReversionRoutes(app, '40');
};
