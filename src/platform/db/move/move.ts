// `npx facturo tenant:move`: a company's schema moves to another database server while it keeps issuing.
//   1. the target gets the schema and its tables from our migrator (emptied: the copy brings every row);
//   2. logical replication copies the tables and follows every change (replication.ts);
//   3. once caught up, the hold: every process stops admitting the company's requests and jobs and lets those in
//      flight finish (hold.ts, directory.ts) — held requests wait, or after TENANT_MOVE_WAIT_MS get 503 with
//      Retry-After;
//   4. the fence on the source (fence.ts): nothing more can be written there; the target catches up to that point;
//   5. rows, highest ids, latest changes and series counters compared, sequences set on the target (verify.ts);
//   6. the flip: central.tenants names the new server, every process hears it (facturo_directory) and the held
//      requests go there. The source keeps its fenced copy for a grace period (drop.ts).
// Anything failing before the flip undoes the move (undo.ts): the company stays where it was, served as before.
// Files need nothing: STORAGE_DIR is keyed by schema, not by server. Jobs live in central.jobs and name the schema:
// the worker finds it wherever the directory says.
import type { Database } from '../database.ts';
import { noticeValues, type DirectoryNotice } from '../directory.ts';
import { loadMigrations, migrateSchema, migrationsDir } from '../migrator.ts';
import { quoteIdent } from '../schema-name.ts';
import { withTransaction } from '../transaction.ts';
import { DEFAULT_SERVER, identify, sameDatabase } from '../servers.ts';
import { enqueue } from '../../jobs/queue.ts';
import { relayOutbox } from '../../jobs/outbox.ts';
import { randomBytes } from 'node:crypto';
import { MOVE_DROP_JOB } from './drop.ts';
import { isFenced, raiseFence } from './fence.ts';
import { listenForAcknowledgements } from './hold.ts';
import {
  caughtUp,
  copyProgress,
  publish,
  qualified,
  subscribe,
  subscriptionOid,
  tablesOf,
  tablesWithoutIdentity,
  unpublish,
  unsubscribe,
  walPosition,
} from './replication.ts';
import { currentServer, MOVE_LOCK_SQL, undoInterruptedMoves, undoMove, type MoveLog, type MoveRecord } from './undo.ts';
import {
  firstDifference,
  sequenceValues,
  seriesCounters,
  setSequences,
  tableFigures,
  type TableFigures,
} from './verify.ts';

/** A refusal or failure of a move, said in Spanish for the operator; the company is where it was. */
export class MoveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MoveError';
  }
}

export interface MoveOptions {
  subdomain: string;
  to: string;
  /** How long the source's fenced copy is kept after the flip. */
  graceMs: number;
  /** The longest the company's requests may be held; past it the move gives up (and releases them). */
  maxHoldMs: number;
  /** How long the hold waits for the processes to finish what they have in flight for the company. */
  drainMs: number;
  /** How long the initial copy may take. */
  copyTimeoutMs: number;
  signal?: AbortSignal;
  progress?: (line: string) => void;
  log: MoveLog;
}

export interface MoveReport {
  move: number;
  subdomain: string;
  schema: string;
  from: string;
  to: string;
  /** Subscription created → every table copied and following. */
  copyMs: number;
  /** Hold announced → flip committed: the longest any request of the company waited on it. */
  holdMs: number;
  /** Hold announced → the processes acknowledged (or the drain time ran out). */
  drainMs: number;
  listeners: number;
  acknowledged: number;
  /** Fence raised → target caught up → verified → flipped, within the hold. */
  fenceMs: number;
  catchUpMs: number;
  verifyMs: number;
  totalMs: number;
  tables: Record<string, TableFigures>;
  sequences: number;
  dropAfter: string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Tenant {
  id: number;
  subdomain: string;
  schema: string;
  server: string;
}

async function findTenant(db: Database, subdomain: string): Promise<Tenant> {
  const { rows } = await db.pool.query<{ id: number; schema_name: string; database_server: string }>(
    'SELECT id, schema_name, database_server FROM "central"."tenants" WHERE subdomain = $1',
    [subdomain],
  );
  if (!rows[0]) throw new MoveError(`No existe la empresa con subdominio "${subdomain}".`);
  return { id: rows[0].id, subdomain, schema: rows[0].schema_name, server: rows[0].database_server };
}

function urlOf(db: Database, server: string): string {
  const url = server === DEFAULT_SERVER ? db.url : db.directory.url(server);
  if (!url) throw new MoveError(`No existe el servidor de base de datos "${server}" (npx facturo database:list).`);
  return url;
}

/** What must hold before anything is built: two different PostgreSQL ≥ 15 databases, the source logical. */
async function preflight(db: Database, tenant: Tenant, to: string): Promise<void> {
  const source = db.directory.pool(tenant.server);
  const target = db.directory.pool(to);
  const [from, into] = await Promise.all([identify(source), identify(target)]);
  if (sameDatabase(from, into))
    throw new MoveError(`"${tenant.server}" y "${to}" son la misma base de datos: no hay nada que trasladar.`);
  if (from.version < 150000 || into.version < 150000)
    throw new MoveError(
      'El traslado necesita PostgreSQL 15 o posterior en ambos servidores (publicación por esquema).',
    );
  if (from.walLevel !== 'logical')
    throw new MoveError(
      `El servidor de origen "${tenant.server}" tiene wal_level=${from.walLevel}: el traslado usa replicación lógica, que necesita wal_level=logical (y reiniciar PostgreSQL).`,
    );
  const unidentified = await tablesWithoutIdentity(source, tenant.schema);
  if (unidentified.length)
    throw new MoveError(`Tablas sin clave primaria en ${tenant.schema}: ${unidentified.join(', ')}.`);
  const migrations = await loadMigrations(migrationsDir('tenant'));
  const { rows } = await source.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${quoteIdent(tenant.schema)}."_migrations"`,
  );
  if (rows[0].n !== migrations.length)
    throw new MoveError(
      `El esquema ${tenant.schema} no está al día con las migraciones de esta versión (npx facturo migrate primero).`,
    );
}

/** A schema of that name on the target: the fenced copy an earlier move left there goes; anything else is refused. */
async function clearTarget(db: Database, tenant: Tenant, to: string, log: MoveLog): Promise<void> {
  const target = db.directory.pool(to);
  const { rows } = await target.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [tenant.schema]);
  if (!rows.length) return;
  const { rows: earlier } = await db.pool.query<{ id: number }>(
    `SELECT id FROM "central"."tenant_moves" WHERE tenant_id = $1 AND from_server = $2 AND state = 'done'`,
    [tenant.id, to],
  );
  if (!earlier.length || !(await isFenced(target, tenant.schema)))
    throw new MoveError(
      `El servidor "${to}" ya tiene un esquema ${tenant.schema} que no es una copia dejada por un traslado: revíselo antes de trasladar.`,
    );
  log.warn({ schema: tenant.schema, server: to }, 'dropping the old copy an earlier move left on the target');
  await target.query(`DROP SCHEMA ${quoteIdent(tenant.schema)} CASCADE`);
  await db.pool.query(`UPDATE "central"."tenant_moves" SET state = 'dropped' WHERE id = ANY($1)`, [
    earlier.map((r) => r.id),
  ]);
}

/** Polls `done` every 100 ms until true, or fails with `what` at `deadline` or when the move is interrupted. */
async function until(what: string, deadline: number, signal: AbortSignal | undefined, done: () => Promise<boolean>) {
  for (;;) {
    if (signal?.aborted) throw new MoveError('Traslado interrumpido.');
    if (await done()) return;
    if (Date.now() >= deadline) throw new MoveError(`Tiempo agotado: ${what}.`);
    await sleep(100);
  }
}

/** Why the embedded database cannot move a company. */
export const MOVE_NEEDS_POSTGRESQL =
  'tenant:move necesita PostgreSQL (DATABASE_URL): el traslado usa la replicación lógica de PostgreSQL, que la base embebida (PGlite) no tiene; en modo embebido hay un solo servidor.';

export async function moveTenant(db: Database, options: MoveOptions): Promise<MoveReport> {
  if (db.mode !== 'server') throw new MoveError(MOVE_NEEDS_POSTGRESQL);
  const tenant = await findTenant(db, options.subdomain);
  if (!db.directory.hasServer(options.to)) await db.directory.load();
  if (!db.directory.hasServer(options.to))
    throw new MoveError(`No existe el servidor de base de datos "${options.to}" (npx facturo database:list).`);
  if (tenant.server === options.to)
    throw new MoveError(`La empresa ${tenant.subdomain} ya está en el servidor "${options.to}".`);
  // The mover's lock, held on a session of its own until the end: a second mover of the company is refused, and
  // a move whose mover died is recognised by its lock being free (undo.ts).
  const lock = await db.pool.connect();
  try {
    const { rows } = await lock.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${MOVE_LOCK_SQL}, $1) AS ok`, [
      tenant.id,
    ]);
    if (!rows[0].ok) throw new MoveError(`Ya hay un traslado de ${tenant.subdomain} en curso.`);
    try {
      // An earlier move of this company whose mover died is undone first (this connection holds its lock now).
      await undoInterruptedMoves(db, options.log, tenant.id);
      return await moveLocked(db, tenant, options);
    } finally {
      await lock.query(`SELECT pg_advisory_unlock(${MOVE_LOCK_SQL}, $1)`, [tenant.id]).catch(() => undefined);
    }
  } finally {
    lock.release();
  }
}

async function moveLocked(db: Database, tenant: Tenant, options: MoveOptions): Promise<MoveReport> {
  await preflight(db, tenant, options.to);
  await clearTarget(db, tenant, options.to, options.log);
  const replication = `facturo_move_${tenant.id}_${randomBytes(4).toString('hex')}`;
  const { rows } = await db.pool.query<{ id: number }>(
    `INSERT INTO "central"."tenant_moves" (tenant_id, schema_name, from_server, to_server, report)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [tenant.id, tenant.schema, tenant.server, options.to, JSON.stringify({ replication })],
  );
  const move: MoveRecord = {
    id: rows[0].id,
    tenantId: tenant.id,
    schema: tenant.schema,
    from: tenant.server,
    to: options.to,
    replication,
  };
  try {
    return await runMove(db, tenant, move, replication, options);
  } catch (error) {
    const reason = error instanceof MoveError ? error.message : String((error as Error)?.message ?? error);
    // A flip whose commit answer was lost may have happened: central decides.
    if ((await currentServer(db, tenant.id).catch(() => null)) === options.to)
      throw new MoveError(`La empresa quedó en "${options.to}" (el cambio se confirmó), pero: ${reason}`);
    try {
      await undoMove(db, move, reason, options.log);
    } catch (undo) {
      throw new MoveError(
        `El traslado falló (${reason}) y no se pudo deshacer ahora (${(undo as Error).message}): el worker lo deshará en su próximo barrido.`,
      );
    }
    throw error instanceof MoveError
      ? error
      : new MoveError(`El traslado falló y se deshizo (la empresa sigue en "${tenant.server}"): ${reason}`);
  }
}

async function runMove(
  db: Database,
  tenant: Tenant,
  move: MoveRecord,
  name: string,
  options: MoveOptions,
): Promise<MoveReport> {
  const say = options.progress ?? (() => undefined);
  const started = Date.now();
  const source = db.directory.pool(tenant.server);
  const target = db.directory.pool(options.to);
  const schema = tenant.schema;

  say(`Creando ${schema} en "${options.to}" con las migraciones…`);
  await migrateSchema(target, schema, await loadMigrations(migrationsDir('tenant')));
  const tables = await tablesOf(target, schema);
  await target.query(`TRUNCATE ${tables.map((t) => qualified(schema, t)).join(', ')}`);

  say(`Copiando por replicación lógica (${tables.length} tablas)…`);
  await publish(source, schema, name);
  await subscribe(target, name, urlOf(db, tenant.server));
  const subscription = await subscriptionOid(target, name);
  const copyStarted = Date.now();
  await until('la copia inicial', copyStarted + options.copyTimeoutMs, options.signal, async () => {
    const progress = await copyProgress(target, name);
    if (progress.errors > 0)
      throw new MoveError(
        `La replicación informó errores en el servidor "${options.to}" (véase su registro): traslado deshecho.`,
      );
    return progress.tables === tables.length && progress.ready === tables.length;
  });
  const copyMs = Date.now() - copyStarted;
  const behind = await walPosition(source);
  await until('el destino alcanza al origen', Date.now() + options.copyTimeoutMs, options.signal, () =>
    caughtUp(source, name, behind),
  );

  // The hold ---------------------------------------------------------------------------------------------------
  const acknowledgements = await listenForAcknowledgements(db.url, move.id);
  try {
    const holdStarted = Date.now();
    const deadline = holdStarted + options.maxHoldMs;
    const hold: DirectoryNotice = { k: 'hold', schema, move: move.id, ms: options.maxHoldMs + 2_000 };
    say('Reteniendo las solicitudes de la empresa…');
    await withTransaction(db.pool, async (client) => {
      await client.query(`UPDATE "central"."tenant_moves" SET state = 'holding', held_at = now() WHERE id = $1`, [
        move.id,
      ]);
      await client.query('SELECT pg_notify($1, $2)', noticeValues(hold));
    });
    const listeners = await acknowledgements.listeners();
    const acknowledged = await acknowledgements.waitFor(listeners, Math.min(deadline, holdStarted + options.drainMs));
    const drainMs = Date.now() - holdStarted;

    const fenceStarted = Date.now();
    await raiseFence(source, schema, deadline - Date.now());
    const fenced = await walPosition(source);
    await until('el destino alcanza al origen cercado', deadline, options.signal, () => caughtUp(source, name, fenced));
    const catchUpMs = Date.now() - fenceStarted;

    const verifyStarted = Date.now();
    const [before, after, seriesBefore, seriesAfter] = await Promise.all([
      tableFigures(source, schema),
      tableFigures(target, schema),
      seriesCounters(source, schema),
      seriesCounters(target, schema),
    ]);
    const difference = firstDifference(before, after);
    if (difference) throw new MoveError(`Las copias no coinciden: ${difference}.`);
    if (seriesBefore.join('\n') !== seriesAfter.join('\n'))
      throw new MoveError('Los contadores de las series no coinciden entre origen y destino.');
    const sequences = await sequenceValues(source, schema);
    await setSequences(target, schema, sequences);
    await unsubscribe(target, name);
    const verifyMs = Date.now() - verifyStarted;
    if (Date.now() > deadline) throw new MoveError('La retención superó su máximo: traslado deshecho.');
    if (options.signal?.aborted) throw new MoveError('Traslado interrumpido.');

    const dropAfter = new Date(Date.now() + options.graceMs);
    const flip: DirectoryNotice = { k: 'flip', schema, move: move.id, tenant: tenant.id, server: options.to };
    const report: MoveReport = {
      move: move.id,
      subdomain: tenant.subdomain,
      schema,
      from: tenant.server,
      to: options.to,
      copyMs,
      holdMs: 0,
      drainMs,
      listeners,
      acknowledged,
      fenceMs: 0,
      catchUpMs,
      verifyMs,
      totalMs: 0,
      tables: before,
      sequences: sequences.length,
      dropAfter: dropAfter.toISOString(),
    };
    await withTransaction(db.pool, async (client) => {
      const { rowCount } = await client.query(
        `UPDATE "central"."tenants" SET database_server = $3, updated_at = now() WHERE id = $1 AND database_server = $2`,
        [tenant.id, tenant.server, options.to],
      );
      if (rowCount !== 1) throw new MoveError('La empresa cambió de servidor durante el traslado.');
      await client.query(
        `UPDATE "central"."tenant_moves" SET state = 'done', finished_at = now(), drop_after = $2, report = $3 WHERE id = $1`,
        [move.id, dropAfter, JSON.stringify({ replication: name, ...report })],
      );
      await enqueue(
        client,
        MOVE_DROP_JOB,
        { move: move.id },
        { dedupeKey: `${MOVE_DROP_JOB}:${move.id}`, runAt: dropAfter },
      );
      await client.query('SELECT pg_notify($1, $2)', noticeValues(flip));
    });
    db.directory.hear(JSON.stringify(flip));
    report.holdMs = Date.now() - holdStarted;
    report.fenceMs = Date.now() - fenceStarted;
    say(`Trasladada: retención de ${report.holdMs} ms.`);

    // After the flip: what no longer serves the company. Failures are logged, not the move's (the worker's sweep
    // drops a slot left behind: recoverInterruptedMoves).
    const dropped = await unpublish(source, name, subscription).then(
      () => true,
      (error) => {
        options.log.warn({ err: error }, 'move: slot or publication left on the source');
        return false;
      },
    );
    if (options.to === DEFAULT_SERVER)
      await relayOutbox(target, db.pool, schema).catch((error) =>
        options.log.warn({ err: error }, 'move: outbox left for the sweep'),
      );
    report.totalMs = Date.now() - started;
    await db.pool
      .query(`UPDATE "central"."tenant_moves" SET report = $2 WHERE id = $1`, [
        move.id,
        JSON.stringify({ replication: name, ...report, ...(dropped ? { replicationDropped: true } : {}) }),
      ])
      .catch(() => undefined);
    return report;
  } finally {
    await acknowledgements.close();
  }
}
