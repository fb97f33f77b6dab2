// The migration runner: per-schema _migrations with checksums, one transaction per migration,
// re-running is a no-op, a tampered migration is refused, concurrent runners do not collide.
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../src/platform/db/pool.ts';
import {
  DEFAULT_PRISMA_ROOT,
  loadMigrations,
  MigrationError,
  migrateSchema,
  migrationsDir,
  prepareMigrationSql,
  sha256,
} from '../../src/platform/db/migrator.ts';
import { testDatabaseUrl } from '../helpers/db.ts';

let pool: ReturnType<typeof createPool>;
const schemas: string[] = [];
const newSchema = () => {
  const name = `mig_${randomBytes(4).toString('hex')}`;
  schemas.push(name);
  return name;
};

beforeAll(() => {
  pool = createPool(testDatabaseUrl(), 4);
});
afterAll(async () => {
  for (const s of schemas) await pool.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
  await pool.end();
});

describe('migrateSchema', () => {
  it('applies every tenant migration once and records name and sha256; running again is a no-op', async () => {
    const schema = newSchema();
    const migrations = await loadMigrations(migrationsDir('tenant'));
    expect(migrations.length).toBeGreaterThan(0);
    const first = await migrateSchema(pool, schema, migrations);
    expect(first.applied).toEqual(migrations.map((m) => m.name));
    const ledger = await pool.query(`SELECT name, checksum, applied_at FROM "${schema}"."_migrations" ORDER BY name`);
    expect(ledger.rows.map((r) => [r.name, r.checksum])).toEqual(migrations.map((m) => [m.name, m.checksum]));
    const file = await readFile(join(migrationsDir('tenant'), migrations[0].name, 'migration.sql'), 'utf8');
    expect(migrations[0].checksum).toBe(sha256(file));

    const second = await migrateSchema(pool, schema, migrations);
    expect(second.applied).toEqual([]);
    const again = await pool.query(`SELECT name, checksum, applied_at FROM "${schema}"."_migrations" ORDER BY name`);
    expect(again.rows).toEqual(ledger.rows);
  });

  it('lets concurrent runners on one schema apply each migration exactly once', async () => {
    const schema = newSchema();
    const migrations = await loadMigrations(migrationsDir('tenant'));
    const results = await Promise.all([1, 2, 3].map(() => migrateSchema(pool, schema, migrations)));
    expect(results.flatMap((r) => r.applied).sort()).toEqual(migrations.map((m) => m.name).sort());
    const count = await pool.query(`SELECT count(*)::int AS n FROM "${schema}"."_migrations"`);
    expect(count.rows[0].n).toBe(migrations.length);
  });

  describe('with a copy of prisma/ whose migration files can be changed', () => {
    let root: string;
    beforeAll(async () => {
      root = await mkdtemp(join(tmpdir(), 'facturo-prisma-'));
      await cp(DEFAULT_PRISMA_ROOT, root, { recursive: true });
    });
    afterAll(async () => {
      await rm(root, { recursive: true, force: true });
    });

    it('refuses a migration that was modified after it was applied, naming schema and migration', async () => {
      const schema = newSchema();
      const dir = migrationsDir('tenant', root);
      await migrateSchema(pool, schema, await loadMigrations(dir, { fresh: true }));
      const [first] = await loadMigrations(dir, { fresh: true });
      const file = join(dir, first.name, 'migration.sql');
      await writeFile(file, `${await readFile(file, 'utf8')}\n-- a harmless-looking edit\n`);
      const tampered = await loadMigrations(dir, { fresh: true });
      const error = await migrateSchema(pool, schema, tampered).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(MigrationError);
      expect((error as MigrationError).message).toContain(schema);
      expect((error as MigrationError).message).toContain(first.name);
      expect((error as MigrationError).message).toMatch(/Refusing to start/);
    });

    it('applies a new migration in its own transaction, and rolls back a failing one completely', async () => {
      const schema = newSchema();
      const dir = migrationsDir('tenant', root);
      await rm(join(dir, '9998_good'), { recursive: true, force: true });
      await migrateSchema(
        pool,
        schema,
        (await loadMigrations(dir, { fresh: true })).filter((m) => !m.name.startsWith('999')),
      );
      await mkdir(join(dir, '9998_good'), { recursive: true });
      await writeFile(
        join(dir, '9998_good', 'migration.sql'),
        'BEGIN;\nALTER TABLE "documents" ADD COLUMN "nota" TEXT;\nCOMMIT;\n',
      );
      await mkdir(join(dir, '9999_bad'), { recursive: true });
      await writeFile(
        join(dir, '9999_bad', 'migration.sql'),
        'CREATE TABLE "half_done" (id int);\nSELECT no_such_function();\n',
      );
      const all = await loadMigrations(dir, { fresh: true });
      const error = await migrateSchema(pool, schema, all).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(MigrationError);
      expect((error as MigrationError).migration).toBe('9999_bad');
      // 9998 went into this schema (BEGIN/COMMIT stripped: it ran inside our transaction, not in public)…
      const column = await pool.query(
        `SELECT 1 FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'documents' AND column_name = 'nota'`,
        [schema],
      );
      expect(column.rowCount).toBe(1);
      const inPublic = await pool.query(
        `SELECT 1 FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'nota'`,
      );
      expect(inPublic.rowCount).toBe(0);
      // …and 9999 left nothing behind.
      const half = await pool.query(`SELECT to_regclass($1) AS t`, [`"${schema}"."half_done"`]);
      expect(half.rows[0].t).toBeNull();
      const names = await pool.query(`SELECT name FROM "${schema}"."_migrations" ORDER BY name`);
      expect(names.rows.map((r) => r.name)).toContain('9998_good');
      expect(names.rows.map((r) => r.name)).not.toContain('9999_bad');
      await rm(join(dir, '9998_good'), { recursive: true, force: true });
      await rm(join(dir, '9999_bad'), { recursive: true, force: true });
    });
  });
});

describe('tenant schema storage', () => {
  it("compresses a document's request body and computed figures with lz4 where the server has it, pglz elsewhere", async () => {
    const schema = newSchema();
    await migrateSchema(pool, schema, await loadMigrations(migrationsDir('tenant')));
    const lz4 = await pool.query<{ has: boolean }>(
      `SELECT 'lz4' = ANY (enumvals) AS has FROM pg_settings WHERE name = 'default_toast_compression'`,
    );
    const columns = await pool.query<{ attname: string; attcompression: string }>(
      `SELECT attname, attcompression FROM pg_attribute
       WHERE attrelid = $1::regclass AND attname IN ('payload', 'computed') ORDER BY attname`,
      [`"${schema}"."documents"`],
    );
    // '' is the server's default (pglz); 'l' is lz4. The embedded PGlite is built without lz4.
    const expected = lz4.rows[0]?.has ? 'l' : '';
    expect(columns.rows).toEqual([
      { attname: 'computed', attcompression: expected },
      { attname: 'payload', attcompression: expected },
    ]);
  });
});

describe('prepareMigrationSql', () => {
  it('drops BEGIN/COMMIT and CREATE SCHEMA lines and refuses the public schema', () => {
    expect(prepareMigrationSql('BEGIN;\nCREATE SCHEMA IF NOT EXISTS "x";\nCREATE TABLE "a" (id int);\nCOMMIT;\n')).toBe(
      'CREATE TABLE "a" (id int);\n',
    );
    expect(() => prepareMigrationSql('CREATE TABLE "public"."a" (id int);')).toThrow(/public/);
    expect(() => prepareMigrationSql('ALTER TABLE public.a ADD COLUMN b int;')).toThrow(/public/);
    expect(prepareMigrationSql('-- public.a is mentioned in a comment only\nSELECT 1;')).toContain('SELECT 1');
  });
});
