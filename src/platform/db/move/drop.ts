// The source's copy of a moved company stays, fenced (fence.ts), for a grace period after the flip — a window to
// look at it, or to compare — and is then dropped: by the job the flip queued for that moment, or by
// `npx facturo database:prune`. Only a fenced copy of a company that lives elsewhere is ever dropped.
import type { Database } from '../database.ts';
import type { JobDefinition } from '../../jobs/definition.ts';
import { quoteIdent } from '../schema-name.ts';
import { isFenced } from './fence.ts';
import { currentServer, type MoveLog } from './undo.ts';

export const MOVE_DROP_JOB = 'tenant-move-drop';

export type DropOutcome = 'dropped' | 'not-due' | 'refused';

interface DoneMove {
  id: number;
  tenant_id: number;
  schema_name: string;
  from_server: string;
  state: string;
}

async function markDropped(db: Database, id: number): Promise<void> {
  await db.pool.query(`UPDATE "central"."tenant_moves" SET state = 'dropped' WHERE id = $1 AND state = 'done'`, [id]);
}

/** Drops the old copy a finished move left. */
export async function dropOldCopy(db: Database, moveId: number, log: MoveLog): Promise<DropOutcome> {
  const { rows } = await db.pool.query<DoneMove>(
    'SELECT id, tenant_id, schema_name, from_server, state FROM "central"."tenant_moves" WHERE id = $1',
    [moveId],
  );
  const move = rows[0];
  if (move?.state !== 'done') return 'not-due';
  if ((await currentServer(db, move.tenant_id)) === move.from_server) {
    log.error({ move: move.id }, 'old copy not dropped: the company lives on that server again');
    return 'refused';
  }
  const pool = db.directory.pool(move.from_server);
  const { rows: present } = await pool.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [move.schema_name]);
  if (present.length && !(await isFenced(pool, move.schema_name))) {
    log.error({ move: move.id, schema: move.schema_name }, 'old copy not dropped: it carries no fence');
    return 'refused';
  }
  if (present.length) await pool.query(`DROP SCHEMA ${quoteIdent(move.schema_name)} CASCADE`);
  await markDropped(db, move.id);
  return 'dropped';
}

/** The copies whose grace period is over — or every one, with `all` — dropped now; returns the moves dropped. */
export async function dropOldCopies(db: Database, log: MoveLog, all = false): Promise<number[]> {
  const { rows } = await db.pool.query<{ id: number }>(
    `SELECT id FROM "central"."tenant_moves" WHERE state = 'done' AND ($1 OR drop_after <= now()) ORDER BY id`,
    [all],
  );
  const dropped: number[] = [];
  for (const { id } of rows) if ((await dropOldCopy(db, id, log)) === 'dropped') dropped.push(id);
  return dropped;
}

/** The job a flip queues for the end of the grace period. */
export const moveDropJob: JobDefinition<{ db: Database; log: MoveLog }> = {
  name: MOVE_DROP_JOB,
  maxAttempts: 10,
  backoffMs: (attempts) => Math.min(60_000 * 2 ** attempts, 6 * 3_600_000),
  async run(payload, { deps }) {
    await dropOldCopy(deps.db, Number(payload.move), deps.log);
  },
};
