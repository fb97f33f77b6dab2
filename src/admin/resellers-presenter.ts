// A reseller as GET and PATCH /api/resellers show it: its quotas, its tenants and its lock (the admin's, with its
// author and reason).
import type { z } from 'zod';
import type { ResellerRow } from './reseller-accounts-schemas.ts';
import type { ResellerWithLock } from './resellers-service.ts';

export function presentReseller(r: ResellerWithLock): z.infer<typeof ResellerRow> {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    limit_tenants: r.limitTenants,
    limit_documents_month: r.limitDocumentsMonth,
    tenants: r._count.tenants,
    locked: r.lock !== null,
    lock: r.lock
      ? {
          scope: 'reseller',
          authority: 'admin',
          locked_by: r.lock.user?.email ?? null,
          reason: r.lock.reason,
          locked_at: r.lock.createdAt.toISOString(),
        }
      : null,
    created_at: r.createdAt.toISOString(),
  };
}
