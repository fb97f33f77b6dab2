// POST /api/login on a company's host, as FacturadorPro has it: the user's e-mail and password → an API token
// for that user, so the password given when the company was created opens its API. Tokens are stored hashed, so
// a login issues a new token (named "login") instead of showing an old one; the user's other tokens keep working,
// only the newest LOGIN_TOKENS_KEPT login tokens stay valid, and the plan's limit on active tokens holds. The
// throttles (shared login counters, COMPANY_LOGIN_RATE_LIMIT a minute per company) are tenant-login-service.ts's:
// the argon2 work one company's logins cause is bounded, and it runs off the event loop (platform/passwords.ts).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '../platform/http/schemas.ts';
import { loginConfig } from './route-options.ts';
import { TenantLoginBody, TenantLoginSuccess } from './tenant-login-schemas.ts';
import { defaultSeries, loginToken, verifyTenantLogin } from './tenant-login-service.ts';

const Refused = z.object({ success: z.literal(false), code: z.string(), message: z.string() });

export const tenantLoginRoutes: FastifyPluginAsync = async (app) => {
  const { central } = app.platform.db;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/login',
    {
      config: { ...loginConfig('admin@acme.example'), hostKind: 'tenant' },
      schema: {
        summary: 'Iniciar sesión como usuario de la empresa: devuelve su token API (forma de FacturadorPro)',
        description:
          'Credenciales incorrectas: 200 con success false y message "No Autorizado", como FacturadorPro. ' +
          'El token nuevo reemplaza los tokens de inicio de sesión más antiguos del usuario; si el plan no deja lugar ' +
          'para uno (límite de tokens activos), 403 plan_limit_reached.',
        body: TenantLoginBody,
        response: {
          200: z.union([TenantLoginSuccess, Refused]),
          403: ErrorBodySchema,
          422: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const { tenant } = request;
      const user = await verifyTenantLogin(app.platform, tenant, request.body, request.ip);
      if (!user) return { success: false as const, code: 'unauthenticated', message: 'No Autorizado' };
      const company = tenant.company;
      return {
        success: true as const,
        name: user.name,
        email: user.email,
        seriedefault: await defaultSeries(tenant),
        token: await loginToken(app.platform, central, tenant, user.id),
        ruc: company.ruc,
        app_logo: null,
        company: {
          name: company.razonSocial,
          address: [company.departamento, company.provincia, company.distrito, company.direccion].join(', '),
          phone: company.telefono,
          email: company.email,
        },
      };
    },
  );
};
