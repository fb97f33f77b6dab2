// Undoing a move that did not flip — the mover's own failure path, and the recovery of a move whose mover died
// (the worker's sweep, the next `tenant:move`). The order keeps the company served: the fence comes down first
// (only while central still has the company on the source), then the hold is released, then what the move built
// goes — the target's subscription and schema copy (never a schema the company lives in), the source's slot and
// publication.
import type { Database } from '../database.ts';
import { noticeValues } from '../directory.ts';
import { quoteIdent } from '../schema-name.ts';
import { withTransaction } from '../transaction.ts';
import { lowerFence } from './fence.ts';
import { subscriptionOid, unpublish, unsubscribe } from './replication.ts';

export interface MoveRecord {
  id: number;
  tenantId: number;
  schema: string;
  from: string;
  to: string;
  /** The publication, slot and subscription's name (tenant_moves.report.replication). */
  replication: string | null;
}

export interface MoveLog {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/** The advisory lock a mover holds on the central server for as long as it moves a tenant. */
export const MOVE_LOCK_SQL = "hashtext('facturo:tenant-move')";

export async function currentServer(db: Database, tenantId: number): Promise<string | null> {
  const { rows } = await db.pool.query<{ server: string }>(
    'SELECT database_server AS server FROM "central"."tenants" WHERE id = $1',
    [tenantId],
  );
  return rows[0]?.server ?? null;
}

async function quietly(log: MoveLog, what: string, step: () => Promise<unknown>): Promise<void> {
  try {
    await step();
  } catch (error) {
    log.warn({ err: error }, `move cleanup: ${what} failed`);
  }
}

export async function undoMove(db: Database, move: MoveRecord, reason: string, log: MoveLog): Promise<void> {
  const server = await currentServer(db, move.tenantId);
  const source = db.directory.pool(move.from);
  const target = db.directory.pool(move.to);
  if (server === move.from) await lowerFence(source, move.schema);
  await withTransaction(db.pool, async (client) => {
    const { rowCount } = await client.query(
      `UPDATE "central"."tenant_moves" SET state = 'failed', error = $2, finished_at = now()
       WHERE id = $1 AND state IN ('copying', 'holding')`,
      [move.id, reason.slice(0, 2000)],
    );
    if (rowCount)
      await client.query(
        'SELECT pg_notify($1, $2)',
        noticeValues({ k: 'release', schema: move.schema, move: move.id }),
      );
  });
  if (move.replication) {
    const name = move.replication;
    const oid = await subscriptionOid(target, name).catch(() => null);
    await quietly(log, 'subscription', () => unsubscribe(target, name));
    await quietly(log, 'slot and publication', () => unpublish(source, name, oid));
  }
  if (server !== move.to)
    await quietly(log, 'target copy', () => target.query(`DROP SCHEMA IF EXISTS ${quoteIdent(move.schema)} CASCADE`));
}

interface MoveRow {
  id: number;
  tenant_id: number;
  schema_name: string;
  from_server: string;
  to_server: string;
  report: { replication?: string } | null;
}

export function recordOf(row: MoveRow): MoveRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    schema: row.schema_name,
    from: row.from_server,
    to: row.to_server,
    replication: row.report?.replication ?? null,
  };
}

async function unfinishedMoves(db: Database, tenantId?: number): Promise<MoveRow[]> {
  const { rows } = await db.pool.query<MoveRow>(
    `SELECT id, tenant_id, schema_name, from_server, to_server, report FROM "central"."tenant_moves"
     WHERE state IN ('copying', 'holding') AND ($1::int IS NULL OR tenant_id = $1) ORDER BY id`,
    [tenantId ?? null],
  );
  return rows;
}

const INTERRUPTED = 'interrumpida: el proceso que la hacía terminó antes de completarla';

/** Undoes a tenant's unfinished moves; the caller holds that tenant's move lock (a new mover of it). */
export async function undoInterruptedMoves(db: Database, log: MoveLog, tenantId: number): Promise<number> {
  const rows = await unfinishedMoves(db, tenantId);
  for (const row of rows) await undoMove(db, recordOf(row), INTERRUPTED, log);
  return rows.length;
}

/** Runs `work` holding the tenant's move lock, if no mover holds it; false when one does. */
async function withoutMover(db: Database, tenantId: number, work: () => Promise<void>): Promise<boolean> {
  const client = await db.pool.connect();
  try {
    const { rows } = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${MOVE_LOCK_SQL}, $1) AS ok`, [
      tenantId,
    ]);
    if (!rows[0].ok) return false;
    try {
      await work();
    } finally {
      await client.query(`SELECT pg_advisory_unlock(${MOVE_LOCK_SQL}, $1)`, [tenantId]);
    }
    return true;
  } finally {
    client.release();
  }
}

/**
 * Undoes the unfinished moves (copying or holding) that no mover holds. A mover holds its tenant's advisory lock
 * for as long as it runs: a lock this connection can take has no mover behind it. Also drops the slot and publication
 * a flipped move's mover did not live to drop (an idle slot would keep the source's WAL forever). Returns how many
 * moves it undid.
 */
export async function recoverInterruptedMoves(db: Database, log: MoveLog): Promise<number> {
  if (db.mode !== 'server') return 0;
  let undone = 0;
  for (const row of await unfinishedMoves(db)) {
    const done = await withoutMover(db, row.tenant_id, async () => {
      log.warn({ move: row.id, schema: row.schema_name }, 'undoing a move whose mover is gone');
      await undoMove(db, recordOf(row), INTERRUPTED, log);
    });
    if (done) undone += 1;
  }
  const { rows: flipped } = await db.pool.query<MoveRow>(
    `SELECT id, tenant_id, schema_name, from_server, to_server, report FROM "central"."tenant_moves"
     WHERE state = 'done' AND report ? 'replication' AND NOT (report ? 'replicationDropped')`,
  );
  for (const row of flipped) {
    await withoutMover(db, row.tenant_id, async () => {
      await unpublish(db.directory.pool(row.from_server), row.report!.replication!, null);
      await markReplicationDropped(db, row.id);
    }).catch((error) => log.warn({ err: error, move: row.id }, 'move: slot or publication still on the source'));
  }
  return undone;
}

/** Records in the move's report that its slot and publication are gone from the source. */
export async function markReplicationDropped(db: Database, moveId: number): Promise<void> {
  await db.pool.query(
    `UPDATE "central"."tenant_moves" SET report = report || '{"replicationDropped": true}'::jsonb WHERE id = $1`,
    [moveId],
  );
}
