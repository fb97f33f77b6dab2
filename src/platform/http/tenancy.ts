// Tenancy is resolved once per request (architecture rule 4): Host → central hostname row (cached) →
// tenant → its Prisma client → `request.tenant`. Runs in onRequest, before the body is read, in this order:
// unknown host 404 → locked tenant 403 → missing/bad token 401.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { errors } from '../errors.ts';
import { bearerToken, hashesEqual, hashToken } from '../tokens.ts';
import { effectiveAuth } from './routing.ts';
import { normalizeHost, type HostResolver, type ResolvedTenant } from './hosts.ts';
import { TenantContext, type TenantUser } from './tenant-context.ts';

const kTenant = Symbol('facturo.tenant');

interface WithTenantSlot {
  [kTenant]: TenantContext | null;
}

// Refreshing last_used_at on every call would turn each read into a write; once a minute is enough.
const LAST_USED_RESOLUTION_MS = 60_000;

/** The user behind the Bearer API token of `tenant` (401 otherwise). Also used by any-host routes that accept tenant tokens. */
export async function authenticate(request: FastifyRequest, db: Database, tenant: ResolvedTenant): Promise<TenantUser> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw errors.unauthorized();
  const hash = hashToken(token);
  const client = db.tenant(tenant.schemaName);
  // Looked up by the SHA-256 of a 256-bit secret: the index lookup reveals nothing useful about any token.
  const row = await client.apiToken.findUnique({ where: { tokenHash: hash }, include: { user: true } });
  if (!row || row.revokedAt || !hashesEqual(row.tokenHash, hash)) throw errors.unauthorized();
  const now = Date.now();
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await client.apiToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date(now) } });
  }
  return { id: row.user.id, name: row.user.name, email: row.user.email, role: row.user.role, tokenId: row.id };
}

export function installTenancy(app: FastifyInstance, db: Database, hosts: HostResolver): void {
  app.decorateRequest(kTenant, null);
  app.decorateRequest('tenant', {
    getter(this: FastifyRequest) {
      const ctx = (this as unknown as WithTenantSlot)[kTenant];
      if (!ctx) throw new Error(`request.tenant used on ${this.method} ${this.routeOptions.url ?? this.url}, which is not a tenant-host route`);
      return ctx;
    },
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config.hostKind !== 'tenant') return;
    const hostname = normalizeHost(request.headers.host);
    const tenant = await hosts.resolve(hostname);
    if (!tenant) throw errors.hostNotFound(hostname);
    if (tenant.locked) throw errors.tenantLocked();
    const client = db.tenant(tenant.schemaName);
    const [user, company] = await Promise.all([
      effectiveAuth(config) === 'none' ? Promise.resolve(null) : authenticate(request, db, tenant),
      client.company.findUnique({ where: { id: 1 } }),
    ]);
    if (!company) {
      request.log.error({ tenant: tenant.subdomain }, 'tenant schema without company row');
      throw errors.internal();
    }
    (request as unknown as WithTenantSlot)[kTenant] = new TenantContext(tenant, client, company, user);
  });
}
