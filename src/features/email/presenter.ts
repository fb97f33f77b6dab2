// An outbox message as GET /api/document/email/{id} shows it.
import type { emailStatus } from './service.ts';

export function presentEmail(msg: Awaited<ReturnType<typeof emailStatus>>) {
  return {
    success: true as const,
    data: {
      id: msg.id,
      status: msg.status,
      to: msg.toAddresses.split(',').map((a) => a.trim()),
      source: msg.source,
      number: `${msg.document.serie}-${msg.document.number}`,
      external_id: msg.document.externalId,
      attempts: msg.attempts,
      error_code: msg.errorCode,
      last_error: msg.lastError,
      message_id: msg.messageId,
      sent_at: msg.sentAt?.toISOString() ?? null,
      created_at: msg.createdAt.toISOString(),
      updated_at: msg.updatedAt.toISOString(),
    },
  };
}
