// Group commit for "#": the series row lock lets one numbering transaction run at a time per series, and each
// holds it for three round trips and a commit — under load the requests of a busy series waited in line for it,
// one transaction each (1 series: 164–181 accepted/s; the same load over 8 series: 189–249/s, one run on 2 cores).
// Here the requests of one series that arrive while its transaction runs wait in this process instead, and the
// next transaction takes up to MAX_SHARED of them at once (insertNumberedShared): one lock, one insert, one commit.
// A request that finds its series idle starts at once, alone: no added wait when the load is light.
import type pg from 'pg';
import {
  insertNumbered,
  insertNumberedShared,
  SharedTransactionRolledBack,
  type NewDocument,
  type NumberingResult,
} from './insert.ts';

type Inserted = NumberingResult & { row: NewDocument };
type Build = (number: number) => NewDocument;

interface Waiting {
  build: Build;
  resolve: (inserted: Inserted) => void;
  reject: (error: unknown) => void;
}

/** The most documents one transaction stores: each is signed while the series is locked (~0.5 ms apiece). */
export const MAX_SHARED = 16;

/** Per pool, per schema and series: the requests waiting for the transaction that runs now to end. */
const queues = new WeakMap<pg.Pool, Map<string, Waiting[]>>();

/** What the queue did since the process started: transactions run and the documents they stored. */
export const numberingTotals = { transactions: 0, documents: 0 };

/** "#" on a series needing no registration and no quota: its number, and the stored row, as insertNumbered. */
export function insertNumberedInTurn(
  pool: pg.Pool,
  schema: string,
  series: { documentType: string; serie: string },
  build: Build,
): Promise<Inserted> {
  let byKey = queues.get(pool);
  if (!byKey) {
    byKey = new Map();
    queues.set(pool, byKey);
  }
  const key = `${schema}\u0000${series.documentType}\u0000${series.serie}`;
  return new Promise<Inserted>((resolve, reject) => {
    const waiting = byKey.get(key);
    const me = { build, resolve, reject };
    if (waiting) {
      waiting.push(me);
      return;
    }
    byKey.set(key, []);
    void drain(pool, schema, series, byKey, key, [me]);
  });
}

async function drain(
  pool: pg.Pool,
  schema: string,
  series: { documentType: string; serie: string },
  byKey: Map<string, Waiting[]>,
  key: string,
  first: Waiting[],
): Promise<void> {
  let batch = first;
  while (batch.length > 0) {
    await runTransaction(pool, schema, series, batch);
    batch = byKey.get(key)!.splice(0, MAX_SHARED);
  }
  byKey.delete(key);
}

async function runTransaction(
  pool: pg.Pool,
  schema: string,
  series: { documentType: string; serie: string },
  batch: Waiting[],
): Promise<void> {
  if (batch.length === 1) return runAlone(pool, schema, series, batch[0]);
  try {
    const inserted = await insertNumberedShared(
      pool,
      schema,
      series,
      batch.map((w) => w.build),
    );
    numberingTotals.transactions += 1;
    numberingTotals.documents += batch.length;
    for (const [i, w] of batch.entries()) w.resolve(inserted[i]);
  } catch (error) {
    // Rolled back before its commit: nothing was stored, so each goes again on its own and only a document that
    // fails alone fails (the series' last numbers, a row the database refuses). Anything else — a lost connection,
    // a failed COMMIT — is every request's answer, as it would have been alone.
    if (!(error instanceof SharedTransactionRolledBack)) {
      for (const w of batch) w.reject(error);
      return;
    }
    for (const w of batch) await runAlone(pool, schema, series, w);
  }
}

async function runAlone(
  pool: pg.Pool,
  schema: string,
  series: { documentType: string; serie: string },
  w: Waiting,
): Promise<void> {
  try {
    const inserted = await insertNumbered(
      pool,
      schema,
      { ...series, explicitNumber: null, requireRegistered: false },
      w.build,
    );
    numberingTotals.transactions += 1;
    numberingTotals.documents += 1;
    w.resolve(inserted);
  } catch (error) {
    w.reject(error);
  }
}
