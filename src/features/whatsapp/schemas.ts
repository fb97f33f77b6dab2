// The WhatsApp notify routes' bodies and answers (named in the OpenAPI document by their ids).
import { z } from 'zod';
import { successAnswer, warningsField } from '../../platform/http/schemas.ts';
import { MEDIA_URL_MAX_LENGTH } from './media.ts';

const number = z
  .string()
  .max(32)
  .describe('Número de destino: 51 + 9 dígitos para Perú (también 987654321 o +51 987 654 321)');

export const TextBody = z
  .object({ number, message: z.string().min(1).max(4096).describe('Texto del mensaje (hasta 4096 caracteres)') })
  .meta({ id: 'WhatsappTextBody' });
export const PdfBody = z
  .object({
    number,
    file: z.string().optional().describe('PDF en base64 (hasta 100 MB)'),
    external_id: z.string().optional().describe('O el external_id de un comprobante de la empresa: se adjunta su PDF'),
    filename: z.string().max(200).optional().describe('Nombre del archivo (por defecto el del comprobante)'),
    message: z.string().max(1024).optional().describe('Texto que acompaña al PDF'),
  })
  .meta({ id: 'WhatsappPdfBody' });
export const MediaBody = z
  .object({
    number,
    media: z
      .string()
      .min(1)
      .describe(`URL pública http(s) de hasta ${MEDIA_URL_MAX_LENGTH} caracteres, o contenido en base64`),
    media_type: z.enum(['image', 'video', 'audio', 'document']).describe('Tipo de medio'),
    mimetype: z.string().max(100).optional().describe('Tipo MIME (obligatorio con base64)'),
    filename: z.string().max(200).optional(),
    caption: z.string().max(1024).optional(),
  })
  .meta({ id: 'WhatsappMediaBody' });
export const Queued = successAnswer(z.object({ id: z.string(), status: z.string() }), warningsField).meta({
  id: 'WhatsappQueued',
});
export const Status = successAnswer(
  z.object({
    id: z.string(),
    status: z.string().describe('queued, sent, failed o unknown (el proveedor pudo haberlo enviado: no se reintenta)'),
    number: z.string(),
    kind: z.string(),
    attempts: z.number(),
    provider_message_id: z.string().nullable(),
    error_code: z.string().nullable(),
    error_message: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
).meta({ id: 'WhatsappStatus' });
export const MessageParams = z.object({ id: z.string().max(64) });

export type PdfRequest = z.infer<typeof PdfBody>;
export type MediaRequest = z.infer<typeof MediaBody>;
