// Input schema of POST /api/perceptions (FacturadorPro dialect) for the Comprobante de
// Percepción (40). Shapes, formats and catalog membership only; the arithmetic is checked by computePerception.
// `datos_del_emisor` is accepted and ignored: the issuer is the tenant's company.
import { z } from 'zod';
import { currencies, identityDocumentTypes } from '../catalogs/index.ts';
import { customerSchema } from '../invoice/schema.ts';
import { amount, decimal, isoDate, isoTime, optional, text, upperCode } from '../invoice/primitives.ts';
import { PERCEPTION_REGIMES, PERCEIVABLE_DOCUMENT_TYPES } from './catalogs.ts';

export const currency = () =>
  upperCode(/^[A-Z]{3}$/, 'Debe ser un código de moneda ISO 4217 (PEN, USD…).').refine((c) => currencies.has(c), {
    message: 'Moneda desconocida (catálogo 02).',
  });

export const code2 = (allowed: readonly string[], what: string) =>
  z
    .union([z.string(), z.number()], { error: `Debe ser un código de ${what} (texto).` })
    .transform((v) => String(v).trim().padStart(2, '0'))
    .refine((c) => allowed.includes(c), {
      message: `Código de ${what} no válido. Valores: ${allowed.join(', ')}.`,
      params: { code: 'catalog_code_invalid' },
    });

export const positive = (integerDigits?: number) =>
  decimal({ min: { value: 0, inclusive: false, message: 'Debe ser mayor que cero.' }, integerDigits });

export const perceptionPaymentSchema = z
  .object({
    fecha_de_pago: optional(isoDate()).describe('Fecha del cobro (PaidDate); por defecto, la de la percepción.'),
    total_pago: positive().describe('Importe cobrado en la moneda del documento (PaidAmount).'),
    codigo_tipo_moneda: currency().describe('Moneda del cobro (la del documento).'),
  })
  .meta({ id: 'PerceptionPayment' });

export const exchangeRateSchema = z
  .object({
    codigo_tipo_moneda_referencia: currency().describe('Moneda del documento (SourceCurrencyCode).'),
    codigo_tipo_moneda_objetivo: currency().describe('PEN (TargetCurrencyCode).'),
    factor: positive(4).describe(
      'Tipo de cambio (CalculationRate, hasta 4 enteros y 6 decimales; SUNAT 2716); 1 si el documento está en soles.',
    ),
    fecha_tipo_de_cambio: optional(isoDate()).describe('Fecha del tipo de cambio; por defecto, la de la percepción.'),
  })
  .meta({ id: 'PerceptionExchangeRate' });

export const perceivedDocumentSchema = z
  .object({
    codigo_tipo_documento: code2(
      PERCEIVABLE_DOCUMENT_TYPES,
      'tipo de documento relacionado (01, 03, 07, 08, 12, 40, 41)',
    ).describe('Tipo del documento relacionado (catálogo 01): 01, 03, 07, 08, 12, 40 o 41 (SUNAT 2691).'),
    serie_documento: upperCode(/^([A-Z0-9]{4})$/, 'La serie debe tener 4 caracteres (F001, B001, 0001…).').describe(
      'Serie del documento relacionado.',
    ),
    numero_documento: z
      .union([z.string(), z.number()], { error: 'Debe ser un número entero.' })
      .transform((v) =>
        String(v)
          .trim()
          .replace(/^0+(?=\d)/, ''),
      )
      .refine((s) => /^[1-9]\d{0,7}$/.test(s), { message: 'Número de 1 a 8 dígitos, distinto de cero (SUNAT 2693).' })
      .describe('Número del documento relacionado.'),
    fecha_de_emision: isoDate().describe('Fecha de emisión del documento relacionado.'),
    codigo_tipo_moneda: currency().describe('Moneda del documento relacionado.'),
    total_documento: positive().describe('Importe total del documento relacionado en su moneda (SUNAT 2695).'),
    pagos: optional(
      z
        .array(perceptionPaymentSchema)
        .min(1)
        .max(1, { message: 'SUNAT admite un cobro por documento relacionado en cada comprobante.' }),
    ).describe('El cobro que origina la percepción (uno por documento relacionado).'),
    tipo_de_cambio: optional(exchangeRateSchema).describe('Obligatorio cuando el documento no está en soles.'),
    fecha_de_percepcion: optional(isoDate()).describe(
      'Fecha de la percepción (por defecto, la de emisión del comprobante).',
    ),
    total_percibido: optional(amount()).describe(
      'Percepción en soles: round2(cobrado en soles × tasa). Se calcula si se omite.',
    ),
    total_a_pagar: optional(amount()).describe(
      'Cobrado en soles más la percepción (SUNATNetTotalCashed). Se calcula si se omite.',
    ),
    total_pagado: optional(amount()).describe('Igual a total_a_pagar (FacturadorPro envía ambos).'),
  })
  .meta({ id: 'PerceivedDocument' });

export const perceptionBodySchema = z
  .object({
    serie_documento: upperCode(
      /^P[A-Z0-9]{3}$/,
      'La serie de una percepción es P seguida de 3 caracteres (P001) (SUNAT 1001).',
    ).describe('Serie del comprobante de percepción: P###.'),
    numero_documento: z
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
      })
      .describe('"#" toma el siguiente número de la serie; o un número explícito libre.'),
    fecha_de_emision: optional(isoDate()).describe(
      'Fecha de emisión AAAA-MM-DD (hora de Lima), no futura. Si se omite, la de hoy en Lima.',
    ),
    hora_de_emision: optional(isoTime()).describe(
      'Hora de emisión HH:mm:ss. Si se omiten fecha y hora, la hora actual de Lima; con fecha y sin hora, 00:00:00.',
    ),
    codigo_tipo_documento: z
      .union([z.string(), z.number()])
      .transform((v) => String(v).trim())
      .refine((v) => v === '40', {
        message: 'Este endpoint emite solo comprobantes de percepción (40).',
        params: { code: 'document_type_invalid' },
      })
      .describe('Siempre "40".'),
    datos_del_emisor: optional(z.unknown()).describe('Se ignora: el emisor es la empresa del token.'),
    datos_del_cliente_o_receptor: customerSchema.describe('Cliente al que se percibe (ReceiverParty).'),
    codigo_tipo_percepcion: code2(Object.keys(PERCEPTION_REGIMES), 'régimen de percepción (catálogo 22)').describe(
      'Régimen, catálogo 22: 01 venta interna 2 %, 02 combustible 1 %, 03 agente con tasa especial 0,5 %.',
    ),
    observaciones: optional(text(250, 'Las observaciones')).describe('Nota (cbc:Note).'),
    totales: optional(
      z.object({
        total_percibido: optional(amount()).describe('Σ percepciones (TotalInvoiceAmount, SUNAT 2667).'),
        total_pagado: optional(amount()).describe(
          'Σ cobrado en soles más percepciones (SUNATTotalCashed, SUNAT 2668).',
        ),
      }),
    ).describe('Totales; se calculan si se omiten y se comprueban si se envían.'),
    documentos: z
      .array(perceivedDocumentSchema)
      .min(1, { message: 'Debe incluir al menos un documento relacionado.' })
      .max(500)
      .describe('Documentos cobrados (SUNATPerceptionDocumentReference).'),
    acciones: optional(
      z.object({
        formato_pdf: optional(z.enum(['a4', 'ticket'])).describe('Formato del PDF por defecto.'),
        enviar_email: optional(z.unknown()),
      }),
    ).describe('Opciones de salida.'),
    leyendas: optional(z.unknown()).describe('Se ignora (la percepción no lleva leyendas en el XML).'),
  })
  .meta({ id: 'PerceptionBody', description: 'Comprobante de percepción (40), formato FacturadorPro.' });

export type PerceptionBody = z.output<typeof perceptionBodySchema>;
export { identityDocumentTypes };
