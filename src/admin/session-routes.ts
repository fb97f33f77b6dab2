// The web console's sessions (platform/http/console-session.ts), on a company's host and on the admin host:
//   POST /api/session   e-mail and password (the same accounts and login throttle as POST /api/login) → the
//                       session in an HTTP-only cookie, and the CSRF token the page sends with every change;
//   GET /api/session    who is logged in, and the CSRF token again (a reloaded page learns it here);
//   DELETE /api/session the session ends at once (the cookie is cleared, its row deleted).
// Sessions end CONSOLE_SESSION_TTL_MS after the login. Bearer clients (ERPs) keep POST /api/login and their tokens.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../platform/errors.ts';
import {
  clearSessionCookie,
  csrfTokenOf,
  SESSION_TOKEN_PREFIX,
  sessionCookieOf,
  setSessionCookie,
  usesSessionCookie,
} from '../platform/http/console-session.ts';
import { ErrorBodySchema, tenantErrorResponses, tenantRoute, warningsField } from '../platform/http/schemas.ts';
import type { TenantContext } from '../platform/http/tenant-context.ts';
import { bearerToken } from '../platform/tokens.ts';
import { adminCaller, createSession, revokeCookieSession } from './auth.ts';
import { adminRoute, loginConfig } from './route-options.ts';
import { AdminLoginBody } from './login-schemas.ts';
import { verifyAdminLogin } from './login-service.ts';
import { TenantLoginBody } from './tenant-login-schemas.ts';
import { verifyTenantLogin } from './tenant-login-service.ts';
import { adminSessionExpiry, closeTenantSession, openTenantSession, tenantSessionExpiry } from './session-service.ts';

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
/** What the admin session's GET and DELETE answer besides 401 and 403: the login's answers (adminResponses). */
const sessionErrors = [422, 429] as const;

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

/** A new session: its cookie, and the answer with who logged in, its CSRF token and expiry. */
function opened<U>(request: FastifyRequest, reply: FastifyReply, user: U, session: { token: string; expiresAt: Date }) {
  setSessionCookie(request, reply, session.token, session.expiresAt);
  const data = { ...user, csrf_token: csrfTokenOf(session.token), expires_at: session.expiresAt.toISOString() };
  return { success: true as const, data };
}

/** The open session, never cached (it carries the CSRF token); no CSRF token for a bearer-token session. */
function current<U>(reply: FastifyReply, user: U, secret: string | null, expiresAt: Date | null) {
  reply.header('cache-control', 'no-store');
  const data = {
    ...user,
    csrf_token: secret ? csrfTokenOf(secret) : null,
    expires_at: expiresAt?.toISOString() ?? null,
  };
  return { success: true as const, data };
}

/** The session closed: its cookie cleared. */
function closed(request: FastifyRequest, reply: FastifyReply) {
  clearSessionCookie(request, reply);
  return { success: true as const, message: 'Sesión cerrada' };
}

export const tenantSessionRoutes: FastifyPluginAsync = async (app) => {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/session',
    {
      config: { ...loginConfig('admin@acme.example'), hostKind: 'tenant' },
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
      const user = await verifyTenantLogin(app.platform, tenant, request.body, request.ip);
      if (!user) throw wrongPassword();
      return opened(request, reply, tenantView(tenant, user), await openTenantSession(tenant, user.id));
    },
  );

  typed.get(
    '/api/session',
    tenantRoute({ summary: 'Consola web: la sesión abierta (usuario, empresa, token CSRF)' }, TenantSession),
    async (request, reply) => {
      const { tenant } = request;
      const view = tenantView(tenant, tenant.user);
      return current(reply, view, cookieSecret(request), await tenantSessionExpiry(tenant));
    },
  );

  typed.delete(
    '/api/session',
    tenantRoute({ summary: 'Consola web: cerrar la sesión (deja de valer de inmediato)' }, Closed),
    async (request, reply) => {
      await closeTenantSession(request.tenant);
      return closed(request, reply);
    },
  );
};

export const adminSessionRoutes: FastifyPluginAsync = async (app) => {
  const { central } = app.platform.db;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/session',
    {
      config: loginConfig('admin@example.com'),
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
      const reseller = user.role === 'reseller';
      const view = {
        name: user.name,
        email: user.email,
        role: reseller ? 'reseller' : 'admin',
        reseller_id: reseller ? user.resellerId : null,
      };
      return opened(request, reply, view, await createSession(central, user.id, SESSION_TOKEN_PREFIX));
    },
  );

  typed.get(
    '/api/session',
    adminRoute(central, { summary: 'Consola web de administración: la sesión abierta y su token CSRF' }, AdminSession, {
      errors: sessionErrors,
    }),
    async (request, reply) => {
      const { name, email, role, resellerId } = adminCaller(request);
      const secret = cookieSecret(request);
      const expiresAt = await adminSessionExpiry(central, secret ?? bearerToken(request.headers.authorization) ?? '');
      return current(reply, { name, email, role, reseller_id: resellerId }, secret, expiresAt);
    },
  );

  typed.delete(
    '/api/session',
    adminRoute(central, { summary: 'Consola web de administración: cerrar la sesión' }, Closed, {
      errors: sessionErrors,
    }),
    async (request, reply) => {
      await revokeCookieSession(central, request);
      return closed(request, reply);
    },
  );
};
