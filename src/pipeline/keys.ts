// Signing keys and SOL credentials per tenant, opened once: unsealing and parsing PEM on every document costs more
// than signing, and unsealing the SOL password (an AES-GCM decipher) was a fifth of a send's own glue. Each cache
// key includes the sealed value, so a certificate or password replaced by the admin is picked up at once.
import type { SigningKey } from '../core/signing/types.ts';
import { openSigningKey, openSolCredentials } from './company-secrets.ts';
import type { Company } from '../platform/http/tenant-context.ts';
import type { SecretBox } from '../platform/secrets.ts';

const MAX = 500;

/** The value under `id` in `cache`, opened once; the oldest entry goes when the cache is full. */
function memo<T>(cache: Map<string, T>, id: string, open: () => T): T {
  const hit = cache.get(id);
  if (hit) return hit;
  const value = open();
  if (cache.size >= MAX) cache.delete(cache.keys().next().value as string);
  cache.set(id, value);
  return value;
}

const keys = new Map<string, SigningKey>();

export function signingKeyOf(
  schema: string,
  company: Pick<Company, 'ruc' | 'signingKeyEnc'>,
  secrets: SecretBox,
): SigningKey {
  return memo(keys, `${schema}\u0000${company.signingKeyEnc ?? ''}`, () => openSigningKey(company, secrets));
}

const sol = new Map<string, { user: string; password: string }>();

/** openSolCredentials, memoised per tenant and sealed value. */
export function solCredentialsOf(
  schema: string,
  company: Pick<Company, 'ruc' | 'solUser' | 'solPasswordEnc'>,
  secrets: SecretBox,
): { user: string; password: string } {
  const id = `${schema}\u0000${company.solUser ?? ''}\u0000${company.solPasswordEnc ?? ''}`;
  return memo(sol, id, () => openSolCredentials(company, secrets));
}
