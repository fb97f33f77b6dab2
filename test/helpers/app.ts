// Build the real app against the run's database and provision real tenants (random subdomain and RUC).
//
//   const t = useTestApp();                        // beforeAll: app + one tenant; afterAll: cleanup
//   const res = await t.app.inject({ method: 'GET', url: '/api/company', headers: t.tenant.headers });
//
// or, by hand: const ctx = await createTestApp(); const tenant = await ctx.provisionTenant(); … ctx.close().
// close() drops the schemas and central rows of the tenants it created, then closes the app and its pool.
import type { FastifyInstance } from 'fastify';
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type AppDeps } from '../../src/app.ts';
import type { Config } from '../../src/platform/config.ts';
import type { TenantClient } from '../../src/platform/db/clients.ts';
import { openDatabase, type Database } from '../../src/platform/db/database.ts';
import { quoteIdent } from '../../src/platform/db/schema-name.ts';
import type { Feature } from '../../src/platform/http/features.ts';
import { createSecretBox } from '../../src/platform/secrets.ts';
import { provisionTenant, type ProvisionTenantInput } from '../../src/tenancy/provision.ts';
import { testConfig } from './db.ts';
import { randomRuc, randomSubdomain } from './ids.ts';

export interface TestTenant {
  id: number;
  ruc: string;
  name: string;
  subdomain: string;
  /** PostgreSQL schema (also the storage tenant). */
  schema: string;
  hostname: string;
  /** The API token (Bearer). */
  token: string;
  password: string;
  /** Ready-made headers for app.inject: Host and Authorization. */
  headers: { host: string; authorization: string };
  /** Prisma client bound to the tenant's schema. */
  db: TenantClient;
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  db: Database;
  /** Creates a tenant (demo mode, self-signed certificate) through the real provisioning service. */
  provisionTenant(overrides?: Partial<ProvisionTenantInput>): Promise<TestTenant>;
  /** Drops the tenants created here, closes the app and the pool, removes the temporary directories. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment keys for testConfig (e.g. { BODY_LIMIT: '2048' }). */
  env?: Record<string, string>;
  config?: Partial<Config>;
  /** Extra features registered after the real ones (test-only routes). */
  features?: Feature[];
  deps?: Omit<AppDeps, 'db' | 'extraFeatures'>;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.env, options.config);
  const db = await openDatabase(config);
  const app = await buildApp(config, { ...options.deps, db, extraFeatures: options.features });
  await app.ready();
  const created: { id: number; schema: string }[] = [];
  const secrets = createSecretBox(config.secretsKey);
  return {
    app,
    config,
    db,
    async provisionTenant(overrides = {}) {
      const input: ProvisionTenantInput = {
        ruc: randomRuc(),
        name: 'EMPRESA DE PRUEBA S.A.C.',
        subdomain: randomSubdomain(),
        email: 'pruebas@facturo.example',
        ...overrides,
      };
      const result = await provisionTenant({ db, config, secrets, hosts: app.platform.hosts }, input);
      created.push({ id: result.tenant.id, schema: result.tenant.schemaName });
      return {
        id: result.tenant.id,
        ruc: result.tenant.ruc,
        name: result.tenant.name,
        subdomain: result.tenant.subdomain,
        schema: result.tenant.schemaName,
        hostname: result.tenant.hostname,
        token: result.token,
        password: result.password,
        headers: { host: result.tenant.hostname, authorization: `Bearer ${result.token}` },
        db: db.tenant(result.tenant.schemaName),
      };
    },
    async close() {
      await app.close();
      for (const tenant of created) {
        await db.pool.query(`DROP SCHEMA IF EXISTS ${quoteIdent(tenant.schema)} CASCADE`).catch(() => undefined);
        await db.pool.query('DELETE FROM "central"."tenants" WHERE id = $1', [tenant.id]).catch(() => undefined);
      }
      await db.close();
      await rm(dirname(config.dataDir), { recursive: true, force: true });
    },
  };
}

export interface UsedTestApp {
  readonly app: FastifyInstance;
  readonly ctx: TestApp;
  /** The tenant provisioned for this test file. */
  readonly tenant: TestTenant;
}

/** beforeAll: builds the app and provisions one tenant; afterAll: cleans up. */
export function useTestApp(options: TestAppOptions = {}): UsedTestApp {
  let ctx: TestApp | null = null;
  let tenant: TestTenant | null = null;
  beforeAll(async () => {
    ctx = await createTestApp(options);
    tenant = await ctx.provisionTenant();
  });
  afterAll(async () => {
    await ctx?.close();
  });
  const need = <T>(value: T | null, what: string): T => {
    if (value === null) throw new Error(`${what} is not ready: use it inside a test or hook`);
    return value;
  };
  return {
    get app() {
      return need(ctx, 'app').app;
    },
    get ctx() {
      return need(ctx, 'app');
    },
    get tenant() {
      return need(tenant, 'tenant');
    },
  };
}
