// The issuing route of a document kind (POST /api/documents, POST /api/perceptions): validation is the kind's own
// (prepare gives richer, rule-aware errors than a schema pass), the body schema is shown in OpenAPI only.
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AnyDocumentKind } from '../pipeline/document-kind.ts';
import { issueDocument } from '../pipeline/issue.ts';
import { errors } from '../platform/errors.ts';
import { idempotencyKeyIdOf, idempotentDocumentOf } from '../platform/http/idempotency.ts';
import { emailOnDuplicate, planIssueEmail, releaseIssueEmail } from '../delivery/email/on-issue.ts';
import { plainJsonSerializer, tenantErrorResponses } from '../platform/http/schemas.ts';
import { actorOf, baseUrlOf, pipelineDepsOf, tenantRefOf } from './deps.ts';
import { issueEnvelope } from './presenter.ts';
import { IssueResponseSchema } from './schemas.ts';

export interface IssueRouteOptions {
  url: string;
  summary: string;
  description?: string;
  examples?: Record<string, { summary: string; value: unknown }>;
}

/**
 * The options of a route issuing documents of `kind` with `ok` as its 200 answer: idempotent, counted against the
 * plan, the kind's body schema shown in OpenAPI only — the kind validates (prepare): a pass-through here keeps one
 * set of messages and paths, each naming its field and SUNAT's rule.
 */
export function issueRouteOptions<R extends z.ZodType>(
  kind: AnyDocumentKind,
  ok: R,
  text: Omit<IssueRouteOptions, 'url'>,
) {
  return {
    config: {
      hostKind: 'tenant' as const,
      auth: 'tenant' as const,
      idempotent: true,
      planLimit: 'documents' as const,
      openapiExamples: text.examples,
    },
    schema: {
      summary: text.summary,
      description: text.description,
      body: kind.bodySchema,
      response: { 200: ok, ...tenantErrorResponses },
    },
    validatorCompiler: () => (data: unknown) => ({ value: data }),
    serializerCompiler: plainJsonSerializer,
  };
}

/** A company whose emission is locked issues nothing (403 emission_locked). */
export function refuseLockedEmission(tenant: { lockedEmission: boolean }): void {
  if (tenant.lockedEmission)
    throw errors.forbidden(
      'emission_locked',
      'La empresa no puede emitir comprobantes en este momento (emisión bloqueada).',
    );
}

export function registerIssueRoute(app: FastifyInstance, kind: AnyDocumentKind, options: IssueRouteOptions): void {
  app.post(options.url, issueRouteOptions(kind, IssueResponseSchema, options), async (request) => {
    const tenant = request.tenant;
    refuseLockedEmission(tenant);
    const deps = pipelineDepsOf(app, request.log);
    const ref = tenantRefOf(tenant);
    const planned = planIssueEmail(deps, ref, request.body);
    const issued = await issueDocument(deps, ref, kind, request.body, {
      actor: actorOf(tenant),
      quota: request.documentQuota,
      email: planned.queue,
      idempotencyKeyId: idempotencyKeyIdOf(request),
      storedUnderKey: idempotentDocumentOf(request),
    });
    const email = issued.wasDuplicate
      ? await emailOnDuplicate(deps, ref, issued, request.body)
      : { id: planned.queue?.id ?? null, warnings: planned.warnings };
    if (!issued.wasDuplicate) await releaseIssueEmail(deps, planned.queue, issued.send !== null);
    issued.warnings.push(...email.warnings);
    const envelope = await issueEnvelope(issued, baseUrlOf(request), kind.downloadSegment);
    return email.id ? { ...envelope, data: { ...envelope.data, email_id: email.id } } : envelope;
  });
}
