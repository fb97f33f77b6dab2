// Idempotency-Key on creating POSTs, opt-in per route with `config: { idempotent: true }`.
// Stored per tenant (idempotency_keys) with a fingerprint of method, route and canonical body:
//  - first request: the key is taken (in_flight) before the handler runs; a 2xx answer is stored with it;
//  - same key + same request again: the stored answer's exact bytes, with `Idempotent-Replayed: true`;
//  - same key while the first still runs: 409 idempotency_in_flight; with another body: 422 idempotency_key_reused;
//  - a 4xx/5xx answer releases the key, so the client can correct the body and retry with the same key — unless
//    the route stored a document under it (document_external_id, written by the issuing statement in the document's
//    transaction): a request whose COMMIT went through but whose answer was lost keeps its key, and the retry is
//    handed that document (idempotentDocumentOf) to answer with;
//  - keys live IDEMPOTENCY_TTL_HOURS (24 h); a key left in_flight by a crashed process is free after 5 minutes.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fingerprintOf } from '../fingerprint.ts';
import { quoteIdent } from '../db/schema-name.ts';
import { errors } from '../errors.ts';

export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
const IN_FLIGHT_STALE_MS = 5 * 60_000;
const KEY = /^[\x21-\x7e]{1,255}$/;
const kSlot = Symbol('idempotency');

type WithSlot = { [kSlot]?: { id: number; schema: string; document: string | null } };

/** The key this request holds (its idempotency_keys row id), or null: the issuing statement links its document. */
export function idempotencyKeyIdOf(request: FastifyRequest): number | null {
  return (request as unknown as WithSlot)[kSlot]?.id ?? null;
}

/**
 * The external_id of the document a previous request under the same key stored without its answer reaching the
 * client (the key is held, not done): the route answers with that document instead of storing another.
 */
export function idempotentDocumentOf(request: FastifyRequest): string | null {
  return (request as unknown as WithSlot)[kSlot]?.document ?? null;
}

function keyOf(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!KEY.test(key)) {
    throw errors.badRequest(
      'idempotency_key_invalid',
      'La cabecera Idempotency-Key debe tener de 1 a 255 caracteres visibles (ASCII).',
    );
  }
  return key;
}

/** How often a release the database refused is tried again, 1 s, 2 s, 4 s … apart (31 s in all). */
const RELEASE_RETRIES = 5;

/**
 * Releases a failed request's key — never one under which a document was stored (the statement that stored it
 * wrote it on the key; a COMMIT still running holds that row, and this waits for it). When the database is what
 * failed the request, the release usually fails too: it is tried again in the background, or the client's retry
 * would meet 409 idempotency_in_flight until the key is stale (5 minutes).
 */
async function releaseKey(
  db: FastifyRequest['tenant']['db'],
  table: string,
  id: number,
  log: FastifyRequest['log'],
  attempt = 0,
): Promise<void> {
  try {
    await db.$executeRawUnsafe(`DELETE FROM ${table} WHERE id = $1 AND document_external_id IS NULL`, id);
  } catch (error) {
    if (attempt >= RELEASE_RETRIES) {
      log.error({ err: error }, 'idempotency key not released: it is free once stale');
      return;
    }
    setTimeout(() => void releaseKey(db, table, id, log, attempt + 1), 1_000 * 2 ** attempt).unref();
  }
}

export function installIdempotency(app: FastifyInstance): void {
  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const key = keyOf(request);
    if (key === null) return;
    const { schema, db } = request.tenant;
    const table = `${quoteIdent(schema)}."idempotency_keys"`;
    const fingerprint = fingerprintOf({
      method: request.method,
      url: request.routeOptions.url,
      body: request.body ?? null,
    });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const inserted = await db.$queryRawUnsafe<{ id: number }[]>(
        `INSERT INTO ${table} (key, fingerprint, status, updated_at) VALUES ($1, $2, 'in_flight', now()) ON CONFLICT (key) DO NOTHING RETURNING id`,
        key,
        fingerprint,
      );
      if (inserted[0]) {
        (request as unknown as WithSlot)[kSlot] = { id: inserted[0].id, schema, document: null };
        return;
      }
      const rows = await db.$queryRawUnsafe<
        {
          id: number;
          fingerprint: string;
          status: string;
          response_status: number | null;
          response_body: unknown;
          response_raw: string | null;
          document_external_id: string | null;
          created_at: Date;
          updated_at: Date;
        }[]
      >(
        `SELECT id, fingerprint, status, response_status, response_body, response_raw, document_external_id::text, created_at, updated_at
         FROM ${table} WHERE key = $1`,
        key,
      );
      const existing = rows[0];
      if (!existing) continue; // released meanwhile: take it
      const now = Date.now();
      const expired = now - existing.created_at.getTime() > IDEMPOTENCY_TTL_MS;
      const stale = existing.status === 'in_flight' && now - existing.updated_at.getTime() > IN_FLIGHT_STALE_MS;
      // A key whose document is stored is not given up when stale: the retry is answered with that document.
      if (expired || (stale && existing.document_external_id === null)) {
        await db.$executeRawUnsafe(`DELETE FROM ${table} WHERE id = $1`, existing.id);
        continue;
      }
      if (existing.fingerprint !== fingerprint) {
        throw errors.unprocessable(
          'idempotency_key_reused',
          'La Idempotency-Key ya se usó con otra solicitud: use una clave nueva para otro comprobante.',
          [{ path: 'Idempotency-Key', code: 'idempotency_key_reused', message: 'Clave usada con otro cuerpo.' }],
        );
      }
      if (existing.status !== 'done' && existing.document_external_id !== null) {
        // Stored, but its answer never reached the client (nor the key): this request answers with that document.
        const taken = await db.$executeRawUnsafe(
          `UPDATE ${table} SET updated_at = now() WHERE id = $1 AND status = 'in_flight'`,
          existing.id,
        );
        if (taken) {
          (request as unknown as WithSlot)[kSlot] = {
            id: existing.id,
            schema,
            document: existing.document_external_id,
          };
          reply.header('idempotent-replayed', 'true');
          return;
        }
        continue;
      }
      if (existing.status !== 'done') {
        throw errors.conflict(
          'idempotency_in_flight',
          'Una solicitud con la misma Idempotency-Key aún se está procesando. Reintente en unos segundos.',
        );
      }
      reply.header('idempotent-replayed', 'true');
      reply.code(existing.response_status ?? 200);
      // Keys stored before the raw answer was kept replay the JSON value (PostgreSQL's key order).
      if (existing.response_raw === null) return reply.send(existing.response_body);
      return reply.type('application/json; charset=utf-8').send(existing.response_raw);
    }
    throw errors.conflict(
      'idempotency_in_flight',
      'Una solicitud con la misma Idempotency-Key aún se está procesando. Reintente en unos segundos.',
    );
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const slot = (request as unknown as WithSlot)[kSlot];
    if (!slot) return payload;
    (request as unknown as WithSlot)[kSlot] = undefined;
    const table = `${quoteIdent(slot.schema)}."idempotency_keys"`;
    const db = request.tenant.db;
    try {
      if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
        await db.$executeRawUnsafe(
          `UPDATE ${table} SET status = 'done', response_status = $2, response_body = $3::jsonb, response_raw = $4, updated_at = now() WHERE id = $1`,
          slot.id,
          reply.statusCode,
          payload,
          payload,
        );
      } else {
        await releaseKey(db, table, slot.id, request.log);
      }
    } catch (error) {
      // The answer itself is good: a key we failed to record only loses the replay, never the document.
      request.log.error({ err: error }, 'idempotency key not recorded');
    }
    return payload;
  });
}
