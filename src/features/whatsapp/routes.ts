// POST /api/whatsapp-notify/{text|pdf|media} and GET /api/whatsapp-notify/{id} (any host). Callers
// authenticate with a tenant API token (on the tenant's host: the tenant's own number, else the system's) or with
// the system NOTIFY_TOKEN — in onRequest, before a byte of the body is read: only an authenticated caller may send
// the large bodies of /pdf and /media, and only a few at a time. Requests are validated, written to the outbox and
// answered 202; the worker delivers.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { timingSafeEqual, createHash } from 'node:crypto';
import { z } from 'zod';
import { requestExample } from '../../platform/http/openapi-parts.ts';
import { errors } from '../../platform/errors.ts';
import { ErrorBodySchema, warningsField } from '../../platform/http/schemas.ts';
import { uploadSlots } from '../../platform/http/upload-slots.ts';
import { normalizeHost } from '../../platform/http/hosts.ts';
import { authenticate } from '../../platform/http/tenancy.ts';
import { requireBearer, tokenNotValid } from '../../platform/http/credentials.ts';
import { normalizePhone } from '../../whatsapp/phone.ts';
import { pipelineDepsOf } from '../../api/deps.ts';
import { defaultPdfFormat, pdfForDocument, PRINTABLE_SELECT } from '../../delivery/pdf.ts';
import { queueMessage, type OutboxSender } from './outbox.ts';

/** Cloud API media limits (Meta's "Supported media types"). */
const MEDIA_RULES: Record<string, { maxBytes: number; mimetypes: string[] }> = {
  image: { maxBytes: 5 * 1024 * 1024, mimetypes: ['image/jpeg', 'image/png'] },
  video: { maxBytes: 16 * 1024 * 1024, mimetypes: ['video/mp4', 'video/3gpp'] },
  audio: { maxBytes: 16 * 1024 * 1024, mimetypes: ['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg'] },
  document: {
    maxBytes: 100 * 1024 * 1024,
    mimetypes: [
      'application/pdf',
      'text/plain',
      'application/vnd.ms-excel',
      'application/msword',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ],
  },
};
/** Base64 of the largest file (a 100 MB document: 4/3 of it) plus 64 KiB for the JSON around it. */
const FILE_BODY_LIMIT = Math.ceil(MEDIA_RULES.document.maxBytes / 3) * 4 + 64 * 1024;
/** Bodies above BODY_LIMIT buffered at once per process (each costs about three times its size while parsed). */
const LARGE_UPLOADS_AT_ONCE = 2;
/** What browsers and the Cloud API reliably take; a URL is a link, not a payload. */
export const MEDIA_URL_MAX_LENGTH = 2048;

const number = z
  .string()
  .max(32)
  .describe('Número de destino: 51 + 9 dígitos para Perú (también 987654321 o +51 987 654 321)');

const TextBody = z
  .object({ number, message: z.string().min(1).max(4096).describe('Texto del mensaje (hasta 4096 caracteres)') })
  .meta({ id: 'WhatsappTextBody' });
const PdfBody = z
  .object({
    number,
    file: z.string().optional().describe('PDF en base64 (hasta 100 MB)'),
    external_id: z.string().optional().describe('O el external_id de un comprobante de la empresa: se adjunta su PDF'),
    filename: z.string().max(200).optional().describe('Nombre del archivo (por defecto el del comprobante)'),
    message: z.string().max(1024).optional().describe('Texto que acompaña al PDF'),
  })
  .meta({ id: 'WhatsappPdfBody' });
const MediaBody = z
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
const Queued = z
  .object({ success: z.literal(true), data: z.object({ id: z.string(), status: z.string() }), ...warningsField })
  .meta({ id: 'WhatsappQueued' });
const Status = z
  .object({
    success: z.literal(true),
    data: z.object({
      id: z.string(),
      status: z
        .string()
        .describe('queued, sent, failed o unknown (el proveedor pudo haberlo enviado: no se reintenta)'),
      number: z.string(),
      kind: z.string(),
      attempts: z.number(),
      provider_message_id: z.string().nullable(),
      error_code: z.string().nullable(),
      error_message: z.string().nullable(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  })
  .meta({ id: 'WhatsappStatus' });

function sha(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function validNumber(raw: string): string {
  const phone = normalizePhone(raw);
  if (!phone.ok)
    throw errors.unprocessable('phone_invalid', phone.message, [
      { path: 'number', code: 'phone_invalid', message: phone.message },
    ]);
  return phone.number;
}

function decodeBase64(value: string, path: string, maxBytes: number): Buffer {
  const clean = value.replace(/^data:[^;]+;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(clean) || clean.length % 4 !== 0) {
    throw errors.unprocessable('file_invalid', 'El archivo no es base64 válido.', [
      { path, code: 'file_invalid', message: 'Base64 inválido.' },
    ]);
  }
  if ((clean.length / 4) * 3 > maxBytes + 2) {
    throw errors.unprocessable(
      'file_too_large',
      `El archivo supera el máximo de ${Math.round(maxBytes / 1024 / 1024)} MB.`,
      [{ path, code: 'file_too_large', message: 'Archivo demasiado grande.' }],
    );
  }
  return Buffer.from(clean, 'base64');
}

/**
 * The media's URL when `media` is one (base64 has no `:`; a `data:` URL is base64 content), else null. Only http(s),
 * at most MEDIA_URL_MAX_LENGTH characters, no credentials.
 */
function mediaUrlOf(media: string): string | null {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(media) || /^data:/i.test(media)) return null;
  const refuse = (message: string) =>
    errors.unprocessable('media_url_invalid', message, [{ path: 'media', code: 'media_url_invalid', message }]);
  if (media.length > MEDIA_URL_MAX_LENGTH)
    throw refuse(`La URL del medio supera los ${MEDIA_URL_MAX_LENGTH} caracteres.`);
  let url: URL;
  try {
    url = new URL(media);
  } catch {
    throw refuse('La URL del medio no es válida.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw refuse('La URL del medio debe empezar con http:// o https://.');
  if (url.username || url.password) throw refuse('La URL del medio no debe llevar usuario ni contraseña.');
  // Normalising escapes characters: the stored form must respect the cap too.
  if (url.href.length > MEDIA_URL_MAX_LENGTH)
    throw refuse(`La URL del medio supera los ${MEDIA_URL_MAX_LENGTH} caracteres.`);
  return url.href;
}

export const whatsappRoutes: FastifyPluginAsync = async (app) => {
  const { platform } = app;

  type Sender = OutboxSender & { tenant: Awaited<ReturnType<typeof platform.hosts.resolve>> };
  const senders = new WeakMap<FastifyRequest, Sender>();

  async function caller(request: FastifyRequest): Promise<Sender> {
    const token = requireBearer(request.headers.authorization, 'el token API de la empresa o NOTIFY_TOKEN');
    const system = platform.config.notifyToken;
    if (system && timingSafeEqual(sha(token), sha(system))) return { tenantId: null, schema: null, tenant: null };
    const host = normalizeHost(request.headers.host);
    const tenant = await platform.hosts.resolve(host);
    if (!tenant)
      tokenNotValid(
        `El token no es válido en ${host}: use NOTIFY_TOKEN, o el token API de una empresa en su propio host.`,
      );
    if (tenant.locked) throw errors.tenantLocked();
    await authenticate(request, platform.db, tenant);
    return { tenantId: tenant.id, schema: tenant.schemaName, tenant };
  }

  /** onRequest: the caller is known before the body is read (a tokenless 136 MB post costs nothing). */
  async function authenticateFirst(request: FastifyRequest): Promise<void> {
    senders.set(request, await caller(request));
  }
  const senderOf = (request: FastifyRequest): Sender => senders.get(request)!;
  const largeBodies = uploadSlots(LARGE_UPLOADS_AT_ONCE, platform.config.bodyLimit);

  const typed = app.withTypeProvider<ZodTypeProvider>();
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

  typed.post(
    '/api/whatsapp-notify/text',
    {
      onRequest: authenticateFirst,
      config: {
        ...config,
        openapiExamples: requestExample('Texto', {
          number: '51987654321',
          message: 'Su comprobante F001-1 ya está disponible.',
        }),
      },
      schema: { summary: 'WhatsApp: enviar un texto', body: TextBody, response: responses },
    },
    async (request, reply) => {
      const sender = senderOf(request);
      const to = validNumber(request.body.number);
      return reply.code(202).send({
        success: true as const,
        data: await queueMessage(pipelineDepsOf(app, request.log), sender, 'text', to, {
          message: request.body.message,
        }),
      });
    },
  );

  typed.post(
    '/api/whatsapp-notify/pdf',
    {
      config: {
        ...config,
        openapiExamples: requestExample('PDF de un comprobante de la empresa', {
          number: '51987654321',
          external_id: '6f1f1c2e-8b7a-4d5e-9c3b-2a1d0e9f8a7b',
          message: 'Adjuntamos su comprobante.',
        }),
      },
      bodyLimit: FILE_BODY_LIMIT,
      onRequest: [authenticateFirst, largeBodies],
      schema: {
        summary: 'WhatsApp: enviar un PDF (base64 o el de un comprobante por external_id)',
        body: PdfBody,
        response: responses,
      },
    },
    async (request, reply) => {
      const sender = senderOf(request);
      const to = validNumber(request.body.number);
      const b = request.body;
      const deps = pipelineDepsOf(app, request.log);
      let file: Buffer;
      let filename = b.filename;
      if (b.external_id) {
        if (!sender.tenant || !sender.schema) {
          throw errors.unprocessable(
            'external_id_requires_tenant',
            'Para adjuntar un comprobante por external_id use el token de la empresa en su dominio.',
            [{ path: 'external_id', code: 'external_id_requires_tenant', message: 'Use el token de la empresa.' }],
          );
        }
        const db = platform.db.tenant(sender.schema);
        const doc = /^[0-9a-f-]{36}$/i.test(b.external_id)
          ? await db.document.findUnique({
              where: { externalId: b.external_id.toLowerCase() },
              select: PRINTABLE_SELECT,
            })
          : null;
        if (!doc)
          throw errors.notFound(
            'document_not_found',
            `El documento con código externo ${b.external_id} no se encuentra registrado.`,
          );
        const company = await db.company.findFirstOrThrow();
        file = await pdfForDocument(
          deps,
          { id: sender.tenant.id, schema: sender.schema, db, company },
          doc,
          defaultPdfFormat(doc, company),
        );
        filename ??= `${doc.filename}.pdf`;
      } else if (b.file) {
        file = decodeBase64(b.file, 'file', MEDIA_RULES.document.maxBytes);
        if (file.subarray(0, 5).toString('latin1') !== '%PDF-') {
          throw errors.unprocessable('file_invalid', 'El archivo no es un PDF.', [
            { path: 'file', code: 'file_invalid', message: 'Se esperaba un PDF (%PDF-).' },
          ]);
        }
      } else {
        throw errors.validation([
          { path: 'file', code: 'validation_failed', message: 'Envíe file (PDF en base64) o external_id.' },
        ]);
      }
      const queued = await queueMessage(
        deps,
        sender,
        'pdf',
        to,
        { message: b.message, filename: filename ?? 'documento.pdf', mimetype: 'application/pdf' },
        file,
      );
      return reply.code(202).send({ success: true as const, data: queued });
    },
  );

  typed.post(
    '/api/whatsapp-notify/media',
    {
      onRequest: [authenticateFirst, largeBodies],
      config: {
        ...config,
        openapiExamples: requestExample('Imagen por URL pública', {
          number: '51987654321',
          media: 'https://facturo.example/logo.png',
          media_type: 'image',
          caption: 'Nuestro logo',
        }),
      },
      bodyLimit: FILE_BODY_LIMIT,
      schema: {
        summary: 'WhatsApp: enviar imagen, video, audio o documento (URL o base64)',
        body: MediaBody,
        response: responses,
      },
    },
    async (request, reply) => {
      const sender = senderOf(request);
      const to = validNumber(request.body.number);
      const b = request.body;
      const rule = MEDIA_RULES[b.media_type];
      const mediaUrl = mediaUrlOf(b.media);
      if (mediaUrl) {
        const queued = await queueMessage(pipelineDepsOf(app, request.log), sender, 'media', to, {
          mediaType: b.media_type,
          mediaUrl,
          caption: b.caption,
          filename: b.filename,
          mimetype: b.mimetype,
        });
        return reply.code(202).send({ success: true as const, data: queued });
      }
      if (!b.mimetype || !rule.mimetypes.includes(b.mimetype.toLowerCase())) {
        throw errors.unprocessable(
          'media_type_unsupported',
          `Tipo MIME no admitido para ${b.media_type}: use ${rule.mimetypes.join(', ')}.`,
          [{ path: 'mimetype', code: 'media_type_unsupported', message: 'Tipo MIME no admitido.' }],
        );
      }
      const file = decodeBase64(b.media, 'media', rule.maxBytes);
      const queued = await queueMessage(
        pipelineDepsOf(app, request.log),
        sender,
        'media',
        to,
        { mediaType: b.media_type, caption: b.caption, filename: b.filename, mimetype: b.mimetype.toLowerCase() },
        file,
      );
      return reply.code(202).send({ success: true as const, data: queued });
    },
  );

  typed.get(
    '/api/whatsapp-notify/:id',
    {
      config,
      onRequest: authenticateFirst,
      schema: {
        summary: 'WhatsApp: estado de un mensaje',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: Status, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const sender = senderOf(request);
      const id = request.params.id.toLowerCase();
      const msg = /^[0-9a-f-]{36}$/.test(id)
        ? await platform.db.central.whatsappMessage.findUnique({ where: { id } })
        : null;
      // A caller sees only its own messages: another tenant's id is the same 404 as an unknown one.
      if (!msg || msg.tenantId !== sender.tenantId)
        throw errors.notFound('message_not_found', 'No existe un mensaje con ese id.');
      return {
        success: true as const,
        data: {
          id: msg.id,
          status: msg.status,
          number: msg.toNumber,
          kind: msg.kind,
          attempts: msg.attempts,
          provider_message_id: msg.providerMessageId,
          error_code: msg.errorCode,
          error_message: msg.lastError,
          created_at: msg.createdAt.toISOString(),
          updated_at: msg.updatedAt.toISOString(),
        },
      };
    },
  );
};
