// A company user's login (POST /api/login on its host, and the console's POST /api/session): throttled with the admin
// host's login counters (login-throttle.ts), on an account key of the company's own so the two hosts never share a
// count, and per company (COMPANY_LOGIN_RATE_LIMIT a minute, whatever the addresses) before any password is checked.
// A login's token: a new one named "login" (issueLoginToken, src/tenancy/api-tokens.ts, keeps the newest
// LOGIN_TOKENS_KEPT and the plan's limit on active tokens).
import type { CentralClient } from '../platform/db/clients.ts';
import { AppError } from '../platform/errors.ts';
import type { Platform } from '../platform/http/types.ts';
import type { TenantContext } from '../platform/http/tenant-context.ts';
import { countHit } from '../platform/http/rate-limit.ts';
import { hashPassword, verifyPassword } from '../platform/passwords.ts';
import { issueLoginToken } from '../tenancy/api-tokens.ts';
import { clearLoginFailures, clientNetwork, loginWait, recordLoginFailure } from './login-throttle.ts';

// Verified against when the e-mail is unknown, so both cases cost one argon2id verification.
let dummyHash: Promise<string> | null = null;

function retryLater(what: string, seconds: number): AppError {
  const wait = Math.max(1, Math.ceil(seconds));
  return new AppError(429, 'rate_limited', `${what}. Intente nuevamente en ${wait} segundos.`, [], {
    'retry-after': String(wait),
  });
}

/** The account key of the shared throttle: the company's, so an admin of the same e-mail keeps its own count. */
const throttleKey = (tenant: TenantContext, email: string) => `${tenant.schema}:${email}`.slice(0, 254);

async function checkPassword(tenant: TenantContext, email: string, password: string) {
  const user = await tenant.db.user.findUnique({ where: { email } });
  dummyHash ??= hashPassword('facturo-no-such-account');
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), password, tenant.schema);
  return ok && user?.passwordHash ? user : null;
}

export async function defaultSeries(tenant: TenantContext): Promise<string | null> {
  const series = await tenant.db.series.findFirst({
    where: { documentType: '01', contingency: false },
    orderBy: { id: 'asc' },
  });
  return series?.serie ?? null;
}

/**
 * A company user's e-mail and password checked under the shared login throttle (429 while it holds): the user, or
 * null for a wrong pair (counted as a failure); 429 past the company's logins a minute, before any password. POST /api/login and the console's POST /api/session both use it.
 */
export async function verifyTenantLogin(
  platform: Pick<Platform, 'db' | 'config'>,
  tenant: TenantContext,
  { email, password }: { email: string; password: string },
  ip: string,
) {
  const central = platform.db.central;
  const companyLoginLimit = platform.config.companyLoginRateLimit;
  const network = clientNetwork(ip);
  const key = throttleKey(tenant, email);
  const wait = await loginWait(central, key, network);
  if (wait) throw retryLater('Demasiados intentos fallidos', wait.seconds);
  const hit = await countHit(central, `company-login:${tenant.id}`, 60_000);
  if (hit.count > companyLoginLimit) throw retryLater('Demasiados inicios de sesión en esta empresa', hit.ttl / 1000);
  const user = await checkPassword(tenant, email, password);
  if (!user) {
    await recordLoginFailure(central, key, network);
    return null;
  }
  await clearLoginFailures(central, key, network);
  return user;
}

/** A new login token for the user; when older login tokens were revoked, the token memo forgets the company's. */
export async function loginToken(
  platform: Pick<Platform, 'tokens'>,
  central: CentralClient,
  tenant: TenantContext,
  userId: number,
) {
  const issued = await issueLoginToken(tenant, central, userId);
  if (issued.revoked) platform.tokens.forget(tenant.schema);
  return issued.token;
}
