// Two tenants provisioned side by side have separate schemas; a row written for one is
// invisible to the other; a raw query names its schema. Locked tenants get 403 tenant_locked.
import { describe, expect, it } from 'vitest';
import { Prisma } from '../../src/generated/tenant/client.ts';
import { useTestApp, type TestTenant } from '../helpers/app.ts';
import { probeFeatures } from '../helpers/probe-feature.ts';

const t = useTestApp({ features: probeFeatures, env: { HOST_CACHE_TTL_MS: '0' } });

describe('one schema per tenant', () => {
  let a: TestTenant;
  let b: TestTenant;

  it('gives each tenant its own schema with its own tables', async () => {
    a = t.tenant;
    b = await t.ctx.provisionTenant();
    expect(a.schema).not.toBe(b.schema);
    const schemas = await t.ctx.db.pool.query<{ schema_name: string }>(
      'SELECT schema_name FROM information_schema.schemata WHERE schema_name = ANY($1) ORDER BY 1',
      [[a.schema, b.schema]],
    );
    expect(schemas.rows.map((r) => r.schema_name)).toEqual([a.schema, b.schema].sort());
    for (const schema of [a.schema, b.schema]) {
      const tables = await t.ctx.db.pool.query<{ table_name: string }>(
        'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY 1',
        [schema],
      );
      expect(tables.rows.map((r) => r.table_name)).toEqual([
        '_migrations',
        'api_tokens',
        'company',
        'console_sessions',
        'document_files',
        'document_lines',
        'document_state_history',
        'documents',
        'email_outbox',
        'establishments',
        'idempotency_keys',
        'job_outbox',
        'series',
        'summaries',
        'summary_counters',
        'summary_documents',
        'users',
        'webhook_attempts',
        'webhook_deliveries',
        'webhook_endpoints',
        'webhook_events',
      ]);
    }
  });

  it('keeps a row written for one tenant invisible to the other', async () => {
    await a.db.series.create({ data: { documentType: '01', serie: 'F777', registered: false } });
    expect(await a.db.series.findFirst({ where: { serie: 'F777' } })).not.toBeNull();
    expect(await b.db.series.findFirst({ where: { serie: 'F777' } })).toBeNull();
    // Through HTTP too: each tenant's /api/company lists its own series only.
    const seriesOf = async (tenant: TestTenant) =>
      (await t.app.inject({ method: 'GET', url: '/api/company', headers: tenant.headers }))
        .json()
        .data.series.map((s: { serie: string }) => s.serie);
    expect(await seriesOf(a)).toContain('F777');
    expect(await seriesOf(b)).not.toContain('F777');
    // Ordered by document type, then series: the default series of provisioning.
    expect(await seriesOf(b)).toEqual([
      'F001',
      'B001',
      'L001',
      'BC01',
      'FC01',
      'BD01',
      'FD01',
      'T001',
      'R001',
      'V001',
      'P001',
    ]);
  });

  it('runs raw SQL only against the schema it names', async () => {
    // The tenant client's $queryRaw is not qualified by the adapter: an unqualified table does not resolve…
    await expect(a.db.$queryRaw`SELECT serie FROM series`).rejects.toThrow(/series/);
    // …and a qualified one reads that tenant's rows only.
    const own = await a.db.$queryRaw<
      { serie: string }[]
    >`SELECT serie FROM ${Prisma.raw(`"${a.schema}"."series"`)} WHERE serie = 'F777'`;
    expect(own).toHaveLength(1);
    const res = await t.app.inject({ method: 'GET', url: '/api/_probe/raw-series', headers: b.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().series).not.toContain('F777');
    expect(res.json().series).toContain('F001');
  });

  it('answers 403 tenant_locked while the tenant is locked, and serves it again once unlocked', async () => {
    const c = await t.ctx.provisionTenant();
    await t.ctx.db.central.tenant.update({ where: { id: c.id }, data: { lockedTenant: true } });
    const locked = await t.app.inject({ method: 'GET', url: '/api/company', headers: c.headers });
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toMatchObject({ success: false, code: 'tenant_locked' });
    const lockedPublic = await t.app.inject({
      method: 'GET',
      url: '/api/_probe/public',
      headers: { host: c.hostname },
    });
    expect(lockedPublic.statusCode).toBe(403);
    await t.ctx.db.central.tenant.update({ where: { id: c.id }, data: { lockedTenant: false } });
    expect((await t.app.inject({ method: 'GET', url: '/api/company', headers: c.headers })).statusCode).toBe(200);
  });

  it('locks every tenant of a locked reseller', async () => {
    const reseller = await t.ctx.db.central.reseller.create({
      data: { name: 'Socio', email: `socio-${Date.now()}@facturo.example`, lockedAdmin: true },
    });
    try {
      const d = await t.ctx.provisionTenant({ resellerId: reseller.id });
      const res = await t.app.inject({ method: 'GET', url: '/api/company', headers: d.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('tenant_locked');
    } finally {
      await t.ctx.db.central.tenant.updateMany({ where: { resellerId: reseller.id }, data: { resellerId: null } });
      await t.ctx.db.central.reseller.delete({ where: { id: reseller.id } });
    }
  });
});
