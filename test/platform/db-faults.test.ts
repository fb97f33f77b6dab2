// Dropped database connections: the process survives a server that terminates its sessions, the
// request in flight gets a retryable 503 (database_unavailable, Retry-After), nothing half-written stays, and the
// pool — and the Prisma clients on it — reconnect. Real PostgreSQL; only this file's own sessions are terminated
// (their application_name is unique to this run).
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCentralClient } from '../../src/platform/db/clients.ts';
import { isDatabaseUnavailable } from '../../src/platform/db/connection-errors.ts';
import { createPool } from '../../src/platform/db/pool.ts';
import { buildsAhead } from '../../src/pipeline/numbering-queue.ts';
import { anyHostFeature } from '../../src/platform/http/features.ts';
import { toAppError } from '../../src/platform/http/error-handler.ts';
import { createTestApp, type TestApp, type TestTenant } from '../helpers/app.ts';
import { testDatabaseKind, testDatabaseUrl } from '../helpers/db.ts';
import { fixtureBody } from '../features/documents/helpers.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';

const onServer = testDatabaseKind() === 'postgresql';
const appName = `facturo-test-faults-${randomBytes(4).toString('hex')}`;
let admin: pg.Client;

/** Terminates this file's own sessions, and only them. */
async function terminateOurs(name = appName): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(
    `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database() AND pid <> pg_backend_pid()`,
    [name],
  );
  return rows[0].n;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Terminates our sessions every 200 ms until `work` settles (it may still be waiting for its connection). */
async function settledWhileTerminating<T>(work: Promise<T>): Promise<T> {
  let settled = false;
  const watched = work.finally(() => {
    settled = true;
  });
  watched.catch(() => undefined);
  for (;;) {
    await sleep(200);
    // Not once more after it settled: that kill would hit the idle sessions the next request is about to take.
    if (settled) break;
    await terminateOurs();
  }
  return watched;
}

/** The error of a query whose session is terminated while it runs (null if it succeeded). */
function terminatedWhileRunning(query: Promise<unknown>): Promise<unknown> {
  return settledWhileTerminating(
    query.then(
      () => null,
      (e: unknown) => e,
    ),
  );
}

beforeAll(async () => {
  if (!onServer) return;
  admin = new pg.Client({ connectionString: testDatabaseUrl(), application_name: `${appName}-admin` });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
});

describe('which errors mean "the database is not there" (→ 503 database_unavailable)', () => {
  const cases: Array<[string, unknown, boolean]> = [
    [
      'pg 57P01 (pg_terminate_backend)',
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
        severity: 'FATAL',
      }),
      true,
    ],
    [
      'pg 57P03 (the server is starting)',
      Object.assign(new Error('the database system is starting up'), { code: '57P03', severity: 'FATAL' }),
      true,
    ],
    [
      'pg class 08 (08006 connection failure)',
      Object.assign(new Error('connection failure'), { code: '08006', severity: 'FATAL' }),
      true,
    ],
    [
      'a refused socket',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
        code: 'ECONNREFUSED',
        syscall: 'connect',
        errno: -111,
      }),
      true,
    ],
    [
      'a reset socket',
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read', errno: -104 }),
      true,
    ],
    ['pg: Connection terminated unexpectedly', new Error('Connection terminated unexpectedly'), true],
    ['pg pool: checkout timeout', new Error('timeout exceeded when trying to connect'), true],
    [
      'Prisma P1001',
      Object.assign(new Error("Can't reach database server"), { name: 'PrismaClientKnownRequestError', code: 'P1001' }),
      true,
    ],
    [
      'Prisma P1017',
      Object.assign(new Error('Server has closed the connection.'), {
        name: 'PrismaClientKnownRequestError',
        code: 'P1017',
      }),
      true,
    ],
    [
      'Prisma initialization P1001',
      Object.assign(new Error("Can't reach database server"), {
        name: 'PrismaClientInitializationError',
        errorCode: 'P1001',
      }),
      true,
    ],
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505', severity: 'ERROR' }), false],
    [
      'numeric overflow',
      Object.assign(new Error('numeric field overflow'), { code: '22003', severity: 'ERROR' }),
      false,
    ],
    [
      'another service refusing (fetch wraps the socket error)',
      Object.assign(new TypeError('fetch failed'), {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED', syscall: 'connect' }),
      }),
      false,
    ],
    ['ECONNREFUSED without a socket syscall', Object.assign(new Error('x'), { code: 'ECONNREFUSED' }), false],
    ['any other error', new Error('boom'), false],
  ];
  it.each(cases)('%s', (_name, error, expected) => {
    expect(isDatabaseUnavailable(error)).toBe(expected);
    const appError = toAppError(error, 1024);
    if (expected) {
      expect(appError).toMatchObject({ status: 503, code: 'database_unavailable', headers: { 'retry-after': '5' } });
      expect(appError.message).toMatch(/^La base de datos no está disponible/);
    } else {
      expect(appError.code).not.toBe('database_unavailable');
    }
  });
});

describe.runIf(onServer)('the pool survives terminated sessions', () => {
  it('real pg and Prisma errors of a terminated session are recognised, and both reconnect', async () => {
    const pool = createPool(testDatabaseUrl(), 3, { error: () => undefined }, appName);
    const central = createCentralClient(pool);
    try {
      const pgError = await terminatedWhileRunning(pool.query('SELECT 1 AS slept FROM pg_sleep(5)'));
      expect(pgError).toMatchObject({ code: '57P01' });
      expect(isDatabaseUnavailable(pgError)).toBe(true);

      const prismaError = await terminatedWhileRunning(central.$queryRawUnsafe('SELECT 1 AS slept FROM pg_sleep(5)'));
      expect(prismaError).toMatchObject({ name: 'PrismaClientKnownRequestError' });
      expect(isDatabaseUnavailable(prismaError), String(prismaError)).toBe(true);

      expect((await pool.query('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }]);
      expect(await central.$queryRawUnsafe('SELECT 2 AS ok')).toEqual([{ ok: 2 }]);
    } finally {
      await central.$disconnect();
      await pool.end();
    }
  });

  it('an interactive transaction that outlives its timeout on a busy server is a retryable 503, not a 500', async () => {
    const pool = createPool(testDatabaseUrl(), 2, { error: () => undefined }, appName);
    const central = createCentralClient(pool);
    try {
      const error = await central
        .$transaction(
          async (tx) => {
            await tx.$queryRawUnsafe('SELECT 1 AS slept FROM pg_sleep(0.4)');
            await tx.$queryRawUnsafe('SELECT 1 AS late');
          },
          { timeout: 100 },
        )
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(error).toMatchObject({ code: 'P2028' });
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(toAppError(error, 1024)).toMatchObject({ status: 503, code: 'database_unavailable' });
    } finally {
      await central.$disconnect();
      await pool.end();
    }
  });

  it('a client checked out with pool.connect() and terminated between two queries does not kill the process', async () => {
    const logged: string[] = [];
    const pool = createPool(testDatabaseUrl(), 2, { error: (_obj, msg) => void logged.push(String(msg)) }, appName);
    try {
      const client = await pool.connect();
      await client.query('BEGIN');
      await client.query('SELECT 1');
      await terminateOurs();
      await sleep(300); // the 'error' event arrives while no query runs: without a listener, an uncaught exception
      const error = await client.query('SELECT 1').then(
        () => null,
        (e: unknown) => e,
      );
      expect(isDatabaseUnavailable(error)).toBe(true);
      client.release();
      expect(logged).toContain('database connection lost');
      expect((await pool.query('SELECT 3 AS ok')).rows).toEqual([{ ok: 3 }]);
      expect(pool.totalCount).toBe(1); // the broken client was dropped, a new one made
    } finally {
      await pool.end();
    }
  });

  it('a refused connection (nothing listening) is recognised by pg and Prisma alike', async () => {
    const pool = createPool('postgresql://postgres@127.0.0.1:1/facturo_none', 1, { error: () => undefined }, appName);
    const central = createCentralClient(pool);
    try {
      expect(
        isDatabaseUnavailable(
          await pool.query('SELECT 1').then(
            () => null,
            (e: unknown) => e,
          ),
        ),
      ).toBe(true);
      expect(
        isDatabaseUnavailable(
          await central.tenant.count().then(
            () => null,
            (e: unknown) => e,
          ),
        ),
      ).toBe(true);
    } finally {
      await central.$disconnect();
      await pool.end();
    }
  });
});

describe.runIf(onServer)(
  'through HTTP: in-flight requests get a 503, nothing half-written, then it works again',
  () => {
    const sleepRoute: FastifyPluginAsync = async (app) => {
      app.get('/api/_probe/db-sleep', async () => {
        await app.platform.db.central.$queryRawUnsafe('SELECT 1 AS slept FROM pg_sleep(2)');
        return { ok: true };
      });
    };
    let ctx: TestApp;
    let tenant: TestTenant;

    beforeAll(async () => {
      ctx = await createTestApp({
        env: { DATABASE_APPLICATION_NAME: appName },
        features: [anyHostFeature(sleepRoute, { name: 'db-sleep-probe' })],
      });
      tenant = await ctx.provisionTenant();
    });
    afterAll(async () => {
      await ctx?.close();
    });

    it('a request whose session is terminated answers 503 database_unavailable with Retry-After; the next one 200', async () => {
      const res = await settledWhileTerminating(ctx.app.inject({ method: 'GET', url: '/api/_probe/db-sleep' }));
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.headers['x-request-id']).toBeTruthy();
      expect(res.json()).toMatchObject({ success: false, code: 'database_unavailable' });
      // The pool learns of its other sessions killed with this one from their sockets' close events: given a moment.
      await sleep(100);
      const again = await ctx.app.inject({ method: 'GET', url: '/api/_probe/db-sleep' });
      expect(again.statusCode).toBe(200);
    });

    it('issuing under repeated session kills: only 200 or 503, every 200 stored, numbers without gap or repeat', async () => {
      const body = JSON.stringify({
        ...fixtureBody('01-taxed.json'),
        serie_documento: 'F901',
        acciones: { enviar_xml_firmado: false },
      });
      const statuses = new Map<number, number>();
      const answered: string[] = [];
      let stop = false;
      const aheadBefore = buildsAhead.used;
      // 16 at once: the series gets busy enough to build ahead, keep its connection between transactions and store
      // guessed documents in one statement — all of it under the kills too.
      const load = Promise.all(
        Array.from({ length: 16 }, async () => {
          while (!stop) {
            const res = await ctx.app.inject({
              method: 'POST',
              url: '/api/documents',
              headers: { ...tenant.headers, 'content-type': 'application/json' },
              payload: body,
            });
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            if (res.statusCode === 200) answered.push(res.json().data.external_id);
          }
        }),
      );
      // The kills start once the series builds ahead (at most 5 s later on a slow machine).
      for (let waited = 0; waited < 100 && buildsAhead.used === aheadBefore; waited++) await sleep(50);
      let killed = 0;
      for (let i = 0; i < 6; i++) {
        await sleep(250);
        killed += await terminateOurs();
      }
      stop = true;
      await load;
      expect(killed).toBeGreaterThan(0);
      expect(buildsAhead.used).toBeGreaterThan(aheadBefore);
      expect(
        [...statuses.keys()].every((s) => s === 200 || s === 503),
        JSON.stringify([...statuses]),
      ).toBe(true);
      expect(statuses.get(200)).toBeGreaterThan(0);

      // A pooled session terminated a moment ago may still be handed out before its end reaches the pool: that request
      // gets its 503 too. A client that honours Retry-After succeeds on a following try.
      let after = 0;
      for (let attempt = 0; attempt < 5 && after !== 200; attempt++) {
        if (attempt > 0) await sleep(300);
        after = (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/documents',
            headers: { ...tenant.headers, 'content-type': 'application/json' },
            payload: body,
          })
        ).statusCode;
        statuses.set(after, (statuses.get(after) ?? 0) + 1);
      }
      expect(after).toBe(200);
      expect([...statuses.keys()].every((s) => s === 200 || s === 503)).toBe(true);
      const rows = await tenant.db.document.findMany({
        where: { serie: 'F901' },
        select: { number: true, externalId: true },
        orderBy: { number: 'asc' },
      });
      const stored = new Set(rows.map((r) => r.externalId));
      expect(answered.every((id) => stored.has(id))).toBe(true);
      expect(rows.map((r) => r.number)).toEqual(rows.map((_, i) => i + 1));
      const series = await tenant.db.series.findFirstOrThrow({ where: { serie: 'F901' } });
      expect(series.lastNumber).toBe(rows.length); // a rolled-back request consumed no number
    });
  },
);

describe.runIf(onServer)(
  'a PostgreSQL restart (every connection cut, new ones refused), emulated by a TCP proxy',
  () => {
    const probe: FastifyPluginAsync = async (app) => {
      app.get('/api/_probe/db-ping', async () =>
        app.platform.db.central.$queryRawUnsafe<{ ok: number }[]>('SELECT 1 AS ok').then((r) => ({ ok: r[0].ok })),
      );
      app.get('/api/_probe/db-wait', async () => {
        await app.platform.db.pool.query('SELECT pg_sleep(2)');
        return { ok: true };
      });
    };
    let ctx: TestApp;
    let proxy: TcpProxy;

    beforeAll(async () => {
      const server = new URL(testDatabaseUrl());
      proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
      ctx = await createTestApp({
        env: { DATABASE_URL: proxy.urlFor(testDatabaseUrl()) },
        features: [anyHostFeature(probe, { name: 'restart-probe' })],
      });
    });
    afterAll(async () => {
      await proxy?.restore();
      await ctx?.close();
      await proxy?.close();
    });

    it('in flight and while refused: 503 database_unavailable; once back: 200 on the same pool and Prisma client', async () => {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/_probe/db-ping' })).statusCode).toBe(200);
      const inFlight = ctx.app.inject({ method: 'GET', url: '/api/_probe/db-wait' });
      await sleep(300);
      await proxy.cut();
      const cut = await inFlight;
      expect([cut.statusCode, cut.json().code]).toEqual([503, 'database_unavailable']);
      const started = Date.now();
      const refused = await ctx.app.inject({ method: 'GET', url: '/api/_probe/db-ping' });
      expect([refused.statusCode, refused.json().code, refused.headers['retry-after']]).toEqual([
        503,
        'database_unavailable',
        '5',
      ]);
      expect(Date.now() - started).toBeLessThan(2_000); // refused at once, not after the pool's 15 s checkout timeout
      const down = await ctx.app.inject({ method: 'GET', url: '/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      await proxy.restore();
      // A pooled connection cut while idle may only be found dead by the next query: that one request answers a
      // retryable 503 like the ones before; the pool replaces the connection and the next answers.
      let back = await ctx.app.inject({ method: 'GET', url: '/api/_probe/db-ping' });
      for (let retry = 0; retry < 3 && back.statusCode === 503; retry += 1) {
        expect(back.json().code).toBe('database_unavailable');
        await sleep(200);
        back = await ctx.app.inject({ method: 'GET', url: '/api/_probe/db-ping' });
      }
      expect(back.json()).toEqual({ ok: 1 });
      expect((await ctx.app.inject({ method: 'GET', url: '/api/_probe/db-wait' })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
    });
  },
);
