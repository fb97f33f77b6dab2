// Monthly document limits on the tenant API: a route that creates documents declares
// `config: { planLimit: 'documents' }` and receives the limits that apply as `request.documentQuota` (null: none) —
// the plan's (limit_documents, the tenant's documents) and its reseller's (limit_documents_month, the documents of
// all the reseller's tenants), both per calendar month in Lima, 0 meaning no limit. The route hands them to the
// numbering transaction (src/pipeline/insert.ts), which counts under a lock: counted here, before the insert and
// without a lock, concurrent requests all took the last free slots (59 documents on a 50-document plan). Users are
// created only by provisioning today, which applies the plan itself.
import type { FastifyInstance } from 'fastify';
import { limaDateOf, limaMonthStartOf } from '../core/lima-clock.ts';
import type { Quota } from '../pipeline/insert.ts';
import type { CentralClient } from '../platform/db/clients.ts';

const LIMITS_CACHE_MS = 10_000;

export type DocumentQuota = Quota;

declare module 'fastify' {
  interface FastifyRequest {
    /** On routes with `config.planLimit: 'documents'` when the plan or the reseller has a monthly limit. */
    documentQuota: DocumentQuota | null;
  }
}

/** A limit read from central, kept for a few seconds (every issue asks). */
function cachedLimit(read: (id: number) => Promise<number>) {
  const cache = new Map<number, { limit: number; expires: number }>();
  return async (id: number): Promise<number> => {
    const hit = cache.get(id);
    if (hit && hit.expires > Date.now()) return hit.limit;
    const limit = await read(id);
    cache.set(id, { limit, expires: Date.now() + LIMITS_CACHE_MS });
    return limit;
  };
}

/** The limits of a tenant with this plan and reseller, for a document stored `now`; null when neither limits. */
export function quotaOf(planLimit: number, reseller: { id: number; limit: number } | null, now = Date.now()) {
  const since = limaMonthStartOf(now);
  const quota: Quota = {
    plan: planLimit > 0 ? { limit: planLimit, since } : null,
    reseller:
      reseller && reseller.limit > 0
        ? { id: reseller.id, limit: reseller.limit, month: limaDateOf(now).slice(0, 7), since }
        : null,
  };
  return quota.plan || quota.reseller ? quota : null;
}

export function installPlanLimits(app: FastifyInstance, central: CentralClient): void {
  const planLimit = cachedLimit(
    async (id) =>
      (await central.plan.findUnique({ where: { id }, select: { limitDocuments: true } }))?.limitDocuments ?? 0,
  );
  const resellerLimit = cachedLimit(
    async (id) =>
      (await central.reseller.findUnique({ where: { id }, select: { limitDocumentsMonth: true } }))
        ?.limitDocumentsMonth ?? 0,
  );
  app.decorateRequest('documentQuota', null);
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.planLimit !== 'documents') return;
    const tenant = request.tenant;
    const plan = tenant.planId === null ? 0 : await planLimit(tenant.planId);
    const reseller =
      tenant.resellerId === null ? null : { id: tenant.resellerId, limit: await resellerLimit(tenant.resellerId) };
    request.documentQuota = quotaOf(plan, reseller);
  });
}
