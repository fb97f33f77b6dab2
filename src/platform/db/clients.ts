// Prisma clients on the shared pool: one central client, and a capped cache of tenant clients each bound to
// its schema (Prisma then qualifies every name: "t_acme"."documents"). `$queryRaw` is NOT qualified by the
// adapter: raw SQL must name its schema (see tenantTable()).
import { PrismaPg } from '@prisma/adapter-pg';
import type pg from 'pg';
import { PrismaClient as CentralPrismaClient } from '../../generated/central/client.ts';
import { Prisma as TenantPrisma, PrismaClient as TenantPrismaClient } from '../../generated/tenant/client.ts';
import { assertSchemaName, CENTRAL_SCHEMA, quoteIdent } from './schema-name.ts';

export type CentralClient = CentralPrismaClient;
export type TenantClient = TenantPrismaClient;

/**
 * Interactive transactions' limits. Prisma's defaults (2 s to start, 5 s in all) are kept by timers in this
 * process: a process stalled a few seconds (a CPU-starved machine, a long GC) expired transactions whose SQL took
 * milliseconds, and the request failed (503). Our transactions are short and never hold one across a network call;
 * these limits only stop a stuck one.
 */
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 20_000 };

export function createCentralClient(pool: pg.Pool): CentralClient {
  return new CentralPrismaClient({
    adapter: new PrismaPg(pool, { schema: CENTRAL_SCHEMA }),
    transactionOptions: TRANSACTION_OPTIONS,
  });
}

export function createTenantClient(pool: pg.Pool, schema: string): TenantClient {
  return new TenantPrismaClient({
    adapter: new PrismaPg(pool, { schema: assertSchemaName(schema) }),
    transactionOptions: TRANSACTION_OPTIONS,
  });
}

/** `"t_acme"."documents"` as a Prisma.Sql fragment for $queryRaw/$executeRaw templates. */
export function tenantTable(schema: string, table: string): TenantPrisma.Sql {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(table)) throw new Error(`invalid table name: ${table}`);
  return TenantPrisma.raw(`${quoteIdent(assertSchemaName(schema))}.${quoteIdent(table)}`);
}

/**
 * Least-recently-used cache of tenant clients (~1.7 MB of heap each once they have run queries: Prisma keeps its
 * model and query structures per client), one per schema and server: a schema that moved gets a client on its new
 * server, and the old one ages out. An evicted client is disconnected a little later, so a request still using it
 * can finish.
 */
export class TenantClientCache {
  private readonly clients = new Map<string, TenantClient>();
  private readonly pending = new Set<NodeJS.Timeout>();

  constructor(
    private readonly capacity: number,
    private readonly evictionGraceMs = 30_000,
  ) {}

  get(schema: string, server: string, pool: pg.Pool): TenantClient {
    const key = `${server}\u0000${schema}`;
    const existing = this.clients.get(key);
    if (existing) {
      // Map keeps insertion order: re-insert to mark as most recently used.
      this.clients.delete(key);
      this.clients.set(key, existing);
      return existing;
    }
    const client = createTenantClient(pool, schema);
    this.clients.set(key, client);
    while (this.clients.size > this.capacity) {
      const [oldestKey, oldest] = this.clients.entries().next().value as [string, TenantClient];
      this.clients.delete(oldestKey);
      const timer = setTimeout(() => {
        this.pending.delete(timer);
        void oldest.$disconnect().catch(() => undefined);
      }, this.evictionGraceMs);
      timer.unref();
      this.pending.add(timer);
    }
    return client;
  }

  get size(): number {
    return this.clients.size;
  }

  async closeAll(): Promise<void> {
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
    const clients = [...this.clients.values()];
    this.clients.clear();
    await Promise.all(clients.map((c) => c.$disconnect().catch(() => undefined)));
  }
}
