// Request and response shapes of /api/series (OpenAPI schemas SeriesBody, SeriesNumberBody, Series, SeriesList).
import { z } from 'zod';
import { MAX_SERIES_NUMBER, SERIES_DOCUMENT_TYPES } from './series-rules.ts';

const documentType = z.enum(SERIES_DOCUMENT_TYPES).describe('Tipo de comprobante (catálogo 01)');
const lastNumber = z
  .number()
  .int()
  .min(0)
  .max(MAX_SERIES_NUMBER)
  .describe('Último número ya usado: el siguiente comprobante con "#" recibe este número + 1');

export const SeriesBody = z
  .object({
    codigo_tipo_documento: documentType,
    serie: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{4}$/, { message: 'La serie tiene 4 caracteres: letras y números.' })
      .describe('Serie (F001, B001, FC01, 0001 de contingencia…)'),
    contingencia: z.boolean().optional().describe('Serie de contingencia (4 dígitos)'),
    ultimo_numero: lastNumber.optional(),
    codigo_establecimiento: z
      .string()
      .regex(/^\d{4}$/, { message: 'El código de establecimiento tiene 4 dígitos (0000: domicilio fiscal).' })
      .optional()
      .describe('Establecimiento al que pertenece la serie (GET /api/establishments); por omisión 0000'),
  })
  .strict()
  .meta({ id: 'SeriesBody' });

export const SeriesNumberBody = z.object({ ultimo_numero: lastNumber }).strict().meta({ id: 'SeriesNumberBody' });

export const SeriesParams = z.object({
  codigo_tipo_documento: z.string().regex(/^\d{2}$/, { message: 'El tipo de comprobante tiene 2 dígitos.' }),
  serie: z
    .string()
    .toUpperCase()
    .regex(/^[A-Z0-9]{4}$/, { message: 'La serie tiene 4 caracteres: letras y números.' }),
});

export const SeriesItem = z
  .object({
    codigo_tipo_documento: z.string(),
    serie: z.string(),
    ultimo_numero: z.number().int(),
    contingencia: z.boolean(),
    registrada: z.boolean().describe('false: creada automáticamente al emitir con ella'),
    codigo_establecimiento: z.string().describe('Establecimiento desde el que emite (0000: domicilio fiscal)'),
  })
  .meta({ id: 'Series' });

export const SeriesResult = z.object({ success: z.literal(true), data: SeriesItem });
export const SeriesList = z.object({ success: z.literal(true), data: z.array(SeriesItem) }).meta({ id: 'SeriesList' });
