// A plan as FacturadorPro shows it: pricing as a 2-decimal string, limits where 0 means unlimited.
import type { Plan } from '../generated/central/client.ts';

/** GET /api/plans. */
export function presentPlan(p: Plan) {
  return {
    id: p.id,
    name: p.name,
    pricing: p.pricing.toFixed(2),
    limit_users: p.limitUsers,
    limit_documents: p.limitDocuments,
    locked: p.locked,
  };
}

/** The plans GET /api/guest-register offers (open ones only, so no lock flag). */
export function presentOpenPlan(p: Plan) {
  return {
    id: p.id,
    name: p.name,
    pricing: p.pricing.toFixed(2),
    limit_documents: p.limitDocuments,
    limit_users: p.limitUsers,
  };
}
