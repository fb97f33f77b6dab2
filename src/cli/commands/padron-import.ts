// `npx facturo padron:import <padron_reducido_ruc.txt|.zip>`: loads SUNAT's padrón reducido (src/admin/padron.ts).
// A sample for development ships in assets/padron_reducido_ruc.sample.txt.
import type { CliCommand } from '../index.ts';
import { importPadron } from '../../admin/padron.ts';
import { usageError, withDatabase } from './shared.ts';

const USAGE = 'Uso: facturo padron:import <padron_reducido_ruc.txt | padron_reducido_ruc.zip>\n';

export const command: CliCommand = {
  summary: 'Importa el padrón reducido de RUC de SUNAT (txt o zip)',
  async run(argv) {
    const path = argv[0];
    if (!path) return usageError(USAGE, 'Falta el archivo.');
    return withDatabase(async (db) => {
      const started = Date.now();
      let last = 0;
      const result = await importPadron(db.pool, path, (rows) => {
        if (rows - last >= 100_000) {
          last = rows;
          process.stderr.write(`  ${rows.toLocaleString('es-PE')} filas…\n`);
        }
      });
      process.stdout.write(
        `Padrón importado: ${result.rows} RUC (${result.skipped} líneas omitidas) en ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
      );
      return 0;
    });
  },
};
