// POST /api/document/email (FacturadorPro's `{customer_email, document_id}`, or `{external_id, email}`) and
// GET /api/document/email/{id} (tenant host, API token). The message is queued in the tenant's outbox and sent by
// the worker; the answer carries its id.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perCompany } from '../../platform/http/rate-limit.ts';
import { tenantErrorResponses } from '../../platform/http/schemas.ts';
import { pipelineDepsOf, tenantRefOf } from '../../api/deps.ts';
import { presentEmail } from './presenter.ts';
import { EmailQueued, EmailStatus, SendEmailBody } from './schemas.ts';
import { emailStatus, sendDocumentEmail } from './service.ts';

const config = { hostKind: 'tenant', auth: 'tenant' } as const;

export const emailRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/document/email',
    {
      config: {
        ...config,
        // Per company, however many tokens or addresses it calls from: the system relay's reputation is every
        // company's. Issues' own e-mails (acciones.enviar_email) ride on the plan's document limit instead.
        rateLimit: perCompany(app.platform.config.emailRateLimit, '1 minute'),
        // A client that retries with the same Idempotency-Key gets the first answer, not a second e-mail.
        idempotent: true,
        openapiExamples: {
          facturadorpro: {
            summary: 'Como FacturadorPro: id interno del comprobante',
            value: { customer_email: 'cliente@empresa.pe', document_id: 1 },
          },
          external_id: {
            summary: 'Por external_id, a dos correos',
            value: {
              external_id: '6f1f1c2e-8b7a-4d5e-9c3b-2a1d0e9f8a7b',
              email: 'compras@cliente.pe, conta@cliente.pe',
            },
          },
        },
      },
      schema: {
        summary: 'Enviar un comprobante por correo (PDF, XML y CDR si fue aceptado)',
        description:
          'Se registra en la bandeja de salida antes de responder; el envío lo hace el proceso de fondo, con reintentos. ' +
          'El estado se consulta con GET /api/document/email/{id}. Cabecera opcional Idempotency-Key.',
        body: SendEmailBody,
        response: { 200: EmailQueued, ...tenantErrorResponses },
      },
    },
    async (request) => {
      const deps = pipelineDepsOf(app, request.log);
      const data = await sendDocumentEmail(deps, tenantRefOf(request.tenant), request.body);
      return { success: true as const, message: 'El correo se enviará en breve.', data };
    },
  );
  typed.get(
    '/api/document/email/:id',
    {
      config,
      schema: {
        summary: 'Estado de un correo de comprobante',
        params: z.object({ id: z.string().max(64).describe('Id devuelto por POST /api/document/email') }),
        response: { 200: EmailStatus, ...tenantErrorResponses },
      },
    },
    async (request) => presentEmail(await emailStatus(tenantRefOf(request.tenant), request.params.id)),
  );
};
