// Storing a comunicación de baja (RA) — the commit comes before the network: in ONE transaction the documents are
// locked and checked, the day's RA number is taken, the signed XML is written, the RA row and its lines are
// inserted, the documents move to 13 (por anular) and the job that sends it and follows its ticket is queued. A
// crash after the commit loses nothing (the worker sends it); a refusal changes nothing and spends no number.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { signXml } from '../../core/signing.ts';
import { buildVoidedXml } from '../../core/summaries/voided-xml.ts';
import { quoteIdent } from '../../platform/db/schema-name.ts';
import { errors, type ErrorItem } from '../../platform/errors.ts';
import { enqueue } from '../../platform/jobs/queue.ts';
import { issuerOf, limaToday, type PipelineDeps, type TenantRef } from '../deps.ts';
import { xmlKey } from '../files.ts';
import { signingKeyOf } from '../keys.ts';
import { SUMMARY_JOB, summaryJobKey } from './job-names.ts';
import { voidProblem, type VoidCandidate } from './voided-rules.ts';

export interface VoidRequest {
  issueDate: string;
  documents: Array<{ externalId: string; reason: string }>;
  actor: string;
}

export interface StoredSummary {
  id: number;
  externalId: string;
  identifier: string;
  filename: string;
}

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
  context: { issueDate: string; today: string },
): ErrorItem | undefined {
  const path = `documentos.${i}.external_id`;
  const received = d.externalId;
  if (!row) return { path, code: 'document_not_found', message: `No existe el comprobante ${received}.`, received };
  if (seen.has(received))
    return { path, code: 'duplicate_document', message: `El comprobante ${received} está repetido.`, received };
  seen.add(received);
  return voidProblem(row, i, context.issueDate, context.today);
}

function checkAll(request: VoidRequest, rows: Row[], today: string): Row[] {
  const byId = new Map(rows.map((r) => [r.externalId, r]));
  const seen = new Set<string>();
  const problems: ErrorItem[] = [];
  for (const [i, d] of request.documents.entries()) {
    const problem = candidateProblem(d, i, byId.get(d.externalId), seen, { issueDate: request.issueDate, today });
    if (problem) problems.push(problem);
  }
  if (problems.length > 0) throw errors.unprocessable('voided_invalid', problems[0].message, problems);
  return request.documents.map((d) => byId.get(d.externalId)!);
}

async function nextCorrelative(client: pg.PoolClient, schema: string, kind: string, day: string): Promise<number> {
  const { rows } = await client.query<{ last: number }>(
    `INSERT INTO ${quoteIdent(schema)}."summary_counters" (kind, day, last) VALUES ($1, $2, 1)
     ON CONFLICT (kind, day) DO UPDATE SET last = "summary_counters".last + 1 RETURNING last`,
    [kind, day],
  );
  return rows[0].last;
}

export async function storeVoided(deps: PipelineDeps, tenant: TenantRef, request: VoidRequest): Promise<StoredSummary> {
  const s = quoteIdent(tenant.schema);
  const today = limaToday();
  const client = await deps.db.pool.connect();
  try {
    await client.query('BEGIN');
    const rows = await lockDocuments(
      client,
      tenant.schema,
      request.documents.map((d) => d.externalId),
    );
    const chosen = checkAll(request, rows, today);
    const correlative = await nextCorrelative(client, tenant.schema, 'RA', today);
    const identifier = `RA-${today.replaceAll('-', '')}-${correlative}`;
    const filename = `${tenant.company.ruc}-${identifier}`;
    const reasons = new Map(request.documents.map((d) => [d.externalId, d.reason]));
    const lines = chosen.map((r) => ({
      documentType: r.documentType,
      serie: r.serie,
      number: r.number,
      reason: reasons.get(r.externalId) ?? '',
    }));
    const xml = buildVoidedXml(
      { id: identifier, referenceDate: request.issueDate, issueDate: today, lines },
      issuerOf(tenant.company),
    );
    const signed = signXml(xml, signingKeyOf(tenant.schema, tenant.company, deps.secrets), { assumeCanonical: true });
    // Written before the commit: a rolled-back RA leaves a file its number's next owner overwrites, never a row without its XML.
    await deps.storage.put(tenant.schema, xmlKey(filename), signed.xml);
    const externalId = randomUUID();
    const { rows: inserted } = await client.query<{ id: number }>(
      `INSERT INTO ${s}."summaries" (external_id, kind, identifier, generated_on, correlative, reference_date, filename)
       VALUES ($1, 'RA', $2, $3, $4, $5, $6) RETURNING id`,
      [externalId, identifier, today, correlative, request.issueDate, filename],
    );
    const id = inserted[0].id;
    await client.query(
      `WITH lines AS (SELECT * FROM unnest($2::int[], $3::text[], $4::text[]) WITH ORDINALITY AS l(document_id, reason, previous_state, line_number))
       , ins AS (INSERT INTO ${s}."summary_documents" (summary_id, document_id, line_number, reason, previous_state)
           SELECT $1, document_id, line_number, reason, previous_state FROM lines)
       , upd AS (UPDATE ${s}."documents" d SET state_type_id = '13', updated_at = now() FROM lines WHERE d.id = lines.document_id RETURNING d.id, lines.previous_state)
       INSERT INTO ${s}."document_state_history" (document_id, from_state, to_state, actor, reason)
         SELECT id, previous_state, '13', $5, $6 FROM upd`,
      [
        id,
        chosen.map((r) => r.id),
        chosen.map((r) => reasons.get(r.externalId) ?? ''),
        chosen.map((r) => r.state),
        request.actor,
        `Comunicación de baja ${identifier}`,
      ],
    );
    await enqueue(
      client,
      SUMMARY_JOB,
      { tenantId: tenant.id, schema: tenant.schema, summaryId: id },
      {
        dedupeKey: summaryJobKey(tenant.id, id),
        tenantId: tenant.id,
        runAt: new Date(Date.now() + deps.config.sunatTimeoutMs * 3 + 10_000),
      },
    );
    await client.query('COMMIT');
    return { id, externalId, identifier, filename };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
