// Rate limiting per route (opt-in: `config: { rateLimit: { max: 30, timeWindow: '1 minute' } }`), with the
// counters in PostgreSQL (central.rate_limit_hits, a fixed window per key) so that every API process shares
// them. Exceeding answers 429 rate_limited with Retry-After, in the error contract's shape.
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CentralClient } from '../db/clients.ts';
import { errors } from '../errors.ts';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0] & { routeInfo?: object };

/**
 * One more hit on `key` in its fixed window of `windowMs`, in one statement: a new window when the current one
 * ended. The hits counted in the window (this one included) and the milliseconds left in it.
 */
export async function countHit(
  central: CentralClient,
  key: string,
  windowMs: number,
): Promise<{ count: number; ttl: number }> {
  const rows = await central.$queryRaw<{ count: number; ttl: number }[]>`
    INSERT INTO "central"."rate_limit_hits" (key, window_end, count)
    VALUES (${key.slice(0, 255)}, now() + make_interval(secs => ${windowMs / 1000}), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN "rate_limit_hits".window_end <= now() THEN 1 ELSE "rate_limit_hits".count + 1 END,
      window_end = CASE WHEN "rate_limit_hits".window_end <= now() THEN EXCLUDED.window_end ELSE "rate_limit_hits".window_end END
    RETURNING count, GREATEST(0, CEIL(EXTRACT(EPOCH FROM (window_end - now())) * 1000))::int AS ttl`;
  return { count: Number(rows[0].count), ttl: Number(rows[0].ttl) };
}

export function createPostgresStore(central: CentralClient) {
  let calls = 0;
  const prune = () =>
    central.$executeRaw`DELETE FROM "central"."rate_limit_hits" WHERE window_end < now() - interval '1 hour'`.catch(
      () => undefined,
    );

  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _globalParams: unknown,
      private readonly prefix = 'global:',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      countHit(central, this.prefix + key, timeWindow).then(
        (hit) => {
          if (++calls % 500 === 0) void prune();
          callback(null, { current: hit.count, ttl: hit.ttl });
        },
        (error: Error) => callback(error),
      );
    }

    child(options: ChildOptions): FastifyRateLimitStore {
      const info = (options.routeInfo ?? {}) as { method?: string | string[]; url?: string };
      const method = Array.isArray(info.method) ? info.method.join(',') : (info.method ?? '');
      return new PostgresRateLimitStore(undefined, `${method}:${info.url ?? ''}:`);
    }
  };
}

/**
 * A tenant route's limit counted per company, not per client address: what one company may ask of the shared
 * process (certificate reads, e-mail through the system relay) whatever addresses its calls come from. Tenancy has
 * run by then (a global onRequest hook, before the route's own), so the company is known.
 */
export function perCompany(max: number, timeWindow: string) {
  return {
    max,
    timeWindow,
    keyGenerator: (request: FastifyRequest) => `company:${request.tenant.schema}`,
  };
}

export async function installRateLimit(app: FastifyInstance, central: CentralClient): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: createPostgresStore(central),
    // A counter we cannot reach must not take the API down with it.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => errors.tooManyRequests(Math.ceil(context.ttl / 1000)),
  });
}
