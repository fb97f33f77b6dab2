// Opens the database of the process: PostgreSQL at DATABASE_URL, or the embedded PGlite under DATA_DIR —
// one pg.Pool either way, with the central client and the tenant client cache on top.
import { closeOnce } from './close-once.ts';
import type pg from 'pg';
import type { Config } from '../config.ts';
import { createCentralClient, TenantClientCache, type CentralClient, type TenantClient } from './clients.ts';
import {
  EmbeddedDatabaseBusyError,
  embeddedUrlWithPassword,
  readEmbeddedOwner,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from './embedded.ts';
import { createPool, type PoolLogger } from './pool.ts';

export interface Database {
  pool: pg.Pool;
  central: CentralClient;
  /** The Prisma client bound to a tenant schema (cached, capped). */
  tenant(schema: string): TenantClient;
  /** 'server' = DATABASE_URL; 'embedded' = PGlite opened by this process; 'embedded-remote' = another process's PGlite. */
  mode: 'server' | 'embedded' | 'embedded-remote';
  url: string;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  logger?: PoolLogger;
  /**
   * What to do when another process already holds the embedded data directory:
   * 'connect' (CLI commands: go through its socket) or 'refuse' (the server: two servers on one directory).
   */
  whenEmbeddedBusy?: 'connect' | 'refuse';
}

// PGlite runs one query at a time; a few connections are enough and keep the socket server's cap safe.
const EMBEDDED_POOL_MAX = 8;

export async function openDatabase(config: Config, options: OpenDatabaseOptions = {}): Promise<Database> {
  let embedded: EmbeddedPostgres | null = null;
  let url: string;
  let mode: Database['mode'];
  let max = config.databasePoolMax;
  if (config.databaseUrl) {
    url = config.databaseUrl;
    mode = 'server';
  } else {
    const owner = await readEmbeddedOwner(config.dataDir);
    if (owner) {
      // Opened already — by another process (a CLI command while the server runs) or by this very process
      // (a second Database in tests): go through its socket, never open the directory twice.
      const mayConnect = owner.pid === process.pid || options.whenEmbeddedBusy === 'connect';
      if (!mayConnect || !owner.url) throw new EmbeddedDatabaseBusyError(config.dataDir, owner);
      url = await embeddedUrlWithPassword(config.dataDir, owner.url);
      mode = 'embedded-remote';
    } else {
      embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, maxConnections: 64 });
      url = embedded.url;
      mode = 'embedded';
    }
    max = Math.min(max, EMBEDDED_POOL_MAX);
  }
  // PGlite is one session shared by every connection: a statement one connection names, all would see.
  const pool = createPool(url, max, options.logger, config.databaseApplicationName, {
    namedStatements: mode === 'server' && config.databasePreparedStatements,
  });
  const central = createCentralClient(pool);
  const tenants = new TenantClientCache(pool, config.tenantClientCacheSize);
  return {
    pool,
    central,
    tenant: (schema) => tenants.get(schema),
    mode,
    url,
    close: closeOnce(async () => {
      await tenants.closeAll();
      await central.$disconnect().catch(() => undefined);
      await pool.end().catch(() => undefined);
      await embedded?.close();
    }),
  };
}
