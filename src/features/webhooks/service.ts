// A company's webhook endpoints: subscribe (the secret shown once, kept sealed), list, change, pause or reactivate,
// delete, rotate the secret, send a test event, list the deliveries and send one again. The events themselves are
// written by the database with each change of state and delivered by the pipeline's `webhook-deliver` job.
import type { PipelineDeps } from '../../pipeline/deps.ts';
import { TEST_EVENT } from '../../pipeline/webhooks/events.ts';
import { wakeEndpoint } from '../../pipeline/webhooks/job.ts';
import { newWebhookSecret } from '../../pipeline/webhooks/signature.ts';
import type { Config } from '../../platform/config.ts';
import type { TenantClient } from '../../platform/db/clients.ts';
import { errors } from '../../platform/errors.ts';
import { tenantBaseUrl } from '../../platform/http/public-url.ts';
import { allowedAddresses, OutboundRefused, outboundPolicy } from '../../platform/net/outbound.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import type { CreateWebhookInput, UpdateWebhookInput } from './schemas.ts';

/** Endpoints one company may have. */
export const MAX_ENDPOINTS = 10;
const PER_PAGE = 50;

export interface WebhookContext {
  deps: Pick<PipelineDeps, 'db' | 'log' | 'wakeWorker'> & { config: Config; secrets: SecretBox };
  tenant: { id: number; schema: string; hostname: string; db: TenantClient };
}

type EndpointRow = Awaited<ReturnType<TenantClient['webhookEndpoint']['findUniqueOrThrow']>>;

function present(row: EndpointRow) {
  return {
    id: row.id,
    url: row.url,
    eventos: row.eventos,
    activo: row.active,
    motivo_desactivacion: row.disabledReason,
    fallos_consecutivos: row.consecutiveFailures,
    created_at: row.createdAt.toISOString(),
  };
}

function notFound(id: number) {
  return errors.notFound('webhook_not_found', `El webhook ${id} no existe en esta empresa.`);
}

/**
 * The check a delivery will make, answered now: a receiver on a network this deployment may not reach (production:
 * loopback, private, link-local, metadata) is a 422. A name that does not resolve at the moment is accepted (DNS can
 * be down for a while); each delivery checks again when it connects.
 */
async function checkUrl(config: Config, url: string): Promise<void> {
  const target = new URL(url);
  if (target.username || target.password) {
    const message = 'La URL del webhook no puede llevar usuario ni clave: autentique los eventos con su firma.';
    throw errors.unprocessable('webhook_url_invalid', message, [{ path: 'url', code: 'webhook_url_invalid', message }]);
  }
  try {
    await allowedAddresses(target.hostname, outboundPolicy(config));
  } catch (error) {
    if (!(error instanceof OutboundRefused)) throw error;
    if (error.code !== 'host_refused') return;
    const message = `La URL ${target.hostname} está en una red no permitida (local, privada o interna): indique un receptor público.`;
    throw errors.unprocessable('webhook_url_not_allowed', message, [
      { path: 'url', code: 'webhook_url_not_allowed', message },
    ]);
  }
}

async function endpointOf(ctx: WebhookContext, id: number): Promise<EndpointRow> {
  const row = await ctx.tenant.db.webhookEndpoint.findUnique({ where: { id } });
  if (!row) throw notFound(id);
  return row;
}

function jobPayload(ctx: WebhookContext, endpointId: number) {
  return { tenantId: ctx.tenant.id, schema: ctx.tenant.schema, endpointId };
}

export async function createWebhook(ctx: WebhookContext, input: CreateWebhookInput) {
  await checkUrl(ctx.deps.config, input.url);
  if ((await ctx.tenant.db.webhookEndpoint.count()) >= MAX_ENDPOINTS)
    throw errors.unprocessable('webhook_limit', `Una empresa puede tener hasta ${MAX_ENDPOINTS} webhooks.`);
  const secret = newWebhookSecret();
  const row = await ctx.tenant.db.webhookEndpoint.create({
    data: {
      tenantId: ctx.tenant.id,
      url: input.url,
      eventos: input.eventos ?? [],
      secretEnc: ctx.deps.secrets.seal(secret),
      linkBase: tenantBaseUrl(ctx.deps.config.publicUrl, ctx.tenant.hostname),
    },
  });
  return { success: true as const, data: { ...present(row), secret } };
}

export async function listWebhooks(ctx: WebhookContext) {
  const rows = await ctx.tenant.db.webhookEndpoint.findMany({ orderBy: { id: 'asc' } });
  return { success: true as const, data: rows.map(present) };
}

export async function updateWebhook(ctx: WebhookContext, id: number, input: UpdateWebhookInput) {
  await endpointOf(ctx, id);
  if (input.url !== undefined) await checkUrl(ctx.deps.config, input.url);
  const reactivate = input.activo === true;
  const row = await ctx.tenant.db.webhookEndpoint.update({
    where: { id },
    data: {
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.eventos !== undefined ? { eventos: input.eventos } : {}),
      ...(input.activo !== undefined ? { active: input.activo } : {}),
      // Reactivated: a fresh start, and what waited while it was off goes now.
      ...(reactivate ? { disabledReason: null, consecutiveFailures: 0, failingSince: null } : {}),
    },
  });
  if (reactivate) await wakeEndpoint(ctx.deps, jobPayload(ctx, id));
  return { success: true as const, data: present(row) };
}

export async function deleteWebhook(ctx: WebhookContext, id: number) {
  const { count } = await ctx.tenant.db.webhookEndpoint.deleteMany({ where: { id } });
  if (count === 0) throw notFound(id);
  return { success: true as const, message: `Webhook ${id} eliminado; no recibirá más eventos.` };
}

export async function rotateSecret(ctx: WebhookContext, id: number) {
  await endpointOf(ctx, id);
  const secret = newWebhookSecret();
  const row = await ctx.tenant.db.webhookEndpoint.update({
    where: { id },
    data: { secretEnc: ctx.deps.secrets.seal(secret) },
  });
  return { success: true as const, data: { ...present(row), secret } };
}

function queuedAnswer(delivery: { id: bigint }, event: { publicId: string; type: string }, message: string) {
  return {
    success: true as const,
    message,
    data: { id: Number(delivery.id), event_id: event.publicId, event_type: event.type, status: 'pending' as const },
  };
}

/** A `webhook.test` event to this endpoint alone, delivered (and retried) like any other. */
export async function sendTest(ctx: WebhookContext, id: number) {
  const endpoint = await endpointOf(ctx, id);
  if (!endpoint.active)
    throw errors.conflict(
      'webhook_inactive',
      `El webhook ${id} está desactivado: reactívelo con PATCH {"activo": true}.`,
    );
  const event = await ctx.tenant.db.webhookEvent.create({
    data: {
      type: TEST_EVENT,
      subject: `test:${id}`,
      state: 'test',
      data: {
        message: 'Evento de prueba de Facturo: su receptor y la verificación de la firma funcionan.',
        webhook_id: id,
      },
      deliveries: { create: { endpointId: id, subject: `test:${id}` } },
    },
    include: { deliveries: true },
  });
  await wakeEndpoint(ctx.deps, jobPayload(ctx, id));
  return queuedAnswer(event.deliveries[0], event, 'Evento de prueba en cola: vea GET /api/webhooks/{id}/deliveries.');
}

export async function listDeliveries(ctx: WebhookContext, id: number, page: number) {
  await endpointOf(ctx, id);
  const where = { endpointId: id };
  const [total, rows] = await Promise.all([
    ctx.tenant.db.webhookDelivery.count({ where }),
    ctx.tenant.db.webhookDelivery.findMany({
      where,
      orderBy: { id: 'desc' },
      skip: (page - 1) * PER_PAGE,
      take: PER_PAGE,
      include: { event: { select: { publicId: true, type: true } }, tries: { orderBy: { attempt: 'desc' } } },
    }),
  ]);
  return {
    success: true as const,
    data: rows.map((d) => ({
      id: Number(d.id),
      event_id: d.event.publicId,
      event_type: d.event.type,
      status: d.status as 'pending' | 'delivered' | 'failed',
      attempts: d.attempts,
      next_attempt_at: d.status === 'pending' ? (d.nextAttemptAt?.toISOString() ?? null) : null,
      delivered_at: d.deliveredAt?.toISOString() ?? null,
      created_at: d.createdAt.toISOString(),
      intentos: d.tries.map((a) => ({
        attempt: a.attempt,
        status_code: a.statusCode,
        duration_ms: a.durationMs,
        response: a.responseHead,
        error: a.error,
        next_attempt_at: a.nextAttemptAt?.toISOString() ?? null,
        created_at: a.createdAt.toISOString(),
      })),
    })),
    meta: { page, per_page: PER_PAGE, total },
  };
}

/** The delivery goes again now, with the same event (same id and body); a failed one gets a fresh schedule. */
export async function redeliver(ctx: WebhookContext, id: number, deliveryId: number) {
  await endpointOf(ctx, id);
  const where = { id: BigInt(deliveryId), endpointId: id };
  const found = await ctx.tenant.db.webhookDelivery.findFirst({ where, include: { event: true } });
  if (!found) throw errors.notFound('webhook_delivery_not_found', `La entrega ${deliveryId} no es de este webhook.`);
  await ctx.tenant.db.webhookDelivery.update({
    where: { id: found.id },
    data: { status: 'pending', nextAttemptAt: new Date(), attempts: found.status === 'failed' ? 0 : found.attempts },
  });
  await wakeEndpoint(ctx.deps, jobPayload(ctx, id));
  return queuedAnswer(found, found.event, 'Entrega en cola: se enviará de nuevo el mismo evento.');
}
