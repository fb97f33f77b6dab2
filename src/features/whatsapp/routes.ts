// POST /api/whatsapp-notify/{text|pdf|media} and GET /api/whatsapp-notify/{id} (any host). Callers
// authenticate with a tenant API token (on the tenant's host: the tenant's own number, else the system's) or with
// the system NOTIFY_TOKEN — in onRequest, before a byte of the body is read (auth.ts): only an authenticated caller
// may send the large bodies of /pdf and /media, and only a few at a time. Requests are validated, written to the
// outbox and answered 202 (service.ts); the worker delivers.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { PipelineDeps } from '../../pipeline/deps.ts';
import { requestExample } from '../../platform/http/openapi-parts.ts';
import { ErrorBodySchema } from '../../platform/http/schemas.ts';
import { uploadSlots } from '../../platform/http/upload-slots.ts';
import { pipelineDepsOf } from '../../api/deps.ts';
import { type NotifyAuth, notifyAuth, type Sender } from './auth.ts';
import { MEDIA_RULES } from './media.ts';
import { presentMessage } from './presenter.ts';
import { MediaBody, MessageParams, PdfBody, Queued, Status, TextBody } from './schemas.ts';
import { messageOf, queueMedia, queuePdf, queueText } from './service.ts';

/** Base64 of the largest file (a 100 MB document: 4/3 of it) plus 64 KiB for the JSON around it. */
const FILE_BODY_LIMIT = Math.ceil(MEDIA_RULES.document.maxBytes / 3) * 4 + 64 * 1024;
/** Bodies above BODY_LIMIT buffered at once per process (each costs about three times its size while parsed). */
const LARGE_UPLOADS_AT_ONCE = 2;

const responses = {
  202: Queued,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  413: ErrorBodySchema,
  422: ErrorBodySchema,
  503: ErrorBodySchema,
};
const config = {
  auth: 'none' as const,
  rateLimit: { max: 120, timeWindow: '1 minute' },
  openapiSecurity: ['bearerAuth', 'notifyAuth'] as const,
};

interface Uploads {
  bodyLimit: number;
  onRequest: [NotifyAuth['authenticateFirst'], ReturnType<typeof uploadSlots>];
}

interface SendRoute<Body extends z.ZodType> {
  url: string;
  summary: string;
  body: Body;
  examples: ReturnType<typeof requestExample>;
  queue(deps: PipelineDeps, sender: Sender, body: z.output<Body>): Promise<{ id: string; status: 'queued' }>;
}

/** A send: authenticated first (and, for files, a bounded body in one of few slots), queued, answered 202. */
function sendRoute<Body extends z.ZodType>(
  app: FastifyInstance,
  auth: NotifyAuth,
  route: SendRoute<Body>,
  uploads?: Uploads,
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    route.url,
    {
      // A file route authenticates, then takes an upload slot; the others only authenticate.
      onRequest: uploads?.onRequest ?? auth.authenticateFirst,
      ...(uploads ? { bodyLimit: uploads.bodyLimit } : {}),
      config: { ...config, openapiExamples: route.examples },
      schema: { summary: route.summary, body: route.body, response: responses },
    },
    async (request, reply) => {
      const queued = await route.queue(
        pipelineDepsOf(app, request.log),
        auth.senderOf(request),
        request.body as z.output<Body>,
      );
      return reply.code(202).send({ success: true as const, data: queued });
    },
  );
}

const textSend: SendRoute<typeof TextBody> = {
  url: '/api/whatsapp-notify/text',
  summary: 'WhatsApp: enviar un texto',
  body: TextBody,
  examples: requestExample('Texto', { number: '51987654321', message: 'Su comprobante F001-1 ya está disponible.' }),
  queue: queueText,
};

const pdfSend: SendRoute<typeof PdfBody> = {
  url: '/api/whatsapp-notify/pdf',
  summary: 'WhatsApp: enviar un PDF (base64 o el de un comprobante por external_id)',
  body: PdfBody,
  examples: requestExample('PDF de un comprobante de la empresa', {
    number: '51987654321',
    external_id: '6f1f1c2e-8b7a-4d5e-9c3b-2a1d0e9f8a7b',
    message: 'Adjuntamos su comprobante.',
  }),
  queue: queuePdf,
};

const mediaSend: SendRoute<typeof MediaBody> = {
  url: '/api/whatsapp-notify/media',
  summary: 'WhatsApp: enviar imagen, video, audio o documento (URL o base64)',
  body: MediaBody,
  examples: requestExample('Imagen por URL pública', {
    number: '51987654321',
    media: 'https://facturo.example/logo.png',
    media_type: 'image',
    caption: 'Nuestro logo',
  }),
  queue: queueMedia,
};

function statusRoute(app: FastifyInstance, auth: NotifyAuth) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/whatsapp-notify/:id',
    {
      config,
      onRequest: auth.authenticateFirst,
      schema: {
        summary: 'WhatsApp: estado de un mensaje',
        params: MessageParams,
        response: { 200: Status, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const msg = await messageOf(pipelineDepsOf(app, request.log), auth.senderOf(request), request.params.id);
      return { success: true as const, data: presentMessage(msg) };
    },
  );
}

export const whatsappRoutes: FastifyPluginAsync = async (app) => {
  const auth = notifyAuth(app.platform);
  // The large bodies of /pdf and /media: only an authenticated caller sends them, and only a few at a time.
  const largeBodies = uploadSlots(LARGE_UPLOADS_AT_ONCE, app.platform.config.bodyLimit);
  const uploads: Uploads = { bodyLimit: FILE_BODY_LIMIT, onRequest: [auth.authenticateFirst, largeBodies] };
  sendRoute(app, auth, textSend);
  sendRoute(app, auth, pdfSend, uploads);
  sendRoute(app, auth, mediaSend, uploads);
  statusRoute(app, auth);
};
