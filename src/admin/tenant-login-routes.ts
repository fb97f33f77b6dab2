// POST /api/login on a company's host, as FacturadorPro has it: the user's e-mail and password → an API token
// for that user, so the password given when the company was created opens its API. Tokens are stored hashed, so
// a login issues a new token (named "login") instead of showing an old one; the user's other tokens keep working
// and only the newest LOGIN_TOKENS_KEPT login tokens stay valid. Throttled with the admin host's login counters
// (login-throttle.ts), on an account key of the company's own so the two hosts never share a count.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../platform/errors.ts';
import type { TenantContext } from '../platform/http/tenant-context.ts';
import type { Platform } from '../platform/http/types.ts';
import { requestExample } from '../platform/http/openapi-parts.ts';
import { ErrorBodySchema, warningsField } from '../platform/http/schemas.ts';
import { hashPassword, verifyPassword } from '../platform/passwords.ts';
import { issueToken } from '../platform/tokens.ts';
import { clearLoginFailures, clientNetwork, loginWait, recordLoginFailure } from './login-throttle.ts';

const LOGIN_TOKENS_KEPT = 10;
let dummyHash: Promise<string> | null = null;

const Body = z
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

/** The account key of the shared throttle: the company's, so an admin of the same e-mail keeps its own count. */
const throttleKey = (tenant: TenantContext, email: string) => `${tenant.schema}:${email}`.slice(0, 254);

async function checkPassword(tenant: TenantContext, email: string, password: string) {
  const user = await tenant.db.user.findUnique({ where: { email } });
  dummyHash ??= hashPassword('facturo-no-such-account');
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
  return ok && user?.passwordHash ? user : null;
}

async function issueLoginToken(tenant: TenantContext, userId: number, platform: Platform): Promise<string> {
  const issued = issueToken();
  let revoked = false;
  await tenant.db.$transaction(async (tx) => {
    await tx.apiToken.create({ data: { userId, name: 'login', tokenHash: issued.hash, prefix: issued.prefix } });
    const stale = await tx.apiToken.findMany({
      where: { userId, name: 'login', revokedAt: null },
      orderBy: { id: 'desc' },
      skip: LOGIN_TOKENS_KEPT,
      select: { id: true },
    });
    if (stale.length) {
      await tx.apiToken.updateMany({ where: { id: { in: stale.map((t) => t.id) } }, data: { revokedAt: new Date() } });
      revoked = true;
    }
  });
  if (revoked) platform.tokens.forget(tenant.schema);
  return issued.token;
}

async function defaultSeries(tenant: TenantContext): Promise<string | null> {
  const series = await tenant.db.series.findFirst({
    where: { documentType: '01', contingency: false },
    orderBy: { id: 'asc' },
  });
  return series?.serie ?? null;
}

export const tenantLoginRoutes: FastifyPluginAsync = async (app) => {
  const { central } = app.platform.db;
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
        description: 'Credenciales incorrectas: 200 con success false y message "No Autorizado", como FacturadorPro.',
        body: Body,
        response: { 200: z.union([Success, Refused]), 422: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => {
      const { tenant } = request;
      const { email, password } = request.body;
      const network = clientNetwork(request.ip);
      const key = throttleKey(tenant, email);
      const wait = await loginWait(central, key, network);
      if (wait)
        throw new AppError(
          429,
          'rate_limited',
          `Demasiados intentos fallidos. Intente nuevamente en ${wait.seconds} segundos.`,
          [],
          {
            'retry-after': String(wait.seconds),
          },
        );
      const user = await checkPassword(tenant, email, password);
      if (!user) {
        await recordLoginFailure(central, key, network);
        return { success: false as const, code: 'unauthenticated', message: 'No Autorizado' };
      }
      await clearLoginFailures(central, key, network);
      const company = tenant.company;
      return {
        success: true as const,
        name: user.name,
        email: user.email,
        seriedefault: await defaultSeries(tenant),
        token: await issueLoginToken(tenant, user.id, app.platform),
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
