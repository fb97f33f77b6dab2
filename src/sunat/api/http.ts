// One call of a SUNAT REST API over the SOAP client's pooled connections (../transport.ts): a form or a JSON body,
// one deadline for the whole exchange, and every way it can end as a value — an answer (any HTTP status, its JSON
// when it has one) or a failure that says whether SUNAT may be tried again.
import { PostError, requestText } from '../transport.ts';

/** Why a call came to nothing, or SUNAT's refusal of it. Messages are Spanish (they reach the API's answers). */
export type ApiFailure =
  /** The token service refused the client id/secret (or the SOL user of a password grant): fix the credentials. */
  | { kind: 'credentials'; status: number; code: string; message: string }
  /** The API refused a freshly issued token too (the application lacks the service, or the scope). */
  | { kind: 'unauthorized'; status: number; code: string; message: string }
  /** SUNAT answered and refused the request itself (a field it does not take): asking again changes nothing. */
  | { kind: 'refused'; status: number; code: string; message: string; errors: Array<{ code: string; message: string }> }
  /** No usable answer (timeout, network, 5xx, 429, an unreadable body): SUNAT may be asked again later. */
  | { kind: 'unavailable'; status?: number; code: string; message: string };

export type ApiResult<T> = { kind: 'ok'; value: T } | { kind: 'failed'; failure: ApiFailure };

export interface CallOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

export type Exchange =
  | { kind: 'answer'; status: number; json: unknown; text: string }
  | { kind: 'failed'; failure: ApiFailure };

/** An HTTP answer of a call (any status). */
export type Answer = Extract<Exchange, { kind: 'answer' }>;

type Failed = { kind: 'failed'; failure: ApiFailure };

export interface ApiRequest {
  method: 'GET' | 'POST';
  url: string;
  form?: Record<string, string>;
  json?: unknown;
  bearer?: string;
  /** Names the operation in failure messages ("token", "validarcomprobante"). */
  operation: string;
}

export async function exchange(request: ApiRequest, options: CallOptions): Promise<Exchange> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: string | undefined;
  if (request.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.form).toString();
  } else if (request.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.json);
  }
  if (request.bearer) headers.Authorization = `Bearer ${request.bearer}`;
  let answer: { status: number; text: string };
  try {
    answer = await requestText(request.method, request.url, body, { headers, ...options });
  } catch (error) {
    const failure = error instanceof PostError ? error.failure : 'network';
    const what = request.operation;
    if (failure === 'timeout')
      return unavailable('TIMEOUT', `SUNAT no respondió dentro de ${options.timeoutMs} ms (${what}).`);
    if (failure === 'aborted') return unavailable('ABORTED', `La llamada a SUNAT (${what}) fue cancelada.`);
    const cause = error instanceof Error ? error.message : String(error);
    return unavailable('NETWORK', `No se pudo comunicar con SUNAT (${what}): ${cause}`);
  }
  return { kind: 'answer', status: answer.status, json: parseJson(answer.text), text: answer.text };
}

function parseJson(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function unavailable(code: string, message: string, status?: number): Failed {
  return { kind: 'failed', failure: { kind: 'unavailable', code, message, status } };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** A few words of a body that is not what was expected, for the message (never the whole of it). */
export function snippet(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 160)}…` : flat;
}

/**
 * SUNAT's error bodies: `{cod, msg, errors: [{cod, msg}]}` (its REST APIs), `{error, error_description}` (OAuth2),
 * `{success: false, message, errorCode}` (the consulta integrada), `{status, message}`.
 */
export function errorOf(
  json: unknown,
  status: number,
): { code: string; message: string; errors: Array<{ code: string; message: string }> } {
  const body = isRecord(json) ? json : {};
  const code =
    text(body.cod) ??
    text(body.errorCode) ??
    text(body.error) ??
    text(body.code) ??
    text(body.status) ??
    String(status);
  const message =
    text(body.msg) ?? text(body.message) ?? text(body.error_description) ?? text(body.error) ?? `HTTP ${status}`;
  const list = Array.isArray(body.errors) ? body.errors : Array.isArray(body.errores) ? body.errores : [];
  const errors = list.filter(isRecord).map((e) => ({
    code: text(e.cod) ?? text(e.code) ?? '',
    message: text(e.msg) ?? text(e.message) ?? '',
  }));
  return { code, message, errors };
}

/** A 401 of a REST API: the token was refused (`callWithToken` gets a fresh one and tries once more). */
function unauthorizedFailure(json: unknown, status: number, what: string): Failed {
  const error = errorOf(json, status);
  return {
    kind: 'failed',
    failure: { kind: 'unauthorized', status, code: error.code, message: `SUNAT no autorizó ${what}: ${error.message}` },
  };
}

/** An answer whose status is of no use (429, 5xx…) from `service`; `what` was asked, named when given. */
export function unexpectedStatus(answer: Answer, service: string, what?: string): Failed {
  const { status } = answer;
  const asked = what ? ` (${what})` : '';
  return unavailable(`HTTP_${status}`, `${service} respondió HTTP ${status}${asked}: ${snippet(answer.text)}`, status);
}

/** A 200 whose body is not what the service promises: `message` says what is missing. */
export function invalidResponse(answer: Answer, message: string): Failed {
  return unavailable('INVALID_RESPONSE', `${message}: ${snippet(answer.text)}`, answer.status);
}

/** How a REST API's failures are worded: the service, what was asked ("la consulta"). */
export interface RefusalWords {
  service: string;
  what: string;
  /** Whether the messages name what was asked after the status, and the refusal lists SUNAT's errors. */
  detailed?: boolean;
}

/**
 * A REST API's answer other than its success: 401 (the token: `callWithToken` gets a fresh one), 429, 5xx or a
 * 200 without a JSON object (SUNAT may be asked again later), else SUNAT's refusal of the request.
 */
export function refusal<T>(answer: Answer, words: RefusalWords): ApiResult<T> {
  const { status, json } = answer;
  if (status === 401) return unauthorizedFailure(json, status, words.what);
  if (status === 429 || status >= 500 || (status === 200 && !isRecord(json)))
    return unexpectedStatus(answer, words.service, words.detailed ? words.what : undefined);
  const error = errorOf(json, status);
  const detail = words.detailed ? error.errors.map((e) => `${e.code} ${e.message}`.trim()).join('; ') : '';
  return {
    kind: 'failed',
    failure: {
      kind: 'refused',
      status,
      code: error.code,
      message: `SUNAT rechazó ${words.what}: ${error.message}${detail ? ` (${detail})` : ''}`,
      errors: error.errors,
    },
  };
}
