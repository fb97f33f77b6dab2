// Plan limits on the tenant API: a route that creates documents declares
// `config: { planLimit: 'documents' }` and receives the plan's monthly quota as `request.documentQuota` (null: no
// limit, 0 in the plan). The route hands it to the numbering transaction (src/pipeline/insert.ts), which counts
// under a per-tenant lock: counted here, before the insert and without a lock, concurrent requests all took the
// last free slots (59 documents on a 50-document plan). Users are created only by provisioning today, which
// applies the plan itself.
import type { FastifyInstance } from 'fastify';
import type { CentralClient } from '../../platform/db/clients.ts';

const PLAN_CACHE_MS = 10_000;

/** At most `limit` documents created since `since` (the start of the month, UTC). */
export interface DocumentQuota {
  limit: number;
  since: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** On routes with `config.planLimit: 'documents'` whose plan has a monthly limit; null otherwise. */
    documentQuota: DocumentQuota | null;
  }
}

export function monthStartUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export function installPlanLimits(app: FastifyInstance, central: CentralClient): void {
  const plans = new Map<number, { limitDocuments: number; limitUsers: number; expires: number }>();
  async function planOf(id: number) {
    const hit = plans.get(id);
    if (hit && hit.expires > Date.now()) return hit;
    const plan = await central.plan.findUnique({ where: { id }, select: { limitDocuments: true, limitUsers: true } });
    const value = {
      limitDocuments: plan?.limitDocuments ?? 0,
      limitUsers: plan?.limitUsers ?? 0,
      expires: Date.now() + PLAN_CACHE_MS,
    };
    plans.set(id, value);
    return value;
  }
  app.decorateRequest('documentQuota', null);
  app.addHook('preHandler', async (request) => {
    const limit = request.routeOptions.config.planLimit;
    if (limit !== 'documents') return;
    const tenant = request.tenant;
    if (tenant.planId === null) return;
    const plan = await planOf(tenant.planId);
    if (plan.limitDocuments <= 0) return;
    request.documentQuota = { limit: plan.limitDocuments, since: monthStartUtc() };
  });
}
