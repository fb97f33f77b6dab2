// The resumen de reversiones (RR) of one voucher type: POST /api/retentions/voided or /api/perceptions/voided and
// their /status, as FacturadorPro's /api/voided answers. The same VoidedDocuments as an RA, numbered RR-AAAAMMDD-N
// and sent to SUNAT's "otros CPE" service; its files under /downloads/reversion/{xml|cdr}/{external_id}.
import type { FastifyInstance } from 'fastify';
import { REVERSION_EXAMPLES } from './schemas.ts';
import { registerVoidRoutes } from './void-routes.ts';

const VOUCHERS = {
  '20': { url: '/api/retentions/voided', noun: 'comprobantes de retención (20)', one: 'retención' },
  '40': { url: '/api/perceptions/voided', noun: 'comprobantes de percepción (40)', one: 'percepción' },
} as const;

export function registerReversionRoutes(app: FastifyInstance, documentType: '20' | '40'): void {
  const v = VOUCHERS[documentType];
  registerVoidRoutes(app, {
    url: v.url,
    scope: documentType === '20' ? 'RR-20' : 'RR-40',
    summary: `Resumen de reversiones (RR) de ${v.noun} aceptados`,
    description:
      `Comprueba cada documento (${v.one} aceptada de esta empresa, de la fecha indicada, dentro de los 7 días, ` +
      'sin otra reversión; nunca facturas ni boletas), numera RR-AAAAMMDD-N, firma, guarda (documentos en 13, por ' +
      'anular) y envía al servicio "otros CPE" de SUNAT (sendSummary → ticket). Facturo sigue el ticket solo; ' +
      `POST ${v.url}/status consulta el resultado. XML y CDR en /downloads/reversion/{xml|cdr}/{external_id}.`,
    statusSummary: `Estado de una reversión de ${v.noun} (por external_id o ticket)`,
    statusDescription:
      'Como /api/voided/status: 98 en proceso (200, no es un error), 0 aceptada (documentos 11, anulado; CDR ' +
      'descargable), 99 rechazada con el código de SUNAT (documentos de vuelta a su estado anterior).',
    examples: REVERSION_EXAMPLES[documentType],
  });
}
