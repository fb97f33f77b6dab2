// The one pg.Pool of the process: the central client, every tenant client and the migration runner share it.
import pg from 'pg';
import { allowNamedStatements } from './prepared.ts';

export interface PoolLogger {
  error(obj: unknown, msg?: string): void;
}

export function createPool(
  connectionString: string,
  max: number,
  logger?: PoolLogger,
  applicationName = 'facturo',
  options: { namedStatements?: boolean } = {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: applicationName,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 15_000,
  });
  // Each Prisma client bound to the pool adds an 'error' listener (adapter-pg): tenant clients are many.
  pool.setMaxListeners(0);
  // An idle client that loses its server must not crash the process; the next checkout reconnects.
  pool.on('error', (error) => logger?.error({ err: error }, 'idle database connection failed'));
  // A client checked out with pool.connect() has no pool listener while it is out: a server that terminates it
  // between two queries (pg_terminate_backend, a restart) would emit an unhandled 'error' and kill the process.
  // Every client gets its own listener at birth; its query fails (→ 503) and the pool drops it on release.
  pool.on('connect', (client) => {
    client.on('error', (error) => logger?.error({ err: error }, 'database connection lost'));
    if (options.namedStatements) allowNamedStatements(client);
  });
  return pool;
}
