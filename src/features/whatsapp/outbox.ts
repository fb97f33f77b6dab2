// The WhatsApp outbox: a request is written here (and its file to storage) before we answer; the worker's
// `whatsapp-deliver` job sends it. One row per message, its status the single source of truth.
import { randomUUID } from 'node:crypto';
import type { PipelineDeps } from '../../pipeline/deps.ts';
import { enqueue } from '../../worker/queue.ts';

export const WHATSAPP_JOB = 'whatsapp-deliver';
/** Storage folder of messages sent with the system token (tenants use their schema's folder). */
export const SYSTEM_FOLDER = 'central';

export interface OutboxSender {
  tenantId: number | null;
  schema: string | null;
}

export interface OutboxPayload {
  message?: string;
  caption?: string;
  filename?: string;
  mimetype?: string;
  /** image | video | audio | document */
  mediaType?: string;
  /** A public URL the provider fetches itself. */
  mediaUrl?: string;
  /** Storage key of an uploaded file (in the sender's folder). */
  fileKey?: string;
}

export async function queueMessage(
  deps: PipelineDeps,
  sender: OutboxSender,
  kind: 'text' | 'pdf' | 'media',
  to: string,
  payload: OutboxPayload,
  file?: Buffer,
) {
  const id = randomUUID();
  if (file) {
    payload.fileKey = `whatsapp/${id}.bin`;
    await deps.storage.put(sender.schema ?? SYSTEM_FOLDER, payload.fileKey, file);
  }
  await deps.db.central.whatsappMessage.create({
    data: {
      id,
      tenantId: sender.tenantId,
      kind,
      toNumber: to,
      payload: { ...payload, schema: sender.schema } as object,
    },
  });
  await enqueue(
    deps.db.pool,
    WHATSAPP_JOB,
    { messageId: id },
    { dedupeKey: `${WHATSAPP_JOB}:${id}`, tenantId: sender.tenantId ?? undefined },
  );
  deps.wakeWorker?.();
  return { id, status: 'queued' as const };
}
