// The web console's session, on a company's host and on the admin host alike: a secret in an HTTP-only,
// SameSite=Strict, host-only cookie (scripts never read it, other hosts never receive it), and a CSRF token the page
// sends in the X-CSRF-Token header of every request that changes something. The CSRF token is the SHA-256 of the
// session's secret under a label: nothing is stored for it, a page of another origin cannot read it (no CORS), and
// knowing it reveals nothing of the secret. SameSite alone is not enough: every company's host is a subdomain of
// APP_DOMAIN, one site for the browser.
// A request that brings an Authorization header is a Bearer request (ERPs, scripts) and never looks at the cookie.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { errors } from '../errors.ts';

export const SESSION_COOKIE = 'facturo_session';
export const CSRF_HEADER = 'x-csrf-token';
/** A console session lasts this long from its login; then the person logs in again. */
export const CONSOLE_SESSION_TTL_MS = 12 * 3_600_000;
/** The prefix of a session's secret: a session is never taken for an API token (`fct_…`), nor the other way round. */
export const SESSION_TOKEN_PREFIX = 'fcs_';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SECRET = /^fcs_[A-Za-z0-9_-]{43}$/;

/** The session secret of the request's cookie, or null (absent or not shaped like one). */
export function sessionCookieOf(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return SECRET.test(value) ? value : null;
  }
  return null;
}

/** Whether the request authenticates by the session cookie: it has one and no Authorization header. */
export function usesSessionCookie(request: FastifyRequest): boolean {
  return request.headers.authorization === undefined && sessionCookieOf(request) !== null;
}

export function csrfTokenOf(secret: string): string {
  return createHash('sha256').update(`facturo-csrf\u0000${secret}`, 'utf8').digest('base64url');
}

/** 403 csrf_failed unless a request that changes something carries the session's CSRF token. */
export function checkCsrf(request: FastifyRequest, secret: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  const sent = request.headers[CSRF_HEADER];
  const expected = Buffer.from(csrfTokenOf(secret));
  const received = Buffer.from(typeof sent === 'string' ? sent : '');
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) {
    throw errors.forbidden(
      'csrf_failed',
      'La solicitud no trae el token CSRF de la sesión (cabecera X-CSRF-Token): recargue la página e intente de nuevo.',
    );
  }
}

function cookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, secret: string, expiresAt: Date): void {
  const seconds = Math.max(0, Math.ceil((expiresAt.getTime() - Date.now()) / 1000));
  reply.header('set-cookie', cookie(request, secret, seconds));
  // A person's answers are never kept by a shared cache.
  reply.header('cache-control', 'no-store');
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', cookie(request, '', 0));
  reply.header('cache-control', 'no-store');
}
