// What a route hands the pipeline, from the running app and the request: the pipeline's dependencies (its
// platform), the tenant as the pipeline knows it, who acts, and the base of the download links (the tenant's own
// host).
// One place, used by every route and by the worker.
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { pipelineDepsFrom, type PipelineDeps, type TenantRef } from '../pipeline/deps.ts';
import { tenantBaseUrl } from '../platform/http/public-url.ts';
import type { TenantContext } from '../platform/http/tenant-context.ts';

export function pipelineDepsOf(app: FastifyInstance, log: FastifyBaseLogger): PipelineDeps {
  return pipelineDepsFrom(app.platform, log);
}

export function tenantRefOf(tenant: TenantContext): TenantRef {
  return { id: tenant.id, schema: tenant.schema, db: tenant.db, company: tenant.company };
}

/** Who a request acts as in the document's history: the user of its token (or console session). */
export function actorOf(tenant: TenantContext): string {
  return `user:${tenant.user.id}`;
}

/** Base of the tenant's download links: PUBLIC_URL's scheme and port, the tenant's host name as resolved. */
export function baseUrlOf(request: FastifyRequest): string {
  return tenantBaseUrl(request.server.platform.config.publicUrl, request.tenant.hostname);
}
