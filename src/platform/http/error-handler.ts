// The one error handler (docs/architecture.md, rule 7): every failure leaves as
//   { success: false, message, code, errors: [{ path, code, message, expected?, received?, sunat_rule? }] }
// with its HTTP status. 5xx details go to the log, never to the client.
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { closeLingering } from './lingering-close.ts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isMovedAway } from '../db/connection-errors.ts';
import { AppError, errors, type ErrorItem } from '../errors.ts';
import { formatPath } from '../../core/issues.ts';
import { RequestValidationError, zodIssuesToErrorItems } from './validation.ts';

export interface ErrorBody {
  success: false;
  message: string;
  code: string;
  errors: ErrorItem[];
}

function fromInstancePath(instancePath: string): string {
  const parts = instancePath
    .split('/')
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  return formatPath(parts);
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' ? status : undefined;
}

/** `contentType`: the request's header, quoted back when Fastify has no parser for it. */
export function toAppError(error: unknown, bodyLimit: number, contentType?: string): AppError {
  if (error instanceof AppError) return error;
  if (isMovedAway(error)) return errors.tenantMoving();
  if (isDatabaseUnavailable(error)) return errors.databaseUnavailable();
  if (error instanceof RequestValidationError) {
    // params and querystring keys are reported by name (`inicio`, `limit`), as ERPs know them.
    return errors.validation(zodIssuesToErrorItems(error.issues, error.unknown));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return errors.validation(
      error.validation.map((v) => ({
        path: fromInstancePath(v.instancePath),
        code: 'validation_failed',
        message: v.message ?? 'Valor inválido',
      })),
    );
  }
  const fe = error as Partial<FastifyError>;
  if (Array.isArray(fe.validation)) {
    return errors.validation(
      fe.validation.map((v) => ({
        path: fromInstancePath(v.instancePath ?? ''),
        code: 'validation_failed',
        message: v.message ?? 'Valor inválido',
      })),
    );
  }
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return errors.invalidJson();
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return errors.invalidJson('El cuerpo de la solicitud está vacío: envíe un objeto JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return errors.payloadTooLarge(bodyLimit);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return errors.unsupportedMediaType(contentType);
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return errors.badRequest(
        'invalid_content_length',
        'La cabecera Content-Length no coincide con el cuerpo enviado',
      );
    case 'FST_ERR_BAD_URL':
      return errors.badRequest('bad_url', 'La URL de la solicitud no es válida');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError(414, 'url_too_long', 'Un parámetro de la URL es demasiado largo (máximo 2048 caracteres)');
    default:
      break;
  }
  const status = statusOf(error);
  if (error instanceof SyntaxError && status === 400) return errors.invalidJson();
  if (status === 413) return errors.payloadTooLarge(bodyLimit);
  if (status === 415) return errors.unsupportedMediaType(contentType);
  if (status !== undefined && status >= 400 && status < 500) {
    return new AppError(status, 'bad_request', 'La solicitud no es válida');
  }
  return errors.internal();
}

export function renderError(error: AppError): ErrorBody {
  return { success: false, message: error.message, code: error.code, errors: error.errors };
}

export function installErrorHandler(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error, bodyLimit, request.headers['content-type']);
    if (appError.code === 'database_unavailable' || appError.code === 'tenant_moving') {
      request.log.warn({ err: error }, `request failed: ${appError.code}`);
    } else if (appError.status >= 500) {
      const serialization = error instanceof Error && isResponseSerializationError(error as never);
      request.log.error({ err: error, serialization }, 'request failed');
    } else {
      request.log.info({ code: appError.code, status: appError.status }, appError.message);
    }
    // Refused before its body arrived (401 of a large upload, 415…): closing the connection spares reading it,
    // lingering so that a client still writing reads the answer rather than a reset.
    if (!request.raw.complete) {
      void reply.header('connection', 'close');
      closeLingering(request.raw.socket);
    }
    void reply
      .status(appError.status)
      .headers(appError.headers)
      .type('application/json; charset=utf-8')
      .send(renderError(appError));
  });
}

/**
 * Fastify's `frameworkErrors`: failures the router meets before any hook runs (a parameter over maxParamLength, a
 * failing constraint) leave in the error envelope with the request id rather than Fastify's own body.
 */
export function renderFrameworkError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const appError = toAppError(error, 0);
  request.log.info({ code: appError.code, status: appError.status, err: error }, appError.message);
  void reply
    .status(appError.status)
    .header('x-request-id', request.id)
    .headers(appError.headers)
    .type('application/json; charset=utf-8')
    .send(renderError(appError));
}

function clientErrorOf(code: string | undefined): AppError {
  if (code === 'HPE_HEADER_OVERFLOW')
    return new AppError(431, 'headers_too_large', 'Las cabeceras o la URL de la solicitud superan 16 KB');
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return new AppError(408, 'request_timeout', 'La solicitud no llegó completa a tiempo');
  return errors.badRequest('bad_request', 'La solicitud HTTP está mal formada');
}

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser refuses (headers or URL over 16 KB, malformed HTTP)
 * never reach Fastify. They get the error envelope too, and `Connection: close` — Fastify's own answer omits it, so a
 * keep-alive client would send its next request on the socket being destroyed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const appError = clientErrorOf(error.code);
    const body = JSON.stringify(renderError(appError));
    socket.write(
      `HTTP/1.1 ${appError.status} ${STATUS_CODES[appError.status]}\r\nConnection: close\r\nX-Request-Id: ${randomUUID()}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
