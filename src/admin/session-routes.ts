// The web console's sessions (platform/http/console-session.ts), on a company's host and on the admin host:
//   POST /api/session   e-mail and password (the same accounts and login throttle as POST /api/login) → the
//                       session in an HTTP-only cookie, and the CSRF token the page sends with every change;
//   GET /api/session    who is logged in, and the CSRF token again (a reloaded page learns it here);
//   DELETE /api/session the session ends at once (the cookie is cleared, its row deleted).
// Sessions end CONSOLE_SESSION_TTL_MS after the login. Bearer clients (ERPs) keep POST /api/login and their tokens.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../platform/errors.ts';
import {
  CONSOLE_SESSION_TTL_MS,
  clearSessionCookie,
  csrfTokenOf,
  SESSION_TOKEN_PREFIX,
  sessionCookieOf,
  setSessionCookie,
  usesSessionCookie,
} from '../platform/http/console-session.ts';
import { requestExample } from '../platform/http/openapi-parts.ts';
import { ErrorBodySchema, tenantErrorResponses, warningsField } from '../platform/http/schemas.ts';
import type { TenantContext } from '../platform/http/tenant-context.ts';
import { bearerToken, hashToken, issueToken } from '../platform/tokens.ts';
import { adminCaller, createSession, requireAdmin, revokeCookieSession } from './auth.ts';
import { AdminLoginBody, verifyAdminLogin } from './login-routes.ts';
import { TenantLoginBody, verifyTenantLogin } from './tenant-login-routes.ts';

const sessionFields = {
  name: z.string(),
  email: z.string(),
  role: z.string(),
  csrf_token: z
    .string()
    .nullable()
    .describe('Envíelo en la cabecera X-CSRF-Token de todo POST, PUT, PATCH o DELETE (null: sesión por token)'),
  expires_at: z.string().nullable().describe('Vencimiento de la sesión (ISO 8601)'),
};

const TenantSession = z
  .object({
    ...warningsField,
    success: z.literal(true),
    data: z.object({
      ...sessionFields,
      company: z.object({ ruc: z.string(), name: z.string(), subdomain: z.string() }),
    }),
  })
  .meta({ id: 'TenantConsoleSession' });

const AdminSession = z
  .object({
    ...warningsField,
    success: z.literal(true),
    data: z.object({ ...sessionFields, reseller_id: z.number().nullable() }),
  })
  .meta({ id: 'AdminConsoleSession' });

const Closed = z.object({ success: z.literal(true), message: z.string() });

const adminResponses = { 401: ErrorBodySchema, 403: ErrorBodySchema, 422: ErrorBodySchema, 429: ErrorBodySchema };
const login = { rateLimit: { max: 20, timeWindow: '1 minute' }, auth: 'none' } as const;

function wrongPassword() {
  return errors.unauthorized('Correo o contraseña incorrectos.');
}

function tenantView(tenant: TenantContext, user: { name: string; email: string; role: string }) {
  const company = { ruc: tenant.company.ruc, name: tenant.company.razonSocial, subdomain: tenant.subdomain };
  return { name: user.name, email: user.email, role: user.role, company };
}

/** The cookie's secret when the request authenticates by it (not by an Authorization header). */
function cookieSecret(request: FastifyRequest): string | null {
  return usesSessionCookie(request) ? sessionCookieOf(request) : null;
}

export const tenantSessionRoutes: FastifyPluginAsync = async (app) => {
  const { central } = app.platform.db;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const config = { hostKind: 'tenant', auth: 'tenant' } as const;

  typed.post(
    '/api/session',
    {
      config: {
        ...login,
        hostKind: 'tenant',
        openapiExamples: requestExample('Iniciar sesión', { email: 'admin@acme.example', password: 'su-contraseña' }),
      },
      schema: {
        summary: 'Consola web: iniciar sesión (cookie HTTP-only y token CSRF)',
        description:
          'Las mismas cuentas que POST /api/login. La sesión viaja en una cookie HTTP-only SameSite=Strict; toda ' +
          'solicitud que cambie algo debe llevar csrf_token en la cabecera X-CSRF-Token. Vence a las 12 horas.',
        body: TenantLoginBody,
        response: { 200: TenantSession, ...tenantErrorResponses },
      },
    },
    async (request, reply) => {
      const { tenant } = request;
      const user = await verifyTenantLogin(
        central,
        tenant,
        request.body,
        request.ip,
        app.platform.config.companyLoginRateLimit,
      );
      if (!user) throw wrongPassword();
      const issued = issueToken(SESSION_TOKEN_PREFIX);
      const expiresAt = new Date(Date.now() + CONSOLE_SESSION_TTL_MS);
      await tenant.db.consoleSession.create({ data: { userId: user.id, tokenHash: issued.hash, expiresAt } });
      // A user's expired sessions go with each login (no sweeper needed).
      await tenant.db.consoleSession.deleteMany({ where: { userId: user.id, expiresAt: { lt: new Date() } } });
      setSessionCookie(request, reply, issued.token, expiresAt);
      const data = { ...tenantView(tenant, user), csrf_token: csrfTokenOf(issued.token) };
      return { success: true as const, data: { ...data, expires_at: expiresAt.toISOString() } };
    },
  );

  typed.get(
    '/api/session',
    {
      config,
      schema: {
        summary: 'Consola web: la sesión abierta (usuario, empresa, token CSRF)',
        response: { 200: TenantSession, ...tenantErrorResponses },
      },
    },
    async (request, reply) => {
      const { tenant } = request;
      const { user } = tenant;
      const secret = cookieSecret(request);
      const session =
        user.credential.kind === 'session'
          ? await tenant.db.consoleSession.findUnique({ where: { id: user.credential.id } })
          : null;
      reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        data: {
          ...tenantView(tenant, user),
          csrf_token: secret ? csrfTokenOf(secret) : null,
          expires_at: session?.expiresAt.toISOString() ?? null,
        },
      };
    },
  );

  typed.delete(
    '/api/session',
    {
      config,
      schema: {
        summary: 'Consola web: cerrar la sesión (deja de valer de inmediato)',
        response: { 200: Closed, ...tenantErrorResponses },
      },
    },
    async (request, reply) => {
      const { credential } = request.tenant.user;
      if (credential.kind !== 'session')
        throw errors.badRequest(
          'session_required',
          'Esta ruta cierra la sesión de la consola (cookie); un token API se revoca con DELETE /api/tokens/{id}.',
        );
      await request.tenant.db.consoleSession.deleteMany({ where: { id: credential.id } });
      clearSessionCookie(request, reply);
      return { success: true as const, message: 'Sesión cerrada' };
    },
  );
};

export const adminSessionRoutes: FastifyPluginAsync = async (app) => {
  const { central } = app.platform.db;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/session',
    {
      config: {
        ...login,
        openapiExamples: requestExample('Iniciar sesión', { email: 'admin@example.com', password: 'su-contraseña' }),
      },
      schema: {
        summary: 'Consola web de administración: iniciar sesión (cookie HTTP-only y token CSRF)',
        description:
          'Las mismas cuentas que POST /api/login. Toda solicitud que cambie algo debe llevar csrf_token en la ' +
          'cabecera X-CSRF-Token. Vence a las 12 horas.',
        body: AdminLoginBody,
        response: { 200: AdminSession, ...adminResponses },
      },
    },
    async (request, reply) => {
      const user = await verifyAdminLogin(central, request.body, request.ip);
      const session = await createSession(central, user.id, SESSION_TOKEN_PREFIX);
      setSessionCookie(request, reply, session.token, session.expiresAt);
      return {
        success: true as const,
        data: {
          name: user.name,
          email: user.email,
          role: user.role === 'reseller' ? 'reseller' : 'admin',
          reseller_id: user.role === 'reseller' ? user.resellerId : null,
          csrf_token: csrfTokenOf(session.token),
          expires_at: session.expiresAt.toISOString(),
        },
      };
    },
  );

  typed.get(
    '/api/session',
    {
      onRequest: requireAdmin(central),
      config: { auth: 'none', openapiSecurity: ['adminAuth'] },
      schema: {
        summary: 'Consola web de administración: la sesión abierta y su token CSRF',
        response: { 200: AdminSession, ...adminResponses },
      },
    },
    async (request, reply) => {
      const caller = adminCaller(request);
      const secret = cookieSecret(request);
      const token = secret ?? bearerToken(request.headers.authorization) ?? '';
      const session = await central.adminSession.findUnique({ where: { tokenHash: hashToken(token) } });
      reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        data: {
          name: caller.name,
          email: caller.email,
          role: caller.role,
          reseller_id: caller.resellerId,
          csrf_token: secret ? csrfTokenOf(secret) : null,
          expires_at: session?.expiresAt.toISOString() ?? null,
        },
      };
    },
  );

  typed.delete(
    '/api/session',
    {
      onRequest: requireAdmin(central),
      config: { auth: 'none', openapiSecurity: ['adminAuth'] },
      schema: {
        summary: 'Consola web de administración: cerrar la sesión',
        response: { 200: Closed, ...adminResponses },
      },
    },
    async (request, reply) => {
      await revokeCookieSession(central, request);
      clearSessionCookie(request, reply);
      return { success: true as const, message: 'Sesión cerrada' };
    },
  );
};
