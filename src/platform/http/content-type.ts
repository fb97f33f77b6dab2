// JSON routes take JSON: a body sent with another (or no) Content-Type is a clear 415, not a confusing
// "field missing" later (docs/errors.md). Checked in onRequest, before the body is read.
import type { FastifyInstance } from 'fastify';
import { errors } from '../errors.ts';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export function installContentTypeCheck(app: FastifyInstance): void {
  // Fastify would hand text/plain bodies to a JSON route as a string; nothing here accepts text.
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', async (request) => {
    if (!BODY_METHODS.has(request.method)) return;
    const schema = request.routeOptions.schema as { body?: unknown } | undefined;
    if (!schema?.body) return;
    const type = request.headers['content-type'];
    if (!type || !JSON_TYPE.test(type)) throw errors.unsupportedMediaType(type);
  });
}
