// Tenancy is resolved once per request (docs/architecture.md, rule 4): Host → central hostname row (cached) →
// tenant → its server (directory.ts) → its Prisma client → `request.tenant`. Runs in onRequest, before the body is
// read, in this order: unknown host 404 → locked tenant 403 → held by a move 503 → missing/bad token 401.
// A request is counted in flight for its tenant from then until its response is over: a move waits for those.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { poolQueryPrepared } from '../db/prepared.ts';
import { errors } from '../errors.ts';
import { quoteIdent } from '../db/schema-name.ts';
import { hashesEqual, hashToken } from '../tokens.ts';
import { checkCsrf, sessionCookieOf, usesSessionCookie } from './console-session.ts';
import { requireBearer, TENANT_TOKEN, tenantTokenNotValid } from './credentials.ts';
import { effectiveAuth } from './routing.ts';
import { normalizeHost, type HostResolver, type ResolvedTenant } from './hosts.ts';
import type { CheckedToken, TokenCache } from './token-cache.ts';
import { TenantContext, type Company, type TenantUser } from './tenant-context.ts';

const kTenant = Symbol('facturo.tenant');

interface WithTenantSlot {
  [kTenant]: TenantContext | null;
}

// Refreshing last_used_at on every call would turn each read into a write; once a minute is enough.
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Short-lived memo of the tenant's company row, which every request reads, for as long as the host cache keeps a
 * tenant (HOST_CACHE_TTL_MS, 5 s by default): an edited company takes effect within that time, as a lock does.
 * Tokens have their own memo, which a revocation clears at once (token-cache.ts). 0 disables both.
 */
class Memo<T> {
  private readonly entries = new Map<string, { value: T; expires: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly capacity = 10_000,
  ) {}
  get(key: string): T | undefined {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    if (hit) this.entries.delete(key);
    return undefined;
  }
  set(key: string, value: T): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.capacity) this.entries.clear();
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
  }
  clear(): void {
    this.entries.clear();
  }
  delete(key: string): void {
    this.entries.delete(key);
  }
}

/** Forgets a tenant's memoised company row, so that a route which just changed it is seen by the next request. */
export interface CompanyCache {
  forget(schema: string): void;
}

/**
 * The user behind the Bearer API token of `tenant`, or — on a request without an Authorization header — behind its
 * console session cookie (console-session.ts); 401 otherwise. Also used by any-host routes that accept tenant tokens.
 */
export async function authenticate(
  request: FastifyRequest,
  db: Database,
  tenant: ResolvedTenant,
  tokens?: TokenCache,
): Promise<TenantUser> {
  if (usesSessionCookie(request)) return sessionUser(request, db, tenant.schemaName, sessionCookieOf(request)!);
  const token = requireBearer(request.headers.authorization, TENANT_TOKEN);
  const hash = hashToken(token);
  const schema = tenant.schemaName;
  const checked = tokens?.get(schema, hash) ?? (await lookUpToken(db, tenant, hash, tokens));
  const now = Date.now();
  if (checked.lastUsedAt === null || now - checked.lastUsedAt > LAST_USED_RESOLUTION_MS) {
    checked.lastUsedAt = now;
    await db
      .poolFor(schema)
      .query(`UPDATE ${quoteIdent(schema)}."api_tokens" SET last_used_at = $2 WHERE id = $1`, [
        checked.user.credential.id,
        new Date(now),
      ]);
  }
  return checked.user;
}

async function lookUpToken(
  db: Database,
  tenant: ResolvedTenant,
  hash: string,
  tokens?: TokenCache,
): Promise<CheckedToken> {
  const schema = tenant.schemaName;
  const generation = tokens?.generation ?? 0;
  // Looked up by the SHA-256 of a 256-bit secret: the index lookup reveals nothing useful about any token. It is one
  // raw round trip (token and user joined), naming the tenant's schema, and a named prepared statement: planned
  // once per connection, not per request.
  const { rows } = await poolQueryPrepared<{
    id: number;
    token_hash: string;
    revoked_at: Date | null;
    last_used_at: Date | null;
    user_id: number;
    name: string;
    email: string;
    role: string;
  }>(
    db.poolFor(schema),
    `SELECT t.id, t.token_hash, t.revoked_at, t.last_used_at, u.id AS user_id, u.name, u.email, u.role
     FROM ${quoteIdent(schema)}."api_tokens" t JOIN ${quoteIdent(schema)}."users" u ON u.id = t.user_id WHERE t.token_hash = $1`,
    [hash],
  );
  const row = rows[0];
  // Unknown, revoked or another company's: one answer, which never tells whether the token exists elsewhere.
  if (!row || row.revoked_at || !hashesEqual(row.token_hash, hash))
    tenantTokenNotValid(tenant.hostname, tenant.subdomain);
  const checked: CheckedToken = {
    user: {
      id: row.user_id,
      name: row.name,
      email: row.email,
      role: row.role,
      credential: { kind: 'token', id: row.id },
    },
    lastUsedAt: row.last_used_at?.getTime() ?? null,
  };
  tokens?.set(schema, hash, checked, generation);
  return checked;
}

/**
 * The user of a console session (a live row of console_sessions), after the CSRF check of a request that changes
 * something. Read on every request, never memoised: a logout or an expiry holds at once on every process.
 */
async function sessionUser(request: FastifyRequest, db: Database, schema: string, secret: string): Promise<TenantUser> {
  const s = quoteIdent(schema);
  const { rows } = await db.pool.query<{ id: number; user_id: number; name: string; email: string; role: string }>(
    `SELECT cs.id, u.id AS user_id, u.name, u.email, u.role
       FROM ${s}."console_sessions" cs JOIN ${s}."users" u ON u.id = cs.user_id
      WHERE cs.token_hash = $1 AND cs.expires_at > now()`,
    [hashToken(secret)],
  );
  const row = rows[0];
  if (!row) throw errors.unauthorized('La sesión no existe o venció: inicie sesión nuevamente.');
  checkCsrf(request, secret);
  return {
    id: row.user_id,
    name: row.name,
    email: row.email,
    role: row.role,
    credential: { kind: 'session', id: row.id },
  };
}

export function installTenancy(
  app: FastifyInstance,
  db: Database,
  hosts: HostResolver,
  cacheTtlMs = 0,
  tokens?: TokenCache,
  moveWaitMs = 5_000,
): CompanyCache {
  const companies = new Memo<Company>(cacheTtlMs);
  // A company that moved to another server is read afresh there.
  const unmoved = db.directory.onMoved((schema) => companies.delete(schema));
  app.addHook('onClose', async () => unmoved());
  app.decorateRequest(kTenant, null);
  app.decorateRequest('tenant', {
    getter(this: FastifyRequest) {
      const ctx = (this as unknown as WithTenantSlot)[kTenant];
      if (!ctx)
        throw new Error(
          `request.tenant used on ${this.method} ${this.routeOptions.url ?? this.url}, which is not a tenant-host route`,
        );
      return ctx;
    },
  });

  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    if (config.hostKind !== 'tenant') return;
    const hostname = normalizeHost(request.headers.host);
    const tenant = await hosts.resolve(hostname);
    if (!tenant) throw errors.hostNotFound(hostname);
    if (tenant.locked) throw errors.tenantLocked();
    // A move holding the tenant: wait for its flip (then this request goes to the new server), or 503.
    if (!(await db.directory.admit(tenant.schemaName, moveWaitMs))) throw errors.tenantMoving();
    // 'close' follows the end of the response, or a client gone before it (its handler may still run: the move's
    // fence on the old copy stops what it would write there).
    reply.raw.once('close', db.directory.enter(tenant.schemaName));
    const client = db.tenant(tenant.schemaName);
    const cachedCompany = companies.get(tenant.schemaName);
    const [user, company] = await Promise.all([
      effectiveAuth(config) === 'none' ? Promise.resolve(null) : authenticate(request, db, tenant, tokens),
      cachedCompany ? Promise.resolve(cachedCompany) : client.company.findUnique({ where: { id: 1 } }),
    ]);
    if (company && !cachedCompany) companies.set(tenant.schemaName, company);
    if (!company) {
      request.log.error({ tenant: tenant.subdomain }, 'tenant schema without company row');
      throw errors.internal();
    }
    (request as unknown as WithTenantSlot)[kTenant] = new TenantContext(tenant, client, company, user);
  });
  return { forget: (schema) => companies.delete(schema) };
}
