// The WhatsApp outbox: a request is written here (and its file to storage) before we answer; the worker's
// `whatsapp-deliver` job sends it. One row per message, its status the single source of truth. A request that
// fails half-way takes back what it wrote (file, row): no orphan file, no row that no job will ever deliver.
import { randomUUID } from 'node:crypto';
import type { PipelineDeps } from '../../pipeline/deps.ts';
import { enqueue } from '../../platform/jobs/queue.ts';

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
  const folder = sender.schema ?? SYSTEM_FOLDER;
  if (file) payload.fileKey = `whatsapp/${id}.bin`;
  let rowWritten = false;
  try {
    if (file) await deps.storage.put(folder, payload.fileKey!, file);
    await deps.db.central.whatsappMessage.create({
      data: {
        id,
        tenantId: sender.tenantId,
        kind,
        toNumber: to,
        payload: { ...payload, schema: sender.schema } as object,
      },
    });
    rowWritten = true;
    await enqueue(
      deps.db.pool,
      WHATSAPP_JOB,
      { messageId: id },
      { dedupeKey: `${WHATSAPP_JOB}:${id}`, tenantId: sender.tenantId ?? undefined },
    );
  } catch (error) {
    await discard(deps, id, rowWritten, file ? { folder, key: payload.fileKey! } : null);
    throw error;
  }
  deps.wakeWorker?.();
  return { id, status: 'queued' as const };
}

/** Best effort: the original failure is what the caller must see. */
async function discard(
  deps: PipelineDeps,
  id: string,
  rowWritten: boolean,
  file: { folder: string; key: string } | null,
): Promise<void> {
  if (rowWritten)
    await deps.db.central.whatsappMessage
      .deleteMany({ where: { id } })
      .catch((error: unknown) => deps.log.error({ err: error, id }, 'whatsapp: could not remove an unqueued message'));
  if (file)
    await deps.storage
      .delete(file.folder, file.key)
      .catch((error: unknown) =>
        deps.log.error({ err: error, id }, 'whatsapp: could not remove the file of a failed message'),
      );
}
