// The one error handler (docs/architecture.md, rule 7): every failure leaves as
//   { success: false, message, code, errors: [{ path, code, message, expected?, received?, sunat_rule? }] }
// with its HTTP status. 5xx details go to the log, never to the client.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/connection-errors.ts';
import { AppError, errors, type ErrorItem } from '../errors.ts';
import { formatPath, RequestValidationError, zodIssuesToErrorItems } from './validation.ts';

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

export function toAppError(error: unknown, bodyLimit: number): AppError {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) return errors.databaseUnavailable();
  if (error instanceof RequestValidationError) {
    // params and querystring keys are reported by name (`inicio`, `limit`), as ERPs know them.
    return errors.validation(zodIssuesToErrorItems(error.issues));
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
      return errors.unsupportedMediaType(undefined);
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return errors.badRequest(
        'invalid_content_length',
        'La cabecera Content-Length no coincide con el cuerpo enviado',
      );
    case 'FST_ERR_BAD_URL':
      return errors.badRequest('bad_url', 'La URL de la solicitud no es válida');
    default:
      break;
  }
  const status = statusOf(error);
  if (error instanceof SyntaxError && status === 400) return errors.invalidJson();
  if (status === 413) return errors.payloadTooLarge(bodyLimit);
  if (status === 415) return errors.unsupportedMediaType(undefined);
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
    const appError = toAppError(error, bodyLimit);
    if (appError.code === 'database_unavailable') {
      request.log.warn({ err: error }, 'request failed: database unavailable');
    } else if (appError.status >= 500) {
      const serialization = error instanceof Error && isResponseSerializationError(error as never);
      request.log.error({ err: error, serialization }, 'request failed');
    } else {
      request.log.info({ code: appError.code, status: appError.status }, appError.message);
    }
    void reply
      .status(appError.status)
      .headers(appError.headers)
      .type('application/json; charset=utf-8')
      .send(renderError(appError));
  });
}
