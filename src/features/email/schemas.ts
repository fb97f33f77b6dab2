// Request and response schemas of the e-mail routes (they also feed OpenAPI).
import { z } from 'zod';
import { INT4_MAX, successAnswer, warningsField } from '../../platform/http/schemas.ts';

export const SendEmailBody = z
  .object({
    customer_email: z
      .string()
      .max(1500)
      .optional()
      .describe('Correo(s) del destinatario, separados por comas (FacturadorPro)'),
    // An int4 row id, as a number or as digits: a larger one is a 422 naming the field, not a database error.
    document_id: z
      .union([z.number(), z.string().regex(/^\d{1,12}$/, { message: 'El id del comprobante es un número entero.' })])
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(1)
          .max(INT4_MAX, { message: `El id del comprobante es un entero entre 1 y ${INT4_MAX}.` }),
      )
      .optional()
      .describe('Id interno del comprobante (FacturadorPro); o external_id'),
    external_id: z.string().max(64).optional().describe('external_id del comprobante; o document_id'),
    email: z.string().max(1500).optional().describe('Igual que customer_email'),
  })
  .meta({ id: 'DocumentEmailBody' });
export type SendEmailInput = z.infer<typeof SendEmailBody>;

export const EmailQueued = z
  .object({
    success: z.literal(true),
    message: z.string(),
    data: z.object({
      id: z.string().describe('Id del mensaje: GET /api/document/email/{id}'),
      status: z.literal('pending'),
      to: z.array(z.string()),
      number: z.string(),
      external_id: z.string(),
    }),
    ...warningsField,
  })
  .meta({ id: 'DocumentEmailQueued' });

export const EmailStatus = successAnswer(
  z.object({
    id: z.string(),
    status: z.string().describe('pending (por enviar o reintentando), sent o failed'),
    to: z.array(z.string()),
    source: z.string().describe('issue (acciones.enviar_email) o api (POST /api/document/email)'),
    number: z.string(),
    external_id: z.string(),
    attempts: z.number(),
    error_code: z.string().nullable().describe('Código SMTP (p. ej. 550), ECONNREFUSED, smtp_not_configured…'),
    last_error: z.string().nullable(),
    message_id: z.string().nullable().describe('Message-ID aceptado por el servidor SMTP'),
    sent_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
).meta({ id: 'DocumentEmailStatus' });

export const SmtpBody = z
  .object({
    host: z.string().trim().min(1).max(255).describe('Servidor SMTP de la empresa'),
    port: z.number().int().min(1).max(65535).describe('Puerto: 587 (STARTTLS), 465 (TLS) o 25'),
    secure: z.boolean().default(false).describe('true: TLS desde el inicio (puerto 465)'),
    usuario: z.string().max(255).nullable().optional().describe('Usuario SMTP (sin usuario: sin autenticación)'),
    clave: z.string().max(500).nullable().optional().describe('Clave SMTP (se guarda cifrada, no se devuelve)'),
    remitente: z
      .email({ message: 'El remitente debe ser un correo válido.' })
      .describe('Dirección From de los correos'),
  })
  .strict()
  .meta({ id: 'CompanySmtpBody' });
export type SmtpInput = z.infer<typeof SmtpBody>;
