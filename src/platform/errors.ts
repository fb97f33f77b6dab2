// The one error type every layer above the core throws. The error handler
// (src/platform/http/error-handler.ts) renders it as the API's error shape: { success: false, message, code, errors }.
// Every code is listed in docs/errors.md.
import type { Issue } from '../core/issues.ts';

export interface ErrorItem {
  path: string;
  code: string;
  message: string;
  expected?: string;
  received?: string;
  sunat_rule?: string;
}

export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: ErrorItem[];
  /** Extra response headers (Retry-After, Allow). */
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    errors: ErrorItem[] = [],
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.headers = headers;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** An Issue of the document core (src/core/issues.ts) as an errors[] item. */
export function issueToErrorItem(issue: Issue): ErrorItem {
  const item: ErrorItem = { path: issue.path, code: issue.code, message: issue.message };
  if (issue.expected !== undefined) item.expected = issue.expected;
  if (issue.received !== undefined) item.received = issue.received;
  if (issue.sunatRule !== undefined) item.sunat_rule = issue.sunatRule;
  return item;
}

/**
 * The most errors[] items an answer lists; the message still counts them all. A body of a thousand bad lines would
 * otherwise answer with megabytes of errors, built and sent for one request.
 */
export const MAX_ERROR_ITEMS = 100;

/** Whether `message` already begins with the field's path (`items[0].cantidad: …`). */
function namesPath(message: string, path: string): boolean {
  return message.startsWith(`${path}:`) || message.startsWith(`${path} `);
}

/**
 * Every 422 message begins with the path of the field to fix, `items[0].cantidad: Debe ser mayor que 0.` — items and
 * the top-level `message` alike, since many ERPs show only `message` (docs/errors.md).
 */
export function withPath(path: string, message: string): string {
  return !path || namesPath(message, path) ? message : `${path}: ${message}`;
}

function itemWithPath(item: ErrorItem): ErrorItem {
  const message = withPath(item.path, item.message);
  return message === item.message ? item : { ...item, message };
}

/** 422 with the message summing up every item and at most MAX_ERROR_ITEMS of them listed. */
function unprocessableItems(code: string, items: ErrorItem[]): AppError {
  const named = items.slice(0, MAX_ERROR_ITEMS).map(itemWithPath);
  const first = items.length > 0 ? withPath(items[0].path, items[0].message) : '';
  return new AppError(422, code, summary(items, 'Los datos enviados no son válidos', first), named);
}

/** The code shared by every item, else validation_failed. */
function commonCode(items: ErrorItem[]): string {
  const codes = new Set(items.map((i) => i.code));
  return codes.size === 1 ? items[0].code : 'validation_failed';
}

function summary(items: { message: string }[], fallback: string, first = items[0]?.message): string {
  if (items.length === 0) return fallback;
  if (items.length === 1) return first;
  return `${first} (y ${items.length - 1} ${items.length === 2 ? 'error más' : 'errores más'})`;
}

export type CredentialProblem = 'authorization_missing' | 'authorization_not_bearer' | 'token_invalid';

export const errors = {
  badRequest(code: string, message: string, items: ErrorItem[] = []): AppError {
    return new AppError(400, code, message, items);
  },
  invalidJson(message = 'El cuerpo de la solicitud no es un JSON válido'): AppError {
    return new AppError(400, 'invalid_json', message, [{ path: '', code: 'invalid_json', message }]);
  },
  unauthorized(message = 'No se encuentra autenticado'): AppError {
    return new AppError(401, 'unauthenticated', message);
  },
  /**
   * 401 that says what is wrong with the credentials (errors[0].code): no Authorization header, not a Bearer token,
   * or a token this host does not accept — unknown, revoked and another host's are one answer, never told apart.
   */
  credentials(problem: CredentialProblem, message: string): AppError {
    return new AppError(401, 'unauthenticated', message, [{ path: 'Authorization', code: problem, message }]);
  },
  forbidden(code: string, message: string): AppError {
    return new AppError(403, code, message);
  },
  tenantLocked(): AppError {
    return new AppError(403, 'tenant_locked', 'La cuenta de la empresa está bloqueada. Comuníquese con su proveedor.');
  },
  notFound(code: string, message: string): AppError {
    return new AppError(404, code, message);
  },
  routeNotFound(): AppError {
    return new AppError(404, 'route_not_found', 'No se encontró la URL especificada');
  },
  /** The route exists, on another kind of host: the message names the host that serves it. */
  wrongHost(message: string): AppError {
    return new AppError(404, 'wrong_host', message);
  },
  hostNotFound(host: string): AppError {
    return new AppError(404, 'host_not_found', `No existe una empresa para el dominio ${host}`);
  },
  methodNotAllowed(allowed: string[]): AppError {
    return new AppError(405, 'method_not_allowed', 'El método especificado en la petición no es válido', [], {
      allow: allowed.join(', '),
    });
  },
  conflict(code: string, message: string, items: ErrorItem[] = []): AppError {
    return new AppError(409, code, message, items);
  },
  payloadTooLarge(limitBytes: number): AppError {
    return new AppError(413, 'payload_too_large', `El cuerpo de la solicitud supera el límite de ${limitBytes} bytes`);
  },
  unsupportedMediaType(received: string | undefined): AppError {
    const message = received
      ? `Tipo de contenido no admitido (${received}): envíe Content-Type: application/json`
      : 'Falta la cabecera Content-Type: envíe Content-Type: application/json';
    return new AppError(415, 'unsupported_media_type', message);
  },
  /** 422 `code`; `message` and each item's begin with the field's path (the first item's for `message`). */
  unprocessable(code: string, message: string, items: ErrorItem[] = []): AppError {
    return new AppError(422, code, withPath(items[0]?.path ?? '', message), items.map(itemWithPath));
  },
  /** 422 from field problems (schema validation): their common code (unknown_field…), else validation_failed. */
  validation(items: ErrorItem[]): AppError {
    return unprocessableItems(commonCode(items), items);
  },
  /** Top-level code = the issues' common code, else validation_failed (docs/errors.md). */
  fromIssues(issues: Issue[]): AppError {
    const items = issues.map(issueToErrorItem);
    return unprocessableItems(commonCode(items), items);
  },
  tooManyRequests(retryAfterSeconds: number): AppError {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return new AppError(429, 'rate_limited', `Demasiadas solicitudes. Intente nuevamente en ${seconds} segundos.`, [], {
      'retry-after': String(seconds),
    });
  },
  internal(): AppError {
    return new AppError(500, 'internal_error', 'Ocurrió un error interno. Intente nuevamente o contacte al soporte.');
  },
  badGateway(code: string, message: string): AppError {
    return new AppError(502, code, message);
  },
  serviceUnavailable(code: string, message: string): AppError {
    return new AppError(503, code, message);
  },
  /** The database dropped or refused the connection: retryable, the transaction was rolled back. */
  databaseUnavailable(retryAfterSeconds = 5): AppError {
    return new AppError(
      503,
      'database_unavailable',
      'La base de datos no está disponible en este momento y la solicitud no se completó. Intente nuevamente en unos segundos.',
      [],
      {
        'retry-after': String(retryAfterSeconds),
      },
    );
  },
  /** A move is taking the company to another database server: nothing was done, ask again after Retry-After. */
  tenantMoving(retryAfterSeconds = 1): AppError {
    return new AppError(
      503,
      'tenant_moving',
      `La empresa se está trasladando a otro servidor de base de datos y la solicitud no se procesó. Intente nuevamente en ${retryAfterSeconds} segundo${retryAfterSeconds === 1 ? '' : 's'}.`,
      [],
      { 'retry-after': String(retryAfterSeconds) },
    );
  },
  gatewayTimeout(code: string, message: string): AppError {
    return new AppError(504, code, message);
  },
};
