// The first admin user of the admin host comes from ADMIN_EMAIL / ADMIN_PASSWORD at first start
// (docs/configuration.md). Only when no admin user exists yet: later password changes are the admin's business.
// Without that configuration, outside production, the first start creates `admin@{APP_DOMAIN}` with a generated
// password, printed once by the start banner and kept in DATA_DIR/admin-password.txt (like the demo token), so
// the admin host opens from the first click. Production never does this: it requires the configuration.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../platform/config.ts';
import type { Database } from '../platform/db/database.ts';
import { hashPassword } from '../platform/passwords.ts';

export interface GeneratedAdmin {
  email: string;
  password: string;
  file: string;
}

export function adminPasswordFile(dataDir: string): string {
  return join(dataDir, 'admin-password.txt');
}

export async function ensureFirstAdmin(
  db: Database,
  config: Pick<Config, 'adminEmail' | 'adminPassword'>,
): Promise<boolean> {
  if (!config.adminEmail || !config.adminPassword) return false;
  if ((await db.central.adminUser.count()) > 0) return false;
  const passwordHash = await hashPassword(config.adminPassword);
  await db.central.adminUser.upsert({
    where: { email: config.adminEmail.toLowerCase() },
    create: { name: 'Administrador', email: config.adminEmail.toLowerCase(), passwordHash, role: 'admin' },
    update: { role: 'admin' },
  });
  return true;
}

/** Creates the generated first admin when nothing configures one and no admin exists; null otherwise. */
export async function ensureGeneratedAdmin(
  db: Database,
  config: Pick<Config, 'adminEmail' | 'adminPassword' | 'nodeEnv' | 'appDomain' | 'dataDir'>,
): Promise<GeneratedAdmin | null> {
  if (config.adminEmail || config.adminPassword || config.nodeEnv === 'production') return null;
  if ((await db.central.adminUser.count()) > 0) return null;
  const email = `admin@${config.appDomain}`;
  const password = randomBytes(15).toString('base64url');
  const created = await db.central.adminUser.createMany({
    data: [{ name: 'Administrador', email, passwordHash: await hashPassword(password), role: 'admin' }],
    skipDuplicates: true,
  });
  if (created.count === 0) return null;
  const file = adminPasswordFile(config.dataDir);
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, `${email}\n${password}\n`, { mode: 0o600 });
  return { email, password, file };
}
