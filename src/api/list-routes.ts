// GET {base}/lists and {base}/lists/{inicio}/{fin}: the latest 50 documents of a route's types, or those of an
// issue-date range (filtered, paged). One definition for /api/documents and the routes of other types (04).
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { plainJsonSerializer, tenantErrorResponses } from '../platform/http/schemas.ts';
import { tenantRefOf } from './deps.ts';
import { baseUrlOf } from './deps.ts';
import { ListParamsSchema, ListQuerySchema, ListResponseSchema } from './schemas.ts';
import { listLatest, listRange } from './list-service.ts';

export interface ListRoutesOptions {
  /** '/api/documents' → '/api/documents/lists' and '/api/documents/lists/:inicio/:fin'. */
  base: string;
  types: readonly string[];
  /** What is listed, for the summaries: "comprobantes", "liquidaciones de compra". */
  noun: string;
  /** The filters the range route describes. */
  filters: string;
}

/** Sends JSON text as it is streamed (the lists' rows come written as JSON by PostgreSQL): nothing re-serialises it. */
function sendJsonStream(reply: FastifyReply, json: Readable): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

export function registerListRoutes(app: FastifyInstance, options: ListRoutesOptions): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    `${options.base}/lists`,
    {
      config: { hostKind: 'tenant', auth: 'tenant' },
      serializerCompiler: plainJsonSerializer,
      schema: {
        summary: `Últimos 50 ${options.noun}`,
        response: { 200: ListResponseSchema, ...tenantErrorResponses },
      },
    },
    async (request, reply) =>
      sendJsonStream(
        reply,
        await listLatest(app.platform.db, tenantRefOf(request.tenant), baseUrlOf(request), options.types),
      ),
  );
  typed.get(
    `${options.base}/lists/:inicio/:fin`,
    {
      config: { hostKind: 'tenant', auth: 'tenant' },
      serializerCompiler: plainJsonSerializer,
      schema: {
        summary: `${options.noun[0].toUpperCase()}${options.noun.slice(1)} por rango de fecha de emisión (inclusive)`,
        description: options.filters,
        params: ListParamsSchema,
        querystring: ListQuerySchema,
        response: { 200: ListResponseSchema, ...tenantErrorResponses },
      },
    },
    async (request, reply) =>
      sendJsonStream(
        reply,
        await listRange(
          app.platform.db,
          tenantRefOf(request.tenant),
          { from: request.params.inicio, to: request.params.fin },
          request.query,
          baseUrlOf(request),
          options.types,
        ),
      ),
  );
}
