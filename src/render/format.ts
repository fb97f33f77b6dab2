// Display formatting for whoever builds a PrintModel (the mapper, tests): the renderer prints strings as given.
import Decimal from 'decimal.js';

export type DecimalInput = string | number | { toFixed(decimals: number): string };

function toDecimal(value: DecimalInput): Decimal {
  if (typeof value === 'object') return new Decimal(value.toFixed(10));
  return new Decimal(value);
}

function groupThousands(fixed: string): string {
  const negative = fixed.startsWith('-');
  const [integer, fraction] = (negative ? fixed.slice(1) : fixed).split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return (negative ? '-' : '') + grouped + (fraction === undefined ? '' : `.${fraction}`);
}

/** "1234.5" → "1,234.50" (round half-up to `decimals`, thousands separated by commas as Peruvian invoices do). */
export function formatAmount(value: DecimalInput, decimals = 2): string {
  return groupThousands(toDecimal(value).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toFixed(decimals));
}

/**
 * Quantities and unit values keep the decimals they carry (SUNAT allows up to 10) but never fewer than
 * `minDecimals`: 24 → "24.00", 38.472 → "38.472", 8.3814 → "8.3814".
 */
export function formatFlexible(value: DecimalInput, minDecimals = 2, maxDecimals = 10): string {
  const d = toDecimal(value).toDecimalPlaces(maxDecimals, Decimal.ROUND_HALF_UP);
  const places = Math.min(maxDecimals, Math.max(minDecimals, d.decimalPlaces()));
  return groupThousands(d.toFixed(places));
}

/** "2025-01-15" → "15/01/2025". Anything else is printed unchanged. */
export function formatDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : isoDate;
}
