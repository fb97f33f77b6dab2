// Request and response schemas of the webhook routes (they also write the OpenAPI document).
import { z } from 'zod';
import { EVENT_TYPES, isEventPattern } from '../../pipeline/webhooks/events.ts';
import { INT4_MAX, pageNumber, warningsField } from '../../platform/http/schemas.ts';

const eventos = z
  .array(
    z
      .string()
      .trim()
      .refine(isEventPattern, { message: `Evento desconocido: use uno de ${EVENT_TYPES.join(', ')} o "<familia>.*".` }),
  )
  .max(EVENT_TYPES.length)
  .transform((list) => [...new Set(list)])
  .describe('Eventos que recibe (vacío u omitido: todos). Un tipo, p. ej. "document.accepted", o "document.*".');

const url = z
  .string()
  .trim()
  .max(2000)
  .pipe(z.url({ protocol: /^https?$/, message: 'Debe ser una URL http o https.' }))
  .describe('URL del receptor: recibe un POST JSON firmado por cada evento.');

export const CreateWebhookBody = z.object({ url, eventos: eventos.optional() }).meta({ id: 'WebhookCreateBody' });

export const UpdateWebhookBody = z
  .object({
    url: url.optional(),
    eventos: eventos.optional(),
    activo: z.boolean().optional().describe('false lo pausa; true lo reactiva (también si se desactivó por fallos).'),
  })
  .meta({ id: 'WebhookUpdateBody' });

export const WebhookParams = z.object({
  id: z.coerce.number().int().positive().max(INT4_MAX).describe('Id del webhook'),
});

export const DeliveryParams = WebhookParams.extend({
  delivery_id: z.coerce.number().int().positive().max(INT4_MAX).describe('Id de la entrega'),
});

export const DeliveriesQuery = z.object({ page: pageNumber() });

const WebhookView = z
  .object({
    id: z.number(),
    url: z.string(),
    eventos: z.array(z.string()),
    activo: z.boolean(),
    motivo_desactivacion: z.string().nullable().describe('Por qué se desactivó solo (fallos durante días)'),
    fallos_consecutivos: z.number(),
    created_at: z.string(),
  })
  .meta({ id: 'Webhook' });

export const WebhookAnswer = z.object({ success: z.literal(true), data: WebhookView, ...warningsField });

export const WebhookWithSecretAnswer = z
  .object({
    success: z.literal(true),
    data: WebhookView.extend({
      secret: z.string().describe('Secreto de firma (HMAC-SHA256): se muestra solo esta vez. Guárdelo.'),
    }),
    ...warningsField,
  })
  .meta({ id: 'WebhookWithSecret' });

export const WebhookListAnswer = z.object({ success: z.literal(true), data: z.array(WebhookView) });

export const DeletedAnswer = z.object({ success: z.literal(true), message: z.string() });

const AttemptView = z.object({
  attempt: z.number(),
  status_code: z.number().nullable().describe('Código HTTP del receptor; null si no respondió'),
  duration_ms: z.number(),
  response: z.string().describe('Primeros bytes de la respuesta (1 KiB), o por qué no hubo respuesta'),
  error: z.string().nullable().describe('http_status, timeout, network, refused, unresolvable…'),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
});

const DeliveryView = z.object({
  id: z.number(),
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
  intentos: z.array(AttemptView).describe('Cada POST, el más reciente primero'),
});

export const DeliveriesAnswer = z.object({
  success: z.literal(true),
  data: z.array(DeliveryView),
  meta: z.object({ page: z.number(), per_page: z.number(), total: z.number() }),
});

export const DeliveryAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ id: z.number(), event_id: z.string(), event_type: z.string(), status: z.literal('pending') }),
});

export type CreateWebhookInput = z.output<typeof CreateWebhookBody>;
export type UpdateWebhookInput = z.output<typeof UpdateWebhookBody>;
