// The e-mail outbox (tenant table email_outbox): a message row and its `email-deliver` job are committed together
// before the API answers, so an answered request is never lost; the worker builds the message when it sends it.
import { randomUUID } from 'node:crypto';
import type { PipelineDeps, TenantRef } from '../../pipeline/deps.ts';
import { inTransaction } from '../../pipeline/summaries/persist.ts';
import { quoteIdent } from '../../platform/db/schema-name.ts';
import { enqueue } from '../../platform/jobs/queue.ts';

export const EMAIL_JOB = 'email-deliver';

export interface EmailJobPayload {
  tenantId: number;
  schema: string;
  messageId: string;
}

/** issue: acciones.enviar_email; api: POST /api/document/email. */
export type EmailSource = 'issue' | 'api';

/**
 * Queues one message. The e-mail an issue asks for is queued once per document, whichever request gets there
 * first: the issue that stored the document, or — when that process died after the commit and before it queued
 * the e-mail (SUNAT's call lies in between) — the client's retry of the same request, answered as a duplicate.
 * Both look under one lock per document and reuse a message already there.
 */
export async function queueEmail(
  deps: PipelineDeps,
  tenant: Pick<TenantRef, 'id' | 'schema'>,
  documentId: number,
  to: string[],
  source: EmailSource,
): Promise<{ id: string }> {
  let id: string = randomUUID();
  const queued = await inTransaction(deps, async (client) => {
    if (source === 'issue') {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', [
        `${tenant.schema}:issue-email`,
        documentId,
      ]);
      const { rows } = await client.query<{ id: string }>(
        `SELECT id FROM ${quoteIdent(tenant.schema)}."email_outbox" WHERE document_id = $1 AND source = 'issue' LIMIT 1`,
        [documentId],
      );
      if (rows[0]) {
        id = rows[0].id;
        return false;
      }
    }
    await client.query(
      `INSERT INTO ${quoteIdent(tenant.schema)}."email_outbox" (id, document_id, to_addresses, source)
       VALUES ($1, $2, $3, $4)`,
      [id, documentId, to.join(', '), source],
    );
    const payload: EmailJobPayload = { tenantId: tenant.id, schema: tenant.schema, messageId: id };
    await enqueue(client, EMAIL_JOB, payload, { dedupeKey: `${EMAIL_JOB}:${id}`, tenantId: tenant.id });
    return true;
  });
  if (queued) deps.wakeWorker?.();
  return { id };
}
