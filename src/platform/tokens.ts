// API tokens: 256 random bits, shown once; only their SHA-256 is stored (api_tokens.token_hash).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Recognisable prefix (secret scanners, support) + 43 base64url characters = 32 random bytes. */
const TOKEN_PREFIX = 'fct_';

export interface IssuedToken {
  token: string;
  hash: string;
  /** What listings show: `fct_AbCd…`. */
  prefix: string;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new secret: an API token (`fct_…`), or with another `prefix` a console session's (`fcs_…`, never a Bearer token). */
export function issueToken(prefix = TOKEN_PREFIX): IssuedToken {
  const token = prefix + randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token), prefix: token.slice(0, 10) };
}

/** Constant-time comparison of two hex SHA-256 digests. */
export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === 32 && right.length === 32 && timingSafeEqual(left, right);
}

/** The bearer token of an Authorization header, or null. Tokens are never read from the query string. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S{1,512})\s*$/i.exec(header);
  return match ? match[1] : null;
}
