// The one pg.Pool of the process: the central client, every tenant client and the migration runner share it.
import pg from 'pg';

export interface PoolLogger {
  error(obj: unknown, msg?: string): void;
}

export function createPool(connectionString: string, max: number, logger?: PoolLogger): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: 'facturo',
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 15_000,
  });
  // Each Prisma client bound to the pool adds an 'error' listener (adapter-pg): tenant clients are many.
  pool.setMaxListeners(0);
  // An idle client that loses its server must not crash the process; the next checkout reconnects.
  pool.on('error', (error) => logger?.error({ err: error }, 'idle database connection failed'));
  return pool;
}
