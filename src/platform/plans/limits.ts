// Plan limits on the tenant API (issue 8 §3): a route that creates documents declares
// `config: { planLimit: 'documents' }`; over the plan's documents per month it answers 403 plan_limit_reached
// (0 = unlimited: no query at all). Users are created only by provisioning today, which applies the plan itself.
import type { FastifyInstance } from 'fastify';
import type { CentralClient } from '../db/clients.ts';
import { errors } from '../errors.ts';

const PLAN_CACHE_MS = 10_000;

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
  app.addHook('preHandler', async (request) => {
    const limit = request.routeOptions.config.planLimit;
    if (limit !== 'documents') return;
    const tenant = request.tenant;
    if (tenant.planId === null) return;
    const plan = await planOf(tenant.planId);
    if (plan.limitDocuments <= 0) return;
    const now = new Date();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const used = await tenant.db.document.count({ where: { createdAt: { gte: monthStart } } });
    if (used >= plan.limitDocuments) {
      throw errors.forbidden(
        'plan_limit_reached',
        `Alcanzó el límite de ${plan.limitDocuments} comprobantes por mes de su plan. Mejore su plan para seguir emitiendo.`,
      );
    }
  });
}
