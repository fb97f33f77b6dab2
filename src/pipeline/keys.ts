// Signing keys and SOL credentials per tenant, opened once: unsealing and parsing PEM on every document costs more
// than signing, and unsealing the SOL password (an AES-GCM decipher) was a fifth of a send's own glue. Each entry
// keeps the sealed value it was opened from, so a certificate or password replaced by the admin is picked up at once.
import type { SigningKey } from '../core/signing/types.ts';
import { openSigningKey, openSolCredentials } from './company-secrets.ts';
import type { Company } from '../platform/http/tenant-context.ts';
import type { SecretBox } from '../platform/secrets.ts';

const MAX = 500;

interface Opened<T> {
  sealed: string;
  value: T;
}

/**
 * The value of tenant `schema` opened from `sealed`, opened once; the oldest tenant goes when the cache is full.
 * Keyed by the schema alone: a key holding the sealed PEM itself (kilobytes) was hashed on every document.
 */
function memo<T>(cache: Map<string, Opened<T>>, schema: string, sealed: string, open: () => T): T {
  const hit = cache.get(schema);
  if (hit && hit.sealed === sealed) return hit.value;
  const value = open();
  if (!hit && cache.size >= MAX) cache.delete(cache.keys().next().value as string);
  cache.set(schema, { sealed, value });
  return value;
}

const keys = new Map<string, Opened<SigningKey>>();

export function signingKeyOf(
  schema: string,
  company: Pick<Company, 'ruc' | 'signingKeyEnc'>,
  secrets: SecretBox,
): SigningKey {
  return memo(keys, schema, company.signingKeyEnc ?? '', () => openSigningKey(company, secrets));
}

const sol = new Map<string, Opened<{ user: string; password: string }>>();

/** openSolCredentials, memoised per tenant and sealed value. */
export function solCredentialsOf(
  schema: string,
  company: Pick<Company, 'ruc' | 'solUser' | 'solPasswordEnc'>,
  secrets: SecretBox,
): { user: string; password: string } {
  const sealed = `${company.solUser ?? ''}\u0000${company.solPasswordEnc ?? ''}`;
  return memo(sol, schema, sealed, () => openSolCredentials(company, secrets));
}
