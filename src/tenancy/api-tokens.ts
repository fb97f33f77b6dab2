// A company's API tokens: listed without their secret, issued (the secret returned once, only its SHA-256 stored)
// and revoked. A revoked token is refused at once: the route forgets the tenant's memoised tokens before it answers,
// and every other process hears the revocation from the database (src/platform/http/token-cache.ts). The plan's
// limit_users caps the active tokens: each one is an
// API user, whether created here or by a login. The count runs under a per-tenant advisory lock so that concurrent
// requests cannot both take the last slot; it serialises token creations and logins only (the company row's lock
// also queued them behind profile, certificate and SUNAT-access changes).
import type { ApiToken, Prisma } from '../generated/tenant/client.ts';
import type { CentralClient } from '../platform/db/clients.ts';
import { errors } from '../platform/errors.ts';
import type { TenantContext } from '../platform/http/tenant-context.ts';
import { issueToken } from '../platform/tokens.ts';

type Tenant = Pick<TenantContext, 'db' | 'schema' | 'planId' | 'user'>;

export function listTokens(tenant: Pick<TenantContext, 'db'>): Promise<ApiToken[]> {
  return tenant.db.apiToken.findMany({ where: { revokedAt: null }, orderBy: { id: 'asc' } });
}

async function tokenLimit(central: CentralClient, planId: number | null): Promise<number> {
  if (planId === null) return 0;
  const plan = await central.plan.findUnique({ where: { id: planId }, select: { limitUsers: true } });
  return plan?.limitUsers ?? 0;
}

/**
 * `work` in a transaction that holds the lock every change of the active tokens' number takes (token creation and
 * login), given the plan's limit (0: none) and the active tokens counted under it.
 */
async function underTokensLock<T>(
  tenant: Pick<TenantContext, 'db' | 'schema' | 'planId'>,
  central: CentralClient,
  work: (tx: Prisma.TransactionClient, count: { limit: number; active: number }) => Promise<T>,
): Promise<T> {
  const limit = await tokenLimit(central, tenant.planId);
  return tenant.db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`${tenant.schema}:api_tokens`}))::text`;
    return work(tx, { limit, active: await tx.apiToken.count({ where: { revokedAt: null } }) });
  });
}

function planLimitReached(limit: number, action: string) {
  return errors.forbidden(
    'plan_limit_reached',
    `Su plan permite ${limit} tokens activos: revoque uno o mejore su plan para ${action}.`,
  );
}

export async function createToken(
  tenant: Tenant,
  central: CentralClient,
  name: string,
): Promise<{ row: ApiToken; token: string }> {
  const issued = issueToken();
  const row = await underTokensLock(tenant, central, async (tx, { limit, active }) => {
    if (limit > 0 && active >= limit) throw planLimitReached(limit, 'crear otro');
    return tx.apiToken.create({
      data: { userId: tenant.user.id, name, tokenHash: issued.hash, prefix: issued.prefix },
    });
  });
  return { row, token: issued.token };
}

/** The newest login tokens of one user that stay valid: older ones are revoked by the next login. */
export const LOGIN_TOKENS_KEPT = 10;

/**
 * The token a login (POST /api/login on the company's host) issues to `userId`, named "login". A login replaces the
 * user's own oldest login tokens — beyond LOGIN_TOKENS_KEPT, or as many as the plan's limit needs — and never
 * another token; with no room left for one (the plan's tokens all in other use) it is refused, 403. Counted under
 * the lock token creation takes, so concurrent logins cannot pass the plan's limit either. Returns the secret and
 * whether any token was revoked (the caller forgets the tenant's memoised tokens).
 */
export async function issueLoginToken(
  tenant: Pick<TenantContext, 'db' | 'schema' | 'planId'>,
  central: CentralClient,
  userId: number,
): Promise<{ token: string; revoked: boolean }> {
  const issued = issueToken();
  const revoked = await underTokensLock(tenant, central, async (tx, { limit, active }) => {
    const own = await tx.apiToken.findMany({
      where: { userId, name: 'login', revokedAt: null },
      orderBy: { id: 'desc' },
      select: { id: true },
    });
    // Login tokens this user may hold, the new one included: LOGIN_TOKENS_KEPT, and what the plan leaves beside
    // every other active token.
    const room = limit > 0 ? Math.min(LOGIN_TOKENS_KEPT, limit - (active - own.length)) : LOGIN_TOKENS_KEPT;
    if (room < 1) throw planLimitReached(limit, 'iniciar sesión');
    const stale = own.slice(room - 1).map((t) => t.id);
    if (stale.length) await tx.apiToken.updateMany({ where: { id: { in: stale } }, data: { revokedAt: new Date() } });
    await tx.apiToken.create({ data: { userId, name: 'login', tokenHash: issued.hash, prefix: issued.prefix } });
    return stale.length > 0;
  });
  return { token: issued.token, revoked };
}

export async function revokeToken(tenant: Pick<TenantContext, 'db'>, id: number): Promise<void> {
  const { count } = await tenant.db.apiToken.updateMany({
    where: { id, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw errors.notFound('token_not_found', `No existe un token activo con id ${id}.`);
}
