// `npm run test:long`: the long drills and build checks that `npm test` leaves out (LONG_TESTS in
// vitest.config.ts), with the same database and judges. CI runs it after `npm test`. These files are busy on the
// CPU (builds, tsc, CLI processes, fuzz) rather than waiting: vitest's own default of one file per core but one,
// and three minutes a test (the 300-body CLI batch took over one beside two builds on a loaded 2-core machine).
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import base, { LONG_TESTS } from './vitest.config.ts';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: LONG_TESTS,
    exclude: [],
    maxWorkers: Number(process.env.FACTURO_TEST_WORKERS) || Math.max(1, availableParallelism() - 1),
    testTimeout: 180_000,
  },
});
