// The plans a tenant can be given (central.plans): all of them, the open ones (self-registration offers those; the
// first is the free plan a self-registered company gets), and whether a chosen plan exists.
import type { CentralClient } from '../platform/db/clients.ts';

export function allPlans(central: CentralClient) {
  return central.plan.findMany({ orderBy: { id: 'asc' } });
}

export function openPlans(central: CentralClient) {
  return central.plan.findMany({ where: { locked: false }, orderBy: { id: 'asc' } });
}

export function freePlan(central: CentralClient) {
  return central.plan.findFirst({ where: { locked: false }, orderBy: { id: 'asc' } });
}

export async function planExists(central: CentralClient, id: number): Promise<boolean> {
  return (await central.plan.findUnique({ where: { id } })) !== null;
}
