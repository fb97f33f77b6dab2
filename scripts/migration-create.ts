// Writes the next migration of a Prisma schema from the difference between the last migration's snapshot
// and the current schema.prisma:
//   npm run migration:create -- tenant add_document_notes
//   → prisma/tenant/migrations/0002_add_document_notes/{migration.sql, schema.snapshot.prisma}
// Review the SQL before committing: it runs once per tenant schema. Never edit an applied migration
// (the runner refuses a changed checksum); add a new one instead.
// Uses DATABASE_URL when set, otherwise an in-memory embedded PostgreSQL (nothing is written to it).
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startEmbeddedPostgres } from '../src/platform/db/embedded.ts';
import { createPool } from '../src/platform/db/pool.ts';
import { openSchemaDiffer } from './lib/schema-engine.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export async function lastSnapshot(
  kind: string,
): Promise<{ name: string | null; content: string | null; next: number }> {
  const dir = join(root, 'prisma', kind, 'migrations');
  const names = existsSync(dir)
    ? (await readdir(dir, { withFileTypes: true }))
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort()
    : [];
  const last = names.at(-1) ?? null;
  const next = last ? Number.parseInt(last.slice(0, 4), 10) + 1 : 1;
  if (!last) return { name: null, content: null, next };
  const snapshot = join(dir, last, 'schema.snapshot.prisma');
  if (!existsSync(snapshot)) throw new Error(`${relative(root, snapshot)} is missing: cannot diff`);
  return { name: last, content: await readFile(snapshot, 'utf8'), next };
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { 'allow-empty': { type: 'boolean' } },
  });
  const [kind, rawName] = positionals;
  if ((kind !== 'central' && kind !== 'tenant') || !rawName) {
    console.error('usage: npm run migration:create -- <central|tenant> <name> [--allow-empty]');
    return 2;
  }
  const name = rawName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  const schema = await readFile(join(root, 'prisma', kind, 'schema.prisma'), 'utf8');
  const previous = await lastSnapshot(kind);

  const embedded = process.env.DATABASE_URL ? null : await startEmbeddedPostgres({ dataDir: null, maxConnections: 4 });
  const pool = createPool(process.env.DATABASE_URL ?? embedded!.url, 2);
  try {
    const differ = await openSchemaDiffer(pool);
    const sql = await differ.diff(previous.content, schema);
    differ.close();
    if (!sql && !values['allow-empty']) {
      console.log(
        `prisma/${kind}/schema.prisma has no changes since ${previous.name ?? 'the beginning'}: nothing written.`,
      );
      return 0;
    }
    const dir = join(root, 'prisma', kind, 'migrations', `${String(previous.next).padStart(4, '0')}_${name}`);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'migration.sql'), sql || '-- (empty migration: add the SQL by hand)\n');
    await writeFile(join(dir, 'schema.snapshot.prisma'), schema);
    console.log(`wrote ${relative(root, dir)}/migration.sql — review it, then run \`npx facturo migrate\``);
    return 0;
  } finally {
    await pool.end();
    await embedded?.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await main();
}
