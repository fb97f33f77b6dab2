// The migrations and prisma/*/schema.prisma must describe the same database ("a test that fails
// when schema.prisma and the migrations disagree"). Two checks per schema kind:
// 1. the last migration's schema.snapshot.prisma is the current schema.prisma (the wasm schema engine finds
//    no difference) — otherwise someone changed the schema without `npm run migration:create`;
// 2. in the database, the migrations applied by our runner produce exactly the tables, columns, defaults,
//    constraints and indexes that Prisma's own SQL for schema.prisma produces — otherwise a migration was
//    edited by hand into something else.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSchemaDiffer, type SchemaDiffer } from '../../scripts/lib/schema-engine.ts';
import { lastSnapshot } from '../../scripts/migration-create.ts';
import { createPool } from '../../src/platform/db/pool.ts';
import { DEFAULT_PRISMA_ROOT, loadMigrations, migrateSchema, migrationsDir } from '../../src/platform/db/migrator.ts';
import { testDatabaseUrl } from '../helpers/db.ts';

let pool: ReturnType<typeof createPool>;
let differ: SchemaDiffer;
const created: string[] = [];

beforeAll(async () => {
  pool = createPool(testDatabaseUrl(), 4);
  differ = await openSchemaDiffer(pool);
});
afterAll(async () => {
  differ?.close();
  for (const s of created) await pool.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
  await pool.end();
});

/** Everything structural about the tables of a schema, with the schema's own name replaced by `S`. */
async function describeSchema(schema: string): Promise<unknown> {
  const q = async (sql: string) =>
    (await pool.query(sql, [schema])).rows.map((r) =>
      JSON.stringify(r).split(`"${schema}".`).join('S.').split(`${schema}.`).join('S.'),
    );
  return {
    columns: await q(`
      SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null,
             pg_get_expr(d.adbin, d.adrelid) AS default
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE n.nspname = $1 AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped AND c.relname <> '_migrations'
      ORDER BY 1, 2`),
    constraints: await q(`
      SELECT c.relname AS table, k.conname AS name, k.contype AS type, pg_get_constraintdef(k.oid) AS definition
      FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relname <> '_migrations' ORDER BY 1, 2`),
    indexes: await q(
      `SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE schemaname = $1 AND tablename <> '_migrations' ORDER BY 1`,
    ),
    enums: await q(`
      SELECT t.typname AS name, array_agg(e.enumlabel ORDER BY e.enumsortorder) AS labels
      FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = $1 GROUP BY 1 ORDER BY 1`),
  };
}

describe.each(['central', 'tenant'] as const)('%s schema', (kind) => {
  it('has a last migration snapshot equal to schema.prisma', async () => {
    const schema = await readFile(join(DEFAULT_PRISMA_ROOT, kind, 'schema.prisma'), 'utf8');
    const snapshot = await lastSnapshot(kind);
    expect(snapshot.content, `prisma/${kind}/migrations has no snapshot`).not.toBeNull();
    const pending = await differ.diff(snapshot.content, schema);
    expect(
      pending,
      `prisma/${kind}/schema.prisma changed without a migration: run \`npm run migration:create -- ${kind} <name>\``,
    ).toBe('');
  });

  it('builds through its migrations exactly the database schema.prisma describes', async () => {
    const viaMigrations = `drift_m_${randomBytes(4).toString('hex')}`;
    const viaPrisma = `drift_p_${randomBytes(4).toString('hex')}`;
    created.push(viaMigrations, viaPrisma);
    await migrateSchema(pool, viaMigrations, await loadMigrations(migrationsDir(kind)));

    const schema = await readFile(join(DEFAULT_PRISMA_ROOT, kind, 'schema.prisma'), 'utf8');
    const sql = await differ.diff(null, schema);
    const client = await pool.connect();
    try {
      await client.query(`CREATE SCHEMA "${viaPrisma}"`);
      await client.query('BEGIN');
      await client.query(`SET LOCAL search_path TO "${viaPrisma}"`);
      await client.query(sql);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const [fromMigrations, fromPrisma] = [await describeSchema(viaMigrations), await describeSchema(viaPrisma)];
    expect((fromPrisma as { columns: unknown[] }).columns.length).toBeGreaterThan(10);
    expect(fromMigrations).toEqual(fromPrisma);
  });
});
