// A stored summary's way through SUNAT: `sending` (no ticket yet) → sendSummary → `pending` (a ticket) → getStatus
// until SUNAT answers 0 (`accepted`) or 99 (`rejected`). Every step is idempotent and may run from the request,
// the status route or the worker: the send holds a lease and resends the SAME file (never a second summary for
// the same documents), and the outcome is recorded once (guarded by the state it leaves).
import { getStatus, internalFailureOutcome, sendSummary, zipDocument, type SendOutcome } from '../../sunat/index.ts';
import { quoteIdent } from '../../platform/db/schema-name.ts';
import { enqueue } from '../../platform/jobs/queue.ts';
import type { PipelineDeps, TenantRef } from '../deps.ts';
import { xmlKey } from '../files.ts';
import { MAX_SEND_ATTEMPTS, retryDelayMs, sendLeaseMs } from '../send.ts';
import { SUMMARY_JOB, summaryJobKey } from './job-names.ts';
import type { SummaryKind } from './kinds.ts';
import { recordSummaryOutcome } from './record.ts';
import { summaryCallOptions } from './sunat-call.ts';

export type SummaryState = 'sending' | 'pending' | 'accepted' | 'rejected';

export interface SummaryRow {
  id: number;
  kind: SummaryKind;
  filename: string;
  state: SummaryState;
  ticket: string | null;
  createdAt: Date;
}

/** What the last step learned: SUNAT's answer, or '98' while the ticket is in process. */
export interface SummaryStep {
  outcome?: SendOutcome;
  statusCode?: string;
}

/** While SUNAT answers 98: poll after a quarter of the summary's age, between 2 s and 5 min. */
export function pollDelayMs(createdAt: Date, now = Date.now()): number {
  return Math.min(Math.max(2_000, (now - createdAt.getTime()) / 4), 5 * 60_000);
}

async function schedule(deps: PipelineDeps, tenant: TenantRef, summaryId: number, delayMs: number): Promise<void> {
  await enqueue(
    deps.db.pool,
    SUMMARY_JOB,
    { tenantId: tenant.id, schema: tenant.schema, summaryId },
    {
      runAt: new Date(Date.now() + delayMs),
      dedupeKey: summaryJobKey(tenant.id, summaryId),
      tenantId: tenant.id,
    },
  );
  deps.wakeWorker?.();
}

/** One step for the summary in its current state; returns what SUNAT said (nothing when busy or final). */
export async function advanceSummary(deps: PipelineDeps, tenant: TenantRef, row: SummaryRow): Promise<SummaryStep> {
  if (row.state === 'sending') return send(deps, tenant, row);
  if (row.state === 'pending' && row.ticket) return poll(deps, tenant, row, row.ticket);
  return {};
}

async function send(deps: PipelineDeps, tenant: TenantRef, row: SummaryRow): Promise<SummaryStep> {
  const s = quoteIdent(tenant.schema);
  const { rows } = await deps.db.poolFor(tenant.schema).query<{ send_attempts: number }>(
    `UPDATE ${s}."summaries" SET locked_until = now() + make_interval(secs => $2::double precision / 1000),
       send_attempts = send_attempts + 1, updated_at = now()
     WHERE id = $1 AND state = 'sending' AND (locked_until IS NULL OR locked_until < now()) RETURNING send_attempts`,
    [row.id, sendLeaseMs(deps)],
  );
  if (rows.length === 0) return {};
  const attempts = rows[0].send_attempts;
  let outcome: SendOutcome;
  try {
    const xml = await deps.storage.get(tenant.schema, xmlKey(row.filename));
    if (!xml) throw new Error(`the signed XML of ${row.filename} is missing`);
    const sent = await sendSummary({
      ...summaryCallOptions(deps, tenant, row.kind),
      fileName: row.filename,
      zip: zipDocument(row.filename, xml),
    });
    if (sent.kind === 'ticket') {
      await deps.db.poolFor(tenant.schema).query(
        `UPDATE ${s}."summaries" SET state = 'pending', ticket = $2, locked_until = NULL, last_error = NULL, updated_at = now()
         WHERE id = $1 AND state = 'sending'`,
        [row.id, sent.ticket],
      );
      await schedule(deps, tenant, row.id, pollDelayMs(row.createdAt));
      return {};
    }
    outcome = sent.outcome;
  } catch (error) {
    deps.log.error({ err: error, summaryId: row.id, schema: tenant.schema }, 'summary send failed before SUNAT');
    outcome = internalFailureOutcome();
  }
  // SUNAT down, a timeout or an exception: the same file is sent again later (SUNAT answers a resent summary
  // with the same ticket; an RA is never rebuilt for the same documents).
  await deps.db
    .poolFor(tenant.schema)
    .query(
      `UPDATE ${s}."summaries" SET locked_until = NULL, last_error = $2, sunat_response = $3::jsonb, updated_at = now() WHERE id = $1`,
      [
        row.id,
        `${outcome.code} ${outcome.description}`.slice(0, 1000),
        JSON.stringify({ code: outcome.code, description: outcome.description, notes: outcome.notes }),
      ],
    );
  if (attempts < MAX_SEND_ATTEMPTS) await schedule(deps, tenant, row.id, retryDelayMs(attempts));
  return { outcome };
}

async function poll(deps: PipelineDeps, tenant: TenantRef, row: SummaryRow, ticket: string): Promise<SummaryStep> {
  const status = await getStatus({ ...summaryCallOptions(deps, tenant, row.kind), ticket });
  if (status.kind === 'pending') {
    await schedule(deps, tenant, row.id, pollDelayMs(row.createdAt));
    return { statusCode: status.statusCode };
  }
  if (status.kind === 'failed' || status.outcome.kind === 'unknown' || status.outcome.kind === 'exception') {
    // Nothing is known yet (SUNAT down, an unreadable CDR): the same ticket is asked again later.
    deps.log.warn({ summaryId: row.id, code: status.outcome.code }, 'summary getStatus failed');
    await schedule(deps, tenant, row.id, pollDelayMs(row.createdAt));
    return { outcome: status.outcome };
  }
  await recordSummaryOutcome(deps, tenant, row, status.outcome);
  return { outcome: status.outcome, statusCode: status.statusCode };
}
