// Group commit for "#" (platform/db/group-commit.ts): the series row lock lets one numbering transaction run at a
// time per series, and each held it for three round trips and a commit — under load the requests of a busy series
// waited in line for it, one transaction each (1 series: 164–181 accepted/s; the same load over 8 series:
// 189–249/s, one run on 2 cores). Here the requests of one series that arrive while its transaction runs wait in
// this process instead, and the next transaction takes up to MAX_SHARED of them (insertNumberedShared): one lock,
// one insert, one commit. On a busy series they are also built ahead of their numbers and, when the guess holds,
// stored by one statement (building ahead, below).
import type pg from 'pg';
import { groupCommit, type GroupTotals } from '../platform/db/group-commit.ts';
import {
  type Connections,
  insertGuessed,
  insertNumbered,
  insertNumberedShared,
  type NewDocument,
  type NumberingResult,
  poolConnections,
  type Quota,
} from './insert.ts';

type Inserted = NumberingResult & { row: NewDocument };
type Series = { documentType: string; serie: string };
type Build = (number: number) => Promise<NewDocument>;

/** The most documents one transaction stores: they are signed side by side while the series is locked. */
export const MAX_SHARED = 16;

/** What the queues did since the process started: transactions run (statements) and documents stored (items). */
export const numberingTotals: GroupTotals = { statements: 0, items: 0 };

/** Builds started before their number was taken, and how many of them had guessed it (the rest were dropped). */
export const buildsAhead = { started: 0, used: 0 };

// Building ahead. A series' transaction holds its row lock while it signs its documents, and the requests queued
// behind it wait for all of it. But their numbers are known before it commits: the queue hands out consecutive
// numbers in its own order, so once a request is numbered n, the k-th request still waiting will get n + k — unless
// something else takes numbers on the series meanwhile (another process, an explicit number, a group rolled back).
// So the waiting requests are built with those numbers while the transaction ahead of them inserts and commits, and
// the next transaction needs no round trip to learn its numbers: one statement takes them and stores the rows if
// the series is still where the guess had it (insertGuessed). A guess that missed stores nothing; its builds are
// dropped (a build only makes the row and the signed XML; it writes nothing) and the requests go the usual way,
// each built again with its number. The signed bytes are the same either way: a document's XML depends only on it
// and its number.
// Where others take the series' numbers too (another process, mostly), guesses miss and what was built ahead is CPU
// thrown away: 2 processes on one series spent 0.24 ms more API CPU a document and issued fewer (bench:compare
// --processes=2). So a series builds ahead only after GUESSING_AFTER numbers in a row went as they would have been
// guessed; one miss starts the count again.

interface Ahead {
  number: number;
  row: Promise<NewDocument>;
}

interface Waiting {
  build: Build;
  ahead: Ahead | null;
}

interface SeriesTurns {
  /** Queued requests not numbered yet, in the queue's order (the order numbers are handed out in). */
  waiting: Waiting[];
  /** The number the first of them gets if nothing else takes one first; null until a request is numbered. */
  next: number | null;
  /** Requests numbered in a row with the number they would have been guessed: ≥ GUESSING_AFTER, builds go ahead. */
  inRow: number;
  /** Requests queued or in a transaction. */
  active: number;
  /** Whether the waiting requests' builds ahead are due to start (after the current transaction's own builds). */
  scheduled: boolean;
  connections: ReturnType<typeof keptConnection>;
}

interface Request {
  schema: string;
  series: Series;
  turns: SeriesTurns;
  waiting: Waiting;
}

/** Two full transactions' worth: with several processes on one series, a run this long is rare. */
const GUESSING_AFTER = 2 * MAX_SHARED;

/** The waiting requests built ahead: the next two transactions' (a burst of thousands would hold them all built,
 *  and build them all again on one miss). */
const AHEAD = 2 * MAX_SHARED;

const guessing = (turns: SeriesTurns) => turns.inRow >= GUESSING_AFTER && turns.next !== null;

/**
 * One connection kept for a busy series from one of its transactions to the next, given back to the pool when its
 * queue empties: taking one from the pool waits for a turn of the event loop (pg-pool hands it over on
 * process.nextTick), 1.0–1.2 ms a transaction at the bench's saturation, with the series locked behind it.
 * A kept connection that fails while it waits (the server restarted, the session was killed) is dropped at once, as
 * the pool drops an idle one: the next transaction takes a sound one instead of failing on it.
 */
export function keptConnection(pool: pg.Pool): Connections & { close(): void } {
  let kept: pg.PoolClient | null = null;
  const lost = (error: Error) => {
    const client = kept;
    kept = null;
    client?.release(error);
  };
  const take = () => {
    const client = kept!;
    kept = null;
    client.removeListener('error', lost);
    return client;
  };
  return {
    connect: () => (kept ? take() : pool.connect()),
    release(client, broken) {
      if (broken || kept) return client.release(broken);
      kept = client;
      client.once('error', lost);
    },
    close() {
      if (kept) take().release();
    },
  };
}

function buildAhead(w: Waiting, number: number): void {
  if (w.ahead?.number === number) return;
  const row = w.build(number);
  row.catch(() => {}); // a dropped guess's failure is nobody's; a used one's reaches its transaction
  w.ahead = { number, row };
  buildsAhead.started += 1;
}

/** Records that `w` is numbered `number`; once the transaction has started its own builds, the waiting are built
 *  ahead with the numbers that follow. */
function numberedAs(turns: SeriesTurns, w: Waiting, number: number): void {
  const at = turns.waiting.indexOf(w);
  if (at >= 0) turns.waiting.splice(at, 1);
  turns.inRow = turns.next === number ? turns.inRow + 1 : 0;
  turns.next = number + 1;
  if (guessing(turns) && !turns.scheduled) {
    turns.scheduled = true;
    setImmediate(() => {
      turns.scheduled = false;
      if (!guessing(turns)) return;
      for (const [k, other] of turns.waiting.slice(0, AHEAD).entries()) buildAhead(other, turns.next! + k);
    });
  }
}

/** The build a transaction calls with the request's number: the one made ahead if it guessed that number. */
function buildNumbered(turns: SeriesTurns, w: Waiting, number: number): Promise<NewDocument> {
  numberedAs(turns, w, number);
  if (w.ahead?.number === number) {
    buildsAhead.used += 1;
    return w.ahead.row;
  }
  return w.build(number);
}

/** The first number the requests were all built ahead for, in order, if that is still the series' next. */
function guessedFirst(requests: Request[]): number | null {
  const turns = requests[0].turns;
  const first = requests[0].waiting.ahead?.number;
  if (first === undefined || first !== turns.next) return null;
  return requests.every((r, i) => r.waiting.ahead?.number === first + i) ? first : null;
}

/** Requests built ahead, stored by insertGuessed; null when the guess missed (or a build failed): go the usual way. */
async function storeGuessed(requests: Request[]): Promise<Inserted[] | null> {
  const first = guessedFirst(requests);
  if (first === null) return null;
  const { turns, schema, series } = requests[0];
  const settled = await Promise.allSettled(requests.map((r) => r.waiting.ahead!.row));
  if (settled.some((s) => s.status === 'rejected')) return null;
  const rows = settled.map((s) => (s as PromiseFulfilledResult<NewDocument>).value);
  for (const [i, r] of requests.entries()) numberedAs(turns, r.waiting, first + i);
  const ids = await insertGuessed(turns.connections, schema, series, first, rows);
  if (!ids) return null;
  buildsAhead.used += rows.length;
  return rows.map((row, i) => ({ id: ids[i], number: row.number, row }));
}

function queueFor() {
  const build = (r: Request) => (number: number) => buildNumbered(r.turns, r.waiting, number);
  return groupCommit<Request, Inserted>(
    {
      max: MAX_SHARED,
      alone: async (r) =>
        (await storeGuessed([r]))?.[0] ??
        insertNumbered(
          r.turns.connections,
          r.schema,
          { ...r.series, explicitNumber: null, requireRegistered: false },
          build(r),
        ),
      together: async (requests) =>
        (await storeGuessed(requests)) ??
        insertNumberedShared(
          requests[0].turns.connections,
          requests[0].schema,
          requests[0].series,
          requests.map(build),
        ),
    },
    numberingTotals,
  );
}

function turnsFor(pool: pg.Pool) {
  const queue = queueFor();
  const series = new Map<string, SeriesTurns>();
  return async (key: string, schema: string, numbering: Series, build: Build): Promise<Inserted> => {
    let turns = series.get(key);
    if (!turns) {
      turns = { waiting: [], next: null, inRow: 0, active: 0, scheduled: false, connections: keptConnection(pool) };
      series.set(key, turns);
    }
    const waiting: Waiting = { build, ahead: null };
    turns.waiting.push(waiting);
    turns.active += 1;
    if (guessing(turns) && turns.waiting.length <= AHEAD) buildAhead(waiting, turns.next! + turns.waiting.length - 1);
    const own = turns;
    try {
      return await queue.inTurn(key, { schema, series: numbering, turns: own, waiting });
    } finally {
      // One refused before its number (a full series) must not shift the guesses of those behind it.
      const at = own.waiting.indexOf(waiting);
      if (at >= 0) own.waiting.splice(at, 1);
      own.active -= 1;
      if (own.active === 0) {
        series.delete(key);
        own.connections.close();
      }
    }
  };
}

const queues = new WeakMap<pg.Pool, ReturnType<typeof turnsFor>>();

/**
 * The document's number and its stored row (insert.ts). "#" on a series needing no registration check and no quota
 * — nothing else to check in the transaction — shares it with the series' other requests in flight; every other
 * case (an explicit number, a registered series, a monthly limit) runs its own.
 */
export function insertNumberedInTurn(
  pool: pg.Pool,
  schema: string,
  numbering: Series & { explicitNumber: number | null; requireRegistered: boolean },
  build: Build,
  quota: Quota | null,
): Promise<Inserted> {
  if (numbering.explicitNumber !== null || numbering.requireRegistered || quota)
    return insertNumbered(poolConnections(pool), schema, numbering, build, quota);
  let inTurn = queues.get(pool);
  if (!inTurn) {
    inTurn = turnsFor(pool);
    queues.set(pool, inTurn);
  }
  const series = { documentType: numbering.documentType, serie: numbering.serie };
  return inTurn(`${schema}\u0000${series.documentType}\u0000${series.serie}`, schema, series, build);
}
