// The web console's sessions as rows: a company user's (in the company's schema, console_sessions) opened, read
// and closed; an admin-host session's expiry (central.admin_sessions; opened and revoked by auth.ts).
import type { CentralClient } from '../platform/db/clients.ts';
import { errors } from '../platform/errors.ts';
import { CONSOLE_SESSION_TTL_MS, SESSION_TOKEN_PREFIX } from '../platform/http/console-session.ts';
import type { TenantContext } from '../platform/http/tenant-context.ts';
import { hashToken, issueToken } from '../platform/tokens.ts';

/** A new console session of the user: its secret (for the cookie) and when it ends. */
export async function openTenantSession(tenant: TenantContext, userId: number) {
  const issued = issueToken(SESSION_TOKEN_PREFIX);
  const expiresAt = new Date(Date.now() + CONSOLE_SESSION_TTL_MS);
  await tenant.db.consoleSession.create({ data: { userId, tokenHash: issued.hash, expiresAt } });
  // A user's expired sessions go with each login (no sweeper needed).
  await tenant.db.consoleSession.deleteMany({ where: { userId, expiresAt: { lt: new Date() } } });
  return { token: issued.token, expiresAt };
}

/** When the request's console session ends (null when it authenticates by an API token). */
export async function tenantSessionExpiry(tenant: TenantContext): Promise<Date | null> {
  const { credential } = tenant.user;
  if (credential.kind !== 'session') return null;
  const session = await tenant.db.consoleSession.findUnique({ where: { id: credential.id } });
  return session?.expiresAt ?? null;
}

/** The request's console session ends at once; an API token is not closed here (400 session_required). */
export async function closeTenantSession(tenant: TenantContext): Promise<void> {
  const { credential } = tenant.user;
  if (credential.kind !== 'session')
    throw errors.badRequest(
      'session_required',
      'Esta ruta cierra la sesión de la consola (cookie); un token API se revoca con DELETE /api/tokens/{id}.',
    );
  await tenant.db.consoleSession.deleteMany({ where: { id: credential.id } });
}

/** When the admin-host session of this secret ends (null: no such session). */
export async function adminSessionExpiry(central: CentralClient, token: string): Promise<Date | null> {
  const session = await central.adminSession.findUnique({ where: { tokenHash: hashToken(token) } });
  return session?.expiresAt ?? null;
}
