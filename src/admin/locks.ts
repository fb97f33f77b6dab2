// Locks are facts — who set them (the authority, admin or reseller, and the user), when and why — kept in
// central.tenant_locks and central.reseller_locks. A tenant is locked while any lock of it, or of its reseller,
// exists. The admin's word wins: a reseller lifts only its own lock on a tenant, never the admin's; the admin's
// unlock lifts them all. Lifting a reseller's lock leaves its tenants' own locks in place.
// tenants.locked_tenant and resellers.locked_admin summarise the rows for the hot path (host resolution) and are
// written in the same transaction as the rows.
import type { Prisma } from '../generated/central/client.ts';
import type { CentralClient } from '../platform/db/clients.ts';
import { errors } from '../platform/errors.ts';
import type { AdminCaller } from './auth.ts';

export type LockAuthority = 'admin' | 'reseller';

export interface LockFact {
  scope: 'tenant' | 'reseller';
  authority: LockAuthority;
  locked_by: string | null;
  reason: string | null;
  locked_at: string;
}

export interface LockState {
  locked: boolean;
  locks: LockFact[];
}

const FACT_SELECT = { reason: true, createdAt: true, user: { select: { email: true } } } as const;

function fact(
  scope: LockFact['scope'],
  authority: string,
  row: { reason: string | null; createdAt: Date; user: { email: string } | null },
): LockFact {
  return {
    scope,
    authority: authority === 'reseller' ? 'reseller' : 'admin',
    locked_by: row.user?.email ?? null,
    reason: row.reason,
    locked_at: row.createdAt.toISOString(),
  };
}

/** Every lock that holds a tenant: its own and its reseller's. */
/** What a tenant row must carry for its lock state: its own lock facts and its reseller's. */
export const LOCK_STATE_SELECT = {
  locks: { select: { authority: true, ...FACT_SELECT }, orderBy: { createdAt: 'asc' } },
  reseller: { select: { lock: { select: FACT_SELECT } } },
} satisfies Prisma.TenantSelect;

type LockRows = Prisma.TenantGetPayload<{ select: typeof LOCK_STATE_SELECT }>;

/** The lock state of a tenant read with LOCK_STATE_SELECT (a list reads it with its rows, no query a tenant). */
export function lockStateOf(tenant: LockRows): LockState {
  const locks = tenant.locks.map((l) => fact('tenant', l.authority, l));
  if (tenant.reseller?.lock) locks.push(fact('reseller', 'admin', tenant.reseller.lock));
  return { locked: locks.length > 0, locks };
}

export async function tenantLockState(central: CentralClient, tenantId: number): Promise<LockState> {
  return lockStateOf(await central.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: LOCK_STATE_SELECT }));
}

type Tx = Prisma.TransactionClient;

/**
 * Lock changes of one tenant wait for each other (FOR UPDATE) while holding a pooled connection: under a burst they
 * queue for longer than Prisma's defaults (2 s to start, 5 s to finish), which answered 500 (found by the fuzz).
 */
const LOCK_TX = { maxWait: 15_000, timeout: 20_000 };

/** Concurrent lock changes of one tenant run one after the other, so the summary flag matches the rows. */
async function lockTenantRow(tx: Tx, tenantId: number): Promise<void> {
  await tx.$executeRaw`SELECT 1 FROM "central"."tenants" WHERE id = ${tenantId} FOR UPDATE`;
}

async function refreshTenantFlag(tx: Tx, tenantId: number): Promise<void> {
  const count = await tx.tenantLock.count({ where: { tenantId } });
  await tx.tenant.update({ where: { id: tenantId }, data: { lockedTenant: count > 0 } });
}

/** Sets or lifts the caller's lock on a tenant (already checked to be in the caller's scope). */
export async function setTenantLock(
  central: CentralClient,
  caller: AdminCaller,
  tenantId: number,
  locked: boolean,
  reason: string | null,
): Promise<LockState> {
  const authority: LockAuthority = caller.role;
  await central.$transaction(async (tx) => {
    await lockTenantRow(tx, tenantId);
    if (locked) {
      const data = { lockedBy: caller.id, reason, createdAt: new Date() };
      await tx.tenantLock.upsert({
        where: { tenantId_authority: { tenantId, authority } },
        create: { tenantId, authority, ...data },
        update: data,
      });
    } else if (authority === 'admin') {
      await tx.tenantLock.deleteMany({ where: { tenantId } });
    } else {
      const { count } = await tx.tenantLock.deleteMany({ where: { tenantId, authority } });
      const adminLock = await tx.tenantLock.count({ where: { tenantId, authority: 'admin' } });
      if (count === 0 && adminLock > 0) {
        throw errors.forbidden(
          'lock_held_by_admin',
          'La empresa fue bloqueada por el administrador de la plataforma: solo él puede desbloquearla.',
        );
      }
    }
    await refreshTenantFlag(tx, tenantId);
  }, LOCK_TX);
  return tenantLockState(central, tenantId);
}

/** The admin locks or unlocks a reseller: its account (login, sessions) and, through it, its tenants. */
export async function setResellerLock(
  central: CentralClient,
  caller: AdminCaller,
  resellerId: number,
  locked: boolean,
  reason: string | null,
): Promise<void> {
  await central.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM "central"."resellers" WHERE id = ${resellerId} FOR UPDATE`;
    if (locked) {
      const data = { lockedBy: caller.id, reason, createdAt: new Date() };
      await tx.resellerLock.upsert({ where: { resellerId }, create: { resellerId, ...data }, update: data });
      // Its open sessions end now, not at their expiry.
      const users = await tx.adminUser.findMany({ where: { resellerId }, select: { id: true } });
      await tx.adminSession.deleteMany({ where: { adminUserId: { in: users.map((u) => u.id) } } });
    } else {
      await tx.resellerLock.deleteMany({ where: { resellerId } });
    }
    await tx.reseller.update({ where: { id: resellerId }, data: { lockedAdmin: locked } });
  }, LOCK_TX);
}

/** What the lock endpoints answer: the message says when the tenant stays locked by someone else. */
export function lockMessage(requested: boolean, state: LockState): string {
  if (requested) return 'Cuenta bloqueada';
  if (!state.locked) return 'Cuenta desbloqueada';
  const holder = state.locks[0];
  if (holder.scope === 'reseller')
    return 'Se retiró el bloqueo de la empresa, pero sigue bloqueada porque su distribuidor está bloqueado.';
  const who = holder.authority === 'admin' ? 'el administrador de la plataforma' : 'su distribuidor';
  return `Se retiró su bloqueo, pero la empresa sigue bloqueada por ${who}.`;
}
