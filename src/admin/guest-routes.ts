// Self-registration on the admin host (FacturadorPro's sign-up): a company signs up on the first (free) plan in
// demo mode; its RUC can be looked up first in the local copy of SUNAT's padrón (check digit before anything).
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, warningsField } from '../platform/http/schemas.ts';
import { requestExample } from '../platform/http/openapi-parts.ts';
import { FirstEstablishmentBody } from '../tenancy/first-establishment.ts';
import { padronEntry, registerCompany } from './guest-service.ts';
import { presentOpenPlan } from './plans-presenter.ts';
import { openPlans } from './plans-service.ts';

const Body = z
  .object({
    number: z
      .string()
      .regex(/^\d{11}$/, { message: 'El RUC debe tener 11 dígitos.' })
      .describe('RUC de la empresa'),
    name: z
      .string()
      .trim()
      .min(2)
      .max(200)
      .optional()
      .describe('Razón social: obligatoria salvo que el RUC esté en el padrón (se usa la suya, con un aviso)'),
    subdomain: z.string().trim().toLowerCase().min(1).max(40).describe('Subdominio deseado'),
    email: z.email({ message: 'Correo electrónico inválido.' }).max(254).describe('Correo del administrador'),
    password: z
      .string()
      .min(8, { message: 'La contraseña debe tener al menos 8 caracteres.' })
      .max(200)
      .refine((p) => /[A-Za-z]/.test(p) && /\d/.test(p), { message: 'La contraseña debe combinar letras y números.' })
      .describe('Contraseña del administrador (8+ caracteres, letras y números)'),
    establecimiento: FirstEstablishmentBody.optional(),
  })
  .meta({ id: 'GuestRegisterBody' });

function offerRoute(app: FastifyInstance) {
  const { platform } = app;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/guest-register',
    {
      config: { auth: 'none' },
      schema: {
        summary: 'Datos iniciales del autorregistro',
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({
              enabled: z.boolean(),
              base_domain: z.string(),
              plans: z.array(
                z.object({
                  id: z.number(),
                  name: z.string(),
                  pricing: z.string(),
                  limit_documents: z.number(),
                  limit_users: z.number(),
                }),
              ),
            }),
          }),
        },
      },
    },
    async () => ({
      success: true as const,
      data: {
        enabled: platform.config.guestRegisterEnabled,
        base_domain: `.${platform.config.appDomain}`,
        plans: (await openPlans(platform.db.central)).map(presentOpenPlan),
      },
    }),
  );
}

function registerRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/guest-register',
    {
      config: {
        auth: 'none',
        rateLimit: { max: 5, timeWindow: '1 hour' },
        openapiExamples: requestExample('Registro de una empresa', {
          number: '20601234565',
          name: 'MI EMPRESA S.A.C.',
          subdomain: 'miempresa',
          email: 'admin@miempresa.example',
          password: 'una-clave-segura-123',
        }),
      },
      schema: {
        summary: 'Registrar una empresa (plan gratuito, modo demo)',
        body: Body,
        response: {
          200: z.object({
            success: z.literal(true),
            message: z.string(),
            hostname: z.string(),
            token: z.string().describe('Token API (se muestra una sola vez)'),
            ...warningsField,
          }),
          403: ErrorBodySchema,
          409: ErrorBodySchema,
          422: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const registered = await registerCompany(app.platform, request.body);
      return { success: true as const, message: 'Cuenta registrada correctamente.', ...registered };
    },
  );
}

function rucRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/guest-register/service/ruc/:number',
    {
      config: { auth: 'none', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        summary: 'Consultar un RUC en el padrón reducido de SUNAT (copia local)',
        params: z.object({ number: z.string().max(20) }),
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({
              ruc: z.string(),
              name: z.string(),
              state: z.string(),
              condition: z.string(),
              ubigeo: z.string().nullable(),
              address: z.string().nullable(),
            }),
          }),
          404: ErrorBodySchema,
          422: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const row = await padronEntry(app.platform.db.central, request.params.number);
      return {
        success: true as const,
        data: {
          ruc: row.ruc,
          name: row.name,
          state: row.state,
          condition: row.condition,
          ubigeo: row.ubigeo,
          address: row.address,
        },
      };
    },
  );
}

export const guestRoutes: FastifyPluginAsync = async (app) => {
  offerRoute(app);
  registerRoute(app);
  rucRoute(app);
};
