// Decimal arithmetic and SUNAT's rounding. Money is never a float: JSON numbers and numeric strings become
// decimals at the edge (the input schema), every step rounds half-up like SUNAT's `round(x * 100) div 100`,
// and values are serialised with the scale SUNAT expects (amounts 2 decimals; quantities and unit values up
// to 10 decimals; percentages and factors up to 5).
import DecimalJs from 'decimal.js';

/**
 * A private Decimal constructor so that nobody else's configuration changes ours (and ours changes nobody's):
 * 40 significant digits are plenty for 12 integer + 10 decimal digits, and ROUND_HALF_UP is SUNAT's rounding
 * (for negative values decimal.js rounds away from zero, i.e. symmetric half-up).
 */
export const Decimal = DecimalJs.clone({
  precision: 40,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpNeg: -40,
  toExpPos: 40,
});
export type Decimal = InstanceType<typeof Decimal>;

export const ZERO: Decimal = new Decimal(0);
export const ONE: Decimal = new Decimal(1);
export const HUNDRED: Decimal = new Decimal(100);

export type DecimalLike = Decimal | string | number;

/** Converts a decimal-like value; callers validate input first (the schema), so this never sees garbage. */
export function dec(value: DecimalLike): Decimal {
  return value instanceof Decimal ? value : new Decimal(value);
}

/** Round half-up to `places` decimals. */
export function roundTo(value: DecimalLike, places: number): Decimal {
  const d = dec(value);
  // toDecimalPlaces allocates and normalises even when nothing changes: skip it for values already short enough.
  return d.decimalPlaces() <= places ? d : d.toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
}

/** Amount rounding: 2 decimals, half-up (SUNAT's amounts: `^[0-9]{1,12}(\.[0-9]{1,2})?$`). */
export function round2(value: DecimalLike): Decimal {
  return roundTo(value, 2);
}

/** Sum of decimals (0 for an empty list). */
export function sum(values: Iterable<DecimalLike>): Decimal {
  let total = ZERO;
  for (const v of values) total = add(total, dec(v));
  return total;
}

/** a + b, without allocating when one side is zero (decimal.js copies its argument on every operation). */
export function add(a: Decimal, b: Decimal): Decimal {
  return b.isZero() ? a : a.isZero() ? b : a.plus(b);
}

/** a − b, without allocating when b is zero. */
export function subtract(a: Decimal, b: Decimal): Decimal {
  return b.isZero() ? a : a.minus(b);
}

/** An amount as SUNAT writes it: exactly 2 decimals, no exponent, no thousands separator ("1067.80", "0.00"). */
export function formatAmount(value: DecimalLike): string {
  const d = dec(value);
  if (d.isZero()) return '0.00';
  if (d.decimalPlaces() > 2) return d.toFixed(2); // rounds with the constructor's mode, ROUND_HALF_UP
  // Already at most 2 decimals: toString is several times cheaper than toFixed (no exponent below 1e40).
  return padDecimals(d.toString(), 2);
}

function padDecimals(text: string, places: number): string {
  const dot = text.indexOf('.');
  if (dot < 0) return `${text}.${'0'.repeat(places)}`;
  const have = text.length - dot - 1;
  return have >= places ? text : text + '0'.repeat(places - have);
}

/**
 * A quantity or unit value: up to `maxPlaces` decimals (10 for SUNAT), trailing zeros removed, never an
 * exponent ("24", "2.75", "8.3814"). Longer values are rounded half-up.
 */
export function formatDecimal(value: DecimalLike, maxPlaces = 10): string {
  const d = roundTo(value, maxPlaces);
  if (d.isZero()) return '0';
  // decimal.js keeps no trailing zeros and writes no exponent within ±1e40 (see the constructor above).
  return d.toString();
}

/** A unit value or unit price: up to 10 decimals, at least 2 ("45000.00", "8.3814", "0.00"). */
export function formatUnitAmount(value: DecimalLike): string {
  return padDecimals(formatDecimal(value, 10), 2);
}

/** A percentage or factor with at least `minPlaces` decimals and at most 5 (SUNAT: 3 integer + 5 decimals). */
export function formatPercent(value: DecimalLike, minPlaces = 2): string {
  const d = roundTo(value, 5);
  const trimmed = formatDecimal(d, 5);
  const places = trimmed.includes('.') ? trimmed.length - trimmed.indexOf('.') - 1 : 0;
  return places >= minPlaces ? trimmed : d.toFixed(minPlaces);
}

/** Number of decimal places written in a canonical decimal string. */
export function decimalPlaces(value: DecimalLike): number {
  return dec(value).decimalPlaces();
}

/** |a − b| ≤ tolerance: SUNAT's comparisons accept a difference of up to one currency unit. */
export function withinTolerance(a: DecimalLike, b: DecimalLike, tolerance: DecimalLike): boolean {
  return dec(a).minus(dec(b)).abs().lte(dec(tolerance));
}

/** Canonical string of a decimal (no exponent, no trailing zeros): what the computed document stores. */
export function canonical(value: DecimalLike): string {
  const d = dec(value);
  if (d.isZero()) return '0';
  return d.toString();
}
