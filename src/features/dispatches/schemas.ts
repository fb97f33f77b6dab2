// Request and answer schemas of the dispatch guides' routes (they also write the OpenAPI document).
import { z } from 'zod';
import { externalIdSchema } from '../../api/schemas.ts';
import { successAnswer, WarningSchema, warningsField } from '../../platform/http/schemas.ts';

export const GuideRefSchema = z
  .object({ external_id: externalIdSchema.describe('external_id de la guía (respuesta de POST /api/dispatches)') })
  .meta({ id: 'DispatchRefBody' });

const Links = z
  .object({ xml: z.string(), pdf: z.string(), cdr: z.string().describe('Vacío hasta que SUNAT entregue el CDR') })
  .describe('Descargas: /downloads/dispatch/{xml|pdf|cdr}/{external_id}');

const SunatAnswer = z
  .union([
    z.object({ code: z.string(), description: z.string(), notes: z.array(z.string()) }),
    z.array(z.never()).length(0),
  ])
  .describe('Última respuesta de SUNAT (98 en proceso, 0 aceptada, código de rechazo…), o [] si aún no se envió.');

const GuideData = {
  number: z.string().describe('Serie-número, p. ej. T001-12'),
  filename: z.string().describe('RUC-09-SERIE-NUMERO o RUC-31-…'),
  external_id: z.string(),
  state_type_id: z
    .string()
    .describe('01 Registrado (también mientras SUNAT procesa el ticket), 05 Aceptado, 09 Rechazado'),
  state_type_description: z.string(),
  ticket: z.string().nullable().describe('numTicket de SUNAT (API REST de guías), null si aún no se envió'),
};

export const IssueAnswerSchema = successAnswer(
  z.object({
    ...GuideData,
    hash: z.string().describe('DigestValue de la firma'),
    qr: z.string().describe('Código QR en PNG (base64)'),
    qr_text: z.string(),
    was_duplicate: z.boolean().optional(),
  }),
  {
    links: Links,
    response: SunatAnswer,
    warnings: z.array(WarningSchema),
  },
).meta({ id: 'DispatchIssueResponse' });

export const SendAnswerSchema = successAnswer(z.object(GuideData), {
  links: Links,
  response: SunatAnswer,
  ...warningsField,
}).meta({ id: 'DispatchSendResponse' });

export const RecordsQuerySchema = z.object({
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(1)
    .describe('Página (20 guías por página, la más reciente primero)'),
  tipo: z.enum(['09', '31']).optional().describe('09 remitente, 31 transportista; ambas si se omite'),
});

export const RecordsAnswerSchema = successAnswer(
  z.array(
    z.object({
      ...GuideData,
      document_type_id: z.string(),
      date_of_issue: z.string(),
      customer_number: z.string(),
      customer_name: z.string(),
      response: SunatAnswer,
      links: Links,
    }),
  ),
  {
    meta: z.object({ page: z.number(), per_page: z.number(), total: z.number() }),
  },
).meta({ id: 'DispatchRecords' });
