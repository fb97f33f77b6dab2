// Rotating a tenant's API token: the first admin user's active tokens are revoked and a new one is issued,
// in one transaction. The new token is returned once.
import type { Database } from '../platform/db/database.ts';
import { errors } from '../platform/errors.ts';
import { issueToken } from '../platform/tokens.ts';

export interface RotatedToken {
  tenant: { id: number; subdomain: string; schemaName: string };
  token: string;
  revoked: number;
}

export async function rotateTenantToken(db: Database, subdomain: string): Promise<RotatedToken> {
  const tenant = await db.central.tenant.findUnique({
    where: { subdomain: subdomain.toLowerCase() },
    select: { id: true, subdomain: true, schemaName: true },
  });
  if (!tenant) throw errors.notFound('tenant_not_found', `No existe una empresa con el subdominio ${subdomain}`);
  await db.directory.resolve(tenant.schemaName);
  const client = db.tenant(tenant.schemaName);
  const issued = issueToken();
  const revoked = await client.$transaction(async (tx) => {
    const user = await tx.user.findFirst({ where: { role: 'admin' }, orderBy: { id: 'asc' }, select: { id: true } });
    if (!user) throw errors.notFound('user_not_found', 'La empresa no tiene un usuario administrador');
    const { count } = await tx.apiToken.updateMany({
      where: { userId: user.id, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    await tx.apiToken.create({
      data: { userId: user.id, name: 'default', tokenHash: issued.hash, prefix: issued.prefix },
    });
    return count;
  });
  return { tenant, token: issued.token, revoked };
}
