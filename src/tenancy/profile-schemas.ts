// The body of PATCH /api/company (OpenAPI schema CompanyProfileBody): every field optional, null clears an
// optional one. Lengths follow the UBL fields they end up in.
import { z } from 'zod';
import { filledText, ubigeoCode } from '../platform/http/schemas.ts';

export const AddressBody = z
  .object({
    ubigeo: ubigeoCode().describe('Ubigeo INEI del domicilio fiscal (150101)'),
    codigo_establecimiento: z
      .string()
      .regex(/^\d{4}$/, { message: 'El código de establecimiento tiene 4 dígitos (0000: domicilio fiscal).' }),
    direccion: filledText(200),
    urbanizacion: filledText(100).nullable(),
    distrito: filledText(60),
    provincia: filledText(60),
    departamento: filledText(60),
    codigo_pais: z.string().regex(/^[A-Z]{2}$/, { message: 'El código de país tiene 2 letras (PE).' }),
  })
  .partial()
  .strict();

export const BankAccountBody = z
  .object({
    banco: filledText(60).describe('Nombre del banco'),
    moneda: z.enum(['PEN', 'USD', 'EUR']),
    numero: z
      .string()
      .trim()
      .regex(/^[0-9-]{6,30}$/, { message: 'El número de cuenta tiene de 6 a 30 dígitos o guiones.' }),
    cci: z
      .string()
      .regex(/^\d{20}$/, { message: 'El CCI tiene 20 dígitos.' })
      .optional(),
  })
  .strict();

export const PdfSettingsBody = z
  .object({
    formato: z.enum(['a4', 'ticket']).describe('Formato del PDF cuando el comprobante no indica acciones.formato_pdf'),
    pie_de_pagina: filledText(300).nullable().describe('Texto impreso al pie de cada PDF'),
    cuentas_bancarias: z.array(BankAccountBody).max(6).describe('Cuentas impresas en el PDF'),
  })
  .partial()
  .strict();

export const CompanyProfileBody = z
  .object({
    razon_social: filledText(200),
    nombre_comercial: filledText(200).nullable(),
    direccion: AddressBody,
    telefono: filledText(30).nullable(),
    email: z.email({ message: 'Correo electrónico inválido.' }).max(254).nullable(),
    logo: z.string().max(1_000_000).nullable().describe('Logo PNG o JPEG en base64 (máximo 512 KB); null lo quita'),
    pdf: PdfSettingsBody,
    envio_de_boletas: z
      .enum(['individual', 'resumen_diario'])
      .describe(
        'individual: cada boleta (y sus notas) se envía sola a SUNAT; resumen_diario: se declaran en el resumen ' +
          'diario (POST /api/summaries) y quedan en 01 hasta que SUNAT acepta el resumen',
      ),
  })
  .partial()
  .strict()
  .meta({ id: 'CompanyProfileBody' });

export type CompanyProfileInput = z.infer<typeof CompanyProfileBody>;
export type BankAccount = z.infer<typeof BankAccountBody>;
