// Admin host authentication: POST /api/login exchanges e-mail and password (argon2id) for a bearer token with an
// expiry; only its SHA-256 is stored (admin_sessions), and POST /api/logout deletes it. The web console's
// POST /api/session keeps its session in a cookie instead (session-routes.ts, platform/http/console-session.ts).
// Routes declare the roles they allow with an `onRequest: requireAdmin(...)` hook — the session is checked before
// the body is read or validated, so a tokenless call is a 401, never a 422 — and read the caller with adminCaller();
// a locked reseller gets 403.
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { CentralClient } from '../platform/db/clients.ts';
import { errors } from '../platform/errors.ts';
import { checkCsrf, sessionCookieOf, usesSessionCookie } from '../platform/http/console-session.ts';
import { requireBearer, tokenNotValid } from '../platform/http/credentials.ts';
import { hashToken, issueToken } from '../platform/tokens.ts';

/** What the admin host expects, and its 401 for a session it does not know (expired, closed or never issued). */
const ADMIN_TOKEN = 'el token de `POST /api/login` de este host';
const SESSION_NOT_VALID =
  'La sesión no existe o venció: inicie sesión nuevamente (`POST /api/login` en el host de administración).';

export const SESSION_TTL_MS = 12 * 3_600_000;

export type AdminRole = 'admin' | 'reseller';

export interface AdminCaller {
  id: number;
  name: string;
  email: string;
  role: AdminRole;
  /** The reseller a reseller-role user acts for. */
  resellerId: number | null;
}

/** A new session; `prefix` SESSION_TOKEN_PREFIX for the console's cookie (its secret then fits no Bearer habit). */
export async function createSession(
  central: CentralClient,
  adminUserId: number,
  prefix?: string,
): Promise<{ token: string; expiresAt: Date }> {
  const issued = issueToken(prefix);
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await central.adminSession.create({ data: { adminUserId, tokenHash: issued.hash, expiresAt } });
  // Expired sessions of this user go away with each login (no sweeper needed).
  await central.adminSession.deleteMany({ where: { adminUserId, expiresAt: { lt: new Date() } } });
  return { token: issued.token, expiresAt };
}

/** Deletes the session of a bearer token; 401 when there is none (already closed, expired or never issued). */
export async function revokeSession(central: CentralClient, authorization: string | undefined): Promise<void> {
  const token = requireBearer(authorization, ADMIN_TOKEN);
  const { count } = await central.adminSession.deleteMany({
    where: { tokenHash: hashToken(token), expiresAt: { gt: new Date() } },
  });
  if (count === 0) tokenNotValid(SESSION_NOT_VALID);
}

/** Deletes the console session of the request's cookie (DELETE /api/session); 401 when there is none. */
export async function revokeCookieSession(central: CentralClient, request: FastifyRequest): Promise<void> {
  const secret = usesSessionCookie(request) ? sessionCookieOf(request) : null;
  if (!secret) throw errors.unauthorized('Esta ruta cierra la sesión de la consola (cookie): no hay una.');
  await central.adminSession.deleteMany({ where: { tokenHash: hashToken(secret) } });
}

/**
 * The caller of a request: its Bearer session token, or — without an Authorization header — the console's session
 * cookie, whose requests that change something must carry the CSRF token (console-session.ts).
 */
export async function adminOf(
  request: FastifyRequest,
  central: CentralClient,
  roles: readonly AdminRole[] = ['admin', 'reseller'],
): Promise<AdminCaller> {
  const cookie = usesSessionCookie(request) ? sessionCookieOf(request) : null;
  const token = cookie ?? requireBearer(request.headers.authorization, ADMIN_TOKEN);
  const session = await central.adminSession.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!session || session.expiresAt.getTime() <= Date.now()) tokenNotValid(SESSION_NOT_VALID);
  if (cookie) checkCsrf(request, cookie);
  const user = await central.adminUser.findUnique({ where: { id: session.adminUserId }, include: { reseller: true } });
  if (!user) tokenNotValid(SESSION_NOT_VALID);
  const role = user.role === 'reseller' ? 'reseller' : 'admin';
  if (role === 'reseller' && (!user.reseller || user.reseller.lockedAdmin)) {
    throw errors.forbidden('account_locked', 'La cuenta del distribuidor está bloqueada.');
  }
  if (!roles.includes(role)) throw errors.forbidden('forbidden_role', 'Su rol no permite esta operación.');
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role,
    resellerId: role === 'reseller' ? user.resellerId : null,
  };
}

const callers = new WeakMap<FastifyRequest, AdminCaller>();

/** Route hook (onRequest): authenticates the admin session and checks the role before anything else. */
export function requireAdmin(
  central: CentralClient,
  roles: readonly AdminRole[] = ['admin', 'reseller'],
): onRequestAsyncHookHandler {
  return async (request) => {
    callers.set(request, await adminOf(request, central, roles));
  };
}

/** The caller requireAdmin authenticated for this request. */
export function adminCaller(request: FastifyRequest): AdminCaller {
  const caller = callers.get(request);
  if (!caller)
    throw new Error(`${request.method} ${request.routeOptions.url} reads the admin caller without a requireAdmin hook`);
  return caller;
}
