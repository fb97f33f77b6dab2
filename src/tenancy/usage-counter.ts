// API usage per tenant and month: every authenticated tenant-host call is counted in memory and the
// counts are added to central.api_usage every few seconds in one statement — not a write per request. A crash
// loses at most one interval of counts (usage statistics, not billing-grade evidence).
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { limaDateOf } from '../core/lima-clock.ts';

const FLUSH_MS = 5_000;

/** YYYY-MM in Lima: the month a call is counted in. */
function limaMonth(): string {
  return limaDateOf(Date.now()).slice(0, 7);
}

export class UsageCounter {
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly pool: Pick<pg.Pool, 'query'>) {}

  count(tenantId: number): void {
    const key = `${tenantId}|${limaMonth()}`;
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush().catch(() => undefined);
    }, FLUSH_MS);
    this.timer.unref?.();
  }

  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const ids: number[] = [];
    const months: string[] = [];
    const counts: number[] = [];
    for (const [key, n] of batch) {
      const [id, month] = key.split('|');
      ids.push(Number(id));
      months.push(month);
      counts.push(n);
    }
    try {
      await this.pool.query(
        `INSERT INTO "central"."api_usage" (tenant_id, month, count)
         SELECT u.id, u.month, u.n FROM unnest($1::int[], $2::text[], $3::int[]) AS u(id, month, n)
         WHERE EXISTS (SELECT 1 FROM "central"."tenants" t WHERE t.id = u.id)
         ON CONFLICT (tenant_id, month) DO UPDATE SET count = "api_usage".count + EXCLUDED.count`,
        [ids, months, counts],
      );
    } catch (error) {
      // Put the counts back: the next flush retries them.
      for (const [key, n] of batch) this.pending.set(key, (this.pending.get(key) ?? 0) + n);
      throw error;
    }
  }
}

export function installUsageCounter(app: FastifyInstance, pool: Pick<pg.Pool, 'query'>): UsageCounter {
  const counter = new UsageCounter(pool);
  app.addHook('onResponse', async (request) => {
    if (request.routeOptions.config.hostKind !== 'tenant') return;
    const tenant = (() => {
      try {
        return request.tenant;
      } catch {
        return null;
      }
    })();
    if (tenant?.isAuthenticated) counter.count(tenant.id);
  });
  app.addHook('onClose', async () => {
    await counter.flush().catch(() => undefined);
  });
  return counter;
}
