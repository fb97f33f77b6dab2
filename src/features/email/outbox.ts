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

export async function queueEmail(
  deps: PipelineDeps,
  tenant: Pick<TenantRef, 'id' | 'schema'>,
  documentId: number,
  to: string[],
  source: EmailSource,
): Promise<{ id: string; status: 'pending' }> {
  const id = randomUUID();
  await inTransaction(deps, async (client) => {
    await client.query(
      `INSERT INTO ${quoteIdent(tenant.schema)}."email_outbox" (id, document_id, to_addresses, source)
       VALUES ($1, $2, $3, $4)`,
      [id, documentId, to.join(', '), source],
    );
    const payload: EmailJobPayload = { tenantId: tenant.id, schema: tenant.schema, messageId: id };
    await enqueue(client, EMAIL_JOB, payload, { dedupeKey: `${EMAIL_JOB}:${id}`, tenantId: tenant.id });
  });
  deps.wakeWorker?.();
  return { id, status: 'pending' };
}
