// JSON routes take JSON: a body sent with another (or no) Content-Type is a clear 415, not a confusing
// "field missing" later (docs/errors.md); a request without any body (and no Content-Type) on a route that
// needs one is a 400 body_missing. Checked in preParsing: after authentication (onRequest), before the body is read.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors } from '../errors.ts';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Exactly what Fastify's JSON parser takes: `application/vnd.api+json` and other +json types have no parser.
const JSON_TYPE = /^application\/json\s*(?:;|$)/i;

interface Parses {
  safeParse(value: unknown): { success: boolean };
}

const optionalBodies = new WeakMap<object, boolean>();

/** Whether the route's body schema accepts no body at all (`z.object({}).optional()`). */
function bodyIsOptional(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object' || typeof (schema as Parses).safeParse !== 'function') return false;
  let optional = optionalBodies.get(schema);
  if (optional === undefined) {
    try {
      optional = (schema as Parses).safeParse(undefined).success;
    } catch {
      optional = false; // a refinement that assumes an object: the body is required
    }
    optionalBodies.set(schema, optional);
  }
  return optional;
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

export function installContentTypeCheck(app: FastifyInstance): void {
  // Fastify would hand text/plain bodies to a JSON route as a string; nothing here accepts text.
  app.removeContentTypeParser('text/plain');
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!BODY_METHODS.has(request.method)) return payload;
    const schema = request.routeOptions.schema as { body?: unknown } | undefined;
    if (!schema?.body) return payload;
    const type = request.headers['content-type'];
    if (!hasBody(request) && !type) {
      if (bodyIsOptional(schema.body)) return payload;
      throw errors.badRequest(
        'body_missing',
        'Falta el cuerpo de la solicitud: envíe un objeto JSON con Content-Type: application/json',
        [{ path: '', code: 'body_missing', message: 'Falta el cuerpo de la solicitud.' }],
      );
    }
    if (!type || !JSON_TYPE.test(type)) throw errors.unsupportedMediaType(type);
    return payload;
  });
}
