// Opens the database of the process: PostgreSQL at DATABASE_URL, or the embedded PGlite under DATA_DIR — one
// pg.Pool for that default server (central lives there), one more per other server a tenant lives on (opened on
// first use, directory.ts), with the central client and the tenant client cache on top.
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
import { createSecretBox } from '../secrets.ts';
import { Directory, type TenantRoute } from './directory.ts';

export interface Database {
  /** The default server's pool: the central schema, and the tenants that live on that server. */
  pool: pg.Pool;
  central: CentralClient;
  /** The Prisma client bound to a tenant schema, on the server the schema lives on (cached, capped). */
  tenant(schema: string): TenantClient;
  /** The pool of the server a tenant schema lives on: raw SQL naming that schema goes through it. */
  poolFor(schema: string): pg.Pool;
  /** The tenant's server, its pool and where its transactions queue jobs. */
  route(schema: string): TenantRoute;
  /** Which server each tenant lives on, the per-server pools, and moves' holds. */
  directory: Directory;
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
  const openPool = (serverUrl: string) =>
    createPool(serverUrl, max, options.logger, config.databaseApplicationName, {
      namedStatements: mode === 'server' && config.databasePreparedStatements,
    });
  const pool = openPool(url);
  const directory = new Directory({
    centralPool: pool,
    openPool,
    secrets: createSecretBox(config.secretsKey),
    embedded: mode !== 'server',
  });
  try {
    await directory.load();
  } catch (error) {
    await pool.end().catch(() => undefined);
    await embedded?.close();
    throw error;
  }
  const central = createCentralClient(pool);
  const tenants = new TenantClientCache(config.tenantClientCacheSize);
  return {
    pool,
    central,
    tenant: (schema) => {
      const route = directory.route(schema);
      return tenants.get(schema, route.server, route.pool);
    },
    poolFor: (schema) => directory.route(schema).pool,
    route: (schema) => directory.route(schema),
    directory,
    mode,
    url,
    close: closeOnce(async () => {
      await tenants.closeAll();
      await central.$disconnect().catch(() => undefined);
      await directory.close();
      await pool.end().catch(() => undefined);
      await embedded?.close();
    }),
  };
}
