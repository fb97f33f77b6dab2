// Processes for the benchmark and the drills: a fresh PostgreSQL database, the SUNAT simulator and API servers as
// separate processes (SUNAT is remote in real life), tenants provisioned through the real service, an HTTP client
// with keep-alive, and CPU/memory readings from /proc.
import { generateKeyPairSync, sign } from 'node:crypto';
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The request fixtures the benchmark posts (test/fixtures/requests). */
const REQUESTS = join(ROOT, 'test/fixtures/requests');

export function serverUrl(): string {
  return process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
}

/** Drops and creates `name` on the server; returns its URL. */
export async function freshDatabase(name: string): Promise<string> {
  const admin = new URL(serverUrl());
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export interface Proc {
  name: string;
  child: ChildProcess;
  pid: number;
  url: string;
  output: string[];
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Roots whose prestart (the build) ran in this process: once per root, before its first API starts. */
const prepared = new Set<string>();

/**
 * The node arguments of `npm start` in `root` (package.json's start script after `node`: heap flags and entry), its
 * prestart run first, so the API measured here is the process `npm start` runs: the compiled build/server.js with
 * its heap limit, or, in an older checkout without a build (bench:compare), `--import tsx src/server.ts`.
 */
export function startArgs(root = ROOT): string[] {
  const scripts: Record<string, string> = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;
  if (scripts.prestart && !prepared.has(root)) {
    execSync(scripts.prestart, { cwd: root, stdio: 'inherit' });
    prepared.add(root);
  }
  const [command, ...args] = scripts.start.trim().split(/\s+/);
  if (command !== 'node') throw new Error(`npm start in ${root} is not a node command: ${scripts.start}`);
  return args;
}

/** `node <args>` in `root`; `args` are node's own (flags, then the entry and its arguments). */
function run(
  name: string,
  args: string[],
  env: Record<string, string>,
  url: string,
  profileDir?: string,
  root = ROOT,
): Proc {
  // BENCH_CPU_PROF=dir: V8 CPU profiles of the API and simulator processes (written when they stop).
  const dir = profileDir ?? process.env.BENCH_CPU_PROF;
  const prof = dir ? ['--cpu-prof', '--cpu-prof-dir', dir] : [];
  const child = spawn(process.execPath, [...prof, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  // BENCH_PROC_LOG_DIR=dir: every process's whole output in dir/<name>-<pid>.log (the drills' post-mortems).
  const logDir = process.env.BENCH_PROC_LOG_DIR;
  if (logDir) {
    const file = createWriteStream(join(logDir, `${name}-${child.pid}.log`));
    child.stdout!.pipe(file, { end: false });
    child.stderr!.pipe(file, { end: false });
  }
  return {
    name,
    child,
    pid: child.pid!,
    url,
    output,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill(signal);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

export async function waitFor(url: string, timeoutMs = 60_000, proc?: Proc): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      /* not yet */
    }
    if (proc && (proc.child.exitCode !== null || proc.child.signalCode !== null))
      throw new Error(`${proc.name} exited:\n${proc.output.join('')}`);
    if (Date.now() > until) throw new Error(`timeout waiting for ${url}${proc ? `\n${proc.output.join('')}` : ''}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Refuses a port another process listens on. Without this a leftover server (a stand-in of an interrupted run)
 * answered in place of the one just started, whose bind failed: a whole bench measured the wrong process.
 */
export function assertPortFree(port: number, host = '127.0.0.1'): Promise<void> {
  return new Promise((resolvePort, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`port ${port} is taken by another process (a server left over from an earlier run?)`)
          : error,
      ),
    );
    probe.listen(port, host, () => probe.close(() => resolvePort()));
  });
}

/** The SUNAT simulator; `fast`: the throughput stand-in (no XSD, signature or rule checks). */
export async function startSimulator(
  port: number,
  dataFile: string,
  options: { fast?: boolean; root?: string } = {},
): Promise<Proc> {
  await assertPortFree(port);
  const proc = run(
    options.fast ? 'simulator (fast)' : 'simulator',
    [
      '--import',
      'tsx',
      'bin/facturo.mjs',
      'sunat-simulator',
      '--port',
      String(port),
      '--data-file',
      dataFile,
      ...(options.fast ? ['--fast'] : []),
    ],
    {},
    `http://127.0.0.1:${port}`,
    undefined,
    options.root,
  );
  await waitFor(`${proc.url}/__simulator/stats`, 60_000, proc);
  return proc;
}

export interface ApiOptions {
  port: number;
  databaseUrl: string;
  simulatorUrl: string;
  storageDir: string;
  dataDir?: string;
  env?: Record<string, string>;
  /** Write a V8 CPU profile of the API process here when it stops. */
  profileDir?: string;
  /** The source tree to run (bench/compare.ts: another commit's checkout); this one by default. */
  root?: string;
}

export async function startApi(o: ApiOptions): Promise<Proc> {
  await assertPortFree(o.port);
  // Not NODE_ENV=production: production refuses SUNAT_MODE=simulator, and the benchmark sends to a simulator.
  const proc = run(
    `api:${o.port}`,
    startArgs(o.root),
    {
      NODE_ENV: 'development',
      SECRETS_KEY: '0'.repeat(64),
      DEMO_TENANT: 'false',
      LOG_LEVEL: 'warn',
      PORT: String(o.port),
      HOST: '127.0.0.1',
      DATABASE_URL: o.databaseUrl,
      DATABASE_POOL_MAX: '20',
      SUNAT_MODE: 'simulator',
      SUNAT_SIMULATOR_URL: o.simulatorUrl,
      STORAGE_DIR: o.storageDir,
      DATA_DIR: o.dataDir ?? mkdtempSync(join(tmpdir(), 'facturo-bench-data-')),
      APP_DOMAIN: 'localhost',
      ...o.env,
    },
    `http://127.0.0.1:${o.port}`,
    o.profileDir,
    o.root,
  );
  await waitFor(`${proc.url}/health/ready`, 90_000, proc);
  return proc;
}

export interface BenchTenant {
  id: number;
  hostname: string;
  token: string;
  schema: string;
  ruc: string;
  /** The first user's e-mail and password. */
  email: string;
  password: string;
}

/** A demo tenant through the real provisioning service (the API process has migrated the database). */
/**
 * A tenant made by the code of the checkout at `root` (bench:compare's older side is provisioned by its own
 * migrations, not this working tree's).
 */
export async function provision(
  databaseUrl: string,
  subdomain: string,
  ruc: string,
  root = ROOT,
): Promise<BenchTenant> {
  const from = (path: string) => import(pathToFileURL(join(root, path)).href);
  const { loadConfig } = (await from('src/platform/config.ts')) as typeof import('../src/platform/config.ts');
  const { openDatabase } = (await from(
    'src/platform/db/database.ts',
  )) as typeof import('../src/platform/db/database.ts');
  const { createSecretBox } = (await from('src/platform/secrets.ts')) as typeof import('../src/platform/secrets.ts');
  // Checkouts from before the tenancy layer exported it from the company feature's public module.
  const provisionModule = existsSync(join(root, 'src/tenancy/provision.ts'))
    ? 'src/tenancy/provision.ts'
    : 'src/features/company/public.ts';
  const { provisionTenant } = (await from(provisionModule)) as typeof import('../src/tenancy/provision.ts');
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    SECRETS_KEY: '0'.repeat(64),
    LOG_LEVEL: 'silent',
    APP_DOMAIN: 'localhost',
    DEMO_TENANT: 'false',
  });
  const db = await openDatabase(config);
  try {
    const r = await provisionTenant(
      { db, config, secrets: createSecretBox(config.secretsKey) },
      { ruc, name: `EMPRESA ${subdomain.toUpperCase()} S.A.C.`, subdomain },
    );
    return {
      id: r.tenant.id,
      hostname: r.tenant.hostname,
      token: r.token,
      schema: r.tenant.schemaName,
      ruc,
      email: r.user.email,
      password: r.password,
    };
  } finally {
    await db.close();
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

export interface Reply {
  status: number;
  body: Buffer;
  ms: number;
  headers?: http.IncomingHttpHeaders;
}

/** One request over a keep-alive connection; network errors resolve with status 0. */
export function request(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string | Buffer,
  options: { freshConnection?: boolean } = {},
): Promise<Reply> {
  const url = new URL(path, base);
  const started = performance.now();
  return new Promise((resolvePromise) => {
    const req = http.request(
      {
        agent: options.freshConnection ? false : agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: body ? { ...headers, 'content-length': String(Buffer.byteLength(body)) } : headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolvePromise({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks),
            ms: performance.now() - started,
            headers: res.headers,
          }),
        );
        res.on('error', () => resolvePromise({ status: 0, body: Buffer.alloc(0), ms: performance.now() - started }));
      },
    );
    req.on('error', () => resolvePromise({ status: 0, body: Buffer.alloc(0), ms: performance.now() - started }));
    if (body) req.write(body);
    req.end();
  });
}

export function tenantHeaders(t: BenchTenant): Record<string, string> {
  return { host: t.hostname, authorization: `Bearer ${t.token}`, 'content-type': 'application/json' };
}

/** An invoice fixture body dated today in Lima. */
export function invoiceBody(name: string, today: string): Record<string, any> {
  return JSON.parse(
    readFileSync(join(REQUESTS, 'invoices', name), 'utf8').replace(/\$\{TODAY(?:([+-])(\d+))?\}/g, (_m, s, n) => {
      if (!s) return today;
      const t = Date.parse(`${today}T00:00:00Z`) + (s === '+' ? 1 : -1) * Number(n) * 86_400_000;
      return new Date(t).toISOString().slice(0, 10);
    }),
  );
}

export function limaToday(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Lima',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

/** user+system CPU milliseconds of a process (and, for PostgreSQL, every backend). */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, USER_HZ = 100
  } catch {
    return 0;
  }
}

/**
 * PostgreSQL's processes now, each with its CPU so far (key: pid and start time, so a reused pid is another process):
 * with `database`, only the backends connected to it (and its autovacuum workers) plus the shared writers (WAL
 * writer, checkpointer, background writer) — the server is shared with other work on this machine; without, every
 * postgres process.
 */
function postgresProcesses(database?: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      if (!comm.startsWith('postgres')) continue;
      if (database) {
        const cmd = `${readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ')} `;
        if (!cmd.includes(` ${database} `) && !/walwriter|checkpointer|background writer/.test(cmd)) continue;
      }
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const startTime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
      found.set(`${entry}:${startTime}`, cpuMs(Number(entry)));
    } catch {
      /* gone */
    }
  }
  return found;
}

/**
 * A meter of PostgreSQL's CPU (see postgresProcesses) that never goes back: a backend that exits between two
 * readings — the API's pool closes a connection idle for 30 s, autovacuum workers come and go — keeps the CPU it
 * was last seen with. Summing only the living, a window in which one exited came out negative.
 */
export function postgresCpuMeter(database?: string): () => number {
  const seen = new Map<string, number>();
  return () => {
    for (const [process, ms] of postgresProcesses(database)) seen.set(process, ms);
    let total = 0;
    for (const ms of seen.values()) total += ms;
    return total;
  };
}

/**
 * Where a process's main thread spent its time (/proc/<pid>/task/<pid>/schedstat, nanoseconds since it started):
 * on a CPU, and ready to run but waiting for one. With the machine's idle time (/proc/stat) beside them they tell
 * whether that thread is what limits the process: on a CPU or waiting for one nearly all the time, while a CPU
 * is idle, is a process bound by its main thread and by the scheduler, not by the machine's cores.
 */
export interface Scheduling {
  atMs: number;
  mainOnCpuMs: number;
  mainWaitingMs: number;
  /** The machine's idle and total time, in clock ticks of all CPUs. */
  idleTicks: number;
  totalTicks: number;
}

export function scheduling(pid: number): Scheduling {
  let onCpu = 0;
  let waiting = 0;
  try {
    [onCpu, waiting] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').trim().split(' ').map(Number);
  } catch {
    /* gone, or a kernel without schedstats: zero */
  }
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return {
    atMs: performance.now(),
    mainOnCpuMs: onCpu / 1e6,
    mainWaitingMs: waiting / 1e6,
    idleTicks: ticks[3] + ticks[4], // idle + iowait
    totalTicks: ticks.reduce((a, b) => a + b, 0),
  };
}

/** Shares of the wall time between two readings: the main thread on a CPU, waiting for one, and the machine idle. */
export function schedulingShares(before: Scheduling, after: Scheduling) {
  const wall = after.atMs - before.atMs;
  const share = (ms: number) => (wall > 0 ? ms / wall : 0);
  const ticks = after.totalTicks - before.totalTicks;
  return {
    mainOnCpu: share(after.mainOnCpuMs - before.mainOnCpuMs),
    mainWaiting: share(after.mainWaitingMs - before.mainWaitingMs),
    machineIdle: ticks > 0 ? (after.idleTicks - before.idleTicks) / ticks : 0,
  };
}

/** CPU of a process and all its descendants (a cluster's primary and workers). */
export function treeCpuMs(pid: number): number {
  return treePids(pid).reduce((sum, p) => sum + cpuMs(p), 0);
}

/** RSS of a process tree, summed (MB). */
export function treeRssMb(pid: number): { rss: number; peak: number } {
  return treePids(pid).reduce(
    (sum, p) => {
      const m = rssMb(p);
      return { rss: sum.rss + m.rss, peak: sum.peak + m.peak };
    },
    { rss: 0, peak: 0 },
  );
}

export function treePids(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i += 1) {
    try {
      const children = readFileSync(`/proc/${out[i]}/task/${out[i]}/children`, 'utf8').trim();
      if (children) out.push(...children.split(/\s+/).map(Number));
    } catch {
      /* gone */
    }
  }
  return out;
}

export function rssMb(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { rss: 0, peak: 0 };
  }
}

/** NaN when nothing was measured: a run without one answer has no latency, and must not read as a fast one. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function stats(simulatorUrl: string): Promise<any> {
  return (await fetch(`${simulatorUrl}/__simulator/stats`)).json();
}

/**
 * The machine's speed on an idle core: microseconds per RSA-2048 signature (SHA-256, 600 bytes), the median of 5
 * batches of 200 in this process. It tells a slower CPU from a faster one; it does not show the contention a loaded
 * VM meets (seen here: 257 and 266 µs idle on runs 20 % apart under load).
 */
export function signatureYardstickUs(): number {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const data = Buffer.alloc(600, 1);
  for (let i = 0; i < 100; i++) sign('sha256', data, privateKey);
  const batches: number[] = [];
  for (let b = 0; b < 5; b++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < 200; i++) sign('sha256', data, privateKey);
    batches.push(Number(process.hrtime.bigint() - start) / 1000 / 200);
  }
  return batches.sort((a, b) => a - b)[2];
}
