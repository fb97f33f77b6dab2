// `npm run test:long`: the long drills and build checks that `npm test` leaves out (LONG_TESTS in
// vitest.config.ts), with the same database and judges. CI runs it after `npm test`.
import { defineConfig } from 'vitest/config';
import base, { LONG_TESTS } from './vitest.config.ts';

export default defineConfig({ ...base, test: { ...base.test, include: LONG_TESTS, exclude: [] } });
