// File storage: STORAGE_DIR/<tenant>/<key> on disk. The interface is small so that an
// S3-compatible implementation can replace it in production without touching callers.
import { mkdirSync, renameSync, rmSync, writeFile, writeFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export interface PutOptions {
  /**
   * false: the file need not survive a crash of the machine (no fsync) — for a file the caller can make again
   * byte for byte and checks whole when it reads it (the signed XML: src/pipeline/rebuild.ts). Written with
   * synchronous calls then (putUnflushed, below). Default true.
   */
  durable?: boolean;
}

export interface FileStorage {
  /** Atomic: written to a temporary file, flushed (unless `durable: false`), then renamed over the key. */
  put(tenant: string, key: string, data: Buffer | string, options?: PutOptions): Promise<void>;
  get(tenant: string, key: string): Promise<Buffer | null>;
  exists(tenant: string, key: string): Promise<boolean>;
  delete(tenant: string, key: string): Promise<void>;
}

// Tenants are schema names (`t_acme`); keys are relative paths such as `signed/20123456789-01-F001-1.xml`.
const TENANT = /^[a-z0-9_][a-z0-9_-]{0,62}$/;
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;

export class StorageKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorageKeyError';
  }
}

function resolvePath(rootDir: string, tenant: string, key: string): string {
  if (!TENANT.test(tenant)) throw new StorageKeyError(`invalid storage tenant: ${JSON.stringify(tenant)}`);
  const segments = key.split('/');
  // No absolute paths, no `..`, no hidden files: a key can never leave its tenant's folder.
  if (segments.length > 8 || !segments.every((s) => SEGMENT.test(s) && !/^\.+$/.test(s))) {
    throw new StorageKeyError(`invalid storage key: ${JSON.stringify(key)}`);
  }
  return join(rootDir, tenant, ...segments);
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === 'ENOENT';
}

let tempSequence = 0;

/**
 * Writes a new file, fsynced when `flush`, in one callback chain (open, write, fsync, close inside fs.writeFile):
 * the promise API's FileHandle costs a promise and an object per step, paid twice per issued document.
 */
function writeNewFile(path: string, data: Buffer | string, flush: boolean): Promise<void> {
  return new Promise((resolve, reject) =>
    writeFile(path, data, { mode: 0o640, flush }, (error) => (error ? reject(error) : resolve())),
  );
}

/**
 * A write that waits for no disk, done with synchronous calls on purpose: open, write, close and rename into the
 * page cache take tens of microseconds, while the same four calls through libuv's thread pool cost a thread wake-up
 * and a callback each — measured on the 2-core bench, the signed XML's write that way was ~0.3 ms of CPU per issued
 * document (docs/performance.md, "Files without waiting").
 */
function putUnflushed(folder: string, temp: string, path: string, data: Buffer | string): void {
  try {
    writeFileSync(temp, data, { mode: 0o640 });
  } catch (error) {
    if (!isNotFound(error)) throw error;
    // Removed behind our back: made again here, so it stays in the caller's set of known folders.
    mkdirSync(folder, { recursive: true });
    writeFileSync(temp, data, { mode: 0o640 });
  }
  try {
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

export function createDiskStorage(rootDir: string): FileStorage {
  // Folders known to exist (a mkdir per write is a syscall storm under load); forgotten if a write fails.
  const folders = new Set<string>();
  return {
    async put(tenant, key, data, options = {}) {
      const flush = options.durable !== false;
      const path = resolvePath(rootDir, tenant, key);
      const folder = dirname(path);
      if (!folders.has(folder)) {
        await mkdir(folder, { recursive: true });
        if (folders.size > 10_000) folders.clear();
        folders.add(folder);
      }
      // Unique within the process (pid + counter): random bytes per write cost CPU and bought nothing more.
      tempSequence += 1;
      const temp = `${path}.${process.pid}-${tempSequence}.tmp`;
      if (!flush) return putUnflushed(folder, temp, path, data);
      try {
        await writeNewFile(temp, data, flush);
      } catch (error) {
        folders.delete(folder); // removed behind our back: create it again next time
        if (!isNotFound(error)) throw error;
        await mkdir(folder, { recursive: true });
        await writeNewFile(temp, data, flush);
      }
      try {
        await rename(temp, path);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(tenant, key) {
      try {
        return await readFile(resolvePath(rootDir, tenant, key));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async exists(tenant, key) {
      try {
        return (await stat(resolvePath(rootDir, tenant, key))).isFile();
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async delete(tenant, key) {
      try {
        await unlink(resolvePath(rootDir, tenant, key));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
  };
}
