// The first admin user of the admin host comes from ADMIN_EMAIL / ADMIN_PASSWORD at first start (api.md §
// Admin host). Only when no admin user exists yet: later password changes are the admin's business.
import { hashPassword } from './passwords.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';

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
