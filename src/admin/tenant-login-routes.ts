// POST /api/login on a company's host, as FacturadorPro has it: the user's e-mail and password → an API token
// for that user, so the password given when the company was created opens its API. Tokens are stored hashed, so
// a login issues a new token (named "login") instead of showing an old one; the user's other tokens keep working,
// only the newest LOGIN_TOKENS_KEPT login tokens stay valid, and the plan's limit on active tokens holds
// (issueLoginToken, src/tenancy/api-tokens.ts, counts under the lock token creation takes). Throttled with the admin
// host's login counters (login-throttle.ts), on an account key of the company's own so the two hosts never share a
// count, and per company (COMPANY_LOGIN_RATE_LIMIT a minute, whatever the addresses) before any password is checked:
// the argon2 work one company's logins cause is bounded, and it runs off the event loop (platform/passwords.ts).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../platform/errors.ts';
import type { CentralClient } from '../platform/db/clients.ts';
import type { TenantContext } from '../platform/http/tenant-context.ts';
import { requestExample } from '../platform/http/openapi-parts.ts';
import { countHit } from '../platform/http/rate-limit.ts';
import { ErrorBodySchema, warningsField } from '../platform/http/schemas.ts';
import { hashPassword, verifyPassword } from '../platform/passwords.ts';
import { issueLoginToken } from '../tenancy/api-tokens.ts';
import { clearLoginFailures, clientNetwork, loginWait, recordLoginFailure } from './login-throttle.ts';

let dummyHash: Promise<string> | null = null;

export const TenantLoginBody = z
  .object({
    email: z.string().trim().toLowerCase().min(1).max(254).describe('Correo del usuario de la empresa'),
    password: z.string().min(1).max(200).describe('Contraseña'),
  })
  .meta({ id: 'TenantLoginBody' });

const Success = z
  .object({
    ...warningsField,
    success: z.literal(true),
    name: z.string(),
    email: z.string(),
    seriedefault: z.string().nullable().describe('Serie de facturas por defecto'),
    token: z.string().describe('Token API (Authorization: Bearer …)'),
    ruc: z.string(),
    app_logo: z.string().nullable(),
    company: z.object({
      name: z.string(),
      address: z.string(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
    }),
  })
  .meta({ id: 'TenantLoginResponse' });

const Refused = z.object({ success: z.literal(false), code: z.string(), message: z.string() });

function retryLater(what: string, seconds: number): AppError {
  const wait = Math.max(1, Math.ceil(seconds));
  return new AppError(429, 'rate_limited', `${what}. Intente nuevamente en ${wait} segundos.`, [], {
    'retry-after': String(wait),
  });
}

/** The account key of the shared throttle: the company's, so an admin of the same e-mail keeps its own count. */
const throttleKey = (tenant: TenantContext, email: string) => `${tenant.schema}:${email}`.slice(0, 254);

async function checkPassword(tenant: TenantContext, email: string, password: string) {
  const user = await tenant.db.user.findUnique({ where: { email } });
  dummyHash ??= hashPassword('facturo-no-such-account');
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), password, tenant.schema);
  return ok && user?.passwordHash ? user : null;
}

async function defaultSeries(tenant: TenantContext): Promise<string | null> {
  const series = await tenant.db.series.findFirst({
    where: { documentType: '01', contingency: false },
    orderBy: { id: 'asc' },
  });
  return series?.serie ?? null;
}

/**
 * A company user's e-mail and password checked under the shared login throttle (429 while it holds): the user, or
 * null for a wrong pair (counted as a failure); 429 past the company's logins a minute, before any password. POST /api/login and the console's POST /api/session both use it.
 */
export async function verifyTenantLogin(
  central: CentralClient,
  tenant: TenantContext,
  { email, password }: { email: string; password: string },
  ip: string,
  companyLoginLimit: number,
) {
  const network = clientNetwork(ip);
  const key = throttleKey(tenant, email);
  const wait = await loginWait(central, key, network);
  if (wait) throw retryLater('Demasiados intentos fallidos', wait.seconds);
  const hit = await countHit(central, `company-login:${tenant.id}`, 60_000);
  if (hit.count > companyLoginLimit) throw retryLater('Demasiados inicios de sesión en esta empresa', hit.ttl / 1000);
  const user = await checkPassword(tenant, email, password);
  if (!user) {
    await recordLoginFailure(central, key, network);
    return null;
  }
  await clearLoginFailures(central, key, network);
  return user;
}

export const tenantLoginRoutes: FastifyPluginAsync = async (app) => {
  const { central } = app.platform.db;
  const loginToken = async (tenant: TenantContext, userId: number) => {
    const issued = await issueLoginToken(tenant, central, userId);
    if (issued.revoked) app.platform.tokens.forget(tenant.schema);
    return issued.token;
  };
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/login',
    {
      config: {
        hostKind: 'tenant',
        auth: 'none',
        rateLimit: { max: 20, timeWindow: '1 minute' },
        openapiExamples: requestExample('Iniciar sesión', { email: 'admin@acme.example', password: 'su-contraseña' }),
      },
      schema: {
        summary: 'Iniciar sesión como usuario de la empresa: devuelve su token API (forma de FacturadorPro)',
        description:
          'Credenciales incorrectas: 200 con success false y message "No Autorizado", como FacturadorPro. ' +
          'El token nuevo reemplaza los tokens de inicio de sesión más antiguos del usuario; si el plan no deja lugar ' +
          'para uno (límite de tokens activos), 403 plan_limit_reached.',
        body: TenantLoginBody,
        response: {
          200: z.union([Success, Refused]),
          403: ErrorBodySchema,
          422: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const { tenant } = request;
      const user = await verifyTenantLogin(
        central,
        tenant,
        request.body,
        request.ip,
        app.platform.config.companyLoginRateLimit,
      );
      if (!user) return { success: false as const, code: 'unauthenticated', message: 'No Autorizado' };
      const company = tenant.company;
      return {
        success: true as const,
        name: user.name,
        email: user.email,
        seriedefault: await defaultSeries(tenant),
        token: await loginToken(tenant, user.id),
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
