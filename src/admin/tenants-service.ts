// The admin host's tenants: one created through the provisioning service (schema, migrations, company, series,
// first user and token) — production ones bring SOL credentials and a PFX checked on upload (private key present,
// not expired), secrets sealed with SECRETS_KEY —, a page of the caller's tenants with their figures and locks,
// and a tenant's plan, e-mail and lock changed within the caller's scope.
import { CertificateError, type KeyMaterial } from '../crypto/certificates.ts';
import { loadPfxOffThread } from '../crypto/pfx-off-thread.ts';
import { errors } from '../platform/errors.ts';
import type { Platform } from '../platform/http/types.ts';
import { withFirstEstablishment } from '../tenancy/first-establishment.ts';
import { provisionTenant, resellerLimitReached } from '../tenancy/provision.ts';
import type { AdminCaller } from './auth.ts';
import { LOCK_STATE_SELECT, lockStateOf, setTenantLock, tenantLockState } from './locks.ts';
import { companyIdentity } from './padron-address.ts';
import { planExists } from './plans-service.ts';
import { type CountsLog, FIRST_HOSTNAME, pageOf, tenantCounts, tenantInScope, tenantScope } from './service.ts';
import type { CreateTenantRequest } from './tenants-schemas.ts';

/** PATCH /api/tenants/{id}'s changes, each only when given. */
export interface TenantPatch {
  plan_id?: number;
  email?: string | null;
  locked?: boolean;
  reason?: string;
}

export type TenantsDeps = Pick<Platform, 'db' | 'config' | 'secrets' | 'hosts'>;

/** The uploaded PFX, read off the event loop (node-forge derives keys synchronously). */
async function certificateFrom(base64: string | undefined, password: string | undefined): Promise<KeyMaterial | null> {
  if (!base64) return null;
  try {
    return await loadPfxOffThread(Buffer.from(base64, 'base64'), password ?? '');
  } catch (error) {
    if (error instanceof CertificateError) {
      throw errors.unprocessable(error.code, error.message, [
        { path: 'certificate', code: error.code, message: error.message },
      ]);
    }
    throw error;
  }
}

/** What is refused before provisioning starts: an unknown plan, a server chosen by a reseller, a reseller's full quota. */
async function refuseEarly(deps: TenantsDeps, caller: AdminCaller, b: CreateTenantRequest): Promise<void> {
  const central = deps.db.central;
  if (!(await planExists(central, b.plan_id))) {
    throw errors.unprocessable('plan_not_found', `No existe el plan ${b.plan_id}.`, [
      { path: 'plan_id', code: 'plan_not_found', message: 'Plan inexistente.' },
    ]);
  }
  if (b.database !== undefined && caller.role !== 'admin') {
    throw errors.forbidden(
      'database_choice_admin_only',
      'Solo un administrador elige el servidor de base de datos de una empresa.',
    );
  }
  if (caller.role === 'reseller') {
    const reseller = await central.reseller.findUniqueOrThrow({ where: { id: caller.resellerId! } });
    const used = await central.tenant.count({ where: { resellerId: reseller.id } });
    // The early answer; provisioning counts again under the reseller's lock, which is what holds the limit.
    if (reseller.limitTenants > 0 && used >= reseller.limitTenants) throw resellerLimitReached(reseller.limitTenants);
  }
}

export async function createTenant(deps: TenantsDeps, caller: AdminCaller, b: CreateTenantRequest) {
  await refuseEarly(deps, caller, b);
  const production = b.soap_type_id === '02';
  const identity = await companyIdentity(deps.db.central, b.ruc, { name: b.name, address: b.direccion });
  const result = await provisionTenant(
    { db: deps.db, config: deps.config, secrets: deps.secrets, hosts: deps.hosts },
    {
      ruc: b.ruc,
      name: identity.name,
      tradeName: b.nombre_comercial ?? null,
      ...withFirstEstablishment(identity.address, b.establecimiento),
      subdomain: b.subdomain,
      email: b.email,
      planId: b.plan_id,
      resellerId: caller.resellerId,
      sunatMode: production ? 'production' : 'demo',
      solUser: b.soap_username ?? null,
      solPassword: b.soap_password ?? null,
      certificate: await certificateFrom(b.certificate, b.certificate_password),
      user: { email: b.email },
      database: b.database ?? null,
    },
  );
  return { ...result, warnings: identity.warnings };
}

/** One page of the caller's tenants, each with its documents this month and its locks. */
export async function tenantsPage(
  deps: Pick<Platform, 'db'>,
  caller: AdminCaller,
  page: number,
  perPage: number,
  log?: CountsLog,
) {
  const central = deps.db.central;
  const where = tenantScope(caller);
  const [total, tenants] = await Promise.all([
    central.tenant.count({ where }),
    central.tenant.findMany({
      where,
      ...pageOf(page, perPage),
      // The lock facts come with the rows: a tenant deleted meanwhile is simply not in the page.
      include: { hostnames: FIRST_HOSTNAME, plan: { select: { name: true } }, ...LOCK_STATE_SELECT },
    }),
  ]);
  const rows = await Promise.all(
    tenants.map(async (tenant) => ({
      tenant,
      counts: await tenantCounts(deps.db, tenant.schemaName, log),
      lock: lockStateOf(tenant),
    })),
  );
  return { total, rows };
}

export type TenantsPage = Awaited<ReturnType<typeof tenantsPage>>;

/** A tenant's plan, e-mail and lock (each only when given); the lock takes effect at once in this process. */
export async function updateTenant(
  deps: Pick<Platform, 'db' | 'hosts'>,
  caller: AdminCaller,
  id: number,
  b: TenantPatch,
) {
  const central = deps.db.central;
  const tenant = await tenantInScope(deps.db, caller, id);
  if (b.plan_id !== undefined && !(await planExists(central, b.plan_id))) {
    const message = `No existe el plan ${b.plan_id}.`;
    throw errors.unprocessable('plan_not_found', message, [{ path: 'plan_id', code: 'plan_not_found', message }]);
  }
  const updated = await central.tenant.update({
    where: { id: tenant.id },
    data: { planId: b.plan_id, email: b.email },
  });
  if (b.locked !== undefined) await setTenantLock(central, caller, tenant.id, b.locked, b.reason ?? null);
  deps.hosts.invalidate();
  const state = await tenantLockState(central, tenant.id);
  return { id: updated.id, plan_id: updated.planId, email: updated.email, locked: state.locked };
}
