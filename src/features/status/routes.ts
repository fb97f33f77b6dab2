// Asking about a document: POST /api/documents/status (what we hold: state, links, QR) and
// POST /api/services/consult_cdr_status (what SUNAT holds, through its consult service). Both need the tenant's
// token — FacturadorPro leaves the first one public; ours is not.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tenantPost } from '../../platform/http/schemas.ts';
import { actorOf, baseUrlOf, pipelineDepsOf, tenantRefOf } from '../../api/deps.ts';
import {
  ConsultCdrBodySchema,
  ConsultCdrResponseSchema,
  DocumentStatusBodySchema,
  DocumentStatusResponseSchema,
} from './schemas.ts';
import { consultCdrStatus, documentStatus } from './service.ts';

const STATUS_EXAMPLES = {
  serie_number: { summary: 'Por serie-número', value: { serie_number: 'F001-1' } },
  external_id: { summary: 'Por external_id', value: { external_id: '0b8e3f1e-2c4d-4f5a-9b6c-7d8e9f0a1b2c' } },
  establecimiento: {
    summary: 'Solo si se emitió desde el establecimiento 0001',
    value: { serie_number: 'B002-1', establecimiento: '0001' },
  },
};
const CONSULT_EXAMPLES = {
  factura: {
    summary: 'Constancia de la factura F001-1',
    value: { codigo_tipo_documento: '01', serie_documento: 'F001', numero_documento: '1' },
  },
};

export const statusRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/documents/status',
    tenantPost({
      summary: 'Estado de un comprobante (serie-número o external_id): estado, enlaces y QR',
      examples: STATUS_EXAMPLES,
      body: DocumentStatusBodySchema,
      ok: DocumentStatusResponseSchema,
    }),
    async (request) => documentStatus(tenantRefOf(request.tenant), request.body, baseUrlOf(request)),
  );
  typed.post(
    '/api/services/consult_cdr_status',
    tenantPost({
      summary: 'Consultar a SUNAT la constancia (CDR) de una factura o nota y registrarla si es de este comprobante',
      examples: CONSULT_EXAMPLES,
      body: ConsultCdrBodySchema,
      ok: ConsultCdrResponseSchema,
    }),
    async (request) =>
      consultCdrStatus(
        pipelineDepsOf(app, request.log),
        tenantRefOf(request.tenant),
        request.body,
        actorOf(request.tenant),
        baseUrlOf(request),
      ),
  );
};
