// SUNAT's OAuth2 tokens. Two grants, two paths of api-seguridad:
//  - client_credentials at /v1/clientesextranet/{client_id}/oauth2/token/, scope …/v1/contribuyente/contribuyentes:
//    the consulta integrada de validez (the "Credenciales de API SUNAT" a company generates in SOL);
//  - password at /v1/clientessol/{client_id}/oauth2/token/, scope https://api-cpe.sunat.gob.pe, username = RUC + SOL
//    user, password = SOL password: the dispatch guides' service.
// Form-encoded; the answer is {access_token, token_type, expires_in (seconds)}, a refusal {error, error_description}.
// A token is kept (TokenCache) until shortly before it expires, per company, environment and credentials, in a
// bounded memory; a call the API answers 401 gets one fresh token and one more try (callWithToken).
import { createHash } from 'node:crypto';
import { SUNAT_API_PATHS, SUNAT_API_SCOPES, type SunatApiEndpoints } from './endpoints.ts';
import {
  type ApiFailure,
  type ApiResult,
  type CallOptions,
  errorOf,
  exchange,
  invalidResponse,
  isRecord,
  text,
  unexpectedStatus,
} from './http.ts';

export type SunatGrant =
  | { kind: 'client_credentials'; clientId: string; clientSecret: string }
  | { kind: 'password'; clientId: string; clientSecret: string; username: string; password: string };

export interface AccessToken {
  value: string;
  type: string;
  /** When SUNAT said it expires (ms since the epoch). */
  expiresAt: number;
  /** Its lifetime as granted (ms). */
  lifetimeMs: number;
}

export function tokenUrl(endpoints: Pick<SunatApiEndpoints, 'security'>, grant: SunatGrant): string {
  const path =
    grant.kind === 'client_credentials'
      ? SUNAT_API_PATHS.clientCredentialsToken(grant.clientId)
      : SUNAT_API_PATHS.passwordToken(grant.clientId);
  return endpoints.security + path;
}

function formOf(grant: SunatGrant): Record<string, string> {
  if (grant.kind === 'client_credentials') {
    return {
      grant_type: 'client_credentials',
      scope: SUNAT_API_SCOPES.contribuyente,
      client_id: grant.clientId,
      client_secret: grant.clientSecret,
    };
  }
  return {
    grant_type: 'password',
    scope: SUNAT_API_SCOPES.cpe,
    client_id: grant.clientId,
    client_secret: grant.clientSecret,
    username: grant.username,
    password: grant.password,
  };
}

/**
 * The cache key of a grant's tokens for `owner` (a company): the token URL names the environment and the client id;
 * a digest of every credential means new credentials never get the old ones' token.
 */
export function tokenKey(owner: string, endpoints: Pick<SunatApiEndpoints, 'security'>, grant: SunatGrant): string {
  const digest = createHash('sha256')
    .update(JSON.stringify(formOf(grant)))
    .digest('base64url');
  return `${owner}|${tokenUrl(endpoints, grant)}|${digest}`;
}

/** Tokens SUNAT grants for an hour; one that says nothing is taken for ten minutes. */
const DEFAULT_LIFETIME_S = 600;

/** Asks the token service for a token; every outcome is a value. */
export async function requestToken(
  endpoints: Pick<SunatApiEndpoints, 'security'>,
  grant: SunatGrant,
  options: CallOptions & { now?: () => number },
): Promise<ApiResult<AccessToken>> {
  const answer = await exchange(
    { method: 'POST', url: tokenUrl(endpoints, grant), form: formOf(grant), operation: 'token' },
    options,
  );
  if (answer.kind === 'failed') return answer;
  const { status, json } = answer;
  if (status === 200 && isRecord(json) && typeof json.access_token === 'string' && json.access_token) {
    const seconds = Number(text(json.expires_in) ?? DEFAULT_LIFETIME_S);
    const lifetimeMs = (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_LIFETIME_S) * 1000;
    const now = options.now?.() ?? Date.now();
    return {
      kind: 'ok',
      value: {
        value: json.access_token,
        type: text(json.token_type) ?? 'Bearer',
        expiresAt: now + lifetimeMs,
        lifetimeMs,
      },
    };
  }
  if (status === 400 || status === 401 || status === 403) {
    const error = errorOf(json, status);
    return {
      kind: 'failed',
      failure: {
        kind: 'credentials',
        status,
        code: error.code,
        message: `SUNAT rechazó las credenciales de API (${error.code}): ${error.message}`,
      },
    };
  }
  if (status === 200) return invalidResponse(answer, 'SUNAT respondió al pedido de token sin access_token');
  return unexpectedStatus(answer, 'El servicio de tokens de SUNAT');
}

// -------------------------------------------------------------------------------------------------------------
// The cache

interface Kept {
  token: AccessToken;
}

export interface TokenCacheOptions {
  /** Most tokens kept; the least recently used goes first (default 1,000). */
  max?: number;
  now?: () => number;
}

/**
 * Tokens per key (company, environment, grant, credentials: see `tokenKey`), each until shortly before it expires:
 * five minutes before, or half its life for a short-lived one. Concurrent callers of one key share one request to
 * the token service; a failure is never kept.
 */
export class TokenCache {
  private readonly kept = new Map<string, Kept>();
  private readonly pending = new Map<string, Promise<ApiResult<AccessToken>>>();
  private readonly max: number;
  private readonly now: () => number;

  constructor(options: TokenCacheOptions = {}) {
    this.max = options.max ?? 1_000;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.kept.size;
  }

  /** A fresh enough token of `key`, else the one `fetch` obtains (kept when it is one). */
  async get(key: string, fetch: () => Promise<ApiResult<AccessToken>>): Promise<ApiResult<AccessToken>> {
    const hit = this.kept.get(key);
    if (hit && this.fresh(hit.token)) {
      // Most recently used last: Map keeps insertion order, the first key is the one to evict.
      this.kept.delete(key);
      this.kept.set(key, hit);
      return { kind: 'ok', value: hit.token };
    }
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const request = fetch()
      .then((result) => {
        if (result.kind === 'ok') this.keep(key, result.value);
        else this.kept.delete(key);
        return result;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, request);
    return request;
  }

  /** Drops `key`'s token — only `token` itself when given (a newer one another caller got stays). */
  forget(key: string, token?: AccessToken): void {
    const hit = this.kept.get(key);
    if (hit && (!token || hit.token.value === token.value)) this.kept.delete(key);
  }

  clear(): void {
    this.kept.clear();
  }

  private fresh(token: AccessToken): boolean {
    const margin = Math.min(300_000, token.lifetimeMs / 2);
    return this.now() < token.expiresAt - margin;
  }

  private keep(key: string, token: AccessToken): void {
    this.kept.delete(key);
    while (this.kept.size >= this.max) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(key, { token });
  }
}

/**
 * Runs `call` with a token of `key`; when the API answers 401 (an expired or revoked token), the token is dropped and
 * the call made once more with a fresh one. A second 401 is the answer.
 */
export async function callWithToken<T>(
  cache: TokenCache,
  key: string,
  fetch: () => Promise<ApiResult<AccessToken>>,
  call: (token: AccessToken) => Promise<ApiResult<T>>,
): Promise<ApiResult<T>> {
  for (let attempt = 0; ; attempt++) {
    const token = await cache.get(key, fetch);
    if (token.kind === 'failed') return token;
    const result = await call(token.value);
    if (result.kind === 'ok' || result.failure.kind !== 'unauthorized' || attempt > 0) return result;
    cache.forget(key, token.value);
  }
}

export type { ApiFailure };
