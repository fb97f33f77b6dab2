// `npx facturo padron:import <padron_reducido_ruc.txt|.zip>`: loads SUNAT's padrón reducido (src/admin/padron.ts).
// A sample for development ships in assets/padron_reducido_ruc.sample.txt.
import { statSync } from 'node:fs';
import { importPadron } from '../../admin/padron.ts';
import { UsageError } from '../options.ts';
import { defineCommand } from '../command.ts';
import { DATABASE_NOTES, withDatabase } from './database.ts';

export const command = defineCommand(
  {
    name: 'padron:import',
    summary: 'Importa el padrón reducido de RUC de SUNAT (txt o zip)',
    description: `Carga el padrón reducido de RUC que publica SUNAT (padron_reducido_ruc.txt o su .zip) en la base
central, de donde las consultas de RUC (GET /api/services/ruc/{numero} y el registro de empresas) toman razón
social, estado, condición y dirección. Reemplaza el padrón anterior al terminar; las consultas nunca ven una carga a
medias, y responden con la fecha de esta importación.`,
    positionals: [
      {
        name: '<archivo>',
        description: 'padron_reducido_ruc.txt o .zip (muestra: assets/padron_reducido_ruc.sample.txt)',
      },
    ],
    options: {},
    notes: DATABASE_NOTES,
  },
  async ({ positionals: [path] }) => {
    // Checked before the database is opened, so a mistyped name is a usage error and not a half-started import.
    if (!statSync(path, { throwIfNoEntry: false })?.isFile()) throw new UsageError(`no existe el archivo ${path}`);
    return withDatabase(async (db) => {
      const started = Date.now();
      let last = 0;
      const result = await importPadron(db.pool, path, (rows) => {
        if (rows - last < 100_000) return;
        last = rows;
        process.stderr.write(`  ${rows.toLocaleString('es-PE')} filas…\n`);
      });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(
        `Padrón importado: ${result.rows} RUC (${result.skipped} líneas omitidas) en ${seconds} s\n`,
      );
      return 0;
    });
  },
);
