// `whatsapp-deliver`: sends one outbox message through the Cloud API. Transient failures are retried by the
// worker with backoff (up to MAX_DELIVERY_ATTEMPTS, src/delivery/retry.ts); permanent ones are recorded with the
// provider's code; an ambiguous one (request sent, no answer) is marked `unknown` and NOT retried — a duplicate
// message to a customer is worse than asking the sender to check.
import type { JobDefinition } from '../../platform/jobs/definition.ts';
import {
  DEFAULT_TIMEOUT_MS,
  sendMessage,
  uploadMedia,
  type WhatsappCredentials,
  type WhatsappOutcome,
} from '../../whatsapp/client.ts';
import { deliveryRetry, MAX_DELIVERY_ATTEMPTS } from '../../delivery/retry.ts';
import type { PipelineDeps } from '../../pipeline/deps.ts';
import { SYSTEM_FOLDER, WHATSAPP_JOB, type OutboxPayload } from './outbox.ts';

class RetryLater extends Error {}

async function credentialsFor(deps: PipelineDeps, schema: string | null): Promise<WhatsappCredentials | null> {
  const { config } = deps;
  if (schema) {
    const company = await deps.db
      .tenant(schema)
      .company.findFirst({ select: { whatsappPhoneNumberId: true, whatsappTokenEnc: true } });
    if (company?.whatsappPhoneNumberId && company.whatsappTokenEnc) {
      return {
        apiUrl: config.whatsappApiUrl,
        phoneNumberId: company.whatsappPhoneNumberId,
        token: deps.secrets.open(company.whatsappTokenEnc),
      };
    }
  }
  if (config.whatsappToken && config.whatsappPhoneNumberId) {
    return { apiUrl: config.whatsappApiUrl, phoneNumberId: config.whatsappPhoneNumberId, token: config.whatsappToken };
  }
  return null;
}

async function deliver(
  deps: PipelineDeps,
  creds: WhatsappCredentials,
  kind: string,
  to: string,
  p: OutboxPayload & { schema?: string | null },
): Promise<WhatsappOutcome> {
  // Each request is bounded by its own timeout; together they end at DELIVERY_DEADLINE_MS.
  const deadline = Date.now() + deps.config.deliveryDeadlineMs;
  const timeout = () => Math.max(1, Math.min(DEFAULT_TIMEOUT_MS, deadline - Date.now()));
  if (kind === 'text')
    return sendMessage(creds, to, { type: 'text', text: { body: p.message ?? '', preview_url: false } }, timeout());
  const type = kind === 'pdf' ? 'document' : (p.mediaType ?? 'document');
  const media: Record<string, unknown> = {};
  if (p.mediaUrl) {
    media.link = p.mediaUrl;
  } else {
    const file = await deps.storage.get(p.schema ?? SYSTEM_FOLDER, p.fileKey ?? '');
    if (!file)
      return { kind: 'permanent', code: 'FILE_MISSING', message: 'El archivo del mensaje ya no está disponible.' };
    const uploaded = await uploadMedia(
      creds,
      file,
      p.mimetype ?? 'application/pdf',
      p.filename ?? 'documento.pdf',
      timeout(),
    );
    if (uploaded.kind !== 'sent') return uploaded.kind === 'ambiguous' ? { ...uploaded, kind: 'transient' } : uploaded;
    media.id = uploaded.id;
  }
  const caption = kind === 'pdf' ? p.message : p.caption;
  if (caption && type !== 'audio') media.caption = caption;
  if (type === 'document' && p.filename) media.filename = p.filename;
  return sendMessage(creds, to, { type, [type]: media }, timeout());
}

export const whatsappJob: JobDefinition<PipelineDeps> = {
  name: WHATSAPP_JOB,
  ...deliveryRetry,
  async run(payload, { deps, attempts }) {
    const central = deps.db.central;
    const msg = await central.whatsappMessage.findUnique({ where: { id: String(payload.messageId) } });
    if (msg?.status !== 'queued') return;
    const p = msg.payload as OutboxPayload & { schema?: string | null };
    const creds = await credentialsFor(deps, p.schema ?? null);
    const outcome: WhatsappOutcome = creds
      ? await deliver(deps, creds, msg.kind, msg.toNumber, p)
      : {
          kind: 'permanent',
          code: 'NOT_CONFIGURED',
          message: 'No hay un número de WhatsApp configurado (empresa o sistema).',
        };
    if (outcome.kind === 'sent') {
      await central.whatsappMessage.update({
        where: { id: msg.id },
        data: { status: 'sent', attempts, providerMessageId: outcome.id, errorCode: null, lastError: null },
      });
      return;
    }
    if (outcome.kind === 'transient' && attempts < MAX_DELIVERY_ATTEMPTS) {
      await central.whatsappMessage.update({
        where: { id: msg.id },
        data: { attempts, errorCode: outcome.code, lastError: outcome.message },
      });
      throw new RetryLater(`transient ${outcome.code}: ${outcome.message}`); // the worker reschedules with backoff
    }
    await central.whatsappMessage.update({
      where: { id: msg.id },
      data: {
        status: outcome.kind === 'ambiguous' ? 'unknown' : 'failed',
        attempts,
        errorCode: outcome.code,
        lastError: outcome.message,
      },
    });
  },
  // Every attempt ended with its process: the message is failed rather than queued for ever.
  async onGiveUp(payload, { deps, attempts }) {
    await deps.db.central.whatsappMessage.updateMany({
      where: { id: String(payload.messageId), status: 'queued' },
      data: {
        status: 'failed',
        attempts: attempts - 1,
        errorCode: 'DELIVERY_INTERRUPTED',
        lastError: 'El envío se interrumpió en cada intento; no se reintentará.',
      },
    });
  },
};
