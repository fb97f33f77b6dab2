// Request and response schemas of the documents endpoints (they also write the OpenAPI document).
import { z } from 'zod';
import { isValidIsoDate } from '../core/index.ts';
import { WarningSchema, warningsField } from '../platform/http/schemas.ts';

/** An external_id (UUID), as every endpoint that names a stored document or summary takes it. */
export const externalIdSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, {
    message: 'Debe ser un external_id (UUID).',
  });
/** A calendar date AAAA-MM-DD from 1900 on (year 0000 is in neither PostgreSQL's calendar nor xsd:date). */
export const calendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use el formato AAAA-MM-DD.' })
  .refine(isValidIsoDate, { message: 'Fecha inexistente (AAAA-MM-DD, desde 1900).' });
const isoDate = calendarDateSchema;

export const SunatResponseSchema = z
  .union([
    z.object({ code: z.string(), description: z.string(), notes: z.array(z.string()) }),
    z.array(z.never()).length(0),
  ])
  .describe('Respuesta de SUNAT (código, descripción y observaciones), o [] si aún no se envió.');

export const IssueResponseSchema = z
  .object({
    success: z.literal(true),
    data: z.object({
      number: z.string().describe('Serie-número, p. ej. F001-26'),
      filename: z.string().describe('RUC-TT-SERIE-NUMERO'),
      external_id: z.string().describe('Identificador del comprobante (UUID v4) para descargas, envío y consultas'),
      state_type_id: z.string().describe('01 Registrado, 05 Aceptado, 07 Observado, 09 Rechazado…'),
      state_type_description: z.string(),
      number_to_letter: z.string(),
      hash: z.string().describe('DigestValue de la firma'),
      qr: z.string().describe('Código QR en PNG (base64)'),
      qr_text: z.string(),
      was_duplicate: z
        .boolean()
        .optional()
        .describe('true si el mismo comprobante ya existía (mismo número y mismos datos)'),
      email_id: z
        .string()
        .optional()
        .describe('Con acciones.enviar_email: id del correo en cola (GET /api/document/email/{id})'),
    }),
    links: z.object({ xml: z.string(), pdf: z.string(), cdr: z.string() }),
    response: SunatResponseSchema,
    warnings: z.array(WarningSchema),
  })
  .meta({ id: 'IssueResponse' });

export const SendBodySchema = z.object({ external_id: externalIdSchema }).meta({ id: 'SendDocumentBody' });

/** The fields that name a stored document in every answer about it (send, status). */
export const documentNameFields = { number: z.string(), filename: z.string(), external_id: z.string() };

export const SendResponseSchema = z
  .object({
    success: z.literal(true),
    data: z.object({
      ...documentNameFields,
      state_type_id: z.string(),
      state_type_description: z.string(),
    }),
    links: z.object({ cdr: z.string() }),
    response: SunatResponseSchema,
    ...warningsField,
  })
  .meta({ id: 'SendDocumentResponse' });

export const UpdateStatusBodySchema = z
  .object({
    externail_id: externalIdSchema
      .optional()
      .describe('external_id del comprobante (nombre con la errata que envían los clientes existentes)'),
    external_id: externalIdSchema.optional().describe('external_id del comprobante'),
    state_type_id: z
      .string()
      .regex(/^\d{2}$/, { message: 'Código de estado de dos dígitos.' })
      .describe('Nuevo estado: 01, 03, 05, 07, 09, 11 o 13'),
  })
  .meta({ id: 'UpdateDocumentStatusBody' });

export const ListParamsSchema = z.object({ inicio: isoDate, fin: isoDate });
export const ListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional().describe('Filas por página (activa la paginación)'),
  cursor: z.string().max(200).optional().describe('next_cursor de la página anterior'),
  tipo: z
    .enum(['01', '03', '07', '08'])
    .optional()
    .describe('Solo este tipo: 01 factura, 03 boleta, 07 nota de crédito, 08 nota de débito'),
  serie: z
    .string()
    .regex(/^[A-Za-z0-9]{4}$/, { message: 'La serie tiene 4 caracteres (F001, B001…).' })
    .transform((v) => v.toUpperCase())
    .optional()
    .describe('Solo esta serie'),
  estado: z
    .string()
    .regex(/^\d{2}$/, { message: 'Código de estado de dos dígitos (01, 05, 09…).' })
    .optional()
    .describe('Solo este estado: 01, 03, 05, 07, 09, 11 o 13'),
  cliente: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,20}$/, { message: 'Número de documento del cliente (RUC, DNI…).' })
    .optional()
    .describe('Solo los de este cliente (su número de documento, exacto)'),
  buscar: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .describe('Un número (F001-12) o parte del nombre o del número de documento del cliente'),
  establecimiento: z
    .string()
    .regex(/^\d{4}$/, { message: 'El código de establecimiento tiene 4 dígitos (0000, 0001…).' })
    .optional()
    .describe('Solo los emitidos desde este establecimiento (0000: domicilio fiscal)'),
});

export const ListRowSchema = z.object({
  id: z.number().int(),
  external_id: z.string(),
  group_id: z.string(),
  soap_type_id: z.string().describe('01 demo, 02 producción'),
  soap_type_description: z.string(),
  document_type_id: z.string(),
  document_type_description: z.string(),
  number: z.string(),
  filename: z.string(),
  date_of_issue: z.string(),
  date_of_due: z.string().nullable().describe('Fecha de vencimiento (facturas y boletas)'),
  customer_number: z.string(),
  customer_name: z.string(),
  customer_telephone: z.string().nullable(),
  currency_type_id: z.string(),
  exchange_rate_sale: z.string().nullable(),
  total_exportation: z.string(),
  total_free: z.string(),
  total_unaffected: z.string(),
  total_exonerated: z.string(),
  total_taxed: z.string(),
  total_igv: z.string(),
  total: z.string(),
  state_type_id: z.string(),
  state_type_description: z.string(),
  has_xml: z.boolean(),
  has_pdf: z.boolean(),
  has_cdr: z.boolean(),
  download_xml: z.string(),
  download_pdf: z.string(),
  download_cdr: z.string(),
  created_at: z.string().describe('Hora local de Lima, AAAA-MM-DD HH:MM:SS (como FacturadorPro)'),
  updated_at: z.string().describe('Hora local de Lima, AAAA-MM-DD HH:MM:SS'),
  created_at_iso: z.string().describe('El mismo instante en ISO 8601 UTC'),
});

export const ListResponseSchema = z
  .object({
    data: z.array(ListRowSchema),
    next_cursor: z.string().nullable().optional(),
  })
  .meta({ id: 'DocumentList' });
