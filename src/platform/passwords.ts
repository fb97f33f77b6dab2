// Password hashing: argon2id, PHC string format ($argon2id$v=19$m=…,t=…,p=…$salt$hash), computed in
// WebAssembly by hash-wasm. Not the native `argon2` package: its prebuilt binary crashes (SIGSEGV) when loaded
// on our Debian machines, and npm's allowScripts policy keeps it from compiling itself on a clean install.
// The strings are the same format the native package writes and verifies.
// Every hash and verification runs in a small pool of worker threads (password-worker.ts), never on the event
// loop: one argon2id takes tens of milliseconds of CPU, and a burst of failed logins on one company's host, hashed
// on the main thread, slowed every other company's API (160 failed logins: ~5 → 182 ms median). The pool has one
// thread per core beyond the first (at least one, at most PASSWORD_THREADS_MAX). Jobs wait in one line per owner (a
// company's schema, the admin host) and the lines take turns, so that one company's burst of logins never queues
// another's behind it; a thread idle for IDLE_MS ends, giving its memory back.
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startWorkerBeside } from '../runtime/worker-entry.ts';
import type { PasswordJob, PasswordReply } from './password-job.ts';

const PASSWORD_THREADS_MAX = 2;
const IDLE_MS = 30_000;

type JobInput = PasswordJob extends infer J ? (J extends PasswordJob ? Omit<J, 'id'> : never) : never;

interface Pending {
  job: PasswordJob;
  resolve(value: string | boolean): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  current: Pending | null;
  idleTimer: NodeJS.Timeout | null;
}

/** One line of waiting jobs per owner, served in turns: the owner served last goes to the back. */
class FairQueue<T> {
  private readonly lines = new Map<string, T[]>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  push(owner: string, item: T): void {
    const line = this.lines.get(owner);
    if (line) line.push(item);
    else this.lines.set(owner, [item]);
    this.count += 1;
  }

  shift(): T | undefined {
    const first = this.lines.entries().next();
    if (first.done) return undefined;
    const [owner, line] = first.value;
    const item = line.shift()!;
    // Map keeps insertion order: deleted and set again, the owner waits behind every other one.
    this.lines.delete(owner);
    if (line.length > 0) this.lines.set(owner, line);
    this.count -= 1;
    return item;
  }
}

class PasswordPool {
  private readonly threads = new Set<Thread>();
  private readonly queue = new FairQueue<Pending>();
  private nextId = 1;

  constructor(private readonly size: number) {}

  run(owner: string, input: JobInput): Promise<string | boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push(owner, { job: { ...input, id: this.nextId++ } as PasswordJob, resolve, reject });
      this.dispatch();
    });
  }

  /** Jobs waiting for a thread (not counting the ones running). */
  get waiting(): number {
    return this.queue.size;
  }

  private dispatch(): void {
    while (this.queue.size > 0) {
      const thread = this.idleThread() ?? (this.threads.size < this.size ? this.spawn() : null);
      if (!thread) return;
      const next = this.queue.shift()!;
      if (thread.idleTimer) clearTimeout(thread.idleTimer);
      thread.idleTimer = null;
      thread.current = next;
      // Held while it works, so that a command waiting for a hash does not exit under it.
      thread.worker.ref();
      thread.worker.postMessage(next.job);
    }
  }

  private idleThread(): Thread | undefined {
    for (const thread of this.threads) if (!thread.current) return thread;
    return undefined;
  }

  private spawn(): Thread {
    const worker = startWorkerBeside(import.meta.url, 'password-worker');
    const thread: Thread = { worker, current: null, idleTimer: null };
    this.threads.add(thread);
    worker.on('message', (reply: PasswordReply) => {
      const pending = thread.current;
      if (!pending || pending.job.id !== reply.id) return;
      thread.current = null;
      worker.unref();
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(new Error(`password worker: ${reply.message}`));
      thread.idleTimer = setTimeout(() => this.retire(thread), IDLE_MS);
      thread.idleTimer.unref();
      this.dispatch();
    });
    const lost = (error: Error) => {
      if (!this.threads.delete(thread)) return;
      if (thread.idleTimer) clearTimeout(thread.idleTimer);
      thread.current?.reject(error);
      thread.current = null;
      this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`password worker exited with code ${code}`)));
    return thread;
  }

  private retire(thread: Thread): void {
    if (thread.current || !this.threads.delete(thread)) return;
    void thread.worker.terminate();
  }
}

/** Threads of the pool: one per core beyond the first, at least one, at most PASSWORD_THREADS_MAX. */
export const PASSWORD_THREADS = Math.max(1, Math.min(PASSWORD_THREADS_MAX, availableParallelism() - 1));

const pool = new PasswordPool(PASSWORD_THREADS);

/** Password jobs waiting for a thread of the pool right now. */
export function passwordJobsWaiting(): number {
  return pool.waiting;
}

/** `owner`: whose work it is (a company's schema, `admin`): owners take turns in the pool. */
export async function hashPassword(password: string, owner = 'system'): Promise<string> {
  return (await pool.run(owner, { op: 'hash', password })) as string;
}

/** False for a wrong password or a hash that is not an argon2 PHC string. */
export async function verifyPassword(hash: string, password: string, owner = 'system'): Promise<boolean> {
  if (!hash.startsWith('$argon2')) return false;
  return (await pool.run(owner, { op: 'verify', password, hash })) as boolean;
}
