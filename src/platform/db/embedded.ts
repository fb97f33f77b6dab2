// The embedded default: PGlite (PostgreSQL compiled to WebAssembly) served on a loopback port by our wire
// server (pglite-server.ts), so the same pg.Pool + @prisma/adapter-pg + migration runner code works unchanged.
//
// Only one process may open a PGlite data directory. The owner writes `<dataDir>/owner.json` ({pid, url});
// another process (a CLI command while `npm start` runs) connects through that URL instead of opening the
// directory a second time, or is refused with a clear message.
import { closeOnce } from './close-once.ts';
import type { PGlite } from '@electric-sql/pglite';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { PgliteWireServer } from './pglite-server.ts';

export interface EmbeddedPostgres {
  /** postgresql://…@127.0.0.1:<port>/postgres */
  url: string;
  /** null for an in-memory database (tests). */
  dataDir: string | null;
  close(): Promise<void>;
}

export interface EmbeddedOwner {
  pid: number;
  /** null while the owner is still opening the database. */
  url: string | null;
  startedAt: string;
}

export class EmbeddedDatabaseBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: EmbeddedOwner,
  ) {
    super(
      `La base de datos embebida en ${dataDir} está abierta por otro proceso (pid ${owner.pid}${owner.url ? '' : ', iniciando'}). ` +
        'Detenga ese proceso o use DATABASE_URL con un servidor PostgreSQL.',
    );
    this.name = 'EmbeddedDatabaseBusyError';
  }
}

const OWNER_FILE = 'owner.json';

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

function portAnswers(url: string, timeoutMs = 1000): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The live owner of a data directory, or null when nobody holds it (a stale owner file is ignored). */
export async function readEmbeddedOwner(dataDir: string): Promise<EmbeddedOwner | null> {
  let owner: EmbeddedOwner;
  try {
    owner = JSON.parse(await readFile(join(dataDir, OWNER_FILE), 'utf8')) as EmbeddedOwner;
  } catch {
    return null;
  }
  if (owner.pid === process.pid) return owner;
  if (!processAlive(owner.pid)) return null;
  // Still opening (a few seconds): alive is enough.
  if (!owner.url) return owner;
  // The pid may have been reused by an unrelated process: the port must answer too.
  return (await portAnswers(owner.url)) ? owner : null;
}

async function claimOwnership(dataDir: string, owner: EmbeddedOwner): Promise<void> {
  const path = join(dataDir, OWNER_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(path, JSON.stringify(owner), { flag: 'wx', mode: 0o600 });
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST') throw error;
      const current = await readEmbeddedOwner(dataDir);
      // A live owner — another process, or this one — keeps the directory; only a stale file is removed.
      if (current) throw new EmbeddedDatabaseBusyError(dataDir, current);
      await rm(path, { force: true });
    }
  }
  throw new Error(`cannot claim ${path}`);
}

export interface StartEmbeddedOptions {
  /** Directory of the PGlite data; null = in memory. */
  dataDir: string | null;
  /** 0 = any free port. */
  port?: number;
  /** Keep ≥ the pool's max (every pool connection is one socket). */
  maxConnections?: number;
}

export async function startEmbeddedPostgres(options: StartEmbeddedOptions): Promise<EmbeddedPostgres> {
  const { dataDir } = options;
  let placeholder: EmbeddedOwner | null = null;
  if (dataDir) {
    await mkdir(dataDir, { recursive: true });
    // Claim before opening: two processes must never open the same directory, even for a moment.
    placeholder = { pid: process.pid, url: null, startedAt: new Date().toISOString() };
    await claimOwnership(dataDir, placeholder);
  }
  let db: PGlite | null = null;
  let server: PgliteWireServer | null = null;
  try {
    // Loaded here, not at import: with DATABASE_URL (a PostgreSQL server) the process never loads PGlite.
    const { PGlite } = await import('@electric-sql/pglite');
    db = await PGlite.create(dataDir ? join(dataDir, 'pglite') : undefined);
    server = new PgliteWireServer(db, {
      host: '127.0.0.1',
      port: options.port ?? 0,
      maxConnections: options.maxConnections ?? 32,
    });
    const port = await server.start();
    const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
    if (dataDir) {
      await writeFile(join(dataDir, OWNER_FILE), JSON.stringify({ ...placeholder, url }), { mode: 0o600 });
    }
    const openDb = db;
    const openServer = server;
    return {
      url,
      dataDir,
      close: closeOnce(async () => {
        await openServer.stop();
        await openDb.close();
        if (dataDir) await rm(join(dataDir, OWNER_FILE), { force: true });
      }),
    };
  } catch (error) {
    await server?.stop().catch(() => undefined);
    await db?.close().catch(() => undefined);
    if (dataDir) await rm(join(dataDir, OWNER_FILE), { force: true });
    throw error;
  }
}
