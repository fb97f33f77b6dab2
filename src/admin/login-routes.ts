// POST /api/login (admin host). Throttled per IP (route rate limit) and per account (failed attempts in a
// 15-minute window, shared by every process through central.rate_limit_hits).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CentralClient } from '../platform/db/clients.ts';
import { AppError, errors } from '../platform/errors.ts';
import { ErrorBodySchema } from '../platform/http/schemas.ts';
import { hashPassword, verifyPassword } from '../platform/passwords.ts';
import { createSession } from './auth.ts';

const ACCOUNT_WINDOW_MS = 15 * 60_000;
export const ACCOUNT_MAX_FAILURES = 5;

// Verified against when the e-mail is unknown, so both cases cost one argon2id verification.
let dummyHash: Promise<string> | null = null;

const Body = z
  .object({
    email: z.string().trim().toLowerCase().max(254).describe('Correo del usuario administrador o distribuidor'),
    password: z.string().min(1).max(200).describe('Contraseña'),
  })
  .meta({ id: 'AdminLoginBody' });

async function accountBlockedFor(central: CentralClient, email: string): Promise<number> {
  const hit = await central.rateLimitHit.findUnique({ where: { key: `login:${email}` } });
  if (!hit || hit.windowEnd.getTime() <= Date.now() || hit.count < ACCOUNT_MAX_FAILURES) return 0;
  return Math.ceil((hit.windowEnd.getTime() - Date.now()) / 1000);
}

async function recordFailure(central: CentralClient, email: string): Promise<void> {
  const key = `login:${email}`;
  const windowEnd = new Date(Date.now() + ACCOUNT_WINDOW_MS);
  await central.$executeRaw`
    INSERT INTO "central"."rate_limit_hits" (key, window_end, count) VALUES (${key}, ${windowEnd}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN "rate_limit_hits".window_end <= now() THEN 1 ELSE "rate_limit_hits".count + 1 END,
      window_end = CASE WHEN "rate_limit_hits".window_end <= now() THEN EXCLUDED.window_end ELSE "rate_limit_hits".window_end END`;
}

export const loginRoutes: FastifyPluginAsync = async (app) => {
  const { central } = app.platform.db;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/login',
    {
      config: { auth: 'none', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        summary: 'Iniciar sesión en la administración (token Bearer con vencimiento)',
        body: Body,
        response: {
          200: z.object({
            success: z.literal(true),
            name: z.string(),
            email: z.string(),
            role: z.string(),
            token: z.string(),
            expires_at: z.string(),
          }),
          401: ErrorBodySchema,
          422: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      const wait = await accountBlockedFor(central, email);
      if (wait > 0)
        throw new AppError(
          429,
          'rate_limited',
          `Demasiados intentos fallidos para esta cuenta. Intente nuevamente en ${wait} segundos.`,
          [],
          { 'retry-after': String(wait) },
        );
      const user = await central.adminUser.findUnique({ where: { email } });
      // The same work and the same answer whether the account exists or not.
      dummyHash ??= hashPassword('facturo-no-such-account');
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
      if (!user || !ok) {
        await recordFailure(central, email);
        throw errors.unauthorized('Correo o contraseña incorrectos.');
      }
      await central.rateLimitHit.deleteMany({ where: { key: `login:${email}` } });
      await central.adminUser.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
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
};
