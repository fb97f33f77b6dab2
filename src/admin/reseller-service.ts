// The reseller endpoints' work (reseller-routes.ts): the caller's tenants with their figures, a reseller's quota and
// what it used this month, and the locks — a reseller's (admin only) and a tenant's (within the caller's scope),
// each a fact with its author (locks.ts) that takes effect within HOST_CACHE_TTL_MS, and at once in this process.
import { errors } from '../platform/errors.ts';
import type { Platform } from '../platform/http/types.ts';
import type { AdminCaller } from './auth.ts';
import { setResellerLock, setTenantLock } from './locks.ts';
import { FIRST_HOSTNAME, tenantCounts, tenantInScope, tenantScope } from './service.ts';

type Deps = Pick<Platform, 'db' | 'hosts'>;

/** The caller's tenants with their plan, reseller and counts (read one tenant at a time). */
export async function tenantsWithCounts(deps: Pick<Platform, 'db'>, caller: AdminCaller) {
  const tenants = await deps.db.central.tenant.findMany({
    where: tenantScope(caller),
    orderBy: { id: 'asc' },
    include: { plan: true, reseller: true, hostnames: FIRST_HOSTNAME },
  });
  const rows = [];
  for (const tenant of tenants) rows.push({ tenant, counts: await tenantCounts(deps.db, tenant.schemaName) });
  return rows;
}

export type TenantWithCounts = Awaited<ReturnType<typeof tenantsWithCounts>>[number];

/** The calling reseller's quotas (0 = no limit) and its tenants and documents this month. */
export async function resellerQuota(deps: Pick<Platform, 'db'>, caller: AdminCaller) {
  const central = deps.db.central;
  const reseller = await central.reseller.findUniqueOrThrow({ where: { id: caller.resellerId! } });
  const tenants = await central.tenant.findMany({ where: { resellerId: reseller.id }, select: { schemaName: true } });
  let documentsMonth = 0;
  for (const t of tenants) documentsMonth += (await tenantCounts(deps.db, t.schemaName)).documentsMonth;
  return {
    tenants: { used: tenants.length, allowed: reseller.limitTenants },
    documents_month: { used: documentsMonth, allowed: reseller.limitDocumentsMonth },
  };
}

export async function lockReseller(
  deps: Deps,
  caller: AdminCaller,
  id: number,
  locked: boolean,
  reason: string | null,
) {
  const reseller = await deps.db.central.reseller.findUnique({ where: { id } });
  if (!reseller) throw errors.notFound('reseller_not_found', `No existe el distribuidor ${id}.`);
  await setResellerLock(deps.db.central, caller, id, locked, reason);
  deps.hosts.invalidate();
}

export async function lockTenant(deps: Deps, caller: AdminCaller, id: number, locked: boolean, reason: string | null) {
  const tenant = await tenantInScope(deps.db, caller, id);
  const state = await setTenantLock(deps.db.central, caller, tenant.id, locked, reason);
  deps.hosts.invalidate();
  return state;
}
