// Random identifiers for test tenants: unique per run, valid by construction.
import { randomBytes, randomInt } from 'node:crypto';
import { rucCheckDigit } from '../../src/core/ruc.ts';

/** A RUC with a correct check digit ('20' companies by default). */
export function randomRuc(prefix: '10' | '20' = '20'): string {
  for (;;) {
    const firstTen = prefix + String(randomInt(0, 100_000_000)).padStart(8, '0');
    const digit = rucCheckDigit(firstTen);
    if (digit !== null) return firstTen + String(digit);
  }
}

/** `test-3f9a1c07`: a valid, unreserved subdomain. */
export function randomSubdomain(prefix = 'test'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

/** A RUC whose check digit is wrong. */
export function invalidRuc(): string {
  const valid = randomRuc();
  return valid.slice(0, 10) + String((Number(valid[10]) + 1) % 10);
}
