// The options the admin host's routes share: behind the admin session, the session check before anything else
// (requireAdmin, which also reads the role), no tenant auth, the adminAuth scheme in the OpenAPI document and its
// error answers; a login (POST /api/login, POST /api/session, on either host), its rate limit and example.
import type { z } from 'zod';
import type { CentralClient } from '../platform/db/clients.ts';
import { requestExample } from '../platform/http/openapi-parts.ts';
import { ErrorBodySchema } from '../platform/http/schemas.ts';
import { type AdminRole, requireAdmin } from './auth.ts';

/** What an admin route may answer besides 401 and 403 (no or a wrong session, or a role not allowed). */
type MoreErrors = 404 | 409 | 422 | 429;

/**
 * The options of an admin-host route behind the session of `roles` (both by default): `schema` (summary, params,
 * body…, its keys in the order given) with its 200 answer `ok`, the error answers 401, 403 and `errors`, and the
 * request examples Swagger shows (when given).
 */
export function adminRoute<S extends { summary: string }, R extends z.ZodType, E extends MoreErrors = never>(
  central: CentralClient,
  schema: S,
  ok: R,
  options: {
    roles?: readonly AdminRole[];
    errors?: readonly E[];
    examples?: Record<string, { summary: string; value: unknown }>;
  } = {},
) {
  const { roles, errors = [], examples } = options;
  const answers = Object.fromEntries([401, 403, ...errors].map((status) => [status, ErrorBodySchema]));
  return {
    onRequest: requireAdmin(central, roles),
    config: {
      auth: 'none' as const,
      openapiSecurity: ['adminAuth' as const],
      ...(examples ? { openapiExamples: examples } : {}),
    },
    schema: { ...schema, response: { 200: ok, ...(answers as Record<401 | 403 | E, typeof ErrorBodySchema>) } },
  };
}

/**
 * The `config` of a login route: no session yet, at most 20 tries a minute per client address (the throttles of
 * login-throttle.ts come on top), and an e-mail and password as Swagger's example.
 */
export function loginConfig(exampleEmail: string) {
  return {
    auth: 'none' as const,
    rateLimit: { max: 20, timeWindow: '1 minute' },
    openapiExamples: requestExample('Iniciar sesión', { email: exampleEmail, password: 'su-contraseña' }),
  };
}
