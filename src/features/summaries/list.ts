// GET /api/summaries (tenant host): the company's summaries — comunicaciones de baja (RA), resúmenes diarios (RC) and
// resúmenes de reversiones (RR) — generated in a date range, newest first, each with its ticket, SUNAT's answer,
// the documents it carries and its downloads. What the web console's "Resúmenes y bajas" page lists.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TenantRef } from '../../pipeline/deps.ts';
import { errors } from '../../platform/errors.ts';
import { tenantRoute } from '../../platform/http/schemas.ts';
import { baseUrlOf, tenantRefOf } from '../../api/deps.ts';
import { calendarDateSchema } from '../../api/schemas.ts';
import type { DownloadSegment } from '../../api/summaries/presenter.ts';

/** At most this many summaries per answer (a company makes a few a day). */
const MAX_ROWS = 500;
const MAX_RANGE_DAYS = 366;
const SEGMENTS: Record<string, DownloadSegment> = { RA: 'voided', RC: 'summary', RR: 'reversion' };

const Query = z.object({
  desde: calendarDateSchema.describe('Generados desde (AAAA-MM-DD, inclusive)'),
  hasta: calendarDateSchema.describe('Generados hasta (AAAA-MM-DD, inclusive)'),
  tipo: z.enum(['RA', 'RC', 'RR']).optional().describe('RA baja, RC resumen diario, RR reversión'),
});

const SummaryRow = z.object({
  external_id: z.string(),
  kind: z.string(),
  identifier: z.string().describe('RA-AAAAMMDD-N, RC-…, RR-…'),
  filename: z.string(),
  generated_on: z.string(),
  reference_date: z.string().describe('Fecha de emisión de sus documentos'),
  process_code: z.string().nullable().describe('RC: 1 declarar, 3 anular'),
  state: z.string().describe('sending (sin ticket aún), pending (SUNAT procesa), accepted, rejected'),
  ticket: z.string().nullable(),
  response: z.object({ code: z.string(), description: z.string(), notes: z.array(z.string()) }).nullable(),
  last_error: z.string().nullable(),
  documents: z.array(
    z.object({
      external_id: z.string(),
      number: z.string(),
      document_type_id: z.string(),
      reason: z.string().nullable(),
    }),
  ),
  links: z.object({ xml: z.string(), cdr: z.string() }),
  created_at: z.string(),
});

const ListAnswer = z
  .object({ success: z.literal(true), data: z.array(SummaryRow), truncated: z.boolean() })
  .meta({ id: 'SummaryList' });

const day = (date: Date) => date.toISOString().slice(0, 10);

async function listSummaries(tenant: TenantRef, query: z.infer<typeof Query>, baseUrl: string) {
  const from = new Date(`${query.desde}T00:00:00Z`);
  const to = new Date(`${query.hasta}T00:00:00Z`);
  if (to < from || (to.getTime() - from.getTime()) / 86_400_000 > MAX_RANGE_DAYS) {
    const message = `hasta debe ser igual o posterior a desde, y el rango de ${MAX_RANGE_DAYS} días como máximo.`;
    throw errors.unprocessable('date_range_invalid', message, [{ path: 'hasta', code: 'date_range_invalid', message }]);
  }
  const rows = await tenant.db.summary.findMany({
    where: { generatedOn: { gte: from, lte: to }, ...(query.tipo ? { kind: query.tipo } : {}) },
    orderBy: [{ generatedOn: 'desc' }, { id: 'desc' }],
    take: MAX_ROWS + 1,
    include: {
      documents: {
        orderBy: { lineNumber: 'asc' },
        include: { document: { select: { externalId: true, serie: true, number: true, documentType: true } } },
      },
    },
  });
  const data = rows.slice(0, MAX_ROWS).map((s) => {
    const base = `${baseUrl}/downloads/${SEGMENTS[s.kind] ?? 'summary'}`;
    const answered = s.state === 'accepted' || s.state === 'rejected';
    const r = s.sunatResponse as { code?: unknown; description?: unknown; notes?: unknown } | null;
    return {
      external_id: s.externalId,
      kind: s.kind,
      identifier: s.identifier,
      filename: s.filename,
      generated_on: day(s.generatedOn),
      reference_date: day(s.referenceDate),
      process_code: s.processCode,
      state: s.state,
      ticket: s.ticket,
      response: r
        ? {
            code: String(r.code ?? ''),
            description: String(r.description ?? ''),
            notes: Array.isArray(r.notes) ? r.notes.map(String) : [],
          }
        : null,
      last_error: s.lastError,
      documents: s.documents.map((line) => ({
        external_id: line.document.externalId,
        number: `${line.document.serie}-${line.document.number}`,
        document_type_id: line.document.documentType,
        reason: line.reason,
      })),
      links: { xml: `${base}/xml/${s.externalId}`, cdr: answered ? `${base}/cdr/${s.externalId}` : '' },
      created_at: s.createdAt.toISOString(),
    };
  });
  return { success: true as const, data, truncated: rows.length > MAX_ROWS };
}

export function registerSummaryList(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/summaries',
    tenantRoute(
      {
        summary: 'Resúmenes diarios, comunicaciones de baja y reversiones de un rango de fechas, con sus tickets',
        description: `Los más recientes primero, ${MAX_ROWS} como máximo (truncated: true si hay más).`,
        querystring: Query,
      },
      ListAnswer,
    ),
    async (request) => listSummaries(tenantRefOf(request.tenant), request.query, baseUrlOf(request)),
  );
}
