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

interface Request {
  schema: string;
  series: Series;
  build: (number: number) => Promise<NewDocument>;
}

/** The most documents one transaction stores: they are signed side by side while the series is locked. */
export const MAX_SHARED = 16;

/** What the queues did since the process started: transactions run (statements) and documents stored (items). */
export const numberingTotals: GroupTotals = { statements: 0, items: 0 };

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

const queues = new WeakMap<pg.Pool, ReturnType<typeof queueFor>>();

/**
 * The document's number and its stored row (insert.ts). "#" on a series needing no registration check and no quota
 * — nothing else to check in the transaction — shares it with the series' other requests in flight; every other
 * case (an explicit number, a registered series, a plan quota) runs its own.
 */
export function insertNumberedInTurn(
  pool: pg.Pool,
  schema: string,
  numbering: Series & { explicitNumber: number | null; requireRegistered: boolean },
  build: (number: number) => Promise<NewDocument>,
  quota: Quota | null,
): Promise<Inserted> {
  if (numbering.explicitNumber !== null || numbering.requireRegistered || quota)
    return insertNumbered(pool, schema, numbering, build, quota);
  let queue = queues.get(pool);
  if (!queue) {
    queue = queueFor(pool);
    queues.set(pool, queue);
  }
  const series = { documentType: numbering.documentType, serie: numbering.serie };
  return queue.inTurn(`${schema}\u0000${series.documentType}\u0000${series.serie}`, { schema, series, build });
}
