// `npx facturo migrate`: brings the central schema and every tenant schema up to date. Running it again is
// a no-op; a migration changed after it was applied is refused.
import { parseArgs } from 'node:util';
import { migrateAll } from '../../platform/db/migrator.ts';
import type { CliCommand } from '../index.ts';
import { usageError, withDatabase } from './shared.ts';

const USAGE = `Uso: facturo migrate [--json]

Aplica las migraciones pendientes al esquema central y al de cada empresa.
`;

export const command: CliCommand = {
  summary: 'Aplica las migraciones pendientes (esquema central y de cada empresa)',
  async run(argv) {
    let json = false;
    try {
      json = Boolean(parseArgs({ args: argv, options: { json: { type: 'boolean' } } }).values.json);
    } catch (error) {
      return usageError(USAGE, (error as Error).message);
    }
    return withDatabase(async (db) => {
      const results = await migrateAll(db.pool);
      const applied = results.filter((r) => r.applied.length > 0);
      if (json) {
        process.stdout.write(`${JSON.stringify({ schemas: results.length, applied })}\n`);
      } else {
        for (const r of applied) process.stdout.write(`${r.schema}: ${r.applied.join(', ')}\n`);
        process.stdout.write(`${results.length} esquemas revisados, ${applied.length} actualizados.\n`);
      }
      return 0;
    });
  },
};
