// Vitest global setup: ONE database for the whole run, handed to every test file as inject('databaseUrl').
// - DATABASE_URL set: the same server's `facturo_test` database (TEST_DATABASE_URL overrides), created if
//   missing and never dropped (several runs may share it; test files clean up the tenants they create).
// - otherwise: one in-memory PGlite served on a loopback port (no PostgreSQL needed).
// The central schema is migrated here once.
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/platform/db/embedded.ts';
import { loadMigrations, migrateSchema, migrationsDir } from '../../src/platform/db/migrator.ts';
import { createPool } from '../../src/platform/db/pool.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    databaseKind: 'postgresql' | 'pglite';
  }
}

function testDatabaseUrl(serverUrl: string): string {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const url = new URL(serverUrl);
  url.pathname = '/facturo_test';
  return url.toString();
}

async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!exists.rowCount) {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created meanwhile by a parallel run
      });
    }
  } finally {
    await client.end();
  }
}

/**
 * The judges the suite did not write, found on PATH before anything runs: without them ~220 tests fail one by one
 * with `spawnSync xmllint ENOENT`; this says once what is missing and how to install it.
 */
const EXTERNAL_JUDGES: ReadonlyArray<readonly [tool: string, debianPackage: string]> = [
  ['xmllint', 'libxml2-utils'],
  ['xmlsec1', 'xmlsec1'],
  ['pdftotext', 'poppler-utils'],
  ['pdftoppm', 'poppler-utils'],
  ['zbarimg', 'zbar-tools'],
];

export function missingJudges(path = process.env.PATH ?? ''): string[] {
  const dirs = path.split(delimiter).filter(Boolean);
  return EXTERNAL_JUDGES.filter(([tool]) => !dirs.some((dir) => existsSync(join(dir, tool)))).map(([tool]) => tool);
}

function assertJudgesInstalled(): void {
  const missing = missingJudges();
  if (!missing.length) return;
  const packages = [...new Set(EXTERNAL_JUDGES.filter(([t]) => missing.includes(t)).map(([, p]) => p))];
  throw new Error(
    `The tests check the XML, signatures and PDFs with ${missing.join(', ')}, not found on PATH. ` +
      `Install them (Debian/Ubuntu: apt-get install ${packages.join(' ')}) and run npm test again.`,
  );
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  assertJudgesInstalled();
  let embedded: EmbeddedPostgres | null = null;
  let url: string;
  if (process.env.DATABASE_URL) {
    url = testDatabaseUrl(process.env.DATABASE_URL);
    await ensureDatabase(url);
  } else {
    // Every test file's pool connects here: keep the cap well above workers × pool size.
    embedded = await startEmbeddedPostgres({ dataDir: null, maxConnections: 256 });
    url = embedded.url;
  }
  const pool = createPool(url, 2);
  try {
    await migrateSchema(pool, 'central', await loadMigrations(migrationsDir('central')));
  } finally {
    await pool.end();
  }
  project.provide('databaseUrl', url);
  project.provide('databaseKind', embedded ? 'pglite' : 'postgresql');
  return async () => {
    await embedded?.close();
  };
}
