// Money: decimals, SUNAT's half-up rounding (the ties listed in fixtures/README.md) and serialisation scales.
import { describe, expect, it } from 'vitest';
import {
  Decimal,
  canonical,
  formatAmount,
  formatDecimal,
  formatPercent,
  formatUnitAmount,
  round2,
  withinTolerance,
} from '../../src/core/money.ts';

describe('round2 is half-up on exact decimals (ties from fixtures/README.md)', () => {
  const ties: [string, string, string, string][] = [
    // [what, a, b, expected]: a × b computed exactly, then rounded
    ['06 FER-DSC-412 value 3.3051 × 50', '3.3051', '50', '165.26'],
    ['10 global charge 50: 1133.90 × 0.05', '1133.90', '0.05', '56.70'],
    ['14 HER-AMO-45 IGV 515.25 × 0.18', '515.25', '0.18', '92.75'],
    ['17 discount 02: 719.50 × 0.05', '719.50', '0.05', '35.98'],
    ['19 DRY-PAR-89 IGV 915.25 × 0.18', '915.25', '0.18', '164.75'],
    ['23 EXP-CAF-ORG value 6.4125 × 690', '6.4125', '690', '4424.63'],
    ['28 EPP-KN95-20 value 25.339 × 15', '25.339', '15', '380.09'],
  ];
  for (const [what, a, b, expected] of ties) {
    it(what, () => {
      expect(round2(new Decimal(a).times(b)).toFixed(2)).toBe(expected);
      // A real tie: rounding the half down would give one cent less.
      expect(new Decimal(a).times(b).toDecimalPlaces(2, Decimal.ROUND_HALF_DOWN).toFixed(2)).not.toBe(expected);
    });
  }
  it('a float implementation is one cent low on a listed tie (515.25 × 0.18)', () => {
    expect((Math.round(515.25 * 0.18 * 100) / 100).toFixed(2)).toBe('92.74');
    expect(round2(new Decimal('515.25').times('0.18')).toFixed(2)).toBe('92.75');
  });
  it('negative values round away from zero', () => {
    expect(round2('-0.005').toFixed(2)).toBe('-0.01');
  });
});

describe('serialisation with SUNAT scales', () => {
  it('amounts: exactly 2 decimals, no exponent', () => {
    expect(formatAmount('1067.8')).toBe('1067.80');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount('-0')).toBe('0.00');
    expect(formatAmount('1e-7')).toBe('0.00');
    expect(formatAmount('123456789012.345')).toBe('123456789012.35');
  });
  it('quantities and unit values: up to 10 decimals, no trailing zeros; unit amounts at least 2', () => {
    expect(formatDecimal('38.4720')).toBe('38.472');
    expect(formatDecimal('24')).toBe('24');
    expect(formatDecimal('0.12345678905')).toBe('0.1234567891');
    expect(formatUnitAmount('45000')).toBe('45000.00');
    expect(formatUnitAmount('8.3814')).toBe('8.3814');
    expect(formatUnitAmount('2.5')).toBe('2.50');
  });
  it('percentages and factors: 2 (or the requested minimum) to 5 decimals', () => {
    expect(formatPercent('18')).toBe('18.00');
    expect(formatPercent('0.05', 0)).toBe('0.05');
    expect(formatPercent('0.123456', 0)).toBe('0.12346');
    expect(canonical('10.50')).toBe('10.5');
  });
  it('tolerance comparisons', () => {
    expect(withinTolerance('91.12', '90.12', 1)).toBe(true);
    expect(withinTolerance('91.13', '90.12', 1)).toBe(false);
  });
});
