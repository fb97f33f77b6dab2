// Vitest global setup: ONE database for the whole run, handed to every test file as inject('databaseUrl').
// - DATABASE_URL set: the same server's `facturo_test` database (TEST_DATABASE_URL overrides), created if
//   missing and never dropped (several runs may share it; test files clean up the tenants they create).
// - otherwise: one in-memory PGlite served on a loopback port (no PostgreSQL needed).
// The central schema is migrated here once, and build/ is brought up to date (scripts/build.mjs, a no-op when no
// source changed): the tests that run `npx facturo` (bin/facturo.mjs) run the compiled CLI, which must be this tree's.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { onPath } from '../helpers/system-tools.ts';
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
 * The judges the suite did not write come from npm (libxml2-wasm, xml-crypto, pdf.js, ZXing-C++): `npm test` needs
 * only Node and npm. These Debian tools, when on PATH, add a second opinion that must agree (test/golden/judges.ts,
 * test/render/pdf-tools.ts); CI installs them. The run says once which second opinions it has.
 */
const SECOND_OPINIONS: ReadonlyArray<readonly [tool: string, debianPackage: string]> = [
  ['xmllint', 'libxml2-utils'],
  ['xmlsec1', 'xmlsec1'],
  ['pdftotext', 'poppler-utils'],
  ['pdftoppm', 'poppler-utils'],
  ['pdfinfo', 'poppler-utils'],
  ['pdfimages', 'poppler-utils'],
  ['zbarimg', 'zbar-tools'],
  ['openssl', 'openssl'],
];

export function missingJudges(path = process.env.PATH ?? ''): string[] {
  return SECOND_OPINIONS.filter(([tool]) => !onPath(tool, path)).map(([tool]) => tool);
}

function reportSecondOpinions(): void {
  const missing = missingJudges();
  if (!missing.length) {
    console.log('judges: npm (libxml2-wasm, xml-crypto, pdf.js, ZXing) with the Debian tools as a second opinion');
    return;
  }
  const packages = [...new Set(SECOND_OPINIONS.filter(([t]) => missing.includes(t)).map(([, p]) => p))];
  console.log(
    `judges: npm (libxml2-wasm, xml-crypto, pdf.js, ZXing); no second opinion from ${missing.join(', ')} ` +
      `(optional: apt-get install ${packages.join(' ')})`,
  );
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  reportSecondOpinions();
  execFileSync(process.execPath, [fileURLToPath(new URL('../../scripts/build.mjs', import.meta.url))], {
    stdio: 'inherit',
  });
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
    // A PostgreSQL test database outlives the run: the login and rate-limit counters an earlier run left (same
    // addresses, same accounts) would answer 429 to this one's first logins when the two are a minute apart.
    await pool.query('TRUNCATE "central"."login_throttles", "central"."rate_limit_hits"');
  } finally {
    await pool.end();
  }
  project.provide('databaseUrl', url);
  project.provide('databaseKind', embedded ? 'pglite' : 'postgresql');
  return async () => {
    await embedded?.close();
  };
}
