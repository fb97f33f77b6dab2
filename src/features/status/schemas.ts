// Request and response schemas of POST /api/documents/status and POST /api/services/consult_cdr_status
// (FacturadorPro's bodies; they also write the OpenAPI document).
import { z } from 'zod';
import { successAnswer, warningsField } from '../../platform/http/schemas.ts';
import { documentNameFields, externalIdSchema, SunatResponseSchema } from '../../api/schemas.ts';

const serieNumber = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4}-\d{1,8}$/, { message: 'Debe ser serie-número, p. ej. F001-1.' });

export const DocumentStatusBodySchema = z
  .object({
    serie_number: serieNumber
      .optional()
      .describe('Serie-número del comprobante: "F001-1" (se aceptan ceros a la izquierda).'),
    external_id: externalIdSchema
      .optional()
      .describe('external_id del comprobante; si se envían ambos, deben ser el mismo.'),
    establecimiento: z
      .string()
      .regex(/^\d{4}$/, { message: 'El código de establecimiento tiene 4 dígitos (0000, 0001…).' })
      .optional()
      .describe('Solo si fue emitido desde este establecimiento (si no, 404 document_not_found).'),
  })
  .refine((b) => b.serie_number !== undefined || b.external_id !== undefined, {
    message: 'Envíe serie_number o external_id.',
    params: { code: 'missing_fields' },
  })
  .meta({ id: 'DocumentStatusBody' });

export const DocumentStatusResponseSchema = successAnswer(
  z.object({
    ...documentNameFields,
    document_type_id: z.string().describe('Tipo de comprobante (catálogo 01)'),
    codigo_establecimiento: z.string().describe('Establecimiento desde el que se emitió (0000: domicilio fiscal)'),
    state_type_id: z.string().describe('01 Registrado, 05 Aceptado, 07 Observado, 09 Rechazado, 11 Anulado…'),
    state_type_description: z.string(),
    status_id: z.string().describe('Igual a state_type_id (nombre de FacturadorPro)'),
    status: z.string().describe('Igual a state_type_description (nombre de FacturadorPro)'),
    hash: z.string(),
    qr: z.string().describe('Código QR en PNG (base64)'),
    qr_text: z.string(),
    number_to_letter: z.string(),
  }),
  {
    links: z.object({ xml: z.string(), pdf: z.string(), cdr: z.string() }),
    response: SunatResponseSchema,
    ...warningsField,
  },
).meta({ id: 'DocumentStatusResponse' });

const code = (what: string, re: RegExp, message: string) =>
  z.string().trim().toUpperCase().regex(re, { message }).describe(what);

export const ConsultCdrBodySchema = z
  .object({
    codigo_tipo_documento: z
      .union([z.string(), z.number()])
      .transform((v) => String(v).trim().padStart(2, '0'))
      .pipe(z.string().regex(/^\d{2}$/, { message: 'Código de tipo de documento de 2 dígitos (01, 07, 08).' }))
      .describe('Tipo de comprobante (catálogo 01): 01, 07 u 08.'),
    serie_documento: code('Serie: F001, FC01…', /^[A-Z0-9]{4}$/, 'La serie tiene 4 caracteres.'),
    numero_documento: z
      .union([z.string(), z.number()])
      .transform((v) => String(v).trim())
      .pipe(z.string().regex(/^0*[1-9]\d{0,7}$/, { message: 'Número entero de 1 a 8 dígitos, mayor que cero.' }))
      .describe('Número del comprobante.'),
  })
  .meta({ id: 'ConsultCdrBody' });

export const ConsultCdrResponseSchema = z
  .object({
    success: z.boolean().describe('true si SUNAT devolvió la constancia de ESTE comprobante y se registró'),
    message: z.string().describe('Descripción de la constancia, o "Code: c; Description: d" de SUNAT'),
    data: z.object({
      external_id: z.string(),
      number: z.string(),
      state_type_id: z.string().describe('Estado del comprobante después de la consulta'),
      state_type_description: z.string(),
      cdr_stored: z.boolean().describe('La constancia se guardó (responde a este comprobante)'),
      cdr_mismatch: z.boolean().describe('SUNAT devolvió una constancia que no es de este comprobante: no se aplicó'),
      mismatch_reason: z.string().optional(),
      sunat: z.object({ code: z.string(), description: z.string(), notes: z.array(z.string()) }),
    }),
    links: z.object({ cdr: z.string() }),
    ...warningsField,
  })
  .meta({ id: 'ConsultCdrResponse' });

export type DocumentStatusBody = z.output<typeof DocumentStatusBodySchema>;
export type ConsultCdrBody = z.output<typeof ConsultCdrBodySchema>;
