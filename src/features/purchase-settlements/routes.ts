// POST /api/purchase-settlements: the liquidación de compra electrónica (04) — the company buys from a person
// without a RUC and issues the document itself — through the shared issue pipeline, sent by sendBill; send one
// registered (01) later, and list them. Files are served under /downloads/document like the invoices'.
import type { FastifyPluginAsync } from 'fastify';
import { loadExamples } from '../../api/examples.ts';
import { registerIssueRoute } from '../../api/issue-route.ts';
import { registerListRoutes } from '../../api/list-routes.ts';
import { registerSendRoute } from '../../api/send-route.ts';
import { purchaseSettlementKind } from '../../pipeline/purchase-settlement-kind.ts';

export const purchaseSettlementsRoutes: FastifyPluginAsync = async (app) => {
  registerIssueRoute(app, purchaseSettlementKind, {
    url: '/api/purchase-settlements',
    summary: 'Emitir una liquidación de compra electrónica (04)',
    description:
      'La empresa compra a una persona sin RUC (DNI, carné de extranjería o pasaporte) y emite el comprobante: ' +
      'calcula y comprueba el IGV (18 %) y la retención del impuesto a la renta (1.5 % por defecto, o 4 %), ' +
      'numera (serie L###), firma y envía a SUNAT. Cabecera opcional Idempotency-Key.',
    examples: loadExamples('purchase-settlements'),
  });
  registerSendRoute(app, {
    url: '/api/purchase-settlements/send',
    summary: 'Enviar a SUNAT una liquidación de compra registrada (01)',
    documentTypes: purchaseSettlementKind.documentTypes,
    segment: 'document',
  });
  registerListRoutes(app, {
    base: '/api/purchase-settlements',
    types: purchaseSettlementKind.documentTypes,
    noun: 'liquidaciones de compra',
    filters:
      'Filtros opcionales: serie, estado, cliente (número de documento exacto del vendedor) y buscar (un número ' +
      'L001-12, o parte del nombre o del documento del vendedor).',
  });
};
