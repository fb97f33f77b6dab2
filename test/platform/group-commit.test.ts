// Group commit (src/platform/db/group-commit.ts): what waits for a key's running statement goes together in the
// next one; a statement that changed nothing lets each item go again alone; any other failure is every item's.
import { describe, expect, it } from 'vitest';
import { groupCommit, RetryAlone } from '../../src/platform/db/group-commit.ts';

/** A grouping that records each statement's items and answers each item doubled, after a turn of the event loop. */
function recording(options: { failTogether?: (items: number[]) => Error | undefined; failAlone?: number } = {}) {
  const statements: number[][] = [];
  const turn = () => new Promise((r) => setTimeout(r, 5));
  const queue = groupCommit<number, number>({
    max: 3,
    async alone(item) {
      statements.push([item]);
      await turn();
      if (item === options.failAlone) throw new Error(`alone ${item}`);
      return item * 2;
    },
    async together(items) {
      statements.push(items);
      await turn();
      const failure = options.failTogether?.(items);
      if (failure) throw failure;
      return items.map((i) => i * 2);
    },
  });
  return { queue, statements };
}

describe('group commit', () => {
  it('starts the first item at once, alone, and groups what arrives meanwhile, at most `max` a statement', async () => {
    const { queue, statements } = recording();
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => queue.inTurn('k', i)));
    expect(results).toEqual([2, 4, 6, 8, 10, 12]);
    expect(statements).toEqual([[1], [2, 3, 4], [5, 6]]);
    expect(queue.totals).toEqual({ statements: 3, items: 6 });
  });

  it('keeps keys apart', async () => {
    const { queue, statements } = recording();
    await Promise.all([queue.inTurn('a', 1), queue.inTurn('b', 2), queue.inTurn('a', 3)]);
    expect(statements).toEqual([[1], [2], [3]]);
  });

  it('after a statement that changed nothing (RetryAlone), runs each item alone: only the bad one fails', async () => {
    const { queue, statements } = recording({
      failTogether: (items) => (items.includes(3) ? new RetryAlone(new Error('row 3')) : undefined),
      failAlone: 3,
    });
    const settled = await Promise.allSettled([1, 2, 3, 4].map((i) => queue.inTurn('k', i)));
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : 'failed'))).toEqual([2, 4, 'failed', 8]);
    expect(statements).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });

  it('gives any other failure of a grouped statement to every item in it, and goes on with the next ones', async () => {
    const { queue } = recording({
      failTogether: (items) => (items[0] === 2 ? new Error('connection lost') : undefined),
    });
    const settled = await Promise.allSettled([1, 2, 3, 4, 5, 6].map((i) => queue.inTurn('k', i)));
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([
      2,
      'connection lost',
      'connection lost',
      'connection lost',
      10,
      12,
    ]);
    // The key is idle again: the next item starts at once, alone.
    expect(await queue.inTurn('k', 7)).toBe(14);
  });
});
