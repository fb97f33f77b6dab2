// Group commit for "#" (platform/db/group-commit.ts): the series row lock lets one numbering transaction run at a
// time per series, and each holds it for three round trips and a commit — under load the requests of a busy series
// waited in line for it, one transaction each (1 series: 164–181 accepted/s; the same load over 8 series:
// 189–249/s, one run on 2 cores). Here the requests of one series that arrive while its transaction runs wait in
// this process instead, and the next transaction takes up to MAX_SHARED of them (insertNumberedShared): one lock,
// one insert, one commit.
import type pg from 'pg';
import { groupCommit, type GroupTotals } from '../platform/db/group-commit.ts';
import { insertNumbered, insertNumberedShared, type NewDocument, type NumberingResult, type Quota } from './insert.ts';

type Inserted = NumberingResult & { row: NewDocument };
type Series = { documentType: string; serie: string };
type Build = (number: number) => Promise<NewDocument>;

interface Request {
  schema: string;
  series: Series;
  build: Build;
}

/** The most documents one transaction stores: they are signed side by side while the series is locked. */
export const MAX_SHARED = 16;

/** What the queues did since the process started: transactions run (statements) and documents stored (items). */
export const numberingTotals: GroupTotals = { statements: 0, items: 0 };

/** Builds started before their number was taken, and how many of them had guessed it (the rest were dropped). */
export const buildsAhead = { started: 0, used: 0 };

function queueFor(pool: pg.Pool) {
  return groupCommit<Request, Inserted>(
    {
      max: MAX_SHARED,
      alone: (r) =>
        insertNumbered(pool, r.schema, { ...r.series, explicitNumber: null, requireRegistered: false }, r.build),
      together: (requests) =>
        insertNumberedShared(
          pool,
          requests[0].schema,
          requests[0].series,
          requests.map((r) => r.build),
        ),
    },
    numberingTotals,
  );
}

// Building ahead. A series' transaction holds its row lock while it signs its documents, and the requests queued
// behind it wait for all of it. But their numbers are known before it commits: the queue hands out consecutive
// numbers in its own order, so once a request is numbered n, the k-th request still waiting will get n + k — unless
// something else takes numbers on the series meanwhile (another process, an explicit number, a group rolled back).
// So the waiting requests are built with those numbers while the transaction ahead of them inserts and commits, and
// the transaction that numbers them uses a build whose number is the one it took; any other is dropped (a build
// only makes the row and the signed XML; it writes nothing) and the request is built again with its number. The
// signed bytes are the same either way: a document's XML depends only on it and its number.
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
}

/** Two full transactions' worth: with several processes on one series, a run this long is rare. */
const GUESSING_AFTER = 2 * MAX_SHARED;

/** The waiting requests built ahead: the next two transactions' (a burst of thousands would hold them all built,
 *  and build them all again on one miss). */
const AHEAD = 2 * MAX_SHARED;

const guessing = (turns: SeriesTurns) => turns.inRow >= GUESSING_AFTER && turns.next !== null;

function buildAhead(w: Waiting, number: number): void {
  if (w.ahead?.number === number) return;
  const row = w.build(number);
  row.catch(() => {}); // a dropped guess's failure is nobody's; a used one's reaches its transaction
  w.ahead = { number, row };
  buildsAhead.started += 1;
}

/** The build a transaction calls with the request's number: the one made ahead if it guessed that number. */
function numbered(turns: SeriesTurns, w: Waiting, number: number): Promise<NewDocument> {
  const at = turns.waiting.indexOf(w);
  if (at >= 0) turns.waiting.splice(at, 1);
  turns.inRow = turns.next === number ? turns.inRow + 1 : 0;
  turns.next = number + 1;
  if (guessing(turns) && !turns.scheduled) {
    // Once the transaction has started all its own builds (it calls them in one go): they come first.
    turns.scheduled = true;
    setImmediate(() => {
      turns.scheduled = false;
      if (!guessing(turns)) return;
      for (const [k, other] of turns.waiting.slice(0, AHEAD).entries()) buildAhead(other, turns.next! + k);
    });
  }
  if (w.ahead?.number === number) {
    buildsAhead.used += 1;
    return w.ahead.row;
  }
  return w.build(number);
}

function turnsFor(pool: pg.Pool) {
  const queue = queueFor(pool);
  const series = new Map<string, SeriesTurns>();
  return async (key: string, request: Request): Promise<Inserted> => {
    let turns = series.get(key);
    if (!turns) {
      turns = { waiting: [], next: null, inRow: 0, active: 0, scheduled: false };
      series.set(key, turns);
    }
    const w: Waiting = { build: request.build, ahead: null };
    turns.waiting.push(w);
    turns.active += 1;
    if (guessing(turns) && turns.waiting.length <= AHEAD) buildAhead(w, turns.next! + turns.waiting.length - 1);
    const own = turns;
    try {
      return await queue.inTurn(key, { ...request, build: (number) => numbered(own, w, number) });
    } finally {
      // One refused before its number (a full series) must not shift the guesses of those behind it.
      const at = own.waiting.indexOf(w);
      if (at >= 0) own.waiting.splice(at, 1);
      own.active -= 1;
      if (own.active === 0) series.delete(key);
    }
  };
}

const queues = new WeakMap<pg.Pool, ReturnType<typeof turnsFor>>();

/**
 * The document's number and its stored row (insert.ts). "#" on a series needing no registration check and no quota
 * — nothing else to check in the transaction — shares it with the series' other requests in flight; every other
 * case (an explicit number, a registered series, a plan quota) runs its own.
 */
export function insertNumberedInTurn(
  pool: pg.Pool,
  schema: string,
  numbering: Series & { explicitNumber: number | null; requireRegistered: boolean },
  build: Build,
  quota: Quota | null,
): Promise<Inserted> {
  if (numbering.explicitNumber !== null || numbering.requireRegistered || quota)
    return insertNumbered(pool, schema, numbering, build, quota);
  let inTurn = queues.get(pool);
  if (!inTurn) {
    inTurn = turnsFor(pool);
    queues.set(pool, inTurn);
  }
  const series = { documentType: numbering.documentType, serie: numbering.serie };
  return inTurn(`${schema}\u0000${series.documentType}\u0000${series.serie}`, { schema, series, build });
}
