// `npx facturo migrate`: brings the central schema and every tenant schema up to date. Running it again is
// a no-op; a migration changed after it was applied is refused.
import { migrateAll } from '../../platform/db/migrator.ts';
import { defineCommand } from '../command.ts';
import { DATABASE_NOTES, withDatabase } from './database.ts';
import { jsonOutputOption } from '../options.ts';

export const command = defineCommand(
  {
    name: 'migrate',
    summary: 'Aplica las migraciones pendientes (esquema central y de cada empresa)',
    description: `Aplica las migraciones pendientes al esquema central y al de cada empresa, cada una en su servidor de
base de datos. Ejecutarlo de nuevo no cambia nada; una migración modificada después de aplicada se rechaza.`,
    options: {
      json: jsonOutputOption('{schemas, applied}'),
    },
    notes: DATABASE_NOTES,
  },
  async ({ options }) =>
    withDatabase(async (db) => {
      const results = await migrateAll(db.pool, { serverPool: (server) => db.directory.pool(server) });
      const applied = results.filter((r) => r.applied.length > 0);
      if (options.json) {
        process.stdout.write(`${JSON.stringify({ schemas: results.length, applied })}\n`);
      } else {
        for (const r of applied) process.stdout.write(`${r.schema}: ${r.applied.join(', ')}\n`);
        process.stdout.write(`${results.length} esquemas revisados, ${applied.length} actualizados.\n`);
      }
      return 0;
    }),
);
