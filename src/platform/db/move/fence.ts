// The fence a move raises on the source copy of a schema just before the flip, and leaves there until that copy is
// dropped: every table gets a statement-level BEFORE trigger that refuses any INSERT, UPDATE, DELETE or TRUNCATE with
// SQLSTATE FM001 (connection-errors.ts: 503 tenant_moving, or for an answer of SUNAT not recorded, the document left
// to the worker). Raised in one transaction that first locks every table IN EXCLUSIVE MODE: it waits for the
// transactions writing there to commit (their rows are then replicated), and a writer that was waiting for those
// locks meets the trigger instead. So after the fence nothing more is written to the source — whichever process,
// whatever it believes about the directory — and the target, once caught up to that point, holds all of it.
// Readers are not held (EXCLUSIVE allows ACCESS SHARE); a reader that has not heard of the flip yet reads the
// source's copy, which is the company's data as of the flip.
import type pg from 'pg';
import { MOVED_AWAY_SQLSTATE } from '../connection-errors.ts';
import { quoteIdent } from '../schema-name.ts';
import { withTransaction } from '../transaction.ts';
import { qualified, quoteLiteral, tablesOf } from './replication.ts';

const FENCE = 'facturo_moved_away';

function fenceFunction(schema: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(FENCE)}()`;
}

/** Raises the fence; fails (rolled back, nothing raised) if the tables cannot be locked within `lockTimeoutMs`. */
export async function raiseFence(source: pg.Pool, schema: string, lockTimeoutMs: number): Promise<void> {
  const tables = await tablesOf(source, schema);
  await withTransaction(source, async (client) => {
    await client.query(`SET LOCAL lock_timeout = ${Math.max(1, Math.round(lockTimeoutMs))}`);
    await client.query(`LOCK TABLE ${tables.map((t) => qualified(schema, t)).join(', ')} IN EXCLUSIVE MODE`);
    const message = `Facturo: la empresa de ${schema} se trasladó a otro servidor de base de datos; esta copia ya no se escribe.`;
    await client.query(
      `CREATE FUNCTION ${fenceFunction(schema)} RETURNS trigger LANGUAGE plpgsql AS $fence$
       BEGIN
         RAISE EXCEPTION USING ERRCODE = ${quoteLiteral(MOVED_AWAY_SQLSTATE)}, MESSAGE = ${quoteLiteral(message)};
       END
       $fence$`,
    );
    for (const table of tables) {
      await client.query(
        `CREATE TRIGGER ${quoteIdent(FENCE)} BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${qualified(schema, table)}
         FOR EACH STATEMENT EXECUTE FUNCTION ${fenceFunction(schema)}`,
      );
    }
  });
}

/** Takes the fence down (a move that failed after raising it: the company stays on the source). */
export async function lowerFence(source: Pick<pg.Pool, 'query'>, schema: string): Promise<void> {
  await source.query(`DROP FUNCTION IF EXISTS ${fenceFunction(schema)} CASCADE`);
}

/** Whether the schema on this server carries the fence: a copy left by a move, safe to drop once its grace is over. */
export async function isFenced(pool: Pick<pg.Pool, 'query'>, schema: string): Promise<boolean> {
  const { rows } = await pool.query<{ fenced: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                    WHERE n.nspname = $1 AND p.proname = $2) AS fenced`,
    [schema, FENCE],
  );
  return rows[0].fenced;
}
