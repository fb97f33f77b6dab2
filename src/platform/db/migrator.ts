// Our own migration runner, for the central schema and every tenant schema alike (Prisma's `migrate` needs a
// native engine we cannot download; tenant schemas need a runner anyway). For a schema S:
//   pg_advisory_lock(hashtext('migrate:'||S)) → CREATE SCHEMA IF NOT EXISTS → S._migrations(name, checksum,
//   applied_at) → every pending prisma/<kind>/migrations/<name>/migration.sql in order, each in its own
//   transaction with `SET LOCAL search_path TO S` → record name + sha256 → unlock.
// A recorded checksum that differs from the file refuses to run (and so refuses to start the server).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { assertSchemaName, quoteIdent } from './schema-name.ts';
import { DEFAULT_SERVER } from './servers.ts';

export type SchemaKind = 'central' | 'tenant';

export interface Migration {
  /** Directory name, e.g. `0001_init`; applied in this (lexicographic) order. */
  name: string;
  /** The SQL that runs (after prepareMigrationSql). */
  sql: string;
  /** sha256 hex of the file as written (what `_migrations.checksum` records). */
  checksum: string;
}

export class MigrationError extends Error {
  constructor(
    message: string,
    readonly schema: string,
    readonly migration?: string,
  ) {
    super(message);
    this.name = 'MigrationError';
  }
}

/** prisma/ at the repository root. */
export const DEFAULT_PRISMA_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'prisma');

export function migrationsDir(kind: SchemaKind, prismaRoot = DEFAULT_PRISMA_ROOT): string {
  return join(prismaRoot, kind, 'migrations');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Makes a migration file safe to run inside our transaction, in the schema we chose:
 * - `BEGIN;`/`COMMIT;` lines (Prisma emits them when it recreates an enum) would end our transaction early
 *   and run the rest against `public`: removed.
 * - `CREATE SCHEMA` lines: the runner creates the schema itself.
 * - any `"public".` qualification is refused: migrations must stay schema-agnostic.
 */
export function prepareMigrationSql(sql: string, name = 'migration'): string {
  if (/"public"\s*\./i.test(sql) || /\bpublic\s*\.\s*"?[a-z_]/i.test(sql.replace(/--.*$/gm, ''))) {
    throw new Error(`${name}: migrations must not name the public schema`);
  }
  return sql
    .split('\n')
    .filter((line) => !/^\s*(BEGIN|COMMIT)\s*;\s*$/i.test(line) && !/^\s*CREATE\s+SCHEMA\b/i.test(line))
    .join('\n');
}

const cache = new Map<string, Migration[]>();

/** Reads `<dir>/<name>/migration.sql` for every migration directory, sorted by name. Cached per directory. */
export async function loadMigrations(dir: string, options: { fresh?: boolean } = {}): Promise<Migration[]> {
  const cached = cache.get(dir);
  if (cached && !options.fresh) return cached;
  if (!existsSync(dir)) throw new Error(`migrations directory not found: ${dir}`);
  const entries = (await readdir(dir, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const migrations: Migration[] = [];
  for (const name of entries) {
    const file = join(dir, name, 'migration.sql');
    if (!existsSync(file)) continue;
    const text = await readFile(file, 'utf8');
    migrations.push({ name, sql: prepareMigrationSql(text, name), checksum: sha256(text) });
  }
  cache.set(dir, migrations);
  return migrations;
}

function ledgerDdl(schema: string): string {
  return `CREATE TABLE IF NOT EXISTS ${quoteIdent(schema)}."_migrations" (
  name text PRIMARY KEY,
  checksum char(64) NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;
}

interface LedgerRow {
  name: string;
  checksum: string;
}

function verifyLedger(schema: string, rows: LedgerRow[], migrations: Migration[]): void {
  const byName = new Map(migrations.map((m) => [m.name, m]));
  for (const row of rows) {
    const migration = byName.get(row.name);
    if (!migration) {
      throw new MigrationError(
        `Schema ${schema}: the applied migration ${row.name} has no file in this version of Facturo (downgrade?). Refusing to start.`,
        schema,
        row.name,
      );
    }
    if (migration.checksum !== row.checksum.trim()) {
      throw new MigrationError(
        `Schema ${schema}: migration ${row.name} was modified after it was applied (checksum ${row.checksum.trim().slice(0, 12)}… ≠ ${migration.checksum.slice(0, 12)}…). ` +
          'Restore the original file and put the change in a new migration. Refusing to start.',
        schema,
        row.name,
      );
    }
  }
}

async function readLedger(client: pg.ClientBase, schema: string): Promise<LedgerRow[] | null> {
  const exists = await client.query<{ present: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS present`, [
    `${quoteIdent(schema)}."_migrations"`,
  ]);
  if (!exists.rows[0].present) return null;
  const result = await client.query<LedgerRow>(
    `SELECT name, checksum FROM ${quoteIdent(schema)}."_migrations" ORDER BY name`,
  );
  return result.rows;
}

/**
 * Applies the pending migrations inside a transaction the caller already opened on `client` (tenant
 * provisioning: the central rows, the schema and the company commit together). The schema must be new.
 */
export async function applyMigrationsInTransaction(
  client: pg.ClientBase,
  schema: string,
  migrations: Migration[],
): Promise<void> {
  assertSchemaName(schema);
  await client.query(`CREATE SCHEMA ${quoteIdent(schema)}`);
  await client.query(ledgerDdl(schema));
  await client.query(`SET LOCAL search_path TO ${quoteIdent(schema)}`);
  for (const migration of migrations) {
    await client.query(migration.sql);
    await client.query(`INSERT INTO ${quoteIdent(schema)}."_migrations" (name, checksum) VALUES ($1, $2)`, [
      migration.name,
      migration.checksum,
    ]);
  }
}

export interface MigrateResult {
  schema: string;
  applied: string[];
}

/** Brings one schema up to date. Safe to run concurrently from several processes. */
export async function migrateSchema(pool: pg.Pool, schema: string, migrations: Migration[]): Promise<MigrateResult> {
  assertSchemaName(schema);
  const client = await pool.connect();
  try {
    // Fast path (server start with many tenants): up to date and untampered → no lock, no writes.
    const before = await readLedger(client, schema);
    if (before) {
      verifyLedger(schema, before, migrations);
      if (before.length === migrations.length) return { schema, applied: [] };
    }
    const applied: string[] = [];
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate:${schema}`]);
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
      await client.query(ledgerDdl(schema));
      const done = new Set(((await readLedger(client, schema)) ?? []).map((r) => r.name));
      for (const migration of migrations) {
        if (done.has(migration.name)) continue;
        await client.query('BEGIN');
        try {
          // Re-checked inside the transaction: on PGlite the advisory lock is shared by every connection
          // (one session), but transactions are serialised, so this check is what keeps two runners apart.
          const again = await client.query(`SELECT 1 FROM ${quoteIdent(schema)}."_migrations" WHERE name = $1`, [
            migration.name,
          ]);
          if (again.rowCount) {
            await client.query('ROLLBACK');
            continue;
          }
          await client.query(`SET LOCAL search_path TO ${quoteIdent(schema)}`);
          await client.query(migration.sql);
          await client.query(`INSERT INTO ${quoteIdent(schema)}."_migrations" (name, checksum) VALUES ($1, $2)`, [
            migration.name,
            migration.checksum,
          ]);
          await client.query('COMMIT');
          applied.push(migration.name);
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw new MigrationError(
            `Schema ${schema}: migration ${migration.name} failed: ${(error as Error).message}`,
            schema,
            migration.name,
          );
        }
      }
      verifyLedger(schema, (await readLedger(client, schema)) ?? [], migrations);
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate:${schema}`]).catch(() => undefined);
    }
    return { schema, applied };
  } finally {
    client.release();
  }
}

/** Tenant schemas with the database server each lives on (central.tenants.database_server). */
export async function listTenantPlacements(pool: pg.Pool): Promise<{ schema: string; server: string }[]> {
  const result = await pool.query<{ schema_name: string; database_server: string }>(
    'SELECT schema_name, database_server FROM "central"."tenants" ORDER BY id',
  );
  return result.rows.map((r) => ({ schema: r.schema_name, server: r.database_server }));
}

export interface MigrateAllOptions {
  prismaRoot?: string;
  /** The pool of a database server other than the central one (Database.directory.pool): its tenants migrate there. */
  serverPool?: (server: string) => pg.Pool;
  /** Tenant schemas migrated at the same time. */
  concurrency?: number;
  onSchema?: (result: MigrateResult) => void;
}

/** Central first, then every tenant schema, each on its server. Throws MigrationError on the first refused schema. */
export async function migrateAll(pool: pg.Pool, options: MigrateAllOptions = {}): Promise<MigrateResult[]> {
  const central = await loadMigrations(migrationsDir('central', options.prismaRoot));
  const tenant = await loadMigrations(migrationsDir('tenant', options.prismaRoot));
  const results: MigrateResult[] = [await migrateSchema(pool, 'central', central)];
  options.onSchema?.(results[0]);
  const schemas = await listTenantPlacements(pool);
  let next = 0;
  const worker = async () => {
    while (next < schemas.length) {
      const { schema, server } = schemas[next++];
      const on = server === DEFAULT_SERVER || !options.serverPool ? pool : options.serverPool(server);
      const result = await migrateSchema(on, schema, tenant);
      options.onSchema?.(result);
      results.push(result);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 4, schemas.length)) }, worker));
  return results;
}
