// Throw-away PostgreSQL clusters for the move drill (Debian's postgresql-common: pg_createcluster, run as root or
// the postgres user): each on a free port, wal_level=logical (logical replication), trust authentication on
// loopback, fsync off (nothing here outlives the drill), started at once and dropped at the end. The machine's
// main cluster is never touched. Without the commands the drill fails, saying so: it never skips.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import net from 'node:net';
import pg from 'pg';

export interface Cluster {
  version: string;
  name: string;
  port: number;
  /** postgresql://postgres@127.0.0.1:<port>/<database> */
  url(database: string): string;
  drop(): Promise<void>;
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { encoding: 'utf8', timeout: 120_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(' ')} failed: ${stderr || error.message}`));
      else resolve(stdout);
    });
  });
}

/** The newest PostgreSQL ≥ 15 installed for postgresql-common, or a clear error. */
export function clusterTooling(): { version: string } {
  for (const tool of ['pg_createcluster', 'pg_dropcluster', 'pg_lsclusters'])
    if (!(process.env.PATH ?? '').split(':').some((dir) => existsSync(`${dir}/${tool}`)))
      throw new Error(
        `${tool} not found: the move drill needs Debian's postgresql-common and a PostgreSQL ≥ 15 server package (apt-get install postgresql-15)`,
      );
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .filter((v) => /^\d+$/.test(v) && Number(v) >= 15)
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length)
    throw new Error('no PostgreSQL ≥ 15 server in /usr/lib/postgresql (logical replication by schema)');
  return { version: versions[0] };
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A port in 25000–29999 that nothing listens on and no cluster is configured for. */
async function freePort(taken: Set<number>): Promise<number> {
  const configured = new Set(
    (await run('pg_lsclusters', ['--no-header']))
      .split('\n')
      .map((line) => Number(line.trim().split(/\s+/)[2]))
      .filter(Number.isFinite),
  );
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = 25_000 + Math.floor(Math.random() * 5_000);
    if (taken.has(port) || configured.has(port) || !(await portFree(port))) continue;
    taken.add(port);
    return port;
  }
  throw new Error('no free port in 25000-29999 for a throw-away cluster');
}

const ports = new Set<number>();

export async function createCluster(name: string): Promise<Cluster> {
  const { version } = clusterTooling();
  const port = await freePort(ports);
  await run('pg_createcluster', [
    version,
    name,
    '-p',
    String(port),
    '--start',
    '--start-conf=manual',
    '-q',
    '-o',
    'wal_level=logical',
    '-o',
    'fsync=off',
    '-o',
    'max_connections=200',
    '--',
    '--auth-local=trust',
    '--auth-host=trust',
  ]);
  const cluster: Cluster = {
    version,
    name,
    port,
    url: (database) => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    drop: () => run('pg_dropcluster', ['--stop', version, name]).then(() => undefined),
  };
  // Ready: a connection and wal_level as asked.
  for (let attempt = 0; ; attempt += 1) {
    const client = new pg.Client({ connectionString: cluster.url('postgres') });
    try {
      await client.connect();
      const { rows } = await client.query<{ wal_level: string }>('SHOW wal_level');
      if (rows[0].wal_level !== 'logical') throw new Error(`cluster ${name}: wal_level=${rows[0].wal_level}`);
      await client.end();
      return cluster;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (attempt >= 50) {
        await cluster.drop().catch(() => undefined);
        throw error;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

export async function createDatabase(cluster: Cluster, database: string): Promise<string> {
  const client = new pg.Client({ connectionString: cluster.url('postgres') });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
  return cluster.url(database);
}
