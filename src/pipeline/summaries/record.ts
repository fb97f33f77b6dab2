// SUNAT's final answer for a summary, recorded once: the CDR zip as received, the summary's state, and its
// documents' states with history — an accepted RA or RR (or an RC's ConditionCode 3) voids them (11), an accepted RC
// declares them (05), a rejection puts them back where they were (and an RC's boletas are no longer declared by it).
import type pg from 'pg';
import type { SendOutcome } from '../../sunat/index.ts';
import { quoteIdent } from '../../platform/db/schema-name.ts';
import type { PipelineDeps, TenantRef } from '../deps.ts';
import { cdrKey } from '../files.ts';
import type { SummaryKind } from './kinds.ts';

export interface RecordableSummary {
  id: number;
  kind: SummaryKind;
  filename: string;
}

interface Line {
  document_id: number;
  previous_state: string;
  current: string;
  process_code: string | null;
}

function targetState(kind: string, processCode: string | null, accepted: boolean, previous: string): string {
  if (!accepted) return previous;
  return kind !== 'RC' || processCode === '3' ? '11' : '05';
}

/**
 * The summary's documents moved to their final states: locked in id order (as every path that locks several does),
 * then every change and its history entry in one statement — a summary declares up to 500 boletas, and two round
 * trips per document held all their locks for a thousand round trips.
 */
async function moveDocuments(
  client: pg.PoolClient,
  schema: string,
  summary: RecordableSummary,
  accepted: boolean,
  reason: string,
) {
  const s = quoteIdent(schema);
  const { rows } = await client.query<Line>(
    `SELECT sd.document_id, sd.previous_state, d.state_type_id AS current, su.process_code
     FROM ${s}."summary_documents" sd JOIN ${s}."documents" d ON d.id = sd.document_id
     JOIN ${s}."summaries" su ON su.id = sd.summary_id
     WHERE sd.summary_id = $1 ORDER BY d.id FOR UPDATE OF d`,
    [summary.id],
  );
  // Rejected, a resumen diario declares nothing any more: its boletas may be declared again or sent one by one.
  if (!accepted && rows.length > 0)
    await client.query(
      `UPDATE ${s}."documents" SET declared_in_summary_id = NULL WHERE id = ANY($1::int[]) AND declared_in_summary_id = $2`,
      [rows.map((line) => line.document_id), summary.id],
    );
  const moves = rows
    .map((line) => ({
      id: line.document_id,
      from: line.current,
      to: targetState(summary.kind, line.process_code, accepted, line.previous_state),
    }))
    .filter((move) => move.to !== move.from);
  if (moves.length === 0) return;
  await client.query(
    `WITH moves AS (SELECT * FROM unnest($1::int[], $2::text[], $3::text[]) AS m(id, from_state, to_state))
     , upd AS (UPDATE ${s}."documents" d SET state_type_id = m.to_state, updated_at = now() FROM moves m
         WHERE d.id = m.id RETURNING d.id, m.from_state, m.to_state)
     INSERT INTO ${s}."document_state_history" (document_id, from_state, to_state, actor, reason)
       SELECT id, from_state, to_state, 'sunat', $4 FROM upd ORDER BY id`,
    [moves.map((m) => m.id), moves.map((m) => m.from), moves.map((m) => m.to), reason],
  );
}

/** Records a final outcome (accepted/observed/rejected); a second call for the same summary changes nothing. */
export async function recordSummaryOutcome(
  deps: PipelineDeps,
  tenant: TenantRef,
  summary: RecordableSummary,
  outcome: SendOutcome,
): Promise<void> {
  if (outcome.cdrZip) await deps.storage.put(tenant.schema, cdrKey(summary.filename), Buffer.from(outcome.cdrZip));
  const accepted = outcome.kind === 'accepted' || outcome.kind === 'observed';
  const response = { code: outcome.code, description: outcome.description, notes: outcome.notes ?? [] };
  const client = await deps.db.poolFor(tenant.schema).connect();
  try {
    await client.query('BEGIN');
    const { rowCount } = await client.query(
      `UPDATE ${quoteIdent(tenant.schema)}."summaries" SET state = $2, sunat_response = $3::jsonb, locked_until = NULL,
         last_error = NULL, updated_at = now() WHERE id = $1 AND state = 'pending'`,
      [summary.id, accepted ? 'accepted' : 'rejected', JSON.stringify(response)],
    );
    if (rowCount)
      await moveDocuments(
        client,
        tenant.schema,
        summary,
        accepted,
        `${outcome.code} ${outcome.description}`.slice(0, 1000),
      );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
