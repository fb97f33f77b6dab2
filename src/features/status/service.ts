// Finding one of the company's documents by serie-número or external_id, and asking SUNAT about it.
import { canConsult, consultCdr, type ConsultReport } from '../../pipeline/consult-cdr.ts';
import type { PipelineDeps, TenantRef } from '../../pipeline/deps.ts';
import { STORED_SELECT } from '../../pipeline/issue.ts';
import { stateDescription } from '../../pipeline/states.ts';
import { errors } from '../../platform/errors.ts';
import { documentStatusView } from '../../pipeline/status-view.ts';
import { downloadLinks, segmentOfType } from '../../pipeline/status-view.ts';
import type { ConsultCdrBody, DocumentStatusBody } from './schemas.ts';

function notFound(what: string) {
  return errors.notFound('document_not_found', `El comprobante ${what} no está registrado en esta empresa.`);
}

function splitSerieNumber(value: string): { serie: string; number: number } {
  const [serie, number] = value.split('-');
  return { serie, number: Number(number) };
}

async function findDocument(tenant: TenantRef, body: DocumentStatusBody) {
  const where = {
    ...(body.serie_number ? splitSerieNumber(body.serie_number) : {}),
    ...(body.external_id ? { externalId: body.external_id } : {}),
    ...(body.establecimiento ? { establishmentCode: body.establecimiento } : {}),
  };
  const docs = await tenant.db.document.findMany({
    where,
    select: STORED_SELECT,
    take: 2,
    orderBy: { id: 'asc' },
  });
  if (docs.length === 0) throw notFound(body.serie_number ?? body.external_id ?? '');
  if (docs.length > 1)
    throw errors.unprocessable(
      'document_ambiguous',
      `Hay más de un comprobante ${body.serie_number}: envíe su external_id.`,
      [{ path: 'external_id', code: 'document_ambiguous', message: 'Indique el external_id del comprobante.' }],
    );
  return docs[0];
}

/** POST /api/documents/status: what we hold for the document (no SUNAT call), in FacturadorPro's envelope. */
export async function documentStatus(tenant: TenantRef, body: DocumentStatusBody, baseUrl: string) {
  return documentStatusView(await findDocument(tenant, body), baseUrl);
}

async function consultTarget(tenant: TenantRef, body: ConsultCdrBody) {
  const number = Number(body.numero_documento);
  const doc = await tenant.db.document.findFirst({
    where: { documentType: body.codigo_tipo_documento, serie: body.serie_documento, number },
    select: STORED_SELECT,
  });
  if (!doc) throw notFound(`${body.codigo_tipo_documento} ${body.serie_documento}-${number}`);
  if (!canConsult(doc))
    throw errors.unprocessable(
      'document_not_consultable',
      'SUNAT solo consulta facturas y sus notas de serie F (códigos 0009/0010 del servicio de consulta).',
      [{ path: 'codigo_tipo_documento', code: 'document_not_consultable', message: 'Tipo 01, 07 u 08 con serie F.' }],
    );
  return doc;
}

function unanswered(report: Extract<ConsultReport, { kind: 'unavailable' | 'failed' }>): never {
  if (report.kind === 'unavailable')
    throw errors.conflict(
      'consult_unavailable',
      'El entorno de SUNAT de esta empresa (beta) no tiene servicio de consulta.',
    );
  throw errors.serviceUnavailable(
    'sunat_unavailable',
    `SUNAT no respondió la consulta: ${report.outcome.code} ${report.outcome.description}`,
  );
}

function sunatOf(report: Exclude<ConsultReport, { kind: 'unavailable' }>) {
  if (report.kind === 'no-cdr') return { code: report.statusCode, description: report.statusMessage, notes: [] };
  const o = report.outcome;
  return { code: o.code, description: o.description, notes: o.notes ?? [] };
}

/** POST /api/services/consult_cdr_status: SUNAT's getStatusCdr for one of our documents. */
export async function consultCdrStatus(
  deps: PipelineDeps,
  tenant: TenantRef,
  body: ConsultCdrBody,
  actor: string,
  baseUrl: string,
) {
  const doc = await consultTarget(tenant, body);
  const report = await consultCdr(deps, tenant, doc, actor);
  if (report.kind === 'unavailable' || (report.kind === 'failed' && report.outcome.kind === 'unknown'))
    return unanswered(report);
  const sunat = sunatOf(report);
  const stored = report.kind === 'stored';
  const state = stored ? report.state : doc.stateTypeId;
  const segment = segmentOfType(doc.documentType);
  const hasCdr = stored || doc.files.some((f) => f.kind === 'cdr');
  return {
    success: stored,
    message: stored ? sunat.description : `Code: ${sunat.code}; Description: ${sunat.description}`,
    data: {
      external_id: doc.externalId,
      number: `${doc.serie}-${doc.number}`,
      state_type_id: state,
      state_type_description: stateDescription(state),
      cdr_stored: stored,
      cdr_mismatch: report.kind === 'mismatch',
      ...(report.kind === 'mismatch' ? { mismatch_reason: report.reason } : {}),
      sunat,
    },
    links: { cdr: downloadLinks(baseUrl, segment, doc.externalId, hasCdr).cdr },
  };
}
