import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The long drills and build checks: `npm run test:long` (vitest.long.config.ts) runs them, and CI runs both
 * `npm test` and `npm run test:long`. Each costs 12–26 s of CPU on its own (docs/testing.md).
 */
export const LONG_TESTS = [
  'test/platform/sdk.test.ts', // tsc over the generated SDK types, twice
  'test/platform/compiled-start.test.ts', // builds the whole server
  'test/cli/xml-batch.test.ts', // the CLI over folders of bodies
  'test/cli/help.test.ts', // eighteen CLI processes
  'test/features/hostile-fuzz.test.ts', // a slice of the mutation fuzz (FUZZ_SLICE)
  'test/property/compiled-parse.property.test.ts', // every fixture with each value removed, and 1,800 generated bodies
];

/**
 * Test files run side by side: vitest's default (one fewer than the cores) leaves a 2-core machine running one
 * file at a time, while most of a file's time is spent waiting for the database, a socket or a child process.
 * FACTURO_TEST_WORKERS overrides (`--maxWorkers` on the command line too).
 */
export const TEST_WORKERS = Number(process.env.FACTURO_TEST_WORKERS) || availableParallelism() + 1;

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...LONG_TESTS],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: TEST_WORKERS,
    // One database for the whole run: PostgreSQL (DATABASE_URL → its facturo_test database) or one embedded
    // PGlite server; its URL reaches the test files through inject('databaseUrl') (test/helpers/db.ts).
    globalSetup: ['test/setup/global-setup.ts'],
  },
});
