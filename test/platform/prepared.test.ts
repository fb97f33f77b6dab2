// Named prepared statements (src/platform/db/prepared.ts): the same answers as plain queries, planned once per
// connection, never more than 64 kept on one connection, and none at all where the pool does not allow them.
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPool } from '../../src/platform/db/pool.ts';
import { queryPrepared } from '../../src/platform/db/prepared.ts';
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
