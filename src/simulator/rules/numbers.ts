// XPath's number semantics as SUNAT's rules use them: a missing or non-numeric value is NaN (null) and every
// comparison with NaN is false, which is why SUNAT's "(a + 1) < b or (a - 1) > b" checks stay silent when a total is
// absent; computed with decimal.js instead of doubles (house rule: money is never a float).
import DecimalJs from 'decimal.js';

export const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP });
export type Decimal = InstanceType<typeof Decimal>;
/** A number or NaN (null). */
export type Num = Decimal | null;

export const ZERO = new Decimal(0);
export const ONE = new Decimal(1);

const NUMBER = /^\s*-?(?:\d+(?:\.\d*)?|\.\d+)\s*$/;

/** XPath number(): the first node's string value as a number, NaN (null) when absent or not a number. */
export function toNum(value: string | undefined): Num {
  if (value === undefined || !NUMBER.test(value)) return null;
  return new Decimal(value.trim());
}

export function add(...values: Num[]): Num {
  let total = ZERO;
  for (const v of values) {
    if (v === null) return null;
    total = total.plus(v);
  }
  return total;
}

export function sub(a: Num, b: Num): Num {
  return a === null || b === null ? null : a.minus(b);
}

export function mul(a: Num, b: Num): Num {
  return a === null || b === null ? null : a.times(b);
}

/** XPath round(x * 10^dp) div 10^dp: halves go toward +∞. */
export function round(value: Num, dp: number): Num {
  return value === null ? null : value.toDecimalPlaces(dp, Decimal.ROUND_HALF_CEIL);
}

export function gt(a: Num, b: Num | number): boolean {
  const bb = typeof b === 'number' ? new Decimal(b) : b;
  return a !== null && bb !== null && a.gt(bb);
}
export function lt(a: Num, b: Num | number): boolean {
  const bb = typeof b === 'number' ? new Decimal(b) : b;
  return a !== null && bb !== null && a.lt(bb);
}
export function eq(a: Num, b: Num | number): boolean {
  const bb = typeof b === 'number' ? new Decimal(b) : b;
  return a !== null && bb !== null && a.eq(bb);
}
export function ne(a: Num, b: Num | number): boolean {
  const bb = typeof b === 'number' ? new Decimal(b) : b;
  return a !== null && bb !== null && !a.eq(bb);
}

/** SUNAT's tolerance test "(a + t) < b or (a - t) > b" — false when either side is NaN. */
export function outside(a: Num, b: Num, tolerance: Num = ONE): boolean {
  if (a === null || b === null || tolerance === null) return false;
  return a.plus(tolerance).lt(b) || a.minus(tolerance).gt(b);
}

/** The same test with both bounds rounded to 2 decimals first, as several Excel-v7 rules write it. */
export function outsideRounded(a: Num, b: Num): boolean {
  if (a === null || b === null) return false;
  const lo = round(a.minus(1), 2)!;
  const hi = round(a.plus(1), 2)!;
  return hi.lt(b) || lo.gt(b);
}

export function fmt(value: Num): string {
  return value === null ? 'NaN' : value.toString();
}

// Formats of SUNAT's validate_utils.xsl.
export const TWO_DECIMALS = /^[0-9]{1,12}(\.[0-9]{1,2})?$/;
export const TEN_DECIMALS = /^[0-9]{1,12}(\.[0-9]{1,10})?$/;
export const PERCENT = /^(?!(0)[0-9]+$)[0-9]{1,3}(\.[0-9]{1,5})?$/;
