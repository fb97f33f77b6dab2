// facturo_certificate_days_left{tenant}: days until each company's signing certificate expires, for an alert
// before SUNAT starts rejecting. Read from every tenant schema in one statement per database server, at most every
// CACHE_MS: a scrape every few seconds must not turn into one query per tenant each time.
import type pg from 'pg';
import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../../platform/db/database.ts';
import { quoteIdent } from '../../platform/db/schema-name.ts';
import { daysLeft } from './certificate-info.ts';

const CACHE_MS = 5 * 60_000;

type Expiry = { tenant: string; notAfter: Date | null };
type TenantRow = { subdomain: string; schemaName: string; databaseServer: string };

async function readExpiries(db: Database): Promise<Expiry[]> {
  const tenants = await db.central.tenant.findMany({
    select: { subdomain: true, schemaName: true, databaseServer: true },
  });
  const byServer = new Map<string, TenantRow[]>();
  for (const t of tenants) byServer.set(t.databaseServer, [...(byServer.get(t.databaseServer) ?? []), t]);
  const found: Expiry[] = [];
  for (const [server, rows] of byServer) {
    // A server this process cannot open (removed meanwhile, unreachable) leaves its tenants out of this scrape.
    let pool: pg.Pool;
    try {
      pool = db.directory.pool(server);
    } catch {
      continue;
    }
    // One statement per server; if a schema is gone (a tenant being deleted), tenant by tenant, skipping the missing.
    found.push(...(await readAll(pool, rows).catch(() => readEach(pool, rows))));
  }
  return found;
}

async function readEach(pool: pg.Pool, tenants: TenantRow[]): Promise<Expiry[]> {
  const found: Expiry[] = [];
  for (const t of tenants) {
    const rows = await readAll(pool, [t]).catch(() => []);
    found.push(...rows);
  }
  return found;
}

async function readAll(pool: pg.Pool, tenants: TenantRow[]): Promise<Expiry[]> {
  const parts = tenants.map(
    (t, i) => `SELECT $${i + 1}::text AS tenant, certificate_not_after FROM ${quoteIdent(t.schemaName)}."company"`,
  );
  const { rows } = await pool.query<{ tenant: string; certificate_not_after: Date | null }>(
    parts.join(' UNION ALL '),
    tenants.map((t) => t.subdomain),
  );
  return rows.map((r) => ({ tenant: r.tenant, notAfter: r.certificate_not_after }));
}

export function installCertificateGauge(registry: Registry, db: Database): void {
  let cached: { at: number; rows: { tenant: string; notAfter: Date | null }[] } | null = null;
  new Gauge({
    name: 'facturo_certificate_days_left',
    help: "Days until the company's signing certificate expires (negative: expired)",
    labelNames: ['tenant'] as const,
    registers: [registry],
    async collect() {
      if (!cached || Date.now() - cached.at > CACHE_MS) cached = { at: Date.now(), rows: await readExpiries(db) };
      this.reset();
      for (const row of cached.rows) {
        const days = daysLeft(row.notAfter);
        if (days !== null) this.set({ tenant: row.tenant }, days);
      }
    },
  });
}
