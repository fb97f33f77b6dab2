// Lima's clock without ICU (src/core/lima-clock.ts) against ICU's own America/Lima zone, the judge: the dates and
// times SUNAT reads must be the ones the zone database gives, for any instant a document can carry.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { limaDateOf, limaDateTimeOf, limaMonthStartOf, limaTimeOf } from '../../src/core/lima-clock.ts';

const icu = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'America/Lima',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `YYYY-MM-DD HH:mm:ss` as ICU's America/Lima shows the instant. */
const icuLima = (ms: number) => icu.format(new Date(ms));

const FROM = Date.UTC(1995, 0, 1);
const TO = Date.UTC(2040, 11, 31, 23, 59, 59);

describe("Lima's clock", () => {
  it('gives the date, the time and both as ICU does for any instant from 1995 to 2040', () => {
    fc.assert(
      fc.property(fc.integer({ min: FROM, max: TO }), (ms) => {
        const expected = icuLima(ms);
        expect(limaDateTimeOf(ms)).toBe(expected);
        expect(limaDateOf(new Date(ms))).toBe(expected.slice(0, 10));
        expect(limaTimeOf(new Date(ms))).toBe(expected.slice(11));
      }),
      { numRuns: 5_000 },
    );
  });

  it('answers each of a run of instants as ICU does, however close together (the last second is remembered)', () => {
    // Runs of instants a few milliseconds to a few seconds apart, either way, around any instant: the same second
    // asked again, the next one, the one before, and a day's turn at 05:00 UTC.
    const start = fc.oneof(
      fc.integer({ min: FROM, max: TO }),
      fc.integer({ min: 0, max: 10_000 }).map((d) => Date.UTC(2026, 10, 28, 5, 0, 0) - 5_000 + d),
    );
    fc.assert(
      fc.property(start, fc.array(fc.integer({ min: -2_500, max: 2_500 }), { maxLength: 12 }), (first, steps) => {
        let ms = first;
        for (const step of [0, ...steps]) {
          ms += step;
          const expected = icuLima(ms);
          expect(limaDateOf(ms)).toBe(expected.slice(0, 10));
          expect(limaTimeOf(new Date(ms))).toBe(expected.slice(11));
          expect(limaDateTimeOf(ms)).toBe(expected);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('turns the day at 05:00 UTC, the year included', () => {
    expect(limaDateTimeOf(Date.UTC(2027, 0, 1, 4, 59, 59))).toBe('2026-12-31 23:59:59');
    expect(limaDateTimeOf(Date.UTC(2027, 0, 1, 5, 0, 0))).toBe('2027-01-01 00:00:00');
    expect(limaDateOf(new Date('2028-03-01T04:59:59.999Z'))).toBe('2028-02-29');
    expect(limaTimeOf(new Date('2026-11-28T05:00:00.000Z'))).toBe('00:00:00');
  });

  it("gives the instant Lima's month began: the 1st at 00:00 by ICU, at or before the instant, the month before a moment earlier", () => {
    fc.assert(
      fc.property(fc.integer({ min: FROM, max: TO }), (ms) => {
        const start = limaMonthStartOf(ms).getTime();
        expect(icuLima(start)).toBe(`${icuLima(ms).slice(0, 7)}-01 00:00:00`);
        expect(start).toBeLessThanOrEqual(ms);
        expect(icuLima(start - 1).slice(0, 7)).not.toBe(icuLima(ms).slice(0, 7));
      }),
      { numRuns: 2_000 },
    );
    expect(limaMonthStartOf(Date.UTC(2027, 0, 1, 4, 59, 59)).toISOString()).toBe('2026-12-01T05:00:00.000Z');
  });

  it('refuses an invalid date as Intl did', () => {
    expect(() => limaDateOf(new Date(Number.NaN))).toThrow(RangeError);
    // Also right after a valid second was remembered: an invalid instant is never answered from it.
    limaDateOf(Date.UTC(2026, 10, 28));
    expect(() => limaTimeOf(Number.NaN)).toThrow(RangeError);
  });
});
