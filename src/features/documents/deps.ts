// The pipeline's dependencies from the running app (its platform) — one place, used by routes and the worker.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PipelineDeps, TenantRef } from '../../pipeline/deps.ts';
import type { TenantContext } from '../../platform/http/tenant-context.ts';

export function pipelineDepsOf(app: FastifyInstance, log: FastifyBaseLogger): PipelineDeps {
  const { platform } = app;
  return {
    config: platform.config,
    db: platform.db,
    storage: platform.storage,
    secrets: platform.secrets,
    sunatSimulatorUrl: () => platform.sunatSimulatorUrl(),
    log,
    wakeWorker: () => platform.worker?.wake(),
  };
}

export function tenantRefOf(tenant: TenantContext): TenantRef {
  return { id: tenant.id, schema: tenant.schema, db: tenant.db, company: tenant.company };
}
