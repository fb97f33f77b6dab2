// What computeDocument needs besides the body. The clock is an argument: `today` is the Lima calendar date the
// caller read once (never a Date.now() in the core).
import type { Issuer } from '../issuer.ts';

export interface DocumentContext {
  /** Today in America/Lima, YYYY-MM-DD. */
  today: string;
  issuer: Issuer;
  /** SUNAT mode of the tenant: demo (beta) tolerates a wrong customer RUC check digit as a warning. */
  mode: 'demo' | 'production';
  /** How many days back a factura (or a note of one) may be dated; default 3. */
  issueDateMaxAgeDays?: number;
}

export const DEFAULT_ISSUE_DATE_MAX_AGE_DAYS = 3;

/** Whole days from `a` to `b` (YYYY-MM-DD), positive when b is later. */
export function daysBetween(a: string, b: string): number {
  return Math.round(
    (Date.UTC(+b.slice(0, 4), +b.slice(5, 7) - 1, +b.slice(8, 10)) -
      Date.UTC(+a.slice(0, 4), +a.slice(5, 7) - 1, +a.slice(8, 10))) /
      86_400_000,
  );
}
