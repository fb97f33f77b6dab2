// GET /api/documents/detail/{external_id}: one stored document as a person reads it (the web console's document
// page) — its numbers, customer and totals, SUNAT's answer, the state history, the summaries that carry it, its
// e-mails and its downloads.
import { z } from 'zod';
import { externalIdSchema } from '../../api/schemas.ts';

export const DetailParamsSchema = z.object({ external_id: externalIdSchema });

const money = z.string().describe('Importe con 2 decimales');

export const DocumentDetailSchema = z
  .object({
    success: z.literal(true),
    data: z.object({
      id: z.number().int(),
      external_id: z.string(),
      number: z.string(),
      filename: z.string(),
      document_type_id: z.string(),
      document_type_description: z.string(),
      group: z
        .enum(['invoice', 'receipt', 'other'])
        .describe('invoice: factura o nota de factura (baja RA); receipt: boleta o su nota (resumen diario RC)'),
      date_of_issue: z.string(),
      time_of_issue: z.string(),
      customer: z.object({
        identity_document_type_id: z.string(),
        number: z.string(),
        name: z.string(),
        email: z.string().nullable(),
      }),
      currency_type_id: z.string(),
      totals: z.object({
        taxed: money,
        exonerated: money,
        unaffected: money,
        exportation: money,
        free: money,
        igv: money,
        total: money,
      }),
      state_type_id: z.string(),
      state_type_description: z.string(),
      response: z
        .object({ code: z.string(), description: z.string(), notes: z.array(z.string()) })
        .nullable()
        .describe('La última respuesta de SUNAT (null: aún no respondió)'),
      sending: z.object({
        attempts: z.number().int(),
        next_attempt_at: z.string().nullable(),
        last_error: z.string().nullable(),
        hold: z.string().nullable().describe('Por qué no se reenvía solo (number_taken, number_unverified)'),
        in_open_summary: z.boolean().describe('Está en un resumen (RC, RA, RR) que SUNAT no rechazó'),
      }),
      hash: z.string().nullable(),
      history: z.array(
        z.object({
          from_state: z.string().nullable(),
          to_state: z.string(),
          actor: z.string(),
          reason: z.string().nullable(),
          at: z.string(),
        }),
      ),
      summaries: z.array(
        z.object({
          kind: z.string().describe('RA baja, RC resumen diario, RR reversión'),
          identifier: z.string(),
          external_id: z.string(),
          state: z.string(),
          ticket: z.string().nullable(),
          reason: z.string().nullable(),
        }),
      ),
      emails: z.array(
        z.object({
          id: z.string(),
          to: z.array(z.string()),
          status: z.string(),
          attempts: z.number().int(),
          last_error: z.string().nullable(),
          created_at: z.string(),
          sent_at: z.string().nullable(),
        }),
      ),
      links: z.object({ xml: z.string(), pdf: z.string(), pdf_ticket: z.string(), cdr: z.string() }),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  })
  .meta({ id: 'DocumentDetail' });

export type DocumentDetail = z.infer<typeof DocumentDetailSchema>;
