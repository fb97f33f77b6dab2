// `webhook-deliver`: one endpoint's due deliveries, oldest event first, each subject's events in order — an event
// waits while an earlier one of the same document (or summary) is still pending for that endpoint. One job per
// endpoint (its dedupe key); it runs in the worker's delivery lane, where one company holds at most its share of
// the slots: a slow receiver delays only its own company. A run stops after RUN_BUDGET_MS (each POST is bounded by
// WEBHOOK_TIMEOUT_MS) and queues itself again for the next due delivery.
import type pg from 'pg';
import { quoteIdent } from '../../platform/db/schema-name.ts';
import type { JobDefinition } from '../../platform/jobs/definition.ts';
import { enqueueIn, relayAfterCommit } from '../../platform/jobs/outbox.ts';
import type { PipelineDeps } from '../deps.ts';
import { attemptDelivery } from './attempt.ts';
import { eventBody, type EventRow } from './event-body.ts';

export const WEBHOOK_JOB = 'webhook-deliver';

export interface WebhookJobPayload {
  tenantId: number;
  schema: string;
  endpointId: number;
}

/** A run takes new deliveries for this long; the one in flight ends within WEBHOOK_TIMEOUT_MS. */
const RUN_BUDGET_MS = 30_000;
const BATCH = 20;

/** Pending deliveries with no earlier pending event of their subject for the endpoint ("heads"). */
function headsSql(s: string): string {
  return `SELECT d.id::text AS id, d.attempts, d.event_id::text AS event_id, d.next_attempt_at FROM ${s}."webhook_deliveries" d
    WHERE d.endpoint_id = $1 AND d.status = 'pending'
      AND NOT EXISTS (SELECT 1 FROM ${s}."webhook_deliveries" p
        WHERE p.endpoint_id = d.endpoint_id AND p.subject = d.subject AND p.status = 'pending' AND p.event_id < d.event_id)`;
}

interface Head {
  id: string;
  attempts: number;
  event_id: string;
  next_attempt_at: Date | null;
}

async function dueHeads(pool: pg.Pool, schema: string, endpointId: number): Promise<Head[]> {
  const { rows } = await pool.query<Head>(
    `${headsSql(quoteIdent(schema))} AND d.next_attempt_at <= now() ORDER BY d.event_id LIMIT ${BATCH}`,
    [endpointId],
  );
  return rows;
}

/** When the endpoint's next delivery is due (null: nothing pending). */
async function nextDue(pool: pg.Pool, schema: string, endpointId: number): Promise<Date | null> {
  const { rows } = await pool.query<{ at: Date | null }>(
    `SELECT min(h.next_attempt_at) AS at FROM (${headsSql(quoteIdent(schema))}) h`,
    [endpointId],
  );
  return rows[0]?.at ?? null;
}

/** Queues (or brings forward) the endpoint's delivery job for `runAt`. */
export async function wakeEndpoint(
  deps: Pick<PipelineDeps, 'db' | 'log' | 'wakeWorker'>,
  payload: WebhookJobPayload,
  runAt = new Date(),
): Promise<void> {
  const route = deps.db.directory.route(payload.schema);
  await enqueueIn(route.pool, route.jobs, payload.schema, WEBHOOK_JOB, payload, {
    dedupeKey: `${WEBHOOK_JOB}:${payload.tenantId}:${payload.endpointId}`,
    tenantId: payload.tenantId,
    runAt,
  });
  if (route.jobs === 'outbox') await relayAfterCommit(route.pool, deps.db.pool, payload.schema, deps.log);
  deps.wakeWorker?.();
}

async function deliverEndpoint(deps: PipelineDeps, payload: WebhookJobPayload): Promise<void> {
  const { schema, endpointId } = payload;
  const db = deps.db.tenant(schema);
  const pool = deps.db.poolFor(schema);
  const endpoint = await db.webhookEndpoint.findUnique({ where: { id: endpointId } });
  if (!endpoint?.active) return;
  const target = { id: endpoint.id, url: endpoint.url, secret: deps.secrets.open(endpoint.secretEnc) };
  const started = Date.now();
  while (Date.now() - started < RUN_BUDGET_MS) {
    const heads = await dueHeads(pool, schema, endpointId);
    if (heads.length === 0) break;
    for (const head of heads) {
      const event = (await db.webhookEvent.findUniqueOrThrow({ where: { id: BigInt(head.event_id) } })) as EventRow;
      const body = await eventBody(db, event, endpoint.linkBase);
      const outcome = await attemptDelivery(
        pool,
        schema,
        deps.config,
        target,
        { deliveryId: head.id, attempts: head.attempts, eventId: event.publicId, eventType: event.type },
        body,
      );
      if (!outcome.endpointActive) {
        deps.log.warn({ schema, endpointId }, 'webhook endpoint switched off after failing for too long');
        return;
      }
      if (Date.now() - started >= RUN_BUDGET_MS) break;
    }
  }
  const next = await nextDue(pool, schema, endpointId);
  // Never at or before the claimed run time: completing the job would then delete it with deliveries pending.
  if (next) await wakeEndpoint(deps, payload, new Date(Math.max(next.getTime(), Date.now() + 1)));
}

export const webhookJob: JobDefinition<PipelineDeps> = {
  name: WEBHOOK_JOB,
  lane: 'delivery',
  // A throw here is ours (the database, a sealed secret), not the receiver's: the receiver's failures are recorded
  // per delivery and scheduled by WEBHOOK_RETRY_SCHEDULE.
  maxAttempts: 20,
  backoffMs: (attempts) => Math.min(5_000 * 2 ** attempts, 10 * 60_000),
  async run(payload, { deps }) {
    await deliverEndpoint(deps, payload as unknown as WebhookJobPayload);
  },
};
