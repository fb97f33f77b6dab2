// An admin-host login checked: throttled per account and client network, and per network (login-throttle.ts); the
// same work whether the account exists or not; a locked reseller's right password still gets no session.
import type { CentralClient } from '../platform/db/clients.ts';
import { AppError, errors } from '../platform/errors.ts';
import { hashPassword, verifyPassword } from '../platform/passwords.ts';
import { clearLoginFailures, clientNetwork, loginWait, recordLoginFailure, type LoginWait } from './login-throttle.ts';

// Verified against when the e-mail is unknown, so both cases cost one argon2id verification.
let dummyHash: Promise<string> | null = null;

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
