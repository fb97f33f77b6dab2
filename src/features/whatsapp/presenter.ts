// A WhatsApp outbox row as GET /api/whatsapp-notify/{id} shows it.
import type { WhatsappMessage } from '../../generated/central/client.ts';

export function presentMessage(msg: WhatsappMessage) {
  return {
    id: msg.id,
    status: msg.status,
    number: msg.toNumber,
    kind: msg.kind,
    attempts: msg.attempts,
    provider_message_id: msg.providerMessageId,
    error_code: msg.errorCode,
    error_message: msg.lastError,
    created_at: msg.createdAt.toISOString(),
    updated_at: msg.updatedAt.toISOString(),
  };
}
