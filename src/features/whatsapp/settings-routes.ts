// POST /api/company/whatsapp (tenant host): the tenant's own WhatsApp Business number and token, stored sealed.
// Without them, messages go out on the system number (WHATSAPP_PHONE_NUMBER_ID / WHATSAPP_TOKEN).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestExample } from '../../platform/http/openapi-parts.ts';
import { tenantRoute, warningsField } from '../../platform/http/schemas.ts';
import { saveOwnNumber } from './service.ts';

const Body = z
  .object({
    phone_number_id: z
      .string()
      .regex(/^\d{5,30}$/, { message: 'El phone_number_id de la Cloud API es numérico.' })
      .nullable()
      .describe('phone_number_id del número de WhatsApp Business (null para usar el del sistema)'),
    token: z
      .string()
      .min(20)
      .max(1000)
      .nullable()
      .optional()
      .describe('Token de acceso de la Cloud API (no se devuelve nunca)'),
  })
  .meta({ id: 'CompanyWhatsappBody' });

export const whatsappSettingsRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/company/whatsapp',
    tenantRoute(
      { summary: 'Configurar el número de WhatsApp Business propio de la empresa', body: Body },
      z.object({ success: z.literal(true), message: z.string(), ...warningsField }),
      {
        examples: requestExample('Número propio de WhatsApp Business', {
          phone_number_id: '123456789012345',
          token: 'EAAG-token-de-ejemplo',
        }),
      },
    ),
    async (request) => {
      const { phone_number_id: phone, token } = request.body;
      await saveOwnNumber(request.tenant.db, app.platform.secrets, phone, token);
      return {
        success: true as const,
        message: phone === null ? 'Se usará el número del sistema.' : 'Número de WhatsApp de la empresa configurado.',
      };
    },
  );
};
