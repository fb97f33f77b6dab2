// The pipeline's dependencies from the running app (its platform) — one place, used by routes and the worker.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { pipelineDepsFrom, type PipelineDeps, type TenantRef } from '../../pipeline/deps.ts';
import type { TenantContext } from '../../platform/http/tenant-context.ts';

export function pipelineDepsOf(app: FastifyInstance, log: FastifyBaseLogger): PipelineDeps {
  return pipelineDepsFrom(app.platform, log);
}

export function tenantRefOf(tenant: TenantContext): TenantRef {
  return { id: tenant.id, schema: tenant.schema, db: tenant.db, company: tenant.company };
}
