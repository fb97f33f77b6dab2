// Signing keys per tenant, opened once: unsealing and parsing PEM on every document costs more than signing.
// The cache key includes the sealed value, so a certificate replaced by the admin is picked up at once.
import type { SigningKey } from '../core/signing/types.ts';
import { openSigningKey } from './company-secrets.ts';
import type { Company } from '../platform/http/tenant-context.ts';
import type { SecretBox } from '../platform/secrets.ts';

const MAX = 500;
const cache = new Map<string, SigningKey>();

export function signingKeyOf(
  schema: string,
  company: Pick<Company, 'ruc' | 'signingKeyEnc'>,
  secrets: SecretBox,
): SigningKey {
  const id = `${schema}\u0000${company.signingKeyEnc ?? ''}`;
  const hit = cache.get(id);
  if (hit) return hit;
  const key = openSigningKey(company, secrets);
  if (cache.size >= MAX) cache.delete(cache.keys().next().value as string);
  cache.set(id, key);
  return key;
}
