// `npx facturo database:list`: the directory of database servers, each with its companies and whether it answers.
import { companiesPerServer, DEFAULT_SERVER, identify, isMissingRelation, maskUrl } from '../../platform/db/servers.ts';
import { defineCommand } from '../command.ts';
import { jsonOutputOption } from '../options.ts';
import { DATABASE_NOTES, withDatabase } from './database.ts';

export const command = defineCommand(
  {
    name: 'database:list',
    summary: 'Lista los servidores de base de datos y cuántas empresas tiene cada uno',
    description: `Lista los servidores de base de datos del directorio ("default" es DATABASE_URL) con su URL (sin
contraseña), cuántas empresas viven en cada uno (la carga con que se elige dónde crear una empresa nueva), si
responde y su wal_level.`,
    options: { json: jsonOutputOption('[{name, url, companies, reachable, wal_level}]') },
    notes: DATABASE_NOTES,
  },
  async ({ options }) =>
    withDatabase(async (db) => {
      const names = db.directory.serverNames();
      // A database nobody migrated yet has no companies.
      const counts = await companiesPerServer(db.pool, names).catch((error) => {
        if (isMissingRelation(error)) return new Map<string, number>();
        throw error;
      });
      const rows = [];
      for (const name of names) {
        const url = name === DEFAULT_SERVER ? db.url : (db.directory.url(name) ?? '');
        const identity = await identify(db.directory.pool(name)).catch(() => null);
        rows.push({
          name,
          url: db.mode === 'server' ? maskUrl(url) : '(embebida)',
          companies: counts.get(name) ?? 0,
          reachable: identity !== null,
          wal_level: identity?.walLevel ?? null,
        });
      }
      if (options.json) process.stdout.write(`${JSON.stringify(rows)}\n`);
      else
        for (const row of rows)
          process.stdout.write(
            `${row.name.padEnd(16)} ${String(row.companies).padStart(6)} empresas  ${row.reachable ? `wal_level=${row.wal_level}` : 'NO RESPONDE'}  ${row.url}\n`,
          );
      return 0;
    }),
);
