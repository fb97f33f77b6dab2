// Start-up and CLI failures the user can fix are one line with the cause and the fix, never a stack: a busy port,
// an unreachable or missing database, a database not migrated yet (`padron:import` on a fresh one), a SECRETS_KEY
// badly written or not the one the stored secrets were sealed with. Real errors, real processes.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app.ts';
import { testDatabaseUrl } from '../helpers/db.ts';
import { explainFailure, redactedDatabaseUrl } from '../../src/platform/failures.ts';
import { createSecretBox } from '../../src/platform/secrets.ts';
import { checkSecretsKey } from '../../src/tenancy/secrets-key-check.ts';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
const tsx = pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'facturo-failures-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A node process (server or CLI) in a directory without .env, with only `env` beside PATH; its exit and stderr. */
async function spawn(args: string[], env: Record<string, string>) {
  const base = { PATH: process.env.PATH ?? '', HOME: dir, NODE_ENV: 'development', LOG_LEVEL: 'silent' };
  try {
    await run(process.execPath, ['--import', tsx, ...args], { cwd: dir, timeout: 90_000, env: { ...base, ...env } });
    return { code: 0, stderr: '' };
  } catch (error) {
    const e = error as { code: number; stderr: string };
    return { code: e.code, stderr: e.stderr };
  }
}

const oneLine = (stderr: string) => stderr.trim().split('\n');

/** A TCP port nothing answers on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe('npm start', () => {
  it('an unreachable database: one line naming it (without its password) and what to check', async () => {
    const port = await closedPort();
    const url = `postgresql://facturo:s3creta@127.0.0.1:${port}/facturo`;
    const res = await spawn([join(root, 'src/server.ts')], { DATABASE_URL: url, DATA_DIR: join(dir, 'd1') });
    expect(res.code).toBe(1);
    expect(oneLine(res.stderr)).toEqual([
      `Facturo no puede iniciar: no se pudo conectar a postgresql://facturo@127.0.0.1:${port}/facturo (ECONNREFUSED): compruebe que PostgreSQL está en marcha y que DATABASE_URL es correcta, o quite DATABASE_URL para usar la base embebida en DATA_DIR.`,
    ]);
    expect(res.stderr).not.toContain('s3creta');
  });

  it('a SECRETS_KEY that is not 32 bytes: one line with how to make one', async () => {
    const res = await spawn([join(root, 'src/server.ts')], { SECRETS_KEY: 'abc', DATA_DIR: join(dir, 'd2') });
    expect(res.code).toBe(1);
    expect(oneLine(res.stderr)).toHaveLength(1);
    expect(res.stderr).toMatch(/^Configuración inválida: SECRETS_KEY: .*openssl rand -hex 32/);
  });

  it('a busy port: the listen error becomes one line with another port to use', async () => {
    const busy: Server = createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
    const port = (busy.address() as { port: number }).port;
    const ctx = await createTestApp();
    try {
      const error = await ctx.app.listen({ port, host: '127.0.0.1' }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(explainFailure(error, { port, host: '127.0.0.1' })).toBe(
        `el puerto ${port} ya está en uso (EADDRINUSE): detenga el proceso que lo ocupa o elija otro puerto, p. ej. PORT=${port + 1} npm start.`,
      );
    } finally {
      await ctx.close();
      await new Promise<void>((r) => busy.close(() => r()));
    }
  });
});

describe('npx facturo', () => {
  it('padron:import on a database never migrated: one line saying to migrate first', async () => {
    // A fresh embedded database in its own DATA_DIR: the CLI opens it, and it has no schema "central" yet.
    const res = await spawn(
      [join(root, 'bin/facturo.mjs'), 'padron:import', join(root, 'assets/padron_reducido_ruc.sample.txt')],
      { DATA_DIR: join(dir, 'fresh') },
    );
    expect(res.code).toBe(1);
    const lines = oneLine(res.stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Error: la base de datos embebida aún no tiene las tablas de Facturo \(3F000: no se migró\): ejecute npx facturo migrate/,
    );
  });
});

describe('explainFailure', () => {
  it('names a missing database and a schema not yet migrated from PostgreSQL’s own errors', async () => {
    const client = new pg.Client({ connectionString: testDatabaseUrl() });
    await client.connect();
    try {
      const error = await client.query('SELECT 1 FROM "no_schema_here"."t"').then(
        () => null,
        (e: unknown) => e,
      );
      expect(explainFailure(error, { databaseUrl: 'postgresql://u:p@db:5432/facturo' })).toMatch(
        /^postgresql:\/\/u@db:5432\/facturo aún no tiene las tablas de Facturo \((3F000|42P01): no se migró\)/,
      );
    } finally {
      await client.end();
    }
    const missing = Object.assign(new Error('database "x" does not exist'), { code: '3D000', severity: 'FATAL' });
    expect(explainFailure(missing, { databaseUrl: 'postgresql://u@db/x' })).toBe(
      'la base de datos de postgresql://u@db/x no existe (3D000): créela (createdb x) o corrija DATABASE_URL.',
    );
    expect(explainFailure(new Error('a defect'))).toBeNull();
    expect(redactedDatabaseUrl('postgresql://u:p%40ss@h:1/d?sslmode=require')).toBe(
      'postgresql://u@h:1/d?sslmode=require',
    );
  });

  it('a SECRETS_KEY other than the one the stored secrets were sealed with is refused at start', async () => {
    const ctx = await createTestApp();
    try {
      await ctx.provisionTenant();
      await expect(checkSecretsKey(ctx.db, createSecretBox(ctx.config.secretsKey))).resolves.toBeUndefined();
      const other = await checkSecretsKey(ctx.db, createSecretBox(Buffer.alloc(32, 9))).then(
        () => null,
        (e: unknown) => e,
      );
      expect(explainFailure(other)).toMatch(/^SECRETS_KEY no abre los secretos guardados/);
    } finally {
      await ctx.close();
    }
  });
});
