// A route that takes bodies far above BODY_LIMIT (base64 files) buffers each one whole, and JSON parsing costs about
// three times its size again: a few at a time per process, the others answered 503 upload_busy with Retry-After.
// Use as a route's onRequest hook, after its authentication: the slot is taken before the body is read and given
// back when the response ends or the connection drops.
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../errors.ts';

const RETRY_AFTER_SECONDS = 5;

function declaredLength(request: FastifyRequest): number {
  const length = Number(request.headers['content-length']);
  // A chunked body announces no length: it may be large.
  return Number.isFinite(length) ? length : Number.POSITIVE_INFINITY;
}

/** An onRequest hook allowing `max` bodies larger than `threshold` bytes at once. */
export function uploadSlots(max: number, threshold: number): onRequestAsyncHookHandler {
  let inUse = 0;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers['content-length'] === '0' || declaredLength(request) <= threshold) return;
    if (inUse >= max) {
      throw new AppError(
        503,
        'upload_busy',
        `El servidor está recibiendo otros archivos grandes: intente nuevamente en ${RETRY_AFTER_SECONDS} segundos.`,
        [],
        {
          'retry-after': String(RETRY_AFTER_SECONDS),
        },
      );
    }
    inUse += 1;
    reply.raw.once('close', () => {
      inUse -= 1;
    });
  };
}
