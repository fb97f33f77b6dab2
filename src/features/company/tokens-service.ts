// A company's API tokens: listed without their secret, issued (the secret returned once, only its SHA-256 stored)
// and revoked. A revoked token is refused at once: the route forgets the tenant's memoised tokens before it answers,
// and every other process hears the revocation from the database (src/platform/http/token-cache.ts). The plan's
// limit_users caps the active tokens: each one is an
// API user. The count runs under a per-tenant advisory lock so that concurrent requests cannot both take the last
// slot; it serialises token creations only (the company row's lock also queued them behind profile, certificate and
// SUNAT-access changes).
import type { ApiToken } from '../../generated/tenant/client.ts';
import type { CentralClient } from '../../platform/db/clients.ts';
import { errors } from '../../platform/errors.ts';
import type { TenantContext } from '../../platform/http/tenant-context.ts';
import { issueToken } from '../../platform/tokens.ts';

type Tenant = Pick<TenantContext, 'db' | 'schema' | 'planId' | 'user'>;

export function listTokens(tenant: Pick<TenantContext, 'db'>): Promise<ApiToken[]> {
  return tenant.db.apiToken.findMany({ where: { revokedAt: null }, orderBy: { id: 'asc' } });
}

async function tokenLimit(central: CentralClient, planId: number | null): Promise<number> {
  if (planId === null) return 0;
  const plan = await central.plan.findUnique({ where: { id: planId }, select: { limitUsers: true } });
  return plan?.limitUsers ?? 0;
}

export async function createToken(
  tenant: Tenant,
  central: CentralClient,
  name: string,
): Promise<{ row: ApiToken; token: string }> {
  const limit = await tokenLimit(central, tenant.planId);
  const issued = issueToken();
  const row = await tenant.db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`${tenant.schema}:api_tokens`}))::text`;
    const active = await tx.apiToken.count({ where: { revokedAt: null } });
    if (limit > 0 && active >= limit) {
      throw errors.forbidden(
        'plan_limit_reached',
        `Su plan permite ${limit} tokens activos: revoque uno o mejore su plan para crear otro.`,
      );
    }
    return tx.apiToken.create({
      data: { userId: tenant.user.id, name, tokenHash: issued.hash, prefix: issued.prefix },
    });
  });
  return { row, token: issued.token };
}

export async function revokeToken(tenant: Pick<TenantContext, 'db'>, id: number): Promise<void> {
  const { count } = await tenant.db.apiToken.updateMany({
    where: { id, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw errors.notFound('token_not_found', `No existe un token activo con id ${id}.`);
}
