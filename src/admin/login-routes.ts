// POST /api/login and POST /api/logout (admin host). Login is throttled per IP (route rate limit), per account
// and client network, and per network (src/admin/login-throttle.ts); a locked reseller's right password still
// gets no session. Logout revokes the presented session token at once.
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema, warningsField } from '../platform/http/schemas.ts';
import { createSession, revokeSession } from './auth.ts';
import { loginConfig } from './route-options.ts';
import { AdminLoginBody } from './login-schemas.ts';
import { verifyAdminLogin } from './login-service.ts';

function loginRoute(app: FastifyInstance) {
  const { central } = app.platform.db;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/login',
    {
      config: loginConfig('admin@example.com'),
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
}

function logoutRoute(app: FastifyInstance) {
  const { central } = app.platform.db;
  app.withTypeProvider<ZodTypeProvider>().post(
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
}

export const loginRoutes: FastifyPluginAsync = async (app) => {
  loginRoute(app);
  logoutRoute(app);
};
