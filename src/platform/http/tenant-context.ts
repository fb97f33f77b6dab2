// What a tenant-host route receives as `request.tenant`: who the tenant is, its Prisma client bound to its
// schema, its company (the issuer) and — on authenticated routes — the user whose token was presented.
import type { Prisma as TenantPrisma } from '../../generated/tenant/client.ts';
import type { Company } from '../../generated/tenant/client.ts';
import { tenantTable, type TenantClient } from '../db/clients.ts';
import type { ResolvedTenant } from './hosts.ts';

export type { Company };

export interface TenantUser {
  id: number;
  name: string;
  email: string;
  role: string;
  /** What authenticated the request: an api_tokens row (Bearer) or a console_sessions row (the console's cookie). */
  credential: { kind: 'token' | 'session'; id: number };
}

export class TenantContext {
  /** central.tenants.id */
  readonly id: number;
  readonly ruc: string;
  readonly subdomain: string;
  /** PostgreSQL schema of the tenant (`t_acme`): name it in raw SQL (see table()) and as the storage tenant. */
  readonly schema: string;
  readonly hostname: string;
  readonly lockedEmission: boolean;
  readonly planId: number | null;
  /** The reseller the tenant belongs to (central.tenants.reseller_id), or null. */
  readonly resellerId: number | null;
  /** Prisma client bound to `schema`. Never hold one of its transactions open across a network call. */
  readonly db: TenantClient;
  /** The tenant's company row (the core's Issuer fields + SUNAT settings); secrets are still sealed. */
  readonly company: Company;
  readonly #user: TenantUser | null;

  constructor(tenant: ResolvedTenant, db: TenantClient, company: Company, user: TenantUser | null) {
    this.id = tenant.id;
    this.ruc = tenant.ruc;
    this.subdomain = tenant.subdomain;
    this.schema = tenant.schemaName;
    this.hostname = tenant.hostname;
    this.lockedEmission = tenant.lockedEmission;
    this.planId = tenant.planId;
    this.resellerId = tenant.resellerId;
    this.db = db;
    this.company = company;
    this.#user = user;
  }

  /** The authenticated user. Only on routes with `config.auth: 'tenant'` (the default for tenant routes). */
  get user(): TenantUser {
    if (!this.#user) throw new Error('request.tenant.user used on a route declared with auth: "none"');
    return this.#user;
  }

  get isAuthenticated(): boolean {
    return this.#user !== null;
  }

  /** `"t_acme"."documents"` for raw SQL: `db.$queryRaw\`SELECT … FROM ${request.tenant.table('documents')}\``. */
  table(name: string): TenantPrisma.Sql {
    return tenantTable(this.schema, name);
  }
}
