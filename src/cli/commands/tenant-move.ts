// `npx facturo tenant:move --subdomain acme --to db2`: moves a company's schema to another database server while it
// keeps issuing (platform/db/move/move.ts). Ctrl+C before the flip undoes it; the company stays where it was.
import pino from 'pino';
import { MOVE_NEEDS_POSTGRESQL, moveTenant, type MoveReport } from '../../platform/db/move/move.ts';
import { defineCommand } from '../command.ts';
import { jsonOutputOption } from '../options.ts';
import { DATABASE_NOTES, withDatabase } from './database.ts';

export const command = defineCommand(
  {
    name: 'tenant:move',
    summary: 'Traslada una empresa a otro servidor de base de datos sin detenerla',
    description: `Copia el esquema de la empresa al servidor indicado por replicación lógica de PostgreSQL, mientras
la empresa sigue emitiendo; al alcanzarlo retiene sus solicitudes un momento (esperan, o reciben 503 con
Retry-After), cerca la copia de origen, comprueba filas, series y secuencias, y cambia el directorio: todos los
procesos envían a la empresa al nuevo servidor. Si algo falla antes del cambio, se deshace y la empresa sigue donde
estaba. El origen conserva una copia cercada durante el periodo de gracia (database:prune).
Necesita PostgreSQL 15 con wal_level=logical en el origen y un rol con permiso de replicación y de crear
suscripciones (superusuario) en ambos; la base embebida (PGlite) no lo admite.`,
    options: {
      subdomain: { type: 'string', placeholder: 'SUB', required: true, description: 'Subdominio de la empresa' },
      to: { type: 'string', placeholder: 'NAME', required: true, description: 'Servidor de destino (database:list)' },
      'grace-minutes': {
        type: 'integer',
        placeholder: 'MIN',
        min: 0,
        default: 1440,
        description: 'Minutos que el origen conserva su copia cercada',
      },
      'max-hold-ms': {
        type: 'integer',
        placeholder: 'MS',
        min: 1000,
        max: 120_000,
        default: 15_000,
        description: 'Máximo de la retención; si no alcanza, el traslado se deshace',
      },
      json: jsonOutputOption('{move, from, to, copyMs, holdMs, drainMs, totalMs, tables, ...}'),
    },
    notes: DATABASE_NOTES,
  },
  async ({ options }) =>
    withDatabase(
      async (db, config) => {
        const log = pino({ level: process.env.LOG_LEVEL ?? 'warn' }, pino.destination(2));
        const abort = new AbortController();
        const stop = () => abort.abort();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
        try {
          const report = await moveTenant(db, {
            subdomain: options.subdomain,
            to: options.to,
            graceMs: options['grace-minutes'] * 60_000,
            maxHoldMs: options['max-hold-ms'],
            drainMs: Math.min(5_000, options['max-hold-ms'] / 2),
            copyTimeoutMs: 6 * 3_600_000,
            signal: abort.signal,
            progress: options.json ? undefined : (line) => process.stderr.write(`${line}\n`),
            log,
          });
          process.stdout.write(options.json ? `${JSON.stringify(report)}\n` : asText(report, config.appDomain));
          return 0;
        } finally {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
        }
      },
      { serverOnly: MOVE_NEEDS_POSTGRESQL },
    ),
);

function asText(r: MoveReport, appDomain: string): string {
  const rows = Object.values(r.tables).reduce((sum, t) => sum + t.rows, 0);
  return [
    `Empresa ${r.subdomain}.${appDomain} trasladada de "${r.from}" a "${r.to}".`,
    `  Copia: ${rows} filas en ${Object.keys(r.tables).length} tablas, ${r.copyMs} ms; ${r.sequences} secuencias ajustadas.`,
    `  Retención: ${r.holdMs} ms (procesos: ${r.acknowledged}/${r.listeners} listos en ${r.drainMs} ms).`,
    `  Total: ${r.totalMs} ms. La copia de origen se elimina después de ${r.dropAfter}.`,
    '',
  ].join('\n');
}
