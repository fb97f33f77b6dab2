// Several database servers (docs/scaling.md) over real PostgreSQL: two fresh databases of the run's server stand
// for two servers — A (DATABASE_URL: central, `default`) and B (added as `b`). The directory, placement of new
// companies, routing of requests, jobs and migrations to each company's server, a move's hold, its fence and the
// undoing of an interrupted move. The move itself (logical replication) needs wal_level=logical: the move drill
// runs it on throw-away clusters (npm run drill:move); here the run's server refuses it, as it must.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineDepsOf } from '../../src/api/deps.ts';
import { jobs } from '../../src/jobs.ts';
import { Directory, DIRECTORY_CHANNEL, type DirectoryNotice } from '../../src/platform/db/directory.ts';
import { loadMigrations, migrateAll, migrationsDir } from '../../src/platform/db/migrator.ts';
import { isFenced, lowerFence, raiseFence } from '../../src/platform/db/move/fence.ts';
import { listenForAcknowledgements } from '../../src/platform/db/move/hold.ts';
import { MoveError, moveTenant } from '../../src/platform/db/move/move.ts';
import { recoverInterruptedMoves } from '../../src/platform/db/move/undo.ts';
import { createPool } from '../../src/platform/db/pool.ts';
import { quoteIdent } from '../../src/platform/db/schema-name.ts';
import {
  addServer,
  companiesPerServer,
  leastLoaded,
  readServers,
  removeServer,
  ServerError,
} from '../../src/platform/db/servers.ts';
import { tenantCounts } from '../../src/admin/service.ts';
import { createSecretBox } from '../../src/platform/secrets.ts';
import { startWorker } from '../../src/worker/worker.ts';
import { hashPassword } from '../../src/platform/passwords.ts';
import { adminCall } from '../admin/admin-call.ts';
import { createTestApp, type TestApp, type TestTenant } from '../helpers/app.ts';
import { randomRuc, randomSubdomain } from '../helpers/ids.ts';
import { testDatabaseKind, testDatabaseUrl } from '../helpers/db.ts';
import { fixtureBody } from '../features/documents/helpers.ts';

const onServer = testDatabaseKind() === 'postgresql';
const tag = `facturo_dirtest_${randomBytes(4).toString('hex')}`;
const names = { a: `${tag}_a`, b: `${tag}_b`, c: `${tag}_c` };
let urls: { a: string; b: string; c: string };
let admin: pg.Client;
let ctx: TestApp;
let poolB: pg.Pool;
const log = { warn: () => undefined, error: () => undefined, info: () => undefined };

function urlOf(database: string, password?: string): string {
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${database}`;
  if (password) url.password = password;
  return url.toString();
}

async function until(check: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function notify(notice: DirectoryNotice): Promise<void> {
  await ctx.db.pool.query('SELECT pg_notify($1, $2)', [DIRECTORY_CHANNEL, JSON.stringify(notice)]);
}

async function schemaOn(pool: Pick<pg.Pool, 'query'>, schema: string): Promise<boolean> {
  const { rows } = await pool.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
  return rows.length > 0;
}

function issue(tenant: TestTenant, body: Record<string, unknown> = fixtureBody('01-taxed.json')) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/documents',
    headers: { ...tenant.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

beforeAll(async () => {
  if (!onServer) return;
  const server = new URL(testDatabaseUrl());
  server.pathname = '/postgres';
  admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  for (const name of Object.values(names)) await admin.query(`CREATE DATABASE "${name}"`);
  urls = { a: urlOf(names.a), b: urlOf(names.b, 'secreto-de-b'), c: urlOf(names.c) };
  const central = createPool(urls.a, 2);
  await migrateAll(central);
  await central.end();
  ctx = await createTestApp({
    env: { DATABASE_URL: urls.a, TENANT_MOVE_WAIT_MS: '400', SMTP_URL: 'smtp://127.0.0.1:9' },
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  poolB = createPool(urls.b, 2);
});

afterAll(async () => {
  if (!onServer) return;
  await ctx?.close();
  await poolB?.end();
  for (const name of Object.values(names)) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
});

describe.runIf(onServer)('the directory of database servers', () => {
  const secrets = () => createSecretBox(ctx.config.secretsKey);

  it('refuses a bad name, `default`, the central database itself and a server that does not answer', async () => {
    const add = (name: string, url: string) => addServer(ctx.db.pool, secrets(), urls.a, name, url);
    await expect(add('B!', urls.b)).rejects.toThrow(ServerError);
    await expect(add('default', urls.b)).rejects.toThrow(/DATABASE_URL/);
    await expect(add('otra', urls.a)).rejects.toThrow(/misma base de datos que el servidor "default"/);
    const unreachable = new URL(urls.b);
    unreachable.port = '1';
    const refused = await add('lejos', unreachable.toString()).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(ServerError);
    expect(String(refused)).toContain(':***@');
    expect(String(refused)).not.toContain('secreto-de-b');
    expect(await readServers(ctx.db.pool, secrets())).toEqual([]);
  });

  it('adds a server with its URL sealed, and every process hears of it', async () => {
    await addServer(ctx.db.pool, secrets(), urls.a, 'b', urls.b);
    const { rows } = await ctx.db.pool.query<{ url_sealed: string }>('SELECT url_sealed FROM central.database_servers');
    expect(rows).toHaveLength(1);
    expect(rows[0].url_sealed).not.toContain('secreto');
    expect(rows[0].url_sealed.startsWith('v1:')).toBe(true);
    // The app's process learns it from the notice (its listener), not from a reload by the test.
    await until(() => ctx.db.directory.hasServer('b'));
    expect(ctx.db.directory.serverNames()).toEqual(['default', 'b']);
    await expect(addServer(ctx.db.pool, secrets(), urls.a, 'b2', urls.b)).rejects.toThrow(
      /misma base de datos que el servidor "b"/,
    );
  });

  it('places a new company on the server asked for, or on the one with fewest companies', async () => {
    const first = await ctx.provisionTenant();
    const onB = await ctx.provisionTenant({ database: 'b' });
    const third = await ctx.provisionTenant();
    const fourth = await ctx.provisionTenant();
    const placed = await ctx.db.pool.query<{ id: number; database_server: string }>(
      'SELECT id, database_server FROM central.tenants ORDER BY id',
    );
    expect(placed.rows.map((r) => r.database_server)).toEqual(['default', 'b', 'default', 'b']);
    expect(await schemaOn(poolB, onB.schema)).toBe(true);
    expect(await schemaOn(ctx.db.pool, onB.schema)).toBe(false);
    expect(await schemaOn(ctx.db.pool, first.schema)).toBe(true);
    expect(await schemaOn(poolB, fourth.schema)).toBe(true);
    expect(Object.fromEntries(await companiesPerServer(ctx.db.pool, ['default', 'b']))).toEqual({ default: 2, b: 2 });
    expect(third.schema).not.toBe(fourth.schema);
  });

  it('refuses a server that does not exist, writing nothing', async () => {
    const before = await ctx.db.pool.query('SELECT count(*)::int AS n FROM central.tenants');
    const refused = await ctx.provisionTenant({ database: 'nada' }).catch((error) => error);
    expect(refused).toMatchObject({ status: 422, code: 'database_server_unknown' });
    const after = await ctx.db.pool.query('SELECT count(*)::int AS n FROM central.tenants');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('least loaded: fewest companies, ties to default then by name', () => {
    expect(leastLoaded(new Map([['default', 0]]))).toBe('default');
    expect(
      leastLoaded(
        new Map([
          ['default', 3],
          ['z', 1],
          ['m', 1],
        ]),
      ),
    ).toBe('m');
    expect(
      leastLoaded(
        new Map([
          ['default', 1],
          ['b', 1],
        ]),
      ),
    ).toBe('default');
  });

  it('sends a company on B to B: token, issue, SUNAT answer, list and download all there', async () => {
    const tenant = await ctx.provisionTenant({ database: 'b' });
    const res = await issue(tenant);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.state_type_id).toBe('05');
    const onB = await poolB.query(`SELECT state_type_id FROM ${quoteIdent(tenant.schema)}."documents"`);
    expect(onB.rows).toEqual([{ state_type_id: '05' }]);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/documents/lists', headers: tenant.headers });
    expect(list.statusCode).toBe(200);
    const xml = await ctx.app.inject({
      method: 'GET',
      url: new URL(res.json().links.xml).pathname,
      headers: tenant.headers,
    });
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain(res.json().data.number);
    expect(await tenantCounts(ctx.db, tenant.schema)).toMatchObject({ documents: 1, users: 1 });
    // The Prisma client of the company is bound to B as well.
    expect(await ctx.db.tenant(tenant.schema).document.count()).toBe(1);
  });

  it("queues the jobs of B's transactions in central.jobs through B's outbox, the sweep relaying what was left", async () => {
    const tenant = await ctx.provisionTenant({ database: 'b' });
    const body = fixtureBody('01-taxed.json');
    body.datos_del_cliente_o_receptor.correo_electronico = 'cliente@andina.example';
    body.acciones = { ...body.acciones, enviar_email: true };
    const res = await issue(tenant, body);
    expect(res.statusCode, res.body).toBe(200);
    const queued = await ctx.db.pool.query(`SELECT name FROM central.jobs WHERE tenant_id = $1 AND dedupe_key = $2`, [
      tenant.id,
      `email-deliver:${res.json().data.email_id}`,
    ]);
    expect(queued.rows).toEqual([{ name: 'email-deliver' }]);
    const s = quoteIdent(tenant.schema);
    expect((await poolB.query(`SELECT 1 FROM ${s}."job_outbox"`)).rows).toEqual([]);

    // A process that died between its commit and the relay: the worker's sweep relays the row.
    await poolB.query(
      `INSERT INTO ${s}."job_outbox" (name, dedupe_key, tenant_id, payload) VALUES ('email-deliver', $1, $2, $3)`,
      [`email-deliver:relay-${tenant.id}`, tenant.id, JSON.stringify({ tenantId: tenant.id, schema: tenant.schema })],
    );
    const worker = startWorker(pipelineDepsOf(ctx.app, ctx.app.log), {
      jobs,
      autoStart: false,
      tenantIds: [tenant.id],
    });
    await worker.sweep();
    expect((await poolB.query(`SELECT 1 FROM ${s}."job_outbox"`)).rows).toEqual([]);
    const relayed = await ctx.db.pool.query('SELECT tenant_id FROM central.jobs WHERE dedupe_key = $1', [
      `email-deliver:relay-${tenant.id}`,
    ]);
    expect(relayed.rows).toEqual([{ tenant_id: tenant.id }]);
    await ctx.db.pool.query('DELETE FROM central.jobs WHERE tenant_id = $1', [tenant.id]);
  });

  it('migrates each company on its own server', async () => {
    const tenant = await ctx.provisionTenant({ database: 'b' });
    const s = quoteIdent(tenant.schema);
    // Undo the migration that creates job_outbox, then let migrateAll find it pending on server b.
    const outbox = (await loadMigrations(migrationsDir('tenant'))).find((m) => m.name.endsWith('_job_outbox'))!.name;
    await poolB.query(`DROP TABLE ${s}."job_outbox"`);
    await poolB.query(`DELETE FROM ${s}."_migrations" WHERE name = $1`, [outbox]);
    const results = await migrateAll(ctx.db.pool, { serverPool: (server) => ctx.db.directory.pool(server) });
    expect(results.find((r) => r.schema === tenant.schema)?.applied).toEqual([outbox]);
    expect((await poolB.query(`SELECT to_regclass($1) IS NOT NULL AS ok`, [`${s}."job_outbox"`])).rows[0].ok).toBe(
      true,
    );
  });

  it('creates a company on a server from the command line, printing where', async () => {
    const subdomain = `cli-${randomBytes(3).toString('hex')}`;
    const out = await facturo(
      { DATABASE_URL: urls.a, SECRETS_KEY: ctx.config.secretsKey.toString('hex') },
      'tenant:create',
      '--ruc',
      '20100070970',
      '--name',
      'EMPRESA CLI S.A.C.',
      '--subdomain',
      subdomain,
      '--database',
      'b',
      '--json',
    );
    expect(out.code, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({ subdomain, database: 'b' });
    expect(await schemaOn(poolB, `t_${subdomain.replace(/-/g, '_')}`)).toBe(true);
    const listed = await facturo(
      { DATABASE_URL: urls.a, SECRETS_KEY: ctx.config.secretsKey.toString('hex') },
      'database:list',
      '--json',
    );
    expect(listed.code, listed.stderr).toBe(0);
    const servers = JSON.parse(listed.stdout);
    expect(servers.map((s: { name: string }) => s.name)).toEqual(['default', 'b']);
    expect(servers[1].url).toContain(':***@');
    expect(listed.stdout).not.toContain('secreto-de-b');
  });

  it('the admin API places a company on the server named in `database`, for admins only', async () => {
    const makeUser = async (role: 'admin' | 'reseller', resellerId: number | null) => {
      const email = `${role}-${randomBytes(3).toString('hex')}@facturo.example`;
      await ctx.db.central.adminUser.create({
        data: { name: role, email, role, resellerId, passwordHash: await hashPassword('Clave-segura-2026') },
      });
      const login = await adminCall(ctx, 'POST', '/api/login', { email, password: 'Clave-segura-2026' });
      return login.json.token as string;
    };
    const body = (extra: Record<string, unknown>) => ({
      ruc: randomRuc(),
      name: 'EMPRESA EN B S.A.C.',
      subdomain: randomSubdomain(),
      email: 'admin@empresa.example',
      plan_id: 1,
      ...extra,
    });
    const admin = await makeUser('admin', null);
    const created = await adminCall(ctx, 'POST', '/api/tenants', body({ database: 'b' }), admin);
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    expect(created.json.database).toBe('b');
    const unknown = await adminCall(ctx, 'POST', '/api/tenants', body({ database: 'nada' }), admin);
    expect(unknown.status).toBe(422);
    expect(unknown.json.code).toBe('database_server_unknown');
    expect(unknown.json.errors[0].path).toBe('database');
    const reseller = await ctx.db.central.reseller.create({
      data: { name: 'R', email: `r-${randomBytes(3).toString('hex')}@facturo.example` },
    });
    const refused = await adminCall(
      ctx,
      'POST',
      '/api/tenants',
      body({ database: 'b' }),
      await makeUser('reseller', reseller.id),
    );
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('database_choice_admin_only');
    const listed = await adminCall(ctx, 'GET', '/api/tenants?per_page=100', undefined, admin);
    expect(listed.json.data.find((t: { id: number }) => t.id === created.json.id).database).toBe('b');
  });

  it('removes a server only when nothing lives there', async () => {
    await expect(removeServer(ctx.db.pool, 'b')).rejects.toThrow(/tiene \d+ empresas/);
    await expect(removeServer(ctx.db.pool, 'default')).rejects.toThrow(ServerError);
    await addServer(ctx.db.pool, secrets(), urls.a, 'c', urls.c);
    await until(() => ctx.db.directory.hasServer('c'));
    await removeServer(ctx.db.pool, 'c');
    await until(() => !ctx.db.directory.hasServer('c'));
    expect((await readServers(ctx.db.pool, secrets())).map((s) => s.name)).toEqual(['b']);
  });
});

describe.runIf(onServer)("a move's hold, fence and undoing", () => {
  it('holds new requests of the company until the flip or release, then lets them through', async () => {
    const tenant = await ctx.provisionTenant({ database: 'default' });
    await notify({ k: 'hold', schema: tenant.schema, move: 9001, ms: 10_000 });
    await until(() => ctx.db.directory.isHeld(tenant.schema));
    const started = Date.now();
    const pending = issue(tenant);
    setTimeout(() => void notify({ k: 'release', schema: tenant.schema, move: 9001 }), 150);
    const res = await pending;
    expect(res.statusCode, res.body).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(120);
  });

  it('answers 503 tenant_moving with Retry-After when the hold outlasts TENANT_MOVE_WAIT_MS', async () => {
    const tenant = await ctx.provisionTenant();
    await notify({ k: 'hold', schema: tenant.schema, move: 9002, ms: 10_000 });
    await until(() => ctx.db.directory.isHeld(tenant.schema));
    const res = await issue(tenant);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'tenant_moving' });
    expect(res.headers['retry-after']).toBe('1');
    await notify({ k: 'release', schema: tenant.schema, move: 9002 });
    await until(async () => (await issue(tenant)).statusCode === 200);
  });

  it('acknowledges the hold once what the company had in flight here is over', async () => {
    const tenant = await ctx.provisionTenant();
    const acks = await listenForAcknowledgements(urls.a, 9003);
    try {
      expect(await acks.listeners()).toBeGreaterThanOrEqual(1);
      const leave = ctx.db.directory.enter(tenant.schema);
      await notify({ k: 'hold', schema: tenant.schema, move: 9003, ms: 10_000 });
      expect(await acks.waitFor(1, Date.now() + 300)).toBe(0);
      leave();
      expect(await acks.waitFor(1, Date.now() + 5_000)).toBe(1);
    } finally {
      await acks.close();
      await notify({ k: 'release', schema: tenant.schema, move: 9003 });
    }
  });

  it('sends held requests to the new server at the flip', async () => {
    const directory = new Directory({
      centralPool: ctx.db.pool,
      openPool: (url) => createPool(url, 2),
      secrets: createSecretBox(ctx.config.secretsKey),
      embedded: false,
    });
    await directory.load();
    directory.setListening(true);
    const moved: string[] = [];
    directory.onMoved((schema) => moved.push(schema));
    directory.hear(JSON.stringify({ k: 'placed', schema: 't_flipped', tenant: 4242, server: 'default' }));
    directory.hear(JSON.stringify({ k: 'hold', schema: 't_flipped', move: 7, ms: 10_000 }));
    let admitted = false;
    const waiting = directory.admit('t_flipped', 5_000).then((ok) => {
      admitted = ok;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(admitted).toBe(false);
    directory.hear(JSON.stringify({ k: 'flip', schema: 't_flipped', move: 7, tenant: 4242, server: 'b' }));
    await waiting;
    expect(admitted).toBe(true);
    expect(directory.route('t_flipped').server).toBe('b');
    expect(directory.route('t_flipped').jobs).toBe('outbox');
    expect(moved).toEqual(['t_flipped']);
    await directory.close();
  });

  it('without a live listener asks central on each request: a holding move holds, its end lets go', async () => {
    const tenant = await ctx.provisionTenant({ database: 'default' });
    const directory = new Directory({
      centralPool: ctx.db.pool,
      openPool: (url) => createPool(url, 2),
      secrets: createSecretBox(ctx.config.secretsKey),
      embedded: false,
    });
    await directory.load();
    const { rows } = await ctx.db.pool.query<{ id: number }>(
      `INSERT INTO central.tenant_moves (tenant_id, schema_name, from_server, to_server, state)
       VALUES ($1, $2, 'default', 'b', 'holding') RETURNING id`,
      [tenant.id, tenant.schema],
    );
    try {
      expect(await directory.admit(tenant.schema, 300)).toBe(false);
      const admitted = directory.admit(tenant.schema, 5_000);
      await ctx.db.pool.query(`UPDATE central.tenant_moves SET state = 'failed' WHERE id = $1`, [rows[0].id]);
      expect(await admitted).toBe(true);
      // Central moved it meanwhile: the next request's check finds it there.
      await ctx.db.pool.query(`UPDATE central.tenants SET database_server = 'b' WHERE id = $1`, [tenant.id]);
      expect(await directory.admit(tenant.schema, 300)).toBe(true);
      expect(directory.serverOf(tenant.schema)).toBe('b');
    } finally {
      await ctx.db.pool.query(`UPDATE central.tenants SET database_server = 'default' WHERE id = $1`, [tenant.id]);
      await directory.close();
    }
  });

  it('fences the old copy: a write is refused with FM001 and answered 503 tenant_moving; reads go on', async () => {
    const tenant = await ctx.provisionTenant({ database: 'default' });
    expect((await issue(tenant)).statusCode).toBe(200);
    await raiseFence(ctx.db.pool, tenant.schema, 5_000);
    try {
      expect(await isFenced(ctx.db.pool, tenant.schema)).toBe(true);
      const write = await ctx.db.pool
        .query(`UPDATE ${quoteIdent(tenant.schema)}."series" SET updated_at = now()`)
        .catch((error: { code?: string }) => error.code);
      expect(write).toBe('FM001');
      const refused = await issue(tenant);
      expect(refused.statusCode).toBe(503);
      expect(refused.json().code).toBe('tenant_moving');
      expect(refused.headers['retry-after']).toBe('1');
      const read = await ctx.app.inject({ method: 'GET', url: '/api/company', headers: tenant.headers });
      expect(read.statusCode).toBe(200);
    } finally {
      await lowerFence(ctx.db.pool, tenant.schema);
    }
    expect(await isFenced(ctx.db.pool, tenant.schema)).toBe(false);
    expect((await issue(tenant)).statusCode).toBe(200);
  });

  it('undoes a move whose mover died: fence down, hold released, the copy on the target dropped', async () => {
    const tenant = await ctx.provisionTenant({ database: 'default' });
    await poolB.query(`CREATE SCHEMA ${quoteIdent(tenant.schema)}`);
    const { rows } = await ctx.db.pool.query<{ id: number }>(
      `INSERT INTO central.tenant_moves (tenant_id, schema_name, from_server, to_server, state, held_at)
       VALUES ($1, $2, 'default', 'b', 'holding', now()) RETURNING id`,
      [tenant.id, tenant.schema],
    );
    await notify({ k: 'hold', schema: tenant.schema, move: rows[0].id, ms: 60_000 });
    await raiseFence(ctx.db.pool, tenant.schema, 5_000);

    // A live mover (its lock held) is left alone.
    const mover = await ctx.db.pool.connect();
    await mover.query(`SELECT pg_advisory_lock(hashtext('facturo:tenant-move'), $1)`, [tenant.id]);
    expect(await recoverInterruptedMoves(ctx.db, log)).toBe(0);
    await mover.query(`SELECT pg_advisory_unlock(hashtext('facturo:tenant-move'), $1)`, [tenant.id]);
    mover.release();

    expect(await recoverInterruptedMoves(ctx.db, log)).toBe(1);
    expect(await isFenced(ctx.db.pool, tenant.schema)).toBe(false);
    expect(await schemaOn(poolB, tenant.schema)).toBe(false);
    expect(await schemaOn(ctx.db.pool, tenant.schema)).toBe(true);
    const state = await ctx.db.pool.query('SELECT state, error FROM central.tenant_moves WHERE id = $1', [rows[0].id]);
    expect(state.rows[0].state).toBe('failed');
    expect(state.rows[0].error).toMatch(/interrumpida/);
    // The release reached the app: the company's requests flow again at once.
    const res = await issue(tenant);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a move the servers cannot make, leaving the company where it is', async () => {
    const tenant = await ctx.provisionTenant({ database: 'default' });
    const options = { graceMs: 0, maxHoldMs: 5_000, drainMs: 1_000, copyTimeoutMs: 5_000, log };
    const wal = (await ctx.db.pool.query<{ wal_level: string }>('SHOW wal_level')).rows[0].wal_level;
    const attempt = moveTenant(ctx.db, { ...options, subdomain: tenant.subdomain, to: 'b' });
    if (wal === 'logical') await expect(attempt).resolves.toMatchObject({ to: 'b' });
    else await expect(attempt).rejects.toThrow(/wal_level=logical/);
    await expect(moveTenant(ctx.db, { ...options, subdomain: tenant.subdomain, to: 'nada' })).rejects.toThrow(
      MoveError,
    );
    await expect(moveTenant(ctx.db, { ...options, subdomain: 'no-existe', to: 'b' })).rejects.toThrow(
      /No existe la empresa/,
    );
    if (wal !== 'logical') {
      const moves = await ctx.db.pool.query('SELECT 1 FROM central.tenant_moves WHERE tenant_id = $1', [tenant.id]);
      expect(moves.rows).toEqual([]);
      expect(ctx.db.directory.serverOf(tenant.schema)).toBe('default');
    }
  });
});

function facturo(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  const bin = join(import.meta.dirname, '..', '..', 'bin', 'facturo.mjs');
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, encoding: 'utf8', timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}
