// A tenant as POST /api/reseller/detail shows it (FacturadorPro's fields; never its tokens).
import type { TenantWithCounts } from './reseller-service.ts';

export function presentResellerTenant({ tenant: t, counts }: TenantWithCounts) {
  return {
    id: t.id,
    hostname: t.hostnames[0]?.hostname ?? '',
    name: t.name,
    email: t.email,
    number: t.ruc,
    plan: t.plan?.name ?? null,
    locked: t.lockedTenant || (t.reseller?.lockedAdmin ?? false),
    locked_emission: t.lockedEmission,
    locked_tenant: t.lockedTenant,
    count_doc: counts.documents,
    count_doc_month: counts.documentsMonth,
    max_documents: t.plan?.limitDocuments ?? 0,
    count_user: counts.users,
    max_users: t.plan?.limitUsers ?? 0,
    created_at: t.createdAt.toISOString(),
  };
}
