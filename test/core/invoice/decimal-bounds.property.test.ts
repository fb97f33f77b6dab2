// The lower bound of amounts (≥ 0) and quantities (> 0) is read from the value's sign, not by comparing Decimals.
// Judge: decimal.js's own comparison with zero, over generated JSON numbers and numeric texts — negative zeros,
// signs, leading and trailing dots, zeros with any number of decimals included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../src/core/money.ts';
import { amount, quantity } from '../../../src/core/invoice/primitives.ts';

const digits = (max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 0, maxLength: max });

/** Numeric texts as clients send them: "-0", "+.50", "0.", " 12.000 ". */
const numericText = fc
  .tuple(fc.constantFrom('', '-', '+'), digits(11), fc.constantFrom('', '.'), digits(6), fc.constantFrom('', ' '))
  .filter(([, whole, dot, fraction]) => whole.length > 0 || (dot === '.' && fraction.length > 0))
  .map(([sign, whole, dot, fraction, pad]) => `${pad}${sign}${whole}${dot}${fraction}${pad}`);

const jsonNumber = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e10, max: 1e10 }),
  fc.constantFrom(0, -0, 5e-324, -5e-324, 1e-7, -1e-7),
  fc.integer({ min: -1000, max: 1000 }),
);

const value = fc.oneof(numericText, jsonNumber);

describe('amounts and quantities: the bound at zero', () => {
  it.each([
    ['an amount', amount(), 'gte'],
    ['a quantity', quantity(), 'gt'],
  ] as const)(
    '%s is accepted exactly when decimal.js compares it with zero as its bound says',
    (_what, schema, bound) => {
      fc.assert(
        fc.property(value, (v) => {
          const d = new Decimal(typeof v === 'string' ? v.trim() : v);
          fc.pre(d.abs().lt(1e11)); // the 12-digit range is magnitudes.test.ts's
          expect(schema.safeParse(v).success).toBe(d[bound](0));
        }),
        { numRuns: 5000 },
      );
    },
  );

  it('negative zero is an amount of zero and no quantity', () => {
    for (const zero of [-0, '-0', '-0.000', '-.0']) {
      expect(amount().safeParse(zero).success).toBe(true);
      expect(quantity().safeParse(zero).success).toBe(false);
    }
  });
});
