// The response of GET /api/company (its OpenAPI schema `Company`).
import { z } from 'zod';
import { SmtpViewSchema } from '../../tenancy/smtp-view.ts';

export const CompanySchema = z
  .object({
    success: z.literal(true),
    data: z.object({
      ruc: z.string(),
      razon_social: z.string(),
      nombre_comercial: z.string().nullable(),
      direccion: z.object({
        ubigeo: z.string(),
        codigo_establecimiento: z.string(),
        direccion: z.string(),
        urbanizacion: z.string().nullable(),
        provincia: z.string(),
        departamento: z.string(),
        distrito: z.string(),
        codigo_pais: z.string(),
      }),
      email: z.string().nullable(),
      telefono: z.string().nullable(),
      modo_sunat: z
        .enum(['demo', 'beta', 'production'])
        .describe('demo: SUNAT beta o simulador según el servidor; beta: SUNAT beta; production: SUNAT'),
      sol: z
        .object({
          usuario: z.string().nullable().describe('Usuario SOL (sin el RUC); MODDATOS en demostración'),
          propio: z.boolean().describe('true: usuario y clave SOL de la empresa (no los de demostración)'),
        })
        .describe('La clave SOL se guarda cifrada y no se devuelve'),
      tiene_logo: z.boolean().describe('true: sus PDF llevan el logo de la empresa'),
      envio_de_boletas: z
        .enum(['individual', 'resumen_diario'])
        .describe('Cómo llegan las boletas a SUNAT: una por una, o declaradas en el resumen diario'),
      pdf: z.object({
        formato: z.enum(['a4', 'ticket']),
        pie_de_pagina: z.string().nullable(),
        cuentas_bancarias: z.array(
          z.object({ banco: z.string(), moneda: z.string(), numero: z.string(), cci: z.string().optional() }),
        ),
      }),
      smtp: SmtpViewSchema,
      api_sunat: z
        .object({
          configurado: z.boolean().describe('Credenciales de API SUNAT guardadas (cifradas, no se devuelven)'),
        })
        .describe('Credenciales de API SUNAT: abren la consulta de validez (PUT /api/company/sunat)'),
      certificado: z.object({
        sujeto: z.string().nullable(),
        vence: z.string().nullable(),
        dias_restantes: z.number().int().nullable(),
        advertencia: z.string().nullable().describe('Aviso desde 30 días antes del vencimiento'),
        autofirmado: z.boolean().nullable().describe('true: el certificado de demostración, no sirve para producción'),
      }),
      series: z.array(
        z.object({
          codigo_tipo_documento: z.string(),
          serie: z.string(),
          ultimo_numero: z.number().int(),
          contingencia: z.boolean(),
        }),
      ),
    }),
  })
  .meta({ id: 'Company' });

export type CompanyResponse = z.infer<typeof CompanySchema>;
