// What the dispatches routes hand the pipeline: its dependencies from the running app, the tenant as the pipeline
// knows it, and the base of the download links (the tenant's own host).
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { pipelineDepsFrom, type PipelineDeps, type TenantRef } from '../../pipeline/deps.ts';
import { tenantBaseUrl } from '../../platform/http/public-url.ts';

export function dispatchDeps(app: FastifyInstance, log: FastifyBaseLogger): PipelineDeps {
  return pipelineDepsFrom(app.platform, log);
}

export function dispatchTenant(request: FastifyRequest): TenantRef {
  const { id, schema, db, company } = request.tenant;
  return { id, schema, db, company };
}

export function linksBase(request: FastifyRequest): string {
  return tenantBaseUrl(request.server.platform.config.publicUrl, request.tenant.hostname);
}
