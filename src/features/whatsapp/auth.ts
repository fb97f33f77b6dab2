// Who sends a WhatsApp message: the system (its NOTIFY_TOKEN) or a tenant (its API token, on its own host). Known in
// onRequest, before a byte of the body is read: only an authenticated caller may send the large bodies of /pdf and
// /media. The token is compared by its SHA-256 in constant time.
import type { FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { errors } from '../../platform/errors.ts';
import { requireBearer, tokenNotValid } from '../../platform/http/credentials.ts';
import type { ResolvedTenant } from '../../platform/http/hosts.ts';
import { normalizeHost } from '../../platform/http/hosts.ts';
import { authenticate } from '../../platform/http/tenancy.ts';
import type { Platform } from '../../platform/http/types.ts';
import type { OutboxSender } from './outbox.ts';

/** The outbox's sender, with the tenant it resolved to (null: the system token). */
export type Sender = OutboxSender & { tenant: ResolvedTenant | null };

export interface NotifyAuth {
  /** onRequest: the caller is known before the body is read (a tokenless 136 MB post costs nothing). */
  authenticateFirst(request: FastifyRequest): Promise<void>;
  /** The sender authenticateFirst found for this request. */
  senderOf(request: FastifyRequest): Sender;
}

function sha(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

async function callerOf(platform: Platform, request: FastifyRequest): Promise<Sender> {
  const token = requireBearer(request.headers.authorization, 'el token API de la empresa o NOTIFY_TOKEN');
  const system = platform.config.notifyToken;
  if (system && timingSafeEqual(sha(token), sha(system))) return { tenantId: null, schema: null, tenant: null };
  const host = normalizeHost(request.headers.host);
  const tenant = await platform.hosts.resolve(host);
  if (!tenant)
    tokenNotValid(
      `El token no es válido en ${host}: use NOTIFY_TOKEN, o el token API de una empresa en su propio host.`,
    );
  if (tenant.locked) throw errors.tenantLocked();
  await authenticate(request, platform.db, tenant);
  return { tenantId: tenant.id, schema: tenant.schemaName, tenant };
}

export function notifyAuth(platform: Platform): NotifyAuth {
  const senders = new WeakMap<FastifyRequest, Sender>();
  return {
    async authenticateFirst(request) {
      senders.set(request, await callerOf(platform, request));
    },
    senderOf: (request) => senders.get(request)!,
  };
}
