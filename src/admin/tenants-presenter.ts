// GET /api/tenants's answer: a page of tenants with their plan, documents this month and locks.
import { lastPage } from './pagination.ts';
import type { TenantsPage } from './tenants-service.ts';

export function presentTenantsPage({ total, rows }: TenantsPage, page: number, perPage: number) {
  return {
    data: rows.map(({ tenant: t, counts, lock }) => ({
      id: t.id,
      ruc: t.ruc,
      name: t.name,
      subdomain: t.subdomain,
      hostname: t.hostnames[0]?.hostname ?? '',
      email: t.email,
      plan_id: t.planId,
      reseller_id: t.resellerId,
      locked_tenant: t.lockedTenant,
      locked_emission: t.lockedEmission,
      sunat_mode: t.sunatMode,
      database: t.databaseServer,
      created_at: t.createdAt.toISOString(),
      plan_name: t.plan?.name ?? null,
      documents_month: counts.documentsMonth,
      locks: lock.locks,
    })),
    pagination: { page, per_page: perPage, total, last_page: lastPage(total, perPage) },
  };
}
