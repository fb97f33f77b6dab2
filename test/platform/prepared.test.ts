// Named prepared statements (src/platform/db/prepared.ts): the same answers as plain queries, planned once per
// connection, never more than 64 kept on one connection, and none at all where the pool does not allow them.
// A statement and its COMMIT in one round trip: committed together, or the statement's error with the transaction
// left for ROLLBACK, or CommitFailed — on named-statement pools and plain ones alike.
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPool } from '../../src/platform/db/pool.ts';
import { CommitFailed, queryPrepared, queryPreparedThenCommit } from '../../src/platform/db/prepared.ts';
import { testDatabaseKind, testDatabaseUrl } from '../helpers/db.ts';

const pools: pg.Pool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
});

async function keptOn(client: pg.PoolClient): Promise<number> {
  const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements');
  return rows[0].n;
}

describe('named prepared statements', () => {
  it.skipIf(testDatabaseKind() !== 'postgresql')(
    'answer like plain queries, are parsed once per text, and at most 64 stay on a connection',
    async () => {
      const pool = createPool(testDatabaseUrl(), 1, undefined, 'facturo-prepared-test', { namedStatements: true });
      pools.push(pool);
      const client = await pool.connect();
      try {
        const first = await queryPrepared<{ v: number }>(client, 'SELECT $1::int + 1 AS v', [41]);
        const again = await queryPrepared<{ v: number }>(client, 'SELECT $1::int + 1 AS v', [1]);
        expect([first.rows[0].v, again.rows[0].v]).toEqual([42, 2]);
        expect(await keptOn(client)).toBe(1);
        for (let i = 0; i < 100; i++) {
          const { rows } = await queryPrepared<{ v: number }>(client, `SELECT $1::int * ${i} AS v`, [2]);
          expect(rows[0].v).toBe(2 * i);
        }
        const kept = await keptOn(client);
        expect(kept).toBeGreaterThan(0);
        expect(kept).toBeLessThanOrEqual(64);
        // A text dropped with the others is prepared again when it comes back.
        const back = await queryPrepared<{ v: number }>(client, 'SELECT $1::int + 1 AS v', [9]);
        expect(back.rows[0].v).toBe(10);
      } finally {
        client.release();
      }
    },
  );

  it('are plain queries on a pool that does not allow them (embedded database, transaction poolers)', async () => {
    const pool = createPool(testDatabaseUrl(), 1, undefined, 'facturo-prepared-test');
    pools.push(pool);
    const client = await pool.connect();
    try {
      const { rows } = await queryPrepared<{ v: number }>(client, 'SELECT $1::int + 1 AS v', [41]);
      expect(rows[0].v).toBe(42);
      expect(await keptOn(client)).toBe(0);
    } finally {
      client.release();
    }
  });
});

describe('a statement and its COMMIT in one round trip', () => {
  const kinds = [
    { label: 'named statements, pipelined', namedStatements: true },
    { label: 'plain queries, one after the other', namedStatements: false },
  ].filter((k) => !k.namedStatements || testDatabaseKind() === 'postgresql');

  async function withTable<T>(namedStatements: boolean, run: (client: pg.PoolClient, table: string) => Promise<T>) {
    const pool = createPool(testDatabaseUrl(), 2, undefined, 'facturo-prepared-test', { namedStatements });
    pools.push(pool);
    const table = `then_commit_${namedStatements ? 'named' : 'plain'}_${process.pid}_${Date.now()}`;
    const client = await pool.connect();
    try {
      // k unique at COMMIT (deferred), n unique at once.
      await client.query(`CREATE TABLE ${table} (k int UNIQUE DEFERRABLE INITIALLY DEFERRED, n int UNIQUE)`);
      const result = await run(client, table);
      return { result, rows: (await pool.query(`SELECT k, n FROM ${table} ORDER BY k`)).rows };
    } finally {
      await client.query(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
      client.release();
    }
  }

  for (const kind of kinds) {
    describe(kind.label, () => {
      it("commits the statement's rows and returns them", async () => {
        const { result, rows } = await withTable(kind.namedStatements, async (client, table) => {
          await client.query('BEGIN');
          // Each round trip ends with the server's ReadyForQuery.
          let roundTrips = 0;
          const connection = (client as unknown as { connection: NodeJS.EventEmitter }).connection;
          const count = () => roundTrips++;
          connection.on('readyForQuery', count);
          const inserted = await queryPreparedThenCommit<{ k: number }>(
            client,
            `INSERT INTO ${table} (k, n) SELECT x, x FROM unnest($1::int[]) AS x RETURNING k`,
            [[1, 2, 3]],
          );
          connection.off('readyForQuery', count);
          const open = await client.query<{ open: boolean }>(
            'SELECT now() <> statement_timestamp() AS open', // false: no transaction left open
          );
          return { keys: inserted.rows.map((r) => r.k), open: open.rows[0].open, roundTrips };
        });
        expect(result).toEqual({ keys: [1, 2, 3], open: false, roundTrips: kind.namedStatements ? 1 : 2 });
        expect(rows).toEqual([
          { k: 1, n: 1 },
          { k: 2, n: 2 },
          { k: 3, n: 3 },
        ]);
      });

      it("gives the statement's own error and skips the COMMIT: the transaction waits, failed, for ROLLBACK", async () => {
        const { result, rows } = await withTable(kind.namedStatements, async (client, table) => {
          await client.query(`INSERT INTO ${table} (k, n) VALUES (9, 9)`);
          await client.query('BEGIN');
          await client.query(`INSERT INTO ${table} (k, n) VALUES (10, 10)`);
          const error = await queryPreparedThenCommit(
            client,
            `INSERT INTO ${table} (k, n) VALUES ($1, $2)`,
            [11, 9],
          ).then(
            () => null,
            (e: unknown) => e,
          );
          const next = await client.query('SELECT 1').then(
            () => 'ran',
            (e: { code?: string }) => e.code,
          );
          await client.query('ROLLBACK');
          return { error, next };
        });
        expect(result.error).not.toBeInstanceOf(CommitFailed);
        expect((result.error as { code?: string }).code).toBe('23505');
        expect(result.next).toBe('25P02'); // in failed transaction: the COMMIT never ran
        expect(rows).toEqual([{ k: 9, n: 9 }]);
      });

      it('throws CommitFailed, with the COMMIT’s error, when the statement ran and the COMMIT failed', async () => {
        const { result, rows } = await withTable(kind.namedStatements, async (client, table) => {
          await client.query(`INSERT INTO ${table} (k, n) VALUES (7, 7)`);
          await client.query('BEGIN');
          return queryPreparedThenCommit(client, `INSERT INTO ${table} (k, n) VALUES ($1, $2)`, [7, 8]).then(
            () => null,
            (e: unknown) => e,
          );
        });
        expect(result).toBeInstanceOf(CommitFailed);
        expect(((result as CommitFailed).cause as { code?: string }).code).toBe('23505');
        expect(rows).toEqual([{ k: 7, n: 7 }]);
      });
    });
  }
});
