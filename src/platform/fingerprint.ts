// SHA-256 of a request body in a canonical form (keys sorted at every level), so the same JSON sent with its keys
// in another order is the same request (duplicate detection, Idempotency-Key).
import { createHash } from 'node:crypto';

function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

export function fingerprintOf(body: unknown): string {
  return createHash('sha256').update(canonical(body)).digest('hex');
}
