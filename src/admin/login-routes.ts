// POST /api/login and POST /api/logout (admin host). Login is throttled per IP (route rate limit), per account
// and client network, and per network (src/admin/login-throttle.ts); a locked reseller's right password still
// gets no session. Logout revokes the presented session token at once.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CentralClient } from '../platform/db/clients.ts';
import { AppError, errors } from '../platform/errors.ts';
import { ErrorBodySchema, warningsField } from '../platform/http/schemas.ts';
import { requestExample } from '../platform/http/openapi-parts.ts';
import { hashPassword, verifyPassword } from '../platform/passwords.ts';
import { createSession, revokeSession } from './auth.ts';
import { clearLoginFailures, clientNetwork, loginWait, recordLoginFailure, type LoginWait } from './login-throttle.ts';

// Verified against when the e-mail is unknown, so both cases cost one argon2id verification.
let dummyHash: Promise<string> | null = null;

export const AdminLoginBody = z
  .object({
    email: z.string().trim().toLowerCase().max(254).describe('Correo del usuario administrador o distribuidor'),
    password: z.string().min(1).max(200).describe('Contraseña'),
  })
  .meta({ id: 'AdminLoginBody' });

function throttled(wait: LoginWait): AppError {
  const message =
    wait.scope === 'account'
      ? `Demasiados intentos fallidos para esta cuenta desde su red. Intente nuevamente en ${wait.seconds} segundos.`
      : `Demasiados intentos fallidos desde su red. Intente nuevamente en ${wait.seconds} segundos.`;
  return new AppError(429, 'rate_limited', message, [], { 'retry-after': String(wait.seconds) });
}

/**
 * An admin-host user's e-mail and password checked under the login throttle: the user, or 401 (wrong pair, counted),
 * 403 (locked reseller) or 429. POST /api/login and the console's POST /api/session both use it.
 */
export async function verifyAdminLogin(
  central: CentralClient,
  { email, password }: { email: string; password: string },
  ip: string,
) {
  const network = clientNetwork(ip);
  const wait = await loginWait(central, email, network);
  if (wait) throw throttled(wait);
  const user = await central.adminUser.findUnique({
    where: { email },
    include: { reseller: { select: { lockedAdmin: true } } },
  });
  // The same work and the same answer whether the account exists or not.
  dummyHash ??= hashPassword('facturo-no-such-account');
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), password, 'admin');
  if (!user || !ok) {
    await recordLoginFailure(central, email, network);
    throw errors.unauthorized('Correo o contraseña incorrectos.');
  }
  await clearLoginFailures(central, email, network);
  if (user.role === 'reseller' && (!user.reseller || user.reseller.lockedAdmin)) {
    throw errors.forbidden('account_locked', 'La cuenta del distribuidor está bloqueada.');
  }
  await central.adminUser.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
  return user;
}

export const loginRoutes: FastifyPluginAsync = async (app) => {
  const { central } = app.platform.db;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/login',
    {
      config: {
        openapiExamples: requestExample('Iniciar sesión', { email: 'admin@example.com', password: 'su-contraseña' }),
        auth: 'none',
        rateLimit: { max: 20, timeWindow: '1 minute' },
      },
      schema: {
        summary: 'Iniciar sesión en la administración (token Bearer con vencimiento)',
        body: AdminLoginBody,
        response: {
          200: z.object({
            success: z.literal(true),
            name: z.string(),
            email: z.string(),
            role: z.string(),
            token: z.string(),
            expires_at: z.string(),
            ...warningsField,
          }),
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          422: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const user = await verifyAdminLogin(central, request.body, request.ip);
      const session = await createSession(central, user.id);
      return {
        success: true as const,
        name: user.name,
        email: user.email,
        role: user.role,
        token: session.token,
        expires_at: session.expiresAt.toISOString(),
      };
    },
  );

  typed.post(
    '/api/logout',
    {
      config: { auth: 'none', openapiSecurity: ['adminAuth'] },
      schema: {
        summary: 'Cerrar la sesión: el token Bearer presentado deja de valer',
        response: { 200: z.object({ success: z.literal(true), message: z.string() }), 401: ErrorBodySchema },
      },
    },
    async (request) => {
      await revokeSession(central, request.headers.authorization);
      return { success: true as const, message: 'Sesión cerrada' };
    },
  );
};
