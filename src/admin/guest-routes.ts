// Self-registration on the admin host (FacturadorPro's sign-up): a company signs up on the first (free) plan in
// demo mode; its RUC can be looked up first in the local copy of SUNAT's padrón (check digit before anything).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isValidRuc } from '../core/ruc.ts';
import { errors } from '../platform/errors.ts';
import { ErrorBodySchema, warningsField } from '../platform/http/schemas.ts';
import { requestExample } from '../platform/http/openapi-parts.ts';
import { FirstEstablishmentBody, withFirstEstablishment } from '../tenancy/first-establishment.ts';
import { provisionTenant } from '../tenancy/provision.ts';
import { companyIdentity } from './padron-address.ts';

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

function ensureEnabled(enabled: boolean) {
  if (!enabled) throw errors.forbidden('guest_register_disabled', 'El registro de nuevas empresas está deshabilitado.');
}

export const guestRoutes: FastifyPluginAsync = async (app) => {
  const { platform } = app;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
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
    async () => {
      const plans = await platform.db.central.plan.findMany({ where: { locked: false }, orderBy: { id: 'asc' } });
      return {
        success: true as const,
        data: {
          enabled: platform.config.guestRegisterEnabled,
          base_domain: `.${platform.config.appDomain}`,
          plans: plans.map((p) => ({
            id: p.id,
            name: p.name,
            pricing: p.pricing.toFixed(2),
            limit_documents: p.limitDocuments,
            limit_users: p.limitUsers,
          })),
        },
      };
    },
  );

  typed.post(
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
      ensureEnabled(platform.config.guestRegisterEnabled);
      const b = request.body;
      // A company without a name (none sent, none in the padrón) is refused before anything is created.
      const identity = await companyIdentity(platform.db.central, b.number, { name: b.name });
      const free = await platform.db.central.plan.findFirst({ where: { locked: false }, orderBy: { id: 'asc' } });
      const result = await provisionTenant(
        { db: platform.db, config: platform.config, secrets: platform.secrets, hosts: platform.hosts },
        {
          ruc: b.number,
          name: identity.name,
          ...withFirstEstablishment(identity.address, b.establecimiento),
          subdomain: b.subdomain,
          email: b.email,
          planId: free?.id ?? null,
          sunatMode: 'demo',
          user: { email: b.email, password: b.password },
        },
      );
      return {
        success: true as const,
        message: 'Cuenta registrada correctamente.',
        hostname: result.tenant.hostname,
        token: result.token,
        warnings: identity.warnings,
      };
    },
  );

  typed.get(
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
      const ruc = request.params.number.trim();
      if (!/^\d{11}$/.test(ruc) || !isValidRuc(ruc)) {
        throw errors.unprocessable(
          'ruc_invalid',
          `El RUC ${ruc} no es válido (11 dígitos con dígito verificador correcto).`,
          [{ path: 'number', code: 'ruc_invalid', message: 'RUC inválido.' }],
        );
      }
      const row = await platform.db.central.padronRuc.findUnique({ where: { ruc } });
      if (!row) throw errors.notFound('ruc_not_found', `El RUC ${ruc} no figura en el padrón de SUNAT importado.`);
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
};
