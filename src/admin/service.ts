// What the admin services share: which tenants a caller may see (and a page of them), and tenant usage figures.
import type { FastifyBaseLogger } from 'fastify';
import type { Prisma } from '../generated/central/client.ts';
import type { Database } from '../platform/db/database.ts';
import { quoteIdent } from '../platform/db/schema-name.ts';
import { errors } from '../platform/errors.ts';
import type { AdminCaller } from './auth.ts';

/** Tenants a caller may see: all for an admin, its own for a reseller. */
export function tenantScope(caller: AdminCaller): Prisma.TenantWhereInput {
  return caller.role === 'admin' ? {} : { resellerId: caller.resellerId ?? -1 };
}

/** One page of tenants in id order (pages count from 1). */
export function pageOf(page: number, perPage: number) {
  return { orderBy: { id: 'asc' as const }, skip: (page - 1) * perPage, take: perPage };
}

/** The tenant's first host name, the one listings show. */
export const FIRST_HOSTNAME = { take: 1, orderBy: { id: 'asc' } } as const;

export async function tenantInScope(db: Database, caller: AdminCaller, id: number) {
  const tenant = await db.central.tenant.findFirst({ where: { id, ...tenantScope(caller) } });
  // Another reseller's tenant is the same 404 as a missing one.
  if (!tenant) throw errors.notFound('tenant_not_found', `No existe la empresa ${id}.`);
  return tenant;
}

export function monthStart(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** Where an unreadable tenant is reported (a request's logger). */
export type CountsLog = Pick<FastifyBaseLogger, 'warn'>;

export interface TenantCounts {
  documents: number;
  documentsMonth: number;
  users: number;
}

/**
 * Documents (all, and issued this month) and users of one tenant, read from its schema. A tenant whose schema or
 * database server cannot be read now (being dropped, its server unknown to this process or down) counts zero: one
 * tenant must not take the whole list down.
 */
export async function tenantCounts(db: Database, schema: string, log?: CountsLog): Promise<TenantCounts> {
  const q = quoteIdent(schema);
  const { rows } = await db.directory
    .resolve(schema)
    .then(() =>
      db.poolFor(schema).query<{ documents: number; documents_month: number; users: number }>(
        `SELECT (SELECT count(*)::int FROM ${q}."documents") AS documents,
            (SELECT count(*)::int FROM ${q}."documents" WHERE issue_date >= $1) AS documents_month,
            (SELECT count(*)::int FROM ${q}."users") AS users`,
        [monthStart()],
      ),
    )
    .catch((error: unknown) => {
      log?.warn({ err: error, schema }, 'tenant counts unreadable: counted as zero');
      return { rows: [{ documents: 0, documents_month: 0, users: 0 }] };
    });
  return { documents: rows[0].documents, documentsMonth: rows[0].documents_month, users: rows[0].users };
}
