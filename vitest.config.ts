import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One database for the whole run: PostgreSQL (DATABASE_URL → its facturo_test database) or one embedded
    // PGlite server; its URL reaches the test files through inject('databaseUrl') (test/helpers/db.ts).
    globalSetup: ['test/setup/global-setup.ts'],
  },
});
