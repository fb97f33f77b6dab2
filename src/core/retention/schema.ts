// Input schema of POST /api/retentions (FacturadorPro dialect) for the Comprobante de Retención (20). Shapes,
// formats and catalog membership only; the arithmetic is checked by computeRetention.
// `datos_del_emisor` is accepted and ignored: the issuer (the retention agent) is the tenant's company.
import { z } from 'zod';
import { customerSchema } from '../invoice/schema.ts';
import { amount, isoDate, isoTime, optional, text, upperCode } from '../invoice/primitives.ts';
import { code2, currency, positive } from '../perception/schema.ts';
import { RETAINABLE_DOCUMENT_TYPES, RETENTION_REGIMES } from './catalogs.ts';

export const retentionPaymentSchema = z
  .object({
    fecha_de_pago: optional(isoDate()).describe('Fecha del pago (PaidDate); por defecto, la de la retención.'),
    total_pago: positive().describe('Importe pagado en la moneda del documento (PaidAmount).'),
    codigo_tipo_moneda: currency().describe('Moneda del pago (la del documento).'),
  })
  .meta({ id: 'RetentionPayment' });

export const retentionExchangeRateSchema = z
  .object({
    codigo_tipo_moneda_referencia: currency().describe('Moneda del documento (SourceCurrencyCode).'),
    codigo_tipo_moneda_objetivo: currency().describe('PEN (TargetCurrencyCode).'),
    factor: positive().describe('Tipo de cambio (CalculationRate, hasta 4 enteros y 6 decimales).'),
    fecha_tipo_de_cambio: optional(isoDate()).describe('Fecha del tipo de cambio; por defecto, la de la retención.'),
  })
  .meta({ id: 'RetentionExchangeRate' });

const relatedNumber = () =>
  z
    .union([z.string(), z.number()], { error: 'Debe ser un número entero.' })
    .transform((v) =>
      String(v)
        .trim()
        .replace(/^0+(?=\d)/, ''),
    )
    .refine((s) => /^[1-9]\d{0,7}$/.test(s), { message: 'Número de 1 a 8 dígitos, distinto de cero (SUNAT 2694).' });

export const retainedDocumentSchema = z
  .object({
    codigo_tipo_documento: code2(
      RETAINABLE_DOCUMENT_TYPES,
      'tipo de documento relacionado (01, 07, 08, 12, 20)',
    ).describe('Tipo del documento relacionado (catálogo 01): 01, 07, 08, 12 o 20 (SUNAT 2692).'),
    serie_documento: upperCode(/^([A-Z0-9]{4})$/, 'La serie debe tener 4 caracteres (F001, E001, 0001…).').describe(
      'Serie del documento relacionado.',
    ),
    numero_documento: relatedNumber().describe('Número del documento relacionado.'),
    fecha_de_emision: isoDate().describe('Fecha de emisión del documento relacionado.'),
    codigo_tipo_moneda: currency().describe('Moneda del documento relacionado.'),
    total_documento: positive().describe('Importe total del documento relacionado en su moneda.'),
    pagos: optional(
      z
        .array(retentionPaymentSchema)
        .min(1)
        .max(1, { message: 'SUNAT admite un pago por documento relacionado en cada comprobante.' }),
    ).describe('El pago que origina la retención (uno por documento relacionado).'),
    tipo_de_cambio: optional(retentionExchangeRateSchema).describe('Obligatorio cuando el documento no está en soles.'),
    fecha_de_retencion: optional(isoDate()).describe('Fecha de la retención (por defecto, la de emisión).'),
    total_retenido: optional(amount()).describe(
      'Retención en soles: round2(pagado en soles × tasa). Se calcula si se omite.',
    ),
    total_a_pagar: optional(amount()).describe(
      'Pagado en soles menos la retención (SUNATNetTotalPaid). Se calcula si se omite.',
    ),
    total_pagado: optional(amount()).describe('Igual a total_a_pagar (FacturadorPro envía ambos).'),
  })
  .meta({ id: 'RetainedDocument' });

const voucherNumber = () =>
  z
    .union([z.string(), z.number()], { error: 'Debe ser "#" (siguiente correlativo) o un número entero.' })
    .transform((v, ctx) => {
      const s = String(v).trim();
      if (s === '#') return '#' as const;
      if (/^\d{1,8}$/.test(s) && Number(s) > 0) return Number(s);
      ctx.addIssue({
        code: 'custom',
        message: 'Debe ser "#" o un entero de 1 a 8 dígitos (SUNAT 1001).',
        params: { code: 'number_invalid' },
      });
      return z.NEVER;
    });

export const retentionBodySchema = z
  .object({
    serie_documento: upperCode(
      /^R[A-Z0-9]{3}$/,
      'La serie de una retención es R seguida de 3 caracteres (R001) (SUNAT 1001).',
    ).describe('Serie del comprobante de retención: R###.'),
    numero_documento: voucherNumber().describe(
      '"#" toma el siguiente número de la serie; o un número explícito libre.',
    ),
    fecha_de_emision: optional(isoDate()).describe(
      'Fecha de emisión AAAA-MM-DD (hora de Lima), no futura; por defecto, hoy.',
    ),
    hora_de_emision: optional(isoTime()).describe('Hora de emisión HH:mm:ss.'),
    codigo_tipo_documento: z
      .union([z.string(), z.number()])
      .transform((v) => String(v).trim())
      .refine((v) => v === '20', {
        message: 'Este endpoint emite solo comprobantes de retención (20).',
        params: { code: 'document_type_invalid' },
      })
      .describe('Siempre "20".'),
    datos_del_emisor: optional(z.unknown()).describe('Se ignora: el emisor es la empresa del token.'),
    datos_del_proveedor: customerSchema.describe('Proveedor al que se retiene (ReceiverParty): RUC.'),
    codigo_tipo_retencion: code2(Object.keys(RETENTION_REGIMES), 'régimen de retención (catálogo 23)').describe(
      'Régimen, catálogo 23: 01 tasa 3 %, 02 tasa 6 % (solo documentos hasta el 28/02/2014).',
    ),
    observaciones: optional(text(250, 'Las observaciones')).describe('Nota (cbc:Note).'),
    totales: optional(
      z.object({
        total_retenido: optional(amount()).describe('Σ retenciones (TotalInvoiceAmount, SUNAT 2628).'),
        total_pagado: optional(amount()).describe('Σ pagado en soles menos retenciones (SUNATTotalPaid, SUNAT 2629).'),
      }),
    ).describe('Totales; se calculan si se omiten y se comprueban si se envían.'),
    documentos: z
      .array(retainedDocumentSchema)
      .min(1, { message: 'Debe incluir al menos un documento relacionado.' })
      .max(500)
      .describe('Documentos pagados (SUNATRetentionDocumentReference).'),
    acciones: optional(
      z.object({
        formato_pdf: optional(z.enum(['a4', 'ticket'])).describe('Formato del PDF por defecto.'),
        enviar_email: optional(z.unknown()),
      }),
    ).describe('Opciones de salida.'),
    leyendas: optional(z.unknown()).describe('Se ignora (la retención no lleva leyendas en el XML).'),
  })
  .meta({ id: 'RetentionBody', description: 'Comprobante de retención (20), formato FacturadorPro.' });

export type RetentionBody = z.output<typeof retentionBodySchema>;
export type RetainedDocumentBody = RetentionBody['documentos'][number];
