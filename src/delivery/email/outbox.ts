// The e-mail outbox (tenant table email_outbox): a message row and its `email-deliver` job are committed together
// before the API answers, so an answered request is never lost; the worker builds the message when it sends it.
import { randomUUID } from 'node:crypto';
import type { PipelineDeps, TenantRef } from '../../pipeline/deps.ts';
import type { QueuedEmail } from '../../pipeline/insert-statement.ts';
import { inTransaction } from '../../pipeline/summaries/persist.ts';
import { quoteIdent } from '../../platform/db/schema-name.ts';
import { enqueueIn } from '../../platform/jobs/outbox.ts';
import { runNow } from '../../platform/jobs/queue.ts';

export const EMAIL_JOB = 'email-deliver';

export interface EmailJobPayload {
  tenantId: number;
  schema: string;
  messageId: string;
}

/** A new message: its outbox row and delivery job (written by queueEmail, or by the issue with its document). */
export function emailRow(tenant: Pick<TenantRef, 'id' | 'schema'>, to: string[]): QueuedEmail {
  const id = randomUUID();
  const payload: EmailJobPayload = { tenantId: tenant.id, schema: tenant.schema, messageId: id };
  return {
    id,
    to: to.join(', '),
    job: { name: EMAIL_JOB, dedupeKey: `${EMAIL_JOB}:${id}`, tenantId: tenant.id, payload },
  };
}

/**
 * The e-mail, held until its document's send lease ended (insert-statement.ts), made due now that SUNAT's
 * answer is recorded. Best effort: should this fail, the e-mail still goes when the lease ends.
 */
export async function emailDueNow(deps: PipelineDeps, email: QueuedEmail): Promise<void> {
  try {
    await runNow(deps.db.pool, email.job.dedupeKey);
  } catch (error) {
    deps.log.warn({ err: error, messageId: email.id }, 'email: left for the end of the send lease');
  }
  deps.wakeWorker?.();
}

/** issue: acciones.enviar_email; api: POST /api/document/email. */
export type EmailSource = 'issue' | 'api';

/**
 * Queues one message. The e-mail an issue asks for is written with its document (emailRow); a retry of that
 * request, answered as a duplicate, comes here and finds it — or queues it now for a document stored before
 * e-mails travelled in the transaction. Under one lock per document, a message already there is reused.
 */
export async function queueEmail(
  deps: PipelineDeps,
  tenant: Pick<TenantRef, 'id' | 'schema'>,
  documentId: number,
  to: string[],
  source: EmailSource,
): Promise<{ id: string }> {
  const row = emailRow(tenant, to);
  const existing = await inTransaction(deps, tenant.schema, async (client, jobs) => {
    if (source === 'issue') {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', [
        `${tenant.schema}:issue-email`,
        documentId,
      ]);
      const { rows } = await client.query<{ id: string }>(
        `SELECT id FROM ${quoteIdent(tenant.schema)}."email_outbox" WHERE document_id = $1 AND source = 'issue' LIMIT 1`,
        [documentId],
      );
      if (rows[0]) return rows[0].id;
    }
    await client.query(
      `INSERT INTO ${quoteIdent(tenant.schema)}."email_outbox" (id, document_id, to_addresses, source)
       VALUES ($1, $2, $3, $4)`,
      [row.id, documentId, row.to, source],
    );
    await enqueueIn(client, jobs, tenant.schema, row.job.name, row.job.payload, {
      dedupeKey: row.job.dedupeKey,
      tenantId: row.job.tenantId,
    });
    return null;
  });
  if (existing) return { id: existing };
  deps.wakeWorker?.();
  return { id: row.id };
}
