// `npx facturo database:prune [--all]`: drops the old copies moved companies left on their former servers once
// their grace period is over (the job the move queued does the same at that moment).
import pino from 'pino';
import { dropOldCopies } from '../../platform/db/move/drop.ts';
import { defineCommand } from '../command.ts';
import { jsonOutputOption } from '../options.ts';
import { DATABASE_NOTES, withDatabase } from './database.ts';

export const command = defineCommand(
  {
    name: 'database:prune',
    summary: 'Elimina las copias antiguas de empresas trasladadas cuyo periodo de gracia terminó',
    description: `Tras un traslado (tenant:move) el servidor de origen conserva una copia cercada (de solo lectura) del
esquema de la empresa durante el periodo de gracia; un trabajo del worker la elimina al terminar ese periodo. Este
comando elimina ahora las copias cuyo periodo terminó, o todas con --all. Solo elimina copias cercadas de empresas
que viven en otro servidor.`,
    options: {
      all: { type: 'boolean', description: 'También las copias aún en su periodo de gracia' },
      json: jsonOutputOption('{dropped: [id de traslado]}'),
    },
    notes: DATABASE_NOTES,
  },
  async ({ options }) =>
    withDatabase(async (db) => {
      const log = pino({ level: process.env.LOG_LEVEL ?? 'warn' });
      const dropped = await dropOldCopies(db, log, options.all);
      if (options.json) process.stdout.write(`${JSON.stringify({ dropped })}\n`);
      else process.stdout.write(`${dropped.length} copia(s) eliminada(s).\n`);
      return 0;
    }),
);
