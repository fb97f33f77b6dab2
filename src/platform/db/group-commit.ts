// Group commit: work of one key (a series, a tenant's table) that arrives while that key's statement runs waits here,
// and the next statement takes up to `max` of the waiting at once — one round trip and one commit for all of them
// instead of one each, and, where a row lock serialises the key, one wait for the lock instead of one each.
// Work that finds its key idle starts at once, alone: nothing waits longer than it would have without grouping.

/** Thrown by `together` when the statement failed as a whole and changed nothing: each item may go again alone. */
export class RetryAlone extends Error {
  constructor(readonly reason: unknown) {
    super('grouped statement rolled back');
  }
}

export interface Grouping<I, R> {
  /** Every item in one transaction, results in the items' order; RetryAlone when nothing of it was stored. */
  together(items: I[]): Promise<R[]>;
  /** One item, as it would run without grouping. */
  alone(item: I): Promise<R>;
  /** The most items one statement takes. */
  max: number;
}

interface Waiting<I, R> {
  item: I;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/** Totals since the process started: statements run and the items they carried. */
export interface GroupTotals {
  statements: number;
  items: number;
}

/**
 * A queue per key; `inTurn(key, item)` resolves with the item's result once a statement carried it. What it runs is
 * added to `totals` (several queues may share one).
 */
export function groupCommit<I, R>(grouping: Grouping<I, R>, totals: GroupTotals = { statements: 0, items: 0 }) {
  const queues = new Map<string, Waiting<I, R>[]>();

  async function runAlone(w: Waiting<I, R>): Promise<void> {
    try {
      const result = await grouping.alone(w.item);
      totals.statements += 1;
      totals.items += 1;
      w.resolve(result);
    } catch (error) {
      w.reject(error);
    }
  }

  async function run(batch: Waiting<I, R>[]): Promise<void> {
    if (batch.length === 1) return runAlone(batch[0]);
    try {
      const results = await grouping.together(batch.map((w) => w.item));
      totals.statements += 1;
      totals.items += batch.length;
      for (const [i, w] of batch.entries()) w.resolve(results[i]);
    } catch (error) {
      // Nothing was stored: each goes again on its own, and only an item that fails alone fails. Anything else —
      // a lost connection, a failed COMMIT — is every item's answer, as it would have been alone.
      if (!(error instanceof RetryAlone)) {
        for (const w of batch) w.reject(error);
        return;
      }
      for (const w of batch) await runAlone(w);
    }
  }

  async function drain(key: string, first: Waiting<I, R>[]): Promise<void> {
    let batch = first;
    while (batch.length > 0) {
      await run(batch);
      batch = queues.get(key)!.splice(0, grouping.max);
    }
    queues.delete(key);
  }

  function inTurn(key: string, item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const me = { item, resolve, reject };
      const waiting = queues.get(key);
      if (waiting) {
        waiting.push(me);
        return;
      }
      queues.set(key, []);
      void drain(key, [me]);
    });
  }

  return { inTurn, totals };
}
