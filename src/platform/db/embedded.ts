// The embedded default: PGlite (PostgreSQL compiled to WebAssembly) served on a loopback port by our wire
// server (pglite-server.ts), so the same pg.Pool + @prisma/adapter-pg + migration runner code works unchanged.
//
// Only one process may open a PGlite data directory. The owner writes `<dataDir>/owner.json` ({pid, url});
// another process (a CLI command while `npm start` runs) connects through that URL instead of opening the
// directory a second time, or is refused with a clear message.
//
// The socket listens on loopback only and asks every connection for a password (SCRAM-SHA-256): another local
// user cannot read or change the data. The password is generated on the first start and kept in
// `<dataDir>/db-password` (mode 0600, like the data); it is never printed, and owner.json's URL carries none: a
// process that connects reads it from that file (embeddedUrlWithPassword). In memory (tests): a fresh one per start.
import { closeOnce } from './close-once.ts';
import type { PGlite } from '@electric-sql/pglite';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { PgliteWireServer } from './pglite-server.ts';

/**
 * PostgreSQL's memory settings for one small database and one session. PGlite's WebAssembly memory only grows, and
 * what a setting lets PostgreSQL touch once stays resident: the default shared_buffers (128 MB) alone grew it from
 * 128 to 189 MB. Measured in docs/operations.md ("The embedded database").
 */
const MEMORY_SETTINGS = ['shared_buffers=16MB', 'maintenance_work_mem=16MB', 'temp_buffers=2MB'];

/**
 * Creates a new data directory (initdb) in a short-lived process: initdb's own WebAssembly instance and the
 * bundled files it unpacks (~400 MB) stay resident in the process that ran it (freed memory is not all given back
 * to the system), so the server opens a directory that already exists, as it does on every later start.
 */
async function initDataDir(path: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script =
    'const { PGlite } = require(process.argv[1]);' +
    'PGlite.create(process.argv[2]).then((db) => db.close()).then(() => process.exit(0), (e) => {' +
    ' console.error(e && e.message ? e.message : e); process.exit(1); });';
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, ['-e', script, pglite, path], { timeout: 120_000 }, (error, _stdout, stderr) => {
      if (error)
        reject(new Error(`initdb of the embedded database in ${path} failed: ${stderr.trim() || error.message}`));
      else resolve();
    });
  });
}

export interface EmbeddedPostgres {
  /** postgresql://postgres:<password>@127.0.0.1:<port>/postgres — a secret: never log it. */
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
const PASSWORD_FILE = 'db-password';

const newPassword = () => randomBytes(24).toString('base64url');

/** The data directory's database password: read, or generated and written (0600) on the first start. */
async function dataDirPassword(dataDir: string): Promise<string> {
  const path = join(dataDir, PASSWORD_FILE);
  try {
    const stored = (await readFile(path, 'utf8')).trim();
    if (stored) {
      await chmod(path, 0o600);
      return stored;
    }
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw error;
  }
  const password = newPassword();
  await writeFile(path, `${password}\n`, { mode: 0o600 });
  return password;
}

function withPassword(url: string, password: string): string {
  const parsed = new URL(url);
  parsed.password = password;
  return parsed.toString();
}

/** owner.json's URL with the data directory's password, for a process that connects to the running owner. */
export async function embeddedUrlWithPassword(dataDir: string, ownerUrl: string): Promise<string> {
  return withPassword(ownerUrl, (await readFile(join(dataDir, PASSWORD_FILE), 'utf8')).trim());
}

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
    const password = dataDir ? await dataDirPassword(dataDir) : newPassword();
    const path = dataDir ? join(dataDir, 'pglite') : undefined;
    if (path && !existsSync(join(path, 'PG_VERSION'))) await initDataDir(path);
    db = await PGlite.create(path, {
      startParams: [...PGlite.defaultStartParams, ...MEMORY_SETTINGS.flatMap((setting) => ['-c', setting])],
    });
    server = new PgliteWireServer(db, {
      host: '127.0.0.1',
      port: options.port ?? 0,
      maxConnections: options.maxConnections ?? 32,
      password,
    });
    const port = await server.start();
    const ownerUrl = `postgresql://postgres@127.0.0.1:${port}/postgres`;
    const url = withPassword(ownerUrl, password);
    if (dataDir) {
      await writeFile(join(dataDir, OWNER_FILE), JSON.stringify({ ...placeholder, url: ownerUrl }), { mode: 0o600 });
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
