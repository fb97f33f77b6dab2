// A document built ahead of its number (src/pipeline/numbering-queue.ts) for a number that another taker then spent
// is built again with its real number, and the build for the guess is dropped. The dropped build may still be
// signing, and finish after the real one: what the request stores, writes and answers must come from the build for
// its own number (issue.ts keeps the signed bytes by number). Under load that order comes by chance; here the signer's
// timing is in the test's hands, and the test checks that the order it is about did happen.
import { describe, expect, it, vi } from 'vitest';
import { buildsAhead } from '../../../src/pipeline/numbering-queue.ts';
import { quoteIdent } from '../../../src/platform/db/schema-name.ts';
import { fixtureBody, othersTakeNumbersAt, pathOf, useApi } from './helpers.ts';

const SERIE = 'F319';
/** The document whose insert lets another taker spend the next TAKEN numbers (othersTakeNumbersAt). */
const MIDWAY = 60;
const TAKEN = 5;
const DELAY_MS_PER_NUMBER = 12;

/**
 * The signer's clock. A number past MIDWAY signed for the first time is signed by a build made ahead, for a guess
 * (the queue builds the waiting requests ahead before their transaction starts); it waits DELAY_MS_PER_NUMBER ms for
 * each number past MIDWAY, so the later guesses finish later. A number signed again ends at once: mostly the build
 * for real after the guesses missed, sometimes a new guess made after the miss (the test's series only, SERIE).
 */
const signer = vi.hoisted(() => ({
  seen: new Set<number>(),
  /** When each number's signatures finished (ms, performance.now): the first (a guess), the last of the others. */
  done: new Map<number, { guess?: number; real?: number }>(),
}));

vi.mock('../../../src/core/signing/canonical.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/core/signing/canonical.ts')>();
  return {
    ...original,
    async signCanonicalXmlOffThread(...args: Parameters<typeof original.signCanonicalXmlOffThread>) {
      const id = new RegExp(`<cbc:ID>${SERIE}-(\\d+)</cbc:ID>`).exec(args[0]);
      const number = id ? Number(id[1]) : 0;
      const first = !signer.seen.has(number);
      if (number > MIDWAY && first) {
        signer.seen.add(number);
        await new Promise((resolve) => setTimeout(resolve, (number - MIDWAY) * DELAY_MS_PER_NUMBER));
      }
      const signed = await original.signCanonicalXmlOffThread(...args);
      if (number > MIDWAY) {
        const done = signer.done.get(number) ?? {};
        signer.done.set(number, first ? { ...done, guess: performance.now() } : { ...done, real: performance.now() });
      }
      return signed;
    },
  };
});

const api = useApi();

describe('a build made ahead for a guessed number that finishes after the build for the real one', () => {
  it('is dropped: each document stores, writes and answers the XML signed with its own number', async () => {
    const removeTrigger = await othersTakeNumbersAt(api, SERIE, MIDWAY, TAKEN);
    try {
      const before = { ...buildsAhead };
      const body = { ...fixtureBody('02-not-sent.json'), serie_documento: SERIE };
      const results = await Promise.all(Array.from({ length: 150 }, () => api.post('/api/documents', body)));
      expect(results.map((r) => r.status)).toEqual(Array(150).fill(200));
      expect(buildsAhead.started - before.started).toBeGreaterThan(buildsAhead.used - before.used);

      // The case this test is for happened: a guess g missed (its document got g + TAKEN, built again at once) and
      // the build for g finished after g + TAKEN was signed again (mostly that document's real build).
      const late = [...signer.done].filter(([g, { guess }]) => {
        const real = signer.done.get(g + TAKEN)?.real;
        return guess !== undefined && real !== undefined && guess > real;
      });
      expect(late.length).toBeGreaterThan(0);

      for (const r of results) {
        const { number, hash } = r.json.data;
        const xml = (await api.get(pathOf(r.json.links.xml))).body.toString();
        expect(xml).toContain(`<cbc:ID>${number}</cbc:ID>`);
        expect(xml).toContain(`<ds:DigestValue>${hash}</ds:DigestValue>`);
      }
      // And the row: the stored digest is the one the answer gave (one document per number, none twice).
      const { rows } = await api.ctx.db.pool.query(
        `SELECT number, hash FROM ${quoteIdent(api.tenant.schema)}."documents" WHERE document_type = '01' AND serie = $1`,
        [SERIE],
      );
      const answered = new Map(results.map((r) => [Number(r.json.data.number.split('-')[1]), r.json.data.hash]));
      expect(rows).toHaveLength(150);
      for (const row of rows) expect(answered.get(row.number)).toBe(row.hash);
    } finally {
      await removeTrigger();
    }
  });
});
