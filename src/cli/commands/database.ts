// What the database commands share: configuration, opening the database the way a second process must
// (through the running server's embedded socket, never opening its data directory twice), and printing
// platform errors.
import { ConfigError, loadConfig, loadDotEnv, type Config } from '../../platform/config.ts';
import { openDatabase, type Database } from '../../platform/db/database.ts';
import { EmbeddedDatabaseBusyError } from '../../platform/db/embedded.ts';
import { MigrationError } from '../../platform/db/migrator.ts';
import { MoveError } from '../../platform/db/move/move.ts';
import { ServerError } from '../../platform/db/servers.ts';
import { isAppError, withPath } from '../../platform/errors.ts';
import { unexpectedErrorText } from '../unexpected.ts';

export async function withDatabase(
  run: (db: Database, config: Config) => Promise<number>,
  options: { serverOnly?: string } = {},
): Promise<number> {
  let config: Config;
  try {
    loadDotEnv();
    config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  } catch (error) {
    return reportError(error);
  }
  // A command that needs a PostgreSQL server says so before opening the embedded database.
  if (options.serverOnly && !config.databaseUrl) {
    process.stderr.write(`${options.serverOnly}
`);
    return 1;
  }
  let db: Database;
  try {
    db = await openDatabase(config, { whenEmbeddedBusy: 'connect' });
  } catch (error) {
    return reportError(error, config);
  }
  try {
    if (db.mode === 'embedded-remote')
      process.stderr.write(`(usando la base de datos embebida del servidor en ejecución: ${db.url})\n`);
    return await run(db, config);
  } catch (error) {
    return reportError(error, config);
  } finally {
    await db.close();
  }
}

function reportError(error: unknown, config?: Config): number {
  if (isAppError(error)) {
    process.stderr.write(`Error (${error.code}): ${error.message}\n`);
    for (const item of error.errors) process.stderr.write(`  - ${withPath(item.path || '(cuerpo)', item.message)}\n`);
    return 1;
  }
  if (
    error instanceof ConfigError ||
    error instanceof MigrationError ||
    error instanceof EmbeddedDatabaseBusyError ||
    error instanceof ServerError ||
    error instanceof MoveError
  ) {
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
  process.stderr.write(unexpectedErrorText(error, { databaseUrl: config?.databaseUrl }));
  return 1;
}

/** The environment the database commands read, for their help. */
export const DATABASE_NOTES = `Configuración: lee el entorno y el archivo .env como \`npm start\` (DATABASE_URL; sin ella, la base
embebida en DATA_DIR, por defecto ./data, a través del servidor si está en ejecución).`;
