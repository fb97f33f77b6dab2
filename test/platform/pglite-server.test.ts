// The embedded database's wire server (src/platform/db/pglite-server.ts) must give every connection its own
// answers although PGlite is one session: parameterised queries next to transactions (the case that broke
// @electric-sql/pglite-socket's multiplexer), errors inside transactions, and a client that disappears
// mid-transaction.
import { connect } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/platform/db/embedded.ts';
import { PgliteWireServer } from '../../src/platform/db/pglite-server.ts';

let embedded: EmbeddedPostgres;
const pools: pg.Pool[] = [];
const pool = (max = 4) => {
  const p = new pg.Pool({ connectionString: embedded.url, max });
  pools.push(p);
  return p;
};

beforeAll(async () => {
  embedded = await startEmbeddedPostgres({ dataDir: null, maxConnections: 64 });
  await pool(1).query('CREATE TABLE t (id serial PRIMARY KEY, v int NOT NULL)');
});
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await embedded.close();
});

describe('PgliteWireServer', () => {
  it('answers each connection its own result while others run transactions', async () => {
    const readers = [pool(), pool(), pool()];
    const writer = pool();
    let wrong = 0;
    let reads = 0;
    const read = async (p: pg.Pool, v: number) => {
      const r = await p.query('SELECT to_regclass($1) IS NOT NULL AS present, $2::int AS v', ['"public"."t"', v]);
      reads++;
      if (r.rows.length !== 1 || r.rows[0].v !== v || r.rows[0].present !== true) wrong++;
    };
    const write = async (k: number) => {
      const c = await writer.connect();
      try {
        await c.query('BEGIN');
        await c.query('INSERT INTO t (v) VALUES ($1)', [k]);
        await new Promise((r) => setTimeout(r, 1));
        if (k % 3 === 0) {
          await c.query('SELECT no_such_function()').catch(() => undefined);
          await c.query('ROLLBACK');
        } else {
          await c.query('COMMIT');
        }
      } finally {
        c.release();
      }
    };
    await Promise.all([
      ...readers.flatMap((p, i) =>
        Array.from({ length: 4 }, async (_, j) => {
          for (let k = 0; k < 40; k++) await read(p, i * 10_000 + j * 100 + k);
        }),
      ),
      ...Array.from({ length: 3 }, async (_, j) => {
        for (let k = 0; k < 30; k++) await write(j * 100 + k);
      }),
    ]);
    expect(reads).toBe(480);
    expect(wrong).toBe(0);
    const committed = await readers[0].query('SELECT count(*)::int AS n FROM t');
    expect(committed.rows[0].n).toBe(3 * 30 - 3 * 10);
  });

  it('rolls back the transaction of a client that disconnects, and serves the others', async () => {
    const client = new pg.Client({ connectionString: embedded.url });
    client.on('error', () => undefined); // its socket is cut below on purpose
    await client.connect();
    await client.query('BEGIN');
    await client.query('INSERT INTO t (v) VALUES (-1)');
    const other = pool(1);
    const waiting = other.query('SELECT count(*)::int AS n FROM t WHERE v = -1');
    // The other connection waits for the transaction; killing the client releases it.
    (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    const result = await waiting;
    expect(result.rows[0].n).toBe(0);
    const after = await other.query('SELECT 1 AS ok');
    expect(after.rows[0].ok).toBe(1);
  });

  it('cuts a connection idle in its transaction while others wait, never one whose statement the server is running', async () => {
    const db = await PGlite.create();
    const server = new PgliteWireServer(db, { idleInTransactionMs: 200 });
    const url = `postgresql://postgres@127.0.0.1:${await server.start()}/postgres`;
    const clients: pg.Client[] = [];
    const connect = async () => {
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => undefined); // the idle one is cut on purpose
      clients.push(client);
      await client.connect();
      return client;
    };
    try {
      const [busy, idle, waiting] = [await connect(), await connect(), await connect()];
      // The owner's next statement is in the server's hands past the limit — here waiting 600 ms for PGlite, which
      // something else in the process holds — and the timer armed when the other connection began to wait fires
      // meanwhile: that is work, not idleness, and the connection must stay.
      await busy.query('BEGIN');
      const other = waiting.query('SELECT 1 AS ok');
      await new Promise((r) => setTimeout(r, 50)); // it reaches the server and waits: the timer is armed
      const held = db.runExclusive(() => new Promise((r) => setTimeout(r, 600)));
      const answered = await busy.query('SELECT true AS done');
      expect(answered.rows[0].done).toBe(true);
      await held;
      await busy.query('COMMIT');
      expect((await other).rows[0].ok).toBe(1);
      // Idle past the limit with another waiting: cut, its transaction rolled back, the other served.
      await idle.query('BEGIN');
      const next = waiting.query('SELECT 2 AS ok');
      expect((await next).rows[0].ok).toBe(2);
      await expect(idle.query('SELECT 1')).rejects.toThrow();
    } finally {
      await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
      await server.stop();
      await db.close();
    }
  });

  it('with a password, answers nothing but 28P01 to a client that skips or fails SCRAM, and serves one that proves it', async () => {
    const db = await PGlite.create();
    const server = new PgliteWireServer(db, { password: 'clave-de-prueba' });
    const port = await server.start();
    try {
      // A raw client sends its startup message, then a query without answering the SASL request.
      const answer = await new Promise<Buffer>((resolve, reject) => {
        const chunks: Buffer[] = [];
        const socket = connect(port, '127.0.0.1', () => {
          const params = Buffer.from('user\0postgres\0database\0postgres\0\0');
          const startup = Buffer.alloc(8);
          startup.writeInt32BE(8 + params.length, 0);
          startup.writeInt32BE(196608, 4);
          const query = Buffer.from('SELECT 1\0');
          const q = Buffer.alloc(5);
          q.write('Q');
          q.writeInt32BE(4 + query.length, 1);
          socket.write(Buffer.concat([startup, params, q, query]));
        });
        socket.on('data', (c) => chunks.push(c));
        socket.on('close', () => resolve(Buffer.concat(chunks)));
        socket.on('error', reject);
      });
      expect(answer[0]).toBe(0x52); // R: AuthenticationSASL…
      expect(answer.readInt32BE(5)).toBe(10);
      expect(answer.toString('latin1')).toContain('SCRAM-SHA-256');
      expect(answer.toString('latin1')).toContain('28P01'); // …then the refusal, and no row
      expect(answer.toString('latin1')).not.toContain('?column?');
      const wrong = new pg.Client({ connectionString: `postgresql://postgres:otra@127.0.0.1:${port}/postgres` });
      await expect(wrong.connect()).rejects.toMatchObject({ code: '28P01' });
      const right = new pg.Client({
        connectionString: `postgresql://postgres:clave-de-prueba@127.0.0.1:${port}/postgres`,
      });
      await right.connect();
      try {
        expect((await right.query('SELECT 41 + 1 AS n')).rows[0].n).toBe(42);
      } finally {
        await right.end();
      }
    } finally {
      await server.stop();
      await db.close();
    }
  });
});
