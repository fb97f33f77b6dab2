// The jobs that work on one tenant's document or summary and call SUNAT (send-document, summary-ticket): the
// tenant their payload names is opened for them, and they retry alike.
import type { JobDefinition } from '../platform/jobs/definition.ts';
import type { PipelineDeps, TenantRef } from './deps.ts';

export interface TenantJobPayload {
  tenantId: number;
  schema: string;
}

async function openTenant(deps: PipelineDeps, tenantId: number, schema: string): Promise<TenantRef> {
  const db = deps.db.tenant(schema);
  const company = await db.company.findFirst();
  if (!company) throw new Error(`tenant ${tenantId} (${schema}) has no company`);
  return { id: tenantId, schema, db, company };
}

/** A job of `name` that runs `work` on the tenant its payload names; 20 attempts, the wait doubling up to 10 min. */
export function tenantJob<P extends TenantJobPayload>(
  name: string,
  work: (deps: PipelineDeps, tenant: TenantRef, payload: P) => Promise<void>,
): JobDefinition<PipelineDeps> {
  return {
    name,
    maxAttempts: 20,
    backoffMs: (attempts) => Math.min(5_000 * 2 ** attempts, 10 * 60_000),
    async run(payload, { deps }) {
      const p = payload as unknown as P;
      await work(deps, await openTenant(deps, p.tenantId, p.schema), p);
    },
  };
}
