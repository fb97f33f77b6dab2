// Storing a comunicación de baja (RA) or a resumen de reversiones (RR: the same VoidedDocuments, of perception or
// retention vouchers, sent to the "otros CPE" service) — the commit comes before the network: in ONE transaction
// the documents are locked and checked, the day's RA/RR number is taken, the signed XML is written, the summary row
// and its lines are inserted, the documents move to 13 (por anular) and the job that sends it and follows its
// ticket is queued. A crash after the commit loses nothing (the worker sends it); a refusal changes nothing and
// spends no number.
import type pg from 'pg';
import { buildVoidedXml } from '../../core/summaries/voided-xml.ts';
import { quoteIdent } from '../../platform/db/schema-name.ts';
import { errors, type ErrorItem } from '../../platform/errors.ts';
import { issuerOf, limaToday, type PipelineDeps, type TenantRef } from '../deps.ts';
import { inTransaction, persistSummary, type StoredSummary } from './persist.ts';
import { voidProblem, type VoidCandidate, type VoidScope } from './voided-rules.ts';

export interface VoidRequest {
  issueDate: string;
  documents: Array<{ externalId: string; reason: string }>;
  actor: string;
  /** RA (the default) or the RR of one voucher type. */
  scope?: Exclude<VoidScope, 'RC'>;
}

const STORED_AS = {
  RA: { kind: 'RA', error: 'voided_invalid', reason: 'Comunicación de baja' },
  'RR-20': { kind: 'RR', error: 'reversion_invalid', reason: 'Resumen de reversiones' },
  'RR-40': { kind: 'RR', error: 'reversion_invalid', reason: 'Resumen de reversiones' },
} as const;

type Row = VoidCandidate & { id: number };

async function lockDocuments(client: pg.PoolClient, schema: string, externalIds: string[]): Promise<Row[]> {
  const { rows } = await client.query<Row>(
    `SELECT id, external_id AS "externalId", document_type AS "documentType", serie, number,
            to_char(issue_date, 'YYYY-MM-DD') AS "issueDate", state_type_id AS state
     FROM ${quoteIdent(schema)}."documents" WHERE external_id::text = ANY($1::text[]) ORDER BY id FOR UPDATE`,
    [externalIds],
  );
  return rows;
}

function candidateProblem(
  d: VoidRequest['documents'][number],
  i: number,
  row: Row | undefined,
  seen: Set<string>,
  context: { issueDate: string; today: string; scope: Exclude<VoidScope, 'RC'> },
): ErrorItem | undefined {
  const path = `documentos.${i}.external_id`;
  const received = d.externalId;
  if (!row) return { path, code: 'document_not_found', message: `No existe el comprobante ${received}.`, received };
  if (seen.has(received))
    return { path, code: 'duplicate_document', message: `El comprobante ${received} está repetido.`, received };
  seen.add(received);
  return voidProblem(row, i, context.issueDate, context.today, context.scope);
}

function checkAll(request: VoidRequest, rows: Row[], today: string): Row[] {
  const scope = request.scope ?? 'RA';
  const byId = new Map(rows.map((r) => [r.externalId, r]));
  const seen = new Set<string>();
  const problems: ErrorItem[] = [];
  for (const [i, d] of request.documents.entries()) {
    const problem = candidateProblem(d, i, byId.get(d.externalId), seen, {
      issueDate: request.issueDate,
      today,
      scope,
    });
    if (problem) problems.push(problem);
  }
  if (problems.length > 0) throw errors.unprocessable(STORED_AS[scope].error, problems[0].message, problems);
  return request.documents.map((d) => byId.get(d.externalId)!);
}

export async function storeVoided(deps: PipelineDeps, tenant: TenantRef, request: VoidRequest): Promise<StoredSummary> {
  const today = limaToday();
  const stored = STORED_AS[request.scope ?? 'RA'];
  return inTransaction(deps, tenant.schema, async (client, jobs) => {
    const rows = await lockDocuments(
      client,
      tenant.schema,
      request.documents.map((d) => d.externalId),
    );
    const chosen = checkAll(request, rows, today);
    const reasons = new Map(request.documents.map((d) => [d.externalId, d.reason]));
    const lines = chosen.map((r) => ({
      documentType: r.documentType,
      serie: r.serie,
      number: r.number,
      reason: reasons.get(r.externalId) ?? '',
    }));
    return persistSummary(
      deps,
      tenant,
      client,
      {
        kind: stored.kind,
        processCode: null,
        referenceDate: request.issueDate,
        today,
        lines: chosen.map((r, i) => ({ documentId: r.id, reason: lines[i].reason, previousState: r.state })),
        pendingState: '13',
        declares: false,
        buildXml: (id) =>
          buildVoidedXml({ id, referenceDate: request.issueDate, issueDate: today, lines }, issuerOf(tenant.company)),
        actor: request.actor,
        reason: stored.reason,
      },
      jobs,
    );
  });
}
