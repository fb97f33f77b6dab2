// API calls per tenant per month (counted by src/tenancy/usage-counter.ts) over the last months, one page
// of the caller's tenants at a time, and the month totals over all of them.
import type { CentralClient } from '../platform/db/clients.ts';
import type { AdminCaller } from './auth.ts';
import { FIRST_HOSTNAME, pageOf, tenantScope } from './service.ts';

/** The last n calendar months (UTC), oldest first, as YYYY-MM. */
export function lastMonths(n: number, now = new Date()): string[] {
  const out: string[] = [];
  for (let i = n - 1; i >= 0; i -= 1) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    out.push(d.toISOString().slice(0, 7));
  }
  return out;
}

export async function apiUsage(central: CentralClient, caller: AdminCaller, page: number, perPage: number) {
  const months = lastMonths(12);
  const where = tenantScope(caller);
  const [total, tenants, totals] = await Promise.all([
    central.tenant.count({ where }),
    central.tenant.findMany({
      where,
      ...pageOf(page, perPage),
      include: { hostnames: FIRST_HOSTNAME, usage: { where: { month: { in: months } } } },
    }),
    central.apiUsage.groupBy({
      by: ['month'],
      where: { month: { in: months }, tenant: where },
      _sum: { count: true },
    }),
  ]);
  return { months, total, tenants, totals };
}

export type ApiUsage = Awaited<ReturnType<typeof apiUsage>>;
