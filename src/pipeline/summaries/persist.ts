// What RA, RC and RR share when they are stored, inside the caller's transaction: the day's correlative
// (RA-/RC-/RR-YYYYMMDD-N, moved in this transaction), the signed XML written before the commit, the summary row, its
// lines with each document's previous state, the documents' new state with history (an RC of process 1 marks the
// documents it declares instead), and the job that sends it.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { signCanonicalXml } from '../../core/signing/canonical.ts';
import { quoteIdent } from '../../platform/db/schema-name.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { enqueueIn, relayAfterCommit, type JobsTable } from '../../platform/jobs/outbox.ts';
import type { PipelineDeps, TenantRef } from '../deps.ts';
import { xmlKey } from '../files.ts';
import { signingKeyOf } from '../keys.ts';
import { SUMMARY_JOB, summaryJobKey } from './job-names.ts';
import type { SummaryKind } from './kinds.ts';
import { sendLeaseMs } from '../send.ts';

export interface StoredSummary {
  id: number;
  externalId: string;
  identifier: string;
  filename: string;
}

export interface PersistInput {
  kind: SummaryKind;
  processCode: string | null;
  /** The documents' issue date (ReferenceDate). */
  referenceDate: string;
  /** Today in Lima: the summary's date. */
  today: string;
  lines: Array<{ documentId: number; reason: string; previousState: string }>;
  /** The documents' state while SUNAT processes (13 por anular), or null to leave them as they are. */
  pendingState: string | null;
  /** A resumen diario's process 1: the summary declares its documents (marked on their rows until SUNAT rejects it). */
  declares: boolean;
  /** The unsigned XML for the allocated identifier. */
  buildXml(identifier: string): string;
  actor: string;
  reason: string;
}

async function nextCorrelative(client: pg.PoolClient, schema: string, kind: string, day: string): Promise<number> {
  const { rows } = await client.query<{ last: number }>(
    `INSERT INTO ${quoteIdent(schema)}."summary_counters" (kind, day, last) VALUES ($1, $2, 1)
     ON CONFLICT (kind, day) DO UPDATE SET last = "summary_counters".last + 1 RETURNING last`,
    [kind, day],
  );
  return rows[0].last;
}

export async function persistSummary(
  deps: PipelineDeps,
  tenant: TenantRef,
  client: pg.PoolClient,
  input: PersistInput,
  jobs: JobsTable,
): Promise<StoredSummary> {
  const s = quoteIdent(tenant.schema);
  const correlative = await nextCorrelative(client, tenant.schema, input.kind, input.today);
  const identifier = `${input.kind}-${input.today.replaceAll('-', '')}-${correlative}`;
  const filename = `${tenant.company.ruc}-${identifier}`;
  const key = signingKeyOf(tenant.schema, tenant.company, deps.secrets);
  const signed = signCanonicalXml(input.buildXml(identifier), key);
  // Written before the commit: a rolled-back summary leaves a file the number's next owner overwrites, never a
  // row without its XML.
  await deps.storage.put(tenant.schema, xmlKey(filename), signed.xml);
  const externalId = randomUUID();
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO ${s}."summaries" (external_id, kind, identifier, generated_on, correlative, reference_date, process_code, filename)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [externalId, input.kind, identifier, input.today, correlative, input.referenceDate, input.processCode, filename],
  );
  const id = rows[0].id;
  await client.query(
    `WITH lines AS (SELECT * FROM unnest($2::int[], $3::text[], $4::text[]) WITH ORDINALITY AS l(document_id, reason, previous_state, line_number))
     , ins AS (INSERT INTO ${s}."summary_documents" (summary_id, document_id, line_number, reason, previous_state)
         SELECT $1, document_id, line_number, reason, previous_state FROM lines)
     , upd AS (UPDATE ${s}."documents" d SET state_type_id = COALESCE($5, d.state_type_id), updated_at = now(),
           declared_in_summary_id = CASE WHEN $8::boolean THEN $1 ELSE d.declared_in_summary_id END
         FROM lines WHERE d.id = lines.document_id AND ($5::text IS NOT NULL OR $8::boolean)
         RETURNING d.id, lines.previous_state)
     INSERT INTO ${s}."document_state_history" (document_id, from_state, to_state, actor, reason)
       SELECT id, previous_state, $5, $6, $7 FROM upd WHERE $5::text IS NOT NULL`,
    [
      id,
      input.lines.map((l) => l.documentId),
      input.lines.map((l) => l.reason),
      input.lines.map((l) => l.previousState),
      input.pendingState,
      input.actor,
      `${input.reason} ${identifier}`,
      input.declares,
    ],
  );
  // The safety net: if this process dies before its own first attempt, the worker sends the summary.
  await enqueueIn(
    client,
    jobs,
    tenant.schema,
    SUMMARY_JOB,
    { tenantId: tenant.id, schema: tenant.schema, summaryId: id },
    { dedupeKey: summaryJobKey(tenant.id, id), tenantId: tenant.id, runAt: new Date(Date.now() + sendLeaseMs(deps)) },
  );
  return { id, externalId, identifier, filename };
}

/**
 * Runs `work` in one transaction of `schema`, on a connection of the server the schema lives on; `jobs` says where
 * that transaction queues its jobs (relayed to central.jobs after the commit when it is the schema's outbox).
 */
export async function inTransaction<T>(
  deps: PipelineDeps,
  schema: string,
  work: (client: pg.PoolClient, jobs: JobsTable) => Promise<T>,
): Promise<T> {
  const route = deps.db.route(schema);
  const result = await withTransaction(route.pool, (client) => work(client, route.jobs));
  if (route.jobs === 'outbox') await relayAfterCommit(route.pool, deps.db.pool, schema, deps.log);
  return result;
}
