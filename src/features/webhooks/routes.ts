// /api/webhooks (tenant host): the company's webhook endpoints and their deliveries (docs/webhooks.md).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EVENT_TYPES, TEST_EVENT } from '../../pipeline/webhooks/events.ts';
import { tenantRoute } from '../../platform/http/schemas.ts';
import {
  CreateWebhookBody,
  DeletedAnswer,
  DeliveriesAnswer,
  DeliveriesQuery,
  DeliveryAnswer,
  DeliveryParams,
  UpdateWebhookBody,
  WebhookAnswer,
  WebhookListAnswer,
  WebhookParams,
  WebhookWithSecretAnswer,
} from './schemas.ts';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  rotateSecret,
  sendTest,
  updateWebhook,
  type WebhookContext,
} from './service.ts';

const CREATE_EXAMPLES = {
  all: { summary: 'Todos los eventos', value: { url: 'https://erp.miempresa.pe/facturo/webhooks' } },
  some: {
    summary: 'Solo aceptaciones, rechazos y anulaciones de comprobantes, y todos los de resúmenes',
    value: {
      url: 'https://erp.miempresa.pe/facturo/webhooks',
      eventos: ['document.accepted', 'document.rejected', 'document.voided', 'summary.*'],
    },
  },
};
const UPDATE_EXAMPLES = {
  reactivate: { summary: 'Reactivar un webhook desactivado', value: { activo: true } },
  events: { summary: 'Cambiar los eventos', value: { eventos: ['document.*', 'perception.*', 'retention.*'] } },
};

const SIGNATURE = [
  'Cada evento es un POST JSON `{id, type, created_at, data}`; `data` es lo que responde POST /api/documents/status ',
  'para ese comprobante (o el /status del resumen), con el estado de ese momento.',
  '',
  `Eventos: ${EVENT_TYPES.join(', ')}, y ${TEST_EVENT} (POST /api/webhooks/{id}/test).`,
  '',
  'Firma: `Facturo-Signature: t=<unix>,v1=<hex HMAC-SHA256(secreto, "<t>.<cuerpo>")>`. En Node:',
  '`createHmac("sha256", secreto).update(`${t}.${cuerpoCrudo}`).digest("hex")`, comparado con `timingSafeEqual`.',
  '',
  'Reintentos (timeout o respuesta no 2xx): 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, 8 h (~24 h; ',
  'WEBHOOK_RETRY_SCHEDULE); en orden por comprobante; el mismo `id` en cada reintento. Un webhook que falla ',
  'durante días se desactiva con su motivo. Detalle: docs/webhooks.md.',
].join('\n');

export const webhooksRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { platform } = app;
  const ctxOf = (request: FastifyRequest): WebhookContext => ({
    deps: {
      config: platform.config,
      secrets: platform.secrets,
      db: platform.db,
      log: request.log,
      wakeWorker: () => platform.worker?.wake(),
    },
    tenant: {
      id: request.tenant.id,
      schema: request.tenant.schema,
      hostname: request.tenant.hostname,
      db: request.tenant.db,
    },
  });

  typed.post(
    '/api/webhooks',
    tenantRoute(
      {
        summary: 'Suscribir un webhook: el ERP recibe cada cambio de estado (el secreto se muestra una sola vez)',
        description: SIGNATURE,
        body: CreateWebhookBody,
      },
      WebhookWithSecretAnswer,
      { examples: CREATE_EXAMPLES },
    ),
    async (request) => createWebhook(ctxOf(request), request.body),
  );
  typed.get(
    '/api/webhooks',
    tenantRoute(
      {
        summary: 'Webhooks de la empresa',
        description: 'Sin secretos: cada secreto se muestra solo al crearlo o rotarlo.',
      },
      WebhookListAnswer,
    ),
    async (request) => listWebhooks(ctxOf(request)),
  );
  typed.patch(
    '/api/webhooks/:id',
    tenantRoute(
      {
        summary: 'Cambiar la URL o los eventos de un webhook, pausarlo o reactivarlo',
        description: 'Reactivado (activo: true), se envía lo que quedó pendiente mientras estuvo desactivado.',
        params: WebhookParams,
        body: UpdateWebhookBody,
      },
      WebhookAnswer,
      { examples: UPDATE_EXAMPLES },
    ),
    async (request) => updateWebhook(ctxOf(request), request.params.id, request.body),
  );
  typed.delete(
    '/api/webhooks/:id',
    tenantRoute({ summary: 'Eliminar un webhook (con sus entregas)', params: WebhookParams }, DeletedAnswer),
    async (request) => deleteWebhook(ctxOf(request), request.params.id),
  );
  typed.post(
    '/api/webhooks/:id/rotate_secret',
    tenantRoute(
      {
        summary: 'Rotar el secreto de firma (el nuevo se muestra una sola vez; el anterior deja de valer)',
        params: WebhookParams,
      },
      WebhookWithSecretAnswer,
    ),
    async (request) => rotateSecret(ctxOf(request), request.params.id),
  );
  typed.post(
    '/api/webhooks/:id/test',
    tenantRoute(
      {
        summary: 'Enviar un evento de prueba (webhook.test) a este webhook',
        description: 'Se entrega, firma y reintenta como cualquier evento; el resultado, en .../deliveries.',
        params: WebhookParams,
      },
      DeliveryAnswer,
    ),
    async (request) => sendTest(ctxOf(request), request.params.id),
  );
  typed.get(
    '/api/webhooks/:id/deliveries',
    tenantRoute(
      {
        summary: 'Entregas de un webhook y cada intento (código HTTP, duración, primeros bytes de la respuesta)',
        params: WebhookParams,
        querystring: DeliveriesQuery,
      },
      DeliveriesAnswer,
    ),
    async (request) => listDeliveries(ctxOf(request), request.params.id, request.query.page),
  );
  typed.post(
    '/api/webhooks/:id/deliveries/:delivery_id/redeliver',
    tenantRoute(
      { summary: 'Enviar otra vez una entrega (el mismo evento, con el mismo id)', params: DeliveryParams },
      DeliveryAnswer,
    ),
    async (request) => redeliver(ctxOf(request), request.params.id, request.params.delivery_id),
  );
};
