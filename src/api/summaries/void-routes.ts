// A void's two routes: POST {url} stores and sends it, POST {url}/status follows its ticket. The comunicación de baja (/api/voided) and each resumen de reversiones
// (/api/retentions/voided, /api/perceptions/voided) are registered through here, so they answer alike.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SummaryKind } from '../../pipeline/summaries/kinds.ts';
import type { VoidScope } from '../../pipeline/summaries/voided-rules.ts';
import { tenantErrorResponses } from '../../platform/http/schemas.ts';
import { actorOf, baseUrlOf, pipelineDepsOf, tenantRefOf } from '../deps.ts';
import { createdEnvelope, statusEnvelope, type DownloadSegment } from './presenter.ts';
import {
  SUMMARY_STATUS_EXAMPLES,
  SummaryStatusBodySchema,
  SummaryStatusResponseSchema,
  VoidedBodySchema,
  VoidedResponseSchema,
} from './schemas.ts';
import { createVoided, summaryStatus } from './service.ts';

type Examples = Record<string, { summary: string; value: unknown }>;

export interface VoidRoutes {
  url: string;
  scope: Exclude<VoidScope, 'RC'>;
  summary: string;
  description: string;
  statusSummary: string;
  statusDescription: string;
  examples: Examples;
}

const KIND_OF: Record<VoidRoutes['scope'], { kind: SummaryKind; documentType?: string; segment: DownloadSegment }> = {
  RA: { kind: 'RA', segment: 'voided' },
  'RR-20': { kind: 'RR', documentType: '20', segment: 'reversion' },
  'RR-40': { kind: 'RR', documentType: '40', segment: 'reversion' },
};

export function registerVoidRoutes(app: FastifyInstance, spec: VoidRoutes): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const config = { hostKind: 'tenant' as const, auth: 'tenant' as const };
  const { kind, documentType, segment } = KIND_OF[spec.scope];
  typed.post(
    spec.url,
    {
      config: { ...config, openapiExamples: spec.examples },
      schema: {
        summary: spec.summary,
        description: spec.description,
        body: VoidedBodySchema,
        response: { 200: VoidedResponseSchema, ...tenantErrorResponses },
      },
    },
    async (request) => {
      const view = await createVoided(pipelineDepsOf(app, request.log), tenantRefOf(request.tenant), {
        issueDate: request.body.fecha_de_emision_de_documentos,
        documents: request.body.documentos.map((d) => ({ externalId: d.external_id, reason: d.motivo_anulacion })),
        actor: actorOf(request.tenant),
        scope: spec.scope,
      });
      return createdEnvelope(view);
    },
  );
  typed.post(
    `${spec.url}/status`,
    {
      config: { ...config, openapiExamples: SUMMARY_STATUS_EXAMPLES },
      schema: {
        summary: spec.statusSummary,
        description: spec.statusDescription,
        body: SummaryStatusBodySchema,
        response: { 200: SummaryStatusResponseSchema, ...tenantErrorResponses },
      },
    },
    async (request) => {
      const deps = pipelineDepsOf(app, request.log);
      const view = await summaryStatus(deps, tenantRefOf(request.tenant), kind, request.body, documentType);
      return statusEnvelope(view, baseUrlOf(request), segment);
    },
  );
}
