// Request and response schemas of the comunicación de baja, the resumen de reversiones (the same body) and the
// resumen diario (FacturadorPro's bodies, its envelope).
import { z } from 'zod';
import { warningsField } from '../../platform/http/schemas.ts';
import { calendarDateSchema, externalIdSchema } from '../schemas.ts';

// The documents' own date rule: a date before 1900 (year 0000) reached PostgreSQL and failed there (500).
const isoDate = calendarDateSchema;

/** A motivo_anulacion of up to 100 characters (the VoidedDocuments/SummaryDocuments field's size). */
const reasonText = (tooLong: string) => z.string().trim().max(100, { message: tooLong });

export const VoidedBodySchema = z
  .object({
    fecha_de_emision_de_documentos: isoDate.describe('Fecha de emisión de los comprobantes a anular (AAAA-MM-DD)'),
    documentos: z
      .array(
        z.object({
          external_id: externalIdSchema,
          // SUNAT 2314/2315: the reason must say something; the VoidedDocuments field holds up to 100 characters.
          motivo_anulacion: reasonText('El motivo de la anulación admite hasta 100 caracteres.').min(3, {
            message: 'Indique el motivo de la anulación (al menos 3 caracteres).',
          }),
        }),
      )
      .min(1, { message: 'Envíe al menos un documento a anular.' })
      // SUNAT's limit of lines in one summary.
      .max(500, { message: 'Una comunicación de baja o reversión admite hasta 500 documentos.' }),
  })
  .meta({ id: 'VoidedBody' });

export const SummaryBodySchema = z
  .object({
    fecha_de_emision_de_documentos: isoDate.describe('Fecha de emisión de las boletas (AAAA-MM-DD)'),
    codigo_tipo_proceso: z
      .enum(['1', '3'], { message: 'Use "1" (declarar) o "3" (anular).' })
      .describe('1: declara las boletas y notas pendientes de esa fecha; 3: anula las boletas de documentos[]'),
    documentos: z
      .array(
        z.object({
          external_id: externalIdSchema,
          motivo_anulacion: reasonText('El motivo admite hasta 100 caracteres.').optional(),
        }),
      )
      .max(500, { message: 'Un resumen diario admite hasta 500 documentos.' })
      .optional(),
  })
  .refine((b) => b.codigo_tipo_proceso !== '3' || (b.documentos?.length ?? 0) > 0, {
    message: 'Envíe los documentos a anular (documentos[]) con codigo_tipo_proceso "3".',
    path: ['documentos'],
  })
  .meta({ id: 'SummaryBody' });

export const SummaryStatusBodySchema = z
  .object({
    external_id: externalIdSchema
      .optional()
      .describe('external_id del resumen o de uno de sus comprobantes (responde por el último que lo incluye)'),
    ticket: z
      .string()
      .trim()
      .regex(/^\d{1,32}$/, { message: 'El ticket de SUNAT es numérico.' })
      .optional(),
  })
  .refine((b) => b.external_id !== undefined || b.ticket !== undefined, {
    message: 'Es requerido el código externo (external_id) o el ticket.',
    path: ['external_id'],
  })
  .meta({ id: 'SummaryStatusBody' });

export const VoidedResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ external_id: z.string(), ticket: z.string().nullable(), state: z.string() }),
  message: z.string().optional(),
  ...warningsField,
});

export const SummaryStatusResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    external_id: z.string(),
    filename: z.string(),
    ticket: z.string().nullable(),
    state: z.string().describe('sending (sin ticket aún), pending (en proceso en SUNAT), accepted, rejected'),
  }),
  links: z.object({ xml: z.string(), cdr: z.string() }),
  response: z.object({
    sent: z.boolean(),
    code: z.string(),
    description: z.string(),
    notes: z.array(z.string()),
    is_accepted: z.boolean(),
    status_code: z.number().nullable(),
  }),
  ...warningsField,
});

// Request examples for the API reference (OpenAPI 3.0 keeps them beside the schema, not in it).
type Examples = Record<string, { summary: string; value: unknown }>;
const examplesOf = (summaries: string[], values: unknown[]): Examples =>
  Object.fromEntries(values.map((value, i) => [`ejemplo${i + 1}`, { summary: summaries[i], value }]));

export const VOIDED_EXAMPLES = examplesOf(
  ['Anular una factura'],
  [
    {
      fecha_de_emision_de_documentos: '2025-01-15',
      documentos: [
        { external_id: '9d44a5c6-1b2f-4c1e-8f34-2c8f3f1c0a11', motivo_anulacion: 'Se duplicó el documento' },
      ],
    },
  ],
);
const reversionExample = (external_id: string, motivo_anulacion: string) => ({
  fecha_de_emision_de_documentos: '2025-01-15',
  documentos: [{ external_id, motivo_anulacion }],
});
export const REVERSION_EXAMPLES = {
  '20': examplesOf(
    ['Revertir una retención'],
    [reversionExample('6b1e2f3a-4c5d-4e6f-8a7b-9c0d1e2f3a4b', 'Error en el RUC del proveedor')],
  ),
  '40': examplesOf(
    ['Revertir una percepción'],
    [reversionExample('2c4e6a8b-0d1f-4a3b-9c5d-7e9f1a3b5c7d', 'Error en el monto percibido')],
  ),
};
export const SUMMARY_EXAMPLES = examplesOf(
  ['Declarar las boletas del día', 'Anular una boleta'],
  [
    { fecha_de_emision_de_documentos: '2025-01-15', codigo_tipo_proceso: '1' },
    {
      fecha_de_emision_de_documentos: '2025-01-15',
      codigo_tipo_proceso: '3',
      documentos: [
        { external_id: 'f5302c1e-7d1a-4b8e-9a55-0c6b7f3e2d10', motivo_anulacion: 'Se duplicó el documento' },
      ],
    },
  ],
);
export const SUMMARY_STATUS_EXAMPLES = examplesOf(
  ['Por external_id', 'Por ticket'],
  [{ external_id: '3f2b8c1e-0a4d-4e55-9c7a-5b1d2e3f4a5b' }, { ticket: '1737385200000' }],
);
