// With no database server, starting Facturo creates the embedded database under
// DATA_DIR, migrates it, creates the demo tenant and serves it (health and its token over real HTTP); a CLI
// command run meanwhile goes through the server's socket; a second server on the same directory is refused;
// a tampered migration is refused at start; `migrate` on an up-to-date database changes nothing.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/platform/config.ts';
import { openDatabase } from '../../src/platform/db/database.ts';
import { EmbeddedDatabaseBusyError, readEmbeddedOwner, startEmbeddedPostgres } from '../../src/platform/db/embedded.ts';
import { DEFAULT_PRISMA_ROOT, MigrationError } from '../../src/platform/db/migrator.ts';
import { startFacturo, type RunningFacturo } from '../../src/startup.ts';
import { DEMO_RUC } from '../../src/tenancy/demo.ts';
import { randomRuc, randomSubdomain } from '../helpers/ids.ts';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');

function get(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function cli(args: string[], env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL' && k !== 'NODE_OPTIONS'),
  ) as Record<string, string>;
  return run(process.execPath, [join(root, 'bin', 'facturo.mjs'), ...args], { env: { ...clean, ...env }, cwd: root });
}

describe('npm start with no database server (embedded PGlite)', () => {
  let dir: string;
  let config: Config;
  let env: Record<string, string>;
  let running: RunningFacturo | null = null;
  const banner: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'facturo-start-'));
    // Deliberately no DATABASE_URL, whatever the test run uses.
    env = {
      DATA_DIR: join(dir, 'data'),
      STORAGE_DIR: join(dir, 'storage'),
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DEMO_TENANT: 'true',
    };
    config = loadConfig(env);
    expect(config.databaseUrl).toBeNull();
    running = await startFacturo(config, { print: (line) => banner.push(line) });
  });

  afterAll(async () => {
    await running?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('creates the demo tenant, prints its URL and token, and keeps the token in DATA_DIR', async () => {
    expect(running!.db.mode).toBe('embedded');
    expect(running!.demo).toMatchObject({ created: true, hostname: 'demo.localhost' });
    const token = running!.demo!.token!;
    expect(token).toMatch(/^fct_/);
    expect((await readFile(join(config.dataDir, 'demo-token.txt'), 'utf8')).trim()).toBe(token);
    const text = banner.join('\n');
    expect(text).toContain('http://demo.localhost:');
    expect(text).toContain(token);
    expect(text).toContain('/documentation');
    expect(text).toMatch(/\(administración: http:\/\/admin\.localhost:\d+\/documentation\)/);
  });

  it('without ADMIN_EMAIL/ADMIN_PASSWORD creates an admin with a generated password, printed once and kept in DATA_DIR', async () => {
    const admin = running!.generatedAdmin!;
    expect(admin.email).toBe('admin@localhost');
    expect(banner.join('\n')).toContain(admin.password);
    expect(await readFile(join(config.dataDir, 'admin-password.txt'), 'utf8')).toBe(
      `${admin.email}\n${admin.password}\n`,
    );
    const login = await running!.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { host: config.adminHost, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().token).toEqual(expect.any(String));
    // The admin's account is not a company user: on the demo company's host the same credentials open nothing.
    const tenantLogin = await running!.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { host: 'demo.localhost', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    expect(tenantLogin.json()).toMatchObject({ success: false, message: 'No Autorizado' });
  });

  it('serves the demo tenant over HTTP: ready on its host, and its token authenticates', async () => {
    const ready = await get(`${running!.url}/health/ready`, { host: 'demo.localhost' });
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: 'ok', database: 'embedded' });
    const company = await get(`${running!.url}/api/company`, {
      host: 'demo.localhost',
      authorization: `Bearer ${running!.demo!.token}`,
    });
    expect(company.status).toBe(200);
    expect(JSON.parse(company.body).data).toMatchObject({ ruc: DEMO_RUC, modo_sunat: 'demo' });
    const anonymous = await get(`${running!.url}/api/company`, { host: 'demo.localhost' });
    expect(anonymous.status).toBe(401);
  });

  it('never opens the data directory twice: a second Database in this process goes through the socket', async () => {
    const owner = await readEmbeddedOwner(config.dataDir);
    const withoutPassword = new URL(running!.db.url);
    withoutPassword.password = '';
    expect(owner).toMatchObject({ pid: process.pid, url: withoutPassword.toString() });
    const second = await openDatabase(config, { whenEmbeddedBusy: 'refuse' });
    try {
      expect(second.mode).toBe('embedded-remote');
      expect((await second.pool.query('SELECT count(*)::int AS n FROM "central"."tenants"')).rows[0].n).toBe(1);
    } finally {
      await second.close();
    }
    // Closing it left the owner's server running and registered.
    expect(await readEmbeddedOwner(config.dataDir)).toMatchObject({ pid: process.pid });
    expect((await get(`${running!.url}/health/ready`, { host: 'demo.localhost' })).status).toBe(200);
  });

  it('listens on loopback only and lets in only who has the password kept in DATA_DIR (0600, never printed)', async () => {
    const url = new URL(running!.db.url);
    expect(url.hostname).toBe('127.0.0.1');
    const path = join(config.dataDir, 'db-password');
    const password = (await readFile(path, 'utf8')).trim();
    expect(password).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(url.password).toBe(password);
    expect(banner.join('\n')).not.toContain(password);
    expect(await readFile(join(config.dataDir, 'owner.json'), 'utf8')).not.toContain(password);
    const connect = async (pass: string | undefined) => {
      const client = new pg.Client({ host: '127.0.0.1', port: Number(url.port), user: 'postgres', password: pass });
      client.on('error', () => undefined);
      try {
        await client.connect();
        return (await client.query('SELECT 1 AS ok')).rows[0].ok as number;
      } catch (error) {
        return (error as { code?: string; message: string }).code ?? (error as Error).message;
      } finally {
        await client.end().catch(() => undefined);
      }
    };
    expect(await connect(password)).toBe(1);
    expect(await connect('not-the-password')).toBe('28P01');
    // No password at all: node-postgres gives up before sending a proof (the server asked for SCRAM).
    expect(await connect(undefined)).not.toBe(1);
    // The server is still serving after the refusals.
    expect((await get(`${running!.url}/health/ready`, { host: 'demo.localhost' })).status).toBe(200);
  });

  it("runs PostgreSQL with the small-memory settings (PGlite's memory only grows: docs/operations.md)", async () => {
    const { rows } = await running!.db.pool.query<{ name: string; setting: string }>(
      "SELECT name, current_setting(name) AS setting FROM unnest(ARRAY['shared_buffers', 'maintenance_work_mem', 'temp_buffers']) AS name",
    );
    expect(Object.fromEntries(rows.map((r) => [r.name, r.setting]))).toEqual({
      shared_buffers: '16MB',
      maintenance_work_mem: '16MB',
      temp_buffers: '2MB',
    });
  });

  it('lets a CLI command work through the running server, and refuses a second server', async () => {
    const subdomain = randomSubdomain('cli');
    const ruc = randomRuc();
    const { stdout, stderr } = await cli(
      ['tenant:create', '--ruc', ruc, '--name', 'CLI S.A.C.', '--subdomain', subdomain, '--json'],
      env,
    );
    expect(stderr).toContain('base de datos embebida del servidor en ejecución');
    const created = JSON.parse(stdout);
    expect(created).toMatchObject({ ruc, subdomain, hostname: `${subdomain}.localhost`, sunat_mode: 'demo' });
    const company = await get(`${running!.url}/api/company`, {
      host: created.hostname,
      authorization: `Bearer ${created.token}`,
    });
    expect(company.status).toBe(200);

    const rotated = JSON.parse((await cli(['tenant:token', '--subdomain', subdomain, '--json'], env)).stdout);
    expect(
      (await get(`${running!.url}/api/company`, { host: created.hostname, authorization: `Bearer ${created.token}` }))
        .status,
    ).toBe(401);
    expect(
      (await get(`${running!.url}/api/company`, { host: created.hostname, authorization: `Bearer ${rotated.token}` }))
        .status,
    ).toBe(200);

    const bad = await cli(
      ['tenant:create', '--ruc', '20000000002', '--name', 'X', '--subdomain', randomSubdomain()],
      env,
    ).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(bad?.code).toBe(1);
    expect(bad?.stderr).toContain('ruc_invalid');

    const second = await run(process.execPath, ['--import', 'tsx', join(root, 'src', 'server.ts')], {
      cwd: root,
      env: {
        ...(Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL')) as Record<
          string,
          string
        >),
        ...env,
      },
    }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(second?.code).toBe(1);
    expect(second?.stderr).toContain('abierta por otro proceso');
  });

  it('on restart keeps the demo tenant and its token, and `migrate` is a no-op', async () => {
    await running!.close();
    running = null;
    expect(await readEmbeddedOwner(config.dataDir)).toBeNull();
    const migrate = await cli(['migrate', '--json'], env);
    expect(JSON.parse(migrate.stdout)).toEqual({ schemas: 3, applied: [] });
    const again = await cli(['migrate', '--json'], env);
    expect(JSON.parse(again.stdout)).toEqual({ schemas: 3, applied: [] });

    running = await startFacturo(config, { print: () => undefined });
    expect(running.demo).toMatchObject({ created: false, hostname: 'demo.localhost' });
    expect(running.generatedAdmin).toBeNull();
    const company = await get(`${running.url}/api/company`, {
      host: 'demo.localhost',
      authorization: `Bearer ${running.demo!.token}`,
    });
    expect(company.status).toBe(200);
  });

  it('refuses to start when an applied migration was tampered with', async () => {
    await running!.close();
    running = null;
    const prismaRoot = join(dir, 'prisma');
    await cp(DEFAULT_PRISMA_ROOT, prismaRoot, { recursive: true });
    const file = join(prismaRoot, 'central', 'migrations', '0001_init', 'migration.sql');
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace('"name" TEXT NOT NULL', '"name" VARCHAR(300) NOT NULL'),
    );
    const error = await startFacturo(config, { prismaRoot, print: () => undefined }).then(
      async (r) => {
        await r.close();
        return null;
      },
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as MigrationError).message).toMatch(/central.*0001_init.*modified/s);
    // The refused start released the data directory.
    expect(await readEmbeddedOwner(config.dataDir)).toBeNull();
    running = await startFacturo(config, { print: () => undefined });
    expect((await get(`${running.url}/health/ready`, { host: 'demo.localhost' })).status).toBe(200);
  });
});

describe('EmbeddedDatabaseBusyError', () => {
  it('is what a second embedded server on one directory gets, even in the same process', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'facturo-owner-'));
    const first = await startEmbeddedPostgres({ dataDir });
    try {
      await expect(startEmbeddedPostgres({ dataDir })).rejects.toBeInstanceOf(EmbeddedDatabaseBusyError);
    } finally {
      await first.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('explains what to do', () => {
    const error = new EmbeddedDatabaseBusyError('/srv/data', { pid: 42, url: 'postgresql://x', startedAt: '' });
    expect(error.message).toContain('pid 42');
    expect(error.message).toContain('DATABASE_URL');
  });
});
