// The run's database (test/setup/global-setup.ts) and a Config pointing at it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../src/platform/config.ts';

export function testDatabaseUrl(): string {
  return inject('databaseUrl');
}

/** 'postgresql' with DATABASE_URL, 'pglite' otherwise. */
export function testDatabaseKind(): 'postgresql' | 'pglite' {
  return inject('databaseKind');
}

/**
 * A Config for tests: the run's database, fresh temporary DATA_DIR and STORAGE_DIR, silent logs, no demo
 * tenant. `env` adds or overrides environment keys (as strings, like the real environment); `overrides`
 * replaces parsed fields.
 */
export function testConfig(env: Record<string, string> = {}, overrides: Partial<Config> = {}): Config {
  const dir = mkdtempSync(join(tmpdir(), 'facturo-test-'));
  return loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.FACTURO_TEST_LOG_LEVEL ?? 'silent',
      DATABASE_URL: testDatabaseUrl(),
      DATABASE_POOL_MAX: '4',
      DATA_DIR: join(dir, 'data'),
      STORAGE_DIR: join(dir, 'storage'),
      DEMO_TENANT: 'false',
      // Test files share one database: a worker would take other files' jobs. Tests run one (scoped) when needed.
      WORKER_ENABLED: 'false',
      // The embedded database is one session behind its socket (src/platform/db/pglite-server.ts): a statement
      // name one connection prepares, every other would find taken. The server itself never names statements on
      // its own PGlite (database.ts); the suite reaches it by URL, as a server, so it says so here.
      ...(testDatabaseKind() === 'pglite' ? { DATABASE_PREPARED_STATEMENTS: 'false' } : {}),
      ...env,
    },
    overrides,
  );
}
