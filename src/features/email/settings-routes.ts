// PUT /api/company/smtp and DELETE /api/company/smtp (tenant host): the company's own SMTP server; its password is
// sealed as the SOL password is. Without it, e-mail goes out through the system's SMTP_URL.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PipelineDeps } from '../../pipeline/deps.ts';
import { errors } from '../../platform/errors.ts';
import { tenantErrorResponses } from '../../platform/http/schemas.ts';
import { OutboundRefused } from '../../platform/net/outbound.ts';
import { presentSmtp, SmtpViewSchema } from '../../tenancy/smtp-view.ts';
import { checkCompanyServer, FromNotAllowed } from './company-server.ts';
import { SmtpBody, type SmtpInput } from './schemas.ts';

const config = { hostKind: 'tenant', auth: 'tenant' } as const;
const Answer = z.object({ success: z.literal(true), message: z.string(), data: SmtpViewSchema });

const NO_SMTP = {
  smtpHost: null,
  smtpPort: null,
  smtpSecure: false,
  smtpUser: null,
  smtpPasswordEnc: null,
  smtpFrom: null,
};

function checkCredentials(input: SmtpInput): void {
  if (Boolean(input.usuario) === Boolean(input.clave)) return;
  const path = input.usuario ? 'clave' : 'usuario';
  const message = 'Envíe el usuario y la clave SMTP juntos (o ninguno, si el servidor no pide autenticación).';
  throw errors.unprocessable('smtp_credentials_required', message, [
    { path, code: 'smtp_credentials_required', message },
  ]);
}

/**
 * The outbound check a delivery will make, answered now: a host on a network the company may not reach, or the
 * system's relay with a From outside the company's domains, is a 422. A name that does not resolve at the moment is
 * accepted (DNS can be down for a while); the delivery checks again when it connects.
 */
async function checkServer(deps: Pick<PipelineDeps, 'config' | 'db'>, tenantId: number, input: SmtpInput) {
  try {
    await checkCompanyServer(deps, input.host, input.port, { tenantId, from: input.remitente });
  } catch (error) {
    if (error instanceof OutboundRefused && error.code === 'host_refused') {
      const message = `El servidor SMTP ${input.host} está en una red no permitida (local, privada o interna): indique un servidor de correo público.`;
      throw errors.unprocessable('smtp_host_not_allowed', message, [
        { path: 'host', code: 'smtp_host_not_allowed', message },
      ]);
    }
    if (error instanceof FromNotAllowed) {
      const message = `El servidor ${input.host} es el del sistema: el remitente debe ser de un dominio de la empresa (o ${deps.config.smtpFrom}).`;
      throw errors.unprocessable('smtp_from_not_allowed', message, [
        { path: 'remitente', code: 'smtp_from_not_allowed', message },
      ]);
    }
    if (!(error instanceof OutboundRefused)) throw error;
  }
}

export const emailSettingsRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { platform } = app;
  typed.put(
    '/api/company/smtp',
    {
      config: {
        ...config,
        openapiExamples: {
          starttls: {
            summary: 'Servidor propio con STARTTLS (587)',
            value: {
              host: 'smtp.miempresa.pe',
              port: 587,
              secure: false,
              usuario: 'facturas@miempresa.pe',
              clave: 'clave-smtp',
              remitente: 'facturas@miempresa.pe',
            },
          },
        },
      },
      schema: {
        summary: 'Configurar el servidor de correo (SMTP) propio de la empresa',
        description:
          'La clave se guarda cifrada y nunca se devuelve. Sin servidor propio se usa el del sistema (SMTP_URL).',
        body: SmtpBody,
        response: { 200: Answer, ...tenantErrorResponses },
      },
    },
    async (request) => {
      const input = request.body;
      checkCredentials(input);
      await checkServer(platform, request.tenant.id, input);
      const company = await request.tenant.db.company.update({
        where: { id: 1 },
        data: {
          smtpHost: input.host,
          smtpPort: input.port,
          smtpSecure: input.secure,
          smtpUser: input.usuario || null,
          smtpPasswordEnc: input.clave ? platform.secrets.seal(input.clave) : null,
          smtpFrom: input.remitente,
        },
      });
      platform.companies.forget(request.tenant.schema);
      return {
        success: true as const,
        message: 'Servidor de correo de la empresa configurado.',
        data: presentSmtp(company),
      };
    },
  );
  typed.delete(
    '/api/company/smtp',
    {
      config,
      schema: {
        summary: 'Quitar el servidor de correo propio (se usará el del sistema)',
        response: { 200: Answer, ...tenantErrorResponses },
      },
    },
    async (request) => {
      const company = await request.tenant.db.company.update({ where: { id: 1 }, data: NO_SMTP });
      platform.companies.forget(request.tenant.schema);
      return {
        success: true as const,
        message: 'Se usará el servidor de correo del sistema.',
        data: presentSmtp(company),
      };
    },
  );
};
