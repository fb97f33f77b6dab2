// GET /api/extra-services/client-usage-apidocs's answer: every month present (0 when nothing was counted).
import { lastPage } from './pagination.ts';
import type { ApiUsage } from './usage-service.ts';

export function presentUsage({ months, total, tenants, totals }: ApiUsage, page: number, perPage: number) {
  const sumByMonth = new Map(totals.map((t) => [t.month, t._sum.count ?? 0]));
  return {
    months,
    system_usage: months.map((m) => ({ month: m, quantity: sumByMonth.get(m) ?? 0 })),
    clients: tenants.map((t) => {
      const byMonth = new Map(t.usage.map((u) => [u.month, u.count]));
      return {
        client_id: t.id,
        client_name: t.name,
        hostname: t.hostnames[0]?.hostname ?? '',
        usage: months.map((m) => ({ month: m, quantity: byMonth.get(m) ?? 0 })),
      };
    }),
    pagination: {
      current_page: page,
      per_page: perPage,
      total,
      last_page: lastPage(total, perPage),
    },
  };
}
