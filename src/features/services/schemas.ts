// Request and response schemas of SUNAT's services as FacturadorPro answers them: POST /api/services/validate_cpe
// (one document or `comprobantes[]`), GET /api/services/ruc/{numero}, GET /api/services/dni/{numero}. They also
// write the OpenAPI document, examples included.
import { z } from 'zod';
import { hasRucFormat, isValidRuc } from '../../core/ruc.ts';
import { successAnswer } from '../../platform/http/schemas.ts';
import { VALIDITY_DOCUMENT_TYPES } from '../../sunat/api/index.ts';

/** zod's kind of issue for the checks written here (they name their field and say what is wrong). */
const CUSTOM = 'custom' as const;

/** Documents one bulk request may ask about (SUNAT's own bulk consultation takes 100). */
export const MAX_BULK_DOCUMENTS = 100;

/** A RUC: 11 digits with a known prefix and its check digit (src/core/ruc.ts). */
const rucText = () =>
  z
    .string()
    .trim()
    .refine(hasRucFormat, { message: 'El RUC tiene 11 dígitos.', abort: true })
    .refine(isValidRuc, { message: 'El RUC no es válido: su dígito verificador (o su prefijo) no corresponde.' });

const ruc = (what: string) => rucText().describe(what);

const textOrNumber = z.union([z.string(), z.number()]).transform((v) => String(v).trim());

/** A calendar date YYYY-MM-DD that exists. */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const documentFields = {
  ruc_emisor: ruc(
    'RUC del emisor del comprobante; por omisión, el de la empresa (también se consultan los de proveedores)',
  ).optional(),
  numero_ruc_emisor: ruc(
    'Igual a ruc_emisor (nombre que usa FacturadorPro); si se envían ambos, deben coincidir',
  ).optional(),
  codigo_tipo_documento: textOrNumber
    .transform((v) => v.toUpperCase().padStart(2, '0'))
    .pipe(z.enum(VALIDITY_DOCUMENT_TYPES, { message: `Tipo de comprobante: ${VALIDITY_DOCUMENT_TYPES.join(', ')}.` }))
    .describe(
      'Tipo (codComp de SUNAT): 01 factura, 03 boleta, 04 liquidación de compra, 07/08 notas, R1/R7 recibos por honorarios',
    ),
  serie_documento: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{4}$/, { message: 'La serie tiene 4 caracteres: letras y números (F001, B001, 0001).' })
    .describe('Serie del comprobante'),
  numero_documento: textOrNumber
    .pipe(z.string().regex(/^0*[1-9]\d{0,7}$/, { message: 'Número entero de 1 a 8 dígitos, mayor que cero.' }))
    .describe('Número del comprobante'),
  fecha_de_emision: z
    .string()
    .trim()
    .refine(isCalendarDate, { message: 'Fecha de emisión AAAA-MM-DD (una fecha que exista).' })
    .describe('Fecha de emisión, AAAA-MM-DD'),
  total: textOrNumber
    .pipe(
      z.string().regex(/^\d{1,12}(\.\d{1,10})?$/, { message: 'Importe total: un número no negativo, p. ej. 118.00.' }),
    )
    .describe('Importe total del comprobante'),
};

const REQUIRED = ['codigo_tipo_documento', 'serie_documento', 'numero_documento', 'fecha_de_emision', 'total'] as const;

const DocumentQuery = z
  .object(documentFields)
  .strict()
  .superRefine((q, ctx) => {
    if (q.ruc_emisor && q.numero_ruc_emisor && q.ruc_emisor !== q.numero_ruc_emisor)
      ctx.addIssue({ code: CUSTOM, path: ['numero_ruc_emisor'], message: 'No coincide con ruc_emisor.' });
  });

/**
 * One document (its fields at the top) or several (`comprobantes`, each with the same fields). One object whose
 * every field is optional, the required ones checked by shape, so that each error names its field.
 */
export const ValidateCpeBodySchema = z
  .object(documentFields)
  .partial()
  .extend({
    comprobantes: z
      .array(DocumentQuery)
      .min(1, { message: 'Envíe al menos un comprobante.' })
      .max(MAX_BULK_DOCUMENTS, { message: `Hasta ${MAX_BULK_DOCUMENTS} comprobantes por consulta.` })
      .optional()
      .describe(
        `Consulta masiva: hasta ${MAX_BULK_DOCUMENTS} comprobantes, cada uno con los campos de la consulta individual`,
      ),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.comprobantes !== undefined) {
      for (const key of Object.keys(documentFields) as (keyof typeof documentFields)[])
        if (b[key] !== undefined)
          ctx.addIssue({
            code: CUSTOM,
            path: [key],
            message: 'Con comprobantes, cada campo va dentro de cada comprobante.',
          });
      return;
    }
    for (const key of REQUIRED)
      if (b[key] === undefined) ctx.addIssue({ code: CUSTOM, path: [key], message: 'El campo es obligatorio' });
    if (b.ruc_emisor && b.numero_ruc_emisor && b.ruc_emisor !== b.numero_ruc_emisor)
      ctx.addIssue({ code: CUSTOM, path: ['numero_ruc_emisor'], message: 'No coincide con ruc_emisor.' });
  })
  .meta({ id: 'ValidateCpeBody' });

export type DocumentQueryInput = z.output<typeof DocumentQuery>;

const stateFields = {
  comprobante_estado_codigo: z.string().describe('0 no existe, 1 aceptado, 2 anulado, 3 autorizado, 4 no autorizado'),
  comprobante_estado_descripcion: z.string(),
  empresa_estado_codigo: z.string().describe("Estado del RUC del emisor (00 activo…); '-' si SUNAT no lo indica"),
  empresa_estado_description: z.string().describe('Así lo escribe FacturadorPro'),
  empresa_condicion_codigo: z.string().describe("Condición del domicilio fiscal (00 habido, 12 no habido…); '-' si no"),
  empresa_condicion_descripcion: z.string(),
  observaciones: z.array(z.string()).describe('Observaciones de SUNAT'),
};

const echoFields = {
  ruc_emisor: z.string(),
  codigo_tipo_documento: z.string(),
  serie_documento: z.string(),
  numero_documento: z.string(),
  fecha_de_emision: z.string(),
  total: z.string(),
};

const VALIDITY_EXAMPLE = {
  ruc_emisor: '20000000001',
  codigo_tipo_documento: '01',
  serie_documento: 'F001',
  numero_documento: '1',
  fecha_de_emision: '2026-01-15',
  total: '118.00',
  comprobante_estado_codigo: '1',
  comprobante_estado_descripcion: 'ACEPTADO',
  empresa_estado_codigo: '00',
  empresa_estado_description: 'ACTIVO',
  empresa_condicion_codigo: '00',
  empresa_condicion_descripcion: 'HABIDO',
  observaciones: [],
};

export const ValidityDataSchema = z.object({ ...echoFields, ...stateFields }).meta({ id: 'ValidateCpeData' });

const BulkItemSchema = z
  .object({
    ...echoFields,
    success: z.boolean().describe('false: SUNAT no respondió por este comprobante (code, message)'),
    code: z.string().optional(),
    message: z.string().optional(),
  })
  .extend(z.object(stateFields).partial().shape)
  .meta({ id: 'ValidateCpeBulkItem' });

export const ValidateCpeResponseSchema = z
  .union([
    successAnswer(ValidityDataSchema),
    successAnswer(z.object({ cantidad_de_comprobantes: z.number().int(), comprobantes: z.array(BulkItemSchema) })),
  ])
  .meta({ id: 'ValidateCpeResponse', example: { success: true, data: VALIDITY_EXAMPLE } });

export type ValidityData = z.input<typeof ValidityDataSchema>;
export type BulkItem = z.input<typeof BulkItemSchema>;

// ----------------------------------------------------------------------------------------------------------------
// GET /api/services/ruc/{numero}

export const RucParamsSchema = z.object({
  numero: rucText().meta({ description: 'RUC de 11 dígitos', example: '20123456786' }),
});

export const RucResponseSchema = successAnswer(
  z.object({
    ruc: z.string(),
    name: z.string().describe('Nombre o razón social'),
    trade_name: z.string().describe('El padrón reducido no trae nombre comercial: vacío'),
    address: z.string().describe('Dirección del domicilio fiscal'),
    state: z.string().describe('Estado del contribuyente (ACTIVO, BAJA DE OFICIO…)'),
    condition: z.string().describe('Condición del domicilio (HABIDO, NO HABIDO…)'),
    ubigeo: z.string().nullable(),
    location_id: z.array(z.string()).describe('[departamento, provincia, distrito]: 15, 1501, 150101'),
    department: z.string().nullable(),
    department_id: z.string().nullable(),
    province: z.string().nullable(),
    province_id: z.string().nullable(),
    district: z.string().nullable(),
    district_id: z.string().nullable(),
  }),
  {
    padron: z
      .object({
        fecha_importacion: z.string().nullable().describe('Cuándo se importó el padrón (npx facturo padron:import)'),
        fecha_archivo: z.string().nullable().describe('Fecha del archivo importado (cuando SUNAT lo publicó)'),
      })
      .describe('De cuándo son estos datos: el padrón reducido de SUNAT importado'),
  },
).meta({
  id: 'RucLookupResponse',
  example: {
    success: true,
    data: {
      ruc: '20123456786',
      name: 'ACME S.A.C.',
      trade_name: '',
      address: 'AV. EJEMPLO NRO. 123',
      state: 'ACTIVO',
      condition: 'HABIDO',
      ubigeo: '150130',
      location_id: ['15', '1501', '150130'],
      department: 'LIMA',
      department_id: '15',
      province: 'LIMA',
      province_id: '1501',
      district: 'SAN BORJA',
      district_id: '150130',
    },
    padron: { fecha_importacion: '2026-01-15T06:00:00.000Z', fecha_archivo: '2026-01-14T23:10:00.000Z' },
  },
});

export type RucResponse = z.input<typeof RucResponseSchema>;

// ----------------------------------------------------------------------------------------------------------------
// GET /api/services/dni/{numero}

export const DniParamsSchema = z.object({
  numero: z
    .string()
    .trim()
    .regex(/^\d{8}$/, { message: 'El DNI tiene 8 dígitos.' })
    .meta({ description: 'DNI de 8 dígitos', example: '46658592' }),
});

export const DniResponseSchema = successAnswer(
  z.object({
    number: z.string(),
    name: z.string().describe('Apellidos y nombres: APELLIDO PATERNO APELLIDO MATERNO NOMBRES'),
    names: z.string().describe('Nombres'),
    first_name: z.string().describe('Apellido paterno (así lo llena FacturadorPro)'),
    last_name: z.string().describe('Apellido materno (así lo llena FacturadorPro)'),
    verification_code: z.string().nullable().describe('Dígito verificador del DNI, si el proveedor lo da'),
    nombres: z.string(),
    apellido_paterno: z.string(),
    apellido_materno: z.string(),
  }),
).meta({
  id: 'DniLookupResponse',
  example: {
    success: true,
    data: {
      number: '46658592',
      name: 'PEREZ PEÑA LESLY LICET',
      names: 'LESLY LICET',
      first_name: 'PEREZ',
      last_name: 'PEÑA',
      verification_code: '6',
      nombres: 'LESLY LICET',
      apellido_paterno: 'PEREZ',
      apellido_materno: 'PEÑA',
    },
  },
});

export type DniResponse = z.input<typeof DniResponseSchema>;

/** A supplier's invoice, asked about by the consulting company. */
const SUPPLIER_INVOICE = {
  ruc_emisor: '20123456786',
  codigo_tipo_documento: '01',
  serie_documento: 'F001',
  numero_documento: '2450',
  fecha_de_emision: '2026-01-10',
  total: '1250.50',
};

export const VALIDATE_CPE_EXAMPLES = {
  factura: {
    summary: 'Una factura propia (ruc_emisor: el de la empresa)',
    value: {
      codigo_tipo_documento: '01',
      serie_documento: 'F001',
      numero_documento: '1',
      fecha_de_emision: '2026-01-15',
      total: 118,
    },
  },
  proveedor: {
    summary: 'La factura de un proveedor',
    value: SUPPLIER_INVOICE,
  },
  masiva: {
    summary: 'Varios comprobantes a la vez',
    value: {
      comprobantes: [
        {
          codigo_tipo_documento: '03',
          serie_documento: 'B001',
          numero_documento: 7,
          fecha_de_emision: '2026-01-15',
          total: 59,
        },
        SUPPLIER_INVOICE,
      ],
    },
  },
};
