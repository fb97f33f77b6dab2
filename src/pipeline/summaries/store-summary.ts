// Storing a resumen diario (RC) in one transaction, like the RA (persist.ts). Process 1 declares the day's
// boletas and their notes not yet declared nor sent one by one (they stay 01 until SUNAT accepts, then 05);
// process 3 voids accepted boletas (13 while SUNAT processes, then 11). RCs of a tenant are stored one at a time
// (advisory lock), so two requests never declare the same boleta twice. A declared document is marked on its own row
// (declared_in_summary_id) and only a document no send has claimed (send_attempts = 0) is declared: with the row
// locked here and by a send's claim, whichever commits first declares it and the other sees its mark (send.ts).
import type pg from 'pg';
import { buildSummaryXml, type SummaryLine } from '../../core/summaries/summary-xml.ts';
import { quoteIdent } from '../../platform/db/schema-name.ts';
import { errors, type ErrorItem } from '../../platform/errors.ts';
import { issuerOf, limaToday, type PipelineDeps, type TenantRef } from '../deps.ts';
import { inTransaction, persistSummary, type StoredSummary } from './persist.ts';
import { MAX_SUMMARY_DOCUMENTS, summaryRowsSql, toSummaryLine, type SummaryDocRow } from './summary-lines.ts';
import { voidProblem } from './voided-rules.ts';

export interface SummaryRequest {
  issueDate: string;
  processCode: '1' | '3';
  documents: Array<{ externalId: string; reason: string }>;
  actor: string;
}

async function pendingDeclarations(client: pg.PoolClient, schema: string, issueDate: string): Promise<SummaryDocRow[]> {
  const s = quoteIdent(schema);
  const { rows } = await client.query<SummaryDocRow>(
    `${summaryRowsSql(s)}
     WHERE d.issue_date = $1 AND d.document_type IN ('03', '07', '08') AND d.serie LIKE 'B%'
       AND d.state_type_id = '01' AND d.send_attempts = 0 AND d.declared_in_summary_id IS NULL
     ORDER BY d.id LIMIT ${MAX_SUMMARY_DOCUMENTS} FOR UPDATE OF d`,
    [issueDate],
  );
  return rows;
}

async function voidCandidates(client: pg.PoolClient, schema: string, request: SummaryRequest, today: string) {
  const { rows } = await client.query<SummaryDocRow>(
    `${summaryRowsSql(quoteIdent(schema))} WHERE d.external_id::text = ANY($1::text[]) ORDER BY d.id FOR UPDATE OF d`,
    [request.documents.map((d) => d.externalId)],
  );
  const byId = new Map(rows.map((r) => [r.externalId, r]));
  const problems: ErrorItem[] = [];
  const seen = new Set<string>();
  for (const [i, d] of request.documents.entries()) {
    const path = `documentos.${i}.external_id`;
    const row = byId.get(d.externalId);
    const problem: ErrorItem | undefined = !row
      ? {
          path,
          code: 'document_not_found',
          message: `No existe el comprobante ${d.externalId}.`,
          received: d.externalId,
        }
      : seen.has(d.externalId)
        ? {
            path,
            code: 'duplicate_document',
            message: `El comprobante ${d.externalId} está repetido.`,
            received: d.externalId,
          }
        : voidProblem(row, i, request.issueDate, today, 'RC');
    seen.add(d.externalId);
    if (problem) problems.push(problem);
  }
  if (problems.length > 0) throw errors.unprocessable('summary_invalid', problems[0].message, problems);
  return request.documents.map((d) => byId.get(d.externalId)!);
}

export async function storeSummary(
  deps: PipelineDeps,
  tenant: TenantRef,
  request: SummaryRequest,
): Promise<StoredSummary> {
  const today = limaToday();
  return inTransaction(deps, tenant.schema, async (client, jobs) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${tenant.schema}:RC`]);
    const voiding = request.processCode === '3';
    const rows = voiding
      ? await voidCandidates(client, tenant.schema, request, today)
      : await pendingDeclarations(client, tenant.schema, request.issueDate);
    if (rows.length === 0)
      throw errors.unprocessable(
        'summary_empty',
        `No hay boletas por declarar con fecha de emisión ${request.issueDate}.`,
        [
          {
            path: 'fecha_de_emision_de_documentos',
            code: 'summary_empty',
            message: 'Sin boletas ni notas pendientes de declarar en esa fecha.',
            received: request.issueDate,
          },
        ],
      );
    const reasons = new Map(request.documents.map((d) => [d.externalId, d.reason]));
    const lines: SummaryLine[] = rows.map((r) => toSummaryLine(r, voiding ? '3' : '1'));
    return persistSummary(
      deps,
      tenant,
      client,
      {
        kind: 'RC',
        processCode: request.processCode,
        referenceDate: request.issueDate,
        today,
        lines: rows.map((r) => ({ documentId: r.id, reason: reasons.get(r.externalId) ?? '', previousState: r.state })),
        pendingState: voiding ? '13' : null,
        declares: !voiding,
        buildXml: (id) =>
          buildSummaryXml({ id, referenceDate: request.issueDate, issueDate: today, lines }, issuerOf(tenant.company)),
        actor: request.actor,
        reason: voiding ? 'Anulación por resumen diario' : 'Resumen diario',
      },
      jobs,
    );
  });
}
