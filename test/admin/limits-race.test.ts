// Limits counted under a lock, tried with concurrent requests over real HTTP: a reseller's tenant quota
// (limit_tenants) and its monthly documents (limit_documents_month, all its tenants together, Lima's month), and the
// plan's active tokens against logins. However many requests arrive together, none passes the limit, and a refused
// one leaves nothing behind.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createReseller } from '../../src/admin/resellers-service.ts';
import { limaDateOf } from '../../src/core/lima-clock.ts';
import { quoteIdent, tenantSchemaName } from '../../src/platform/db/schema-name.ts';
import type { TestTenant } from '../helpers/app.ts';
import { httpCall } from '../helpers/http.ts';
import { randomRuc, randomSubdomain } from '../helpers/ids.ts';
import { fixtureBody, useApi } from '../features/documents/helpers.ts';

const api = useApi();
const tag = randomBytes(4).toString('hex');
const PASSWORD = 'Clave-segura-2026';
const resellers: number[] = [];

afterAll(async () => {
  const central = api.ctx.db.central;
  for (const t of await central.tenant.findMany({ where: { resellerId: { in: resellers } } })) {
    await api.ctx.db.pool.query(`DROP SCHEMA IF EXISTS ${quoteIdent(t.schemaName)} CASCADE`);
    await central.tenant.delete({ where: { id: t.id } });
  }
  await central.reseller.deleteMany({ where: { id: { in: resellers } } });
});

async function reseller(limits: { tenants?: number; documents?: number }) {
  const email = `limits-${tag}-${resellers.length}@facturo.example`;
  const created = await createReseller(api.ctx.db.central, {
    name: 'Distribuidor de prueba',
    email,
    password: PASSWORD,
    limitTenants: limits.tenants ?? 0,
    limitDocumentsMonth: limits.documents ?? 0,
  });
  resellers.push(created.id);
  return created;
}

const adminHost = () => api.ctx.config.adminHost;

async function adminLogin(email: string): Promise<string> {
  const res = await httpCall(api.ctx.app, 'POST', '/api/login', {
    headers: { host: adminHost() },
    body: { email, password: PASSWORD },
  });
  expect(res.status, res.text).toBe(200);
  return res.json.token;
}

const tenantHeaders = (t: TestTenant) => ({ host: t.hostname, authorization: `Bearer ${t.token}` });

describe("a reseller's tenant quota", () => {
  it.each([1, 3])('six concurrent creations for a reseller limited to %i create exactly that many', async (limit) => {
    const account = await reseller({ tenants: limit });
    const token = await adminLogin(account.email);
    const subdomains = Array.from({ length: 6 }, () => randomSubdomain());
    const answers = await Promise.all(
      subdomains.map((subdomain) =>
        httpCall(api.ctx.app, 'POST', '/api/tenants', {
          headers: { host: adminHost(), authorization: `Bearer ${token}` },
          body: {
            ruc: randomRuc(),
            name: 'EMPRESA DEL DISTRIBUIDOR S.A.C.',
            subdomain,
            email: `t-${tag}@facturo.example`,
            plan_id: 4,
          },
        }),
      ),
    );
    const trace = answers.map((a) => `${a.status} ${a.text.slice(0, 120)}`).join('\n');
    expect(
      answers.filter((a) => a.status === 200),
      trace,
    ).toHaveLength(limit);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status, trace).toBe(403);
      expect(refused.json.code, trace).toBe('reseller_limit_reached');
    }
    expect(await api.ctx.db.central.tenant.count({ where: { resellerId: account.id } })).toBe(limit);
    // Nothing of a refused creation is left: only the created tenants' schemas exist.
    const schemas = await api.ctx.db.pool.query(
      `SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = ANY($1::text[])`,
      [subdomains.map((subdomain) => tenantSchemaName(subdomain))],
    );
    expect(schemas.rows[0].n).toBe(limit);
  });
});

describe("a reseller's monthly documents", () => {
  it('counts every tenant of the reseller together under a lock: 10 concurrent issues on a limit of 5 store 5', async () => {
    const account = await reseller({ documents: 5 });
    const a = await api.ctx.provisionTenant({ resellerId: account.id });
    const b = await api.ctx.provisionTenant({ resellerId: account.id });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        httpCall(api.ctx.app, 'POST', '/api/documents', {
          headers: tenantHeaders(i % 2 ? a : b),
          body: { ...fixtureBody('02-not-sent.json'), serie_documento: `F00${(i % 3) + 1}` },
        }),
      ),
    );
    const trace = answers.map((x) => `${x.status} ${x.text.slice(0, 160)}`).join('\n');
    expect(
      answers.filter((x) => x.status === 200),
      trace,
    ).toHaveLength(5);
    for (const refused of answers.filter((x) => x.status !== 200)) {
      expect(refused.status, trace).toBe(403);
      expect(refused.json.code, trace).toBe('reseller_document_limit_reached');
    }
    const stored =
      (await api.ctx.db.tenant(a.schema).document.count()) + (await api.ctx.db.tenant(b.schema).document.count());
    expect(stored).toBe(5);
    // No number spent by a refusal: each series' counter ends at its last stored document.
    for (const t of [a, b]) {
      const db = api.ctx.db.tenant(t.schema);
      for (const s of await db.series.findMany({ where: { documentType: '01' } })) {
        const last = await db.document.aggregate({ where: { serie: s.serie }, _max: { number: true } });
        expect(s.lastNumber, `${t.subdomain} ${s.serie}`).toBe(last._max.number ?? 0);
      }
    }
    const usage = await api.ctx.db.central.resellerDocumentUsage.findUniqueOrThrow({
      where: { resellerId_month: { resellerId: account.id, month: limaDateOf(Date.now()).slice(0, 7) } },
    });
    expect(usage.count).toBe(5);
  });

  it('starts the month from what its tenants had already issued in it', async () => {
    const account = await reseller({ documents: 4 });
    const tenant = await api.ctx.provisionTenant();
    const issue = () =>
      httpCall(api.ctx.app, 'POST', '/api/documents', {
        headers: tenantHeaders(tenant),
        body: fixtureBody('02-not-sent.json'),
      });
    for (let i = 0; i < 3; i += 1) expect((await issue()).status).toBe(200);
    // The company joins the reseller with three documents of this month already issued.
    await api.ctx.db.central.tenant.update({ where: { id: tenant.id }, data: { resellerId: account.id } });
    api.ctx.app.platform.hosts.invalidate();
    expect((await issue()).status).toBe(200);
    const over = await issue();
    expect(over.status, over.text).toBe(403);
    expect(over.json.code).toBe('reseller_document_limit_reached');
    expect(over.json.message).toContain('4 comprobantes por mes');
    expect(await api.ctx.db.tenant(tenant.schema).document.count()).toBe(4);
  });
});

describe("the plan's active tokens against logins", () => {
  it("eight concurrent logins on a 3-token plan leave 3 active tokens: the login's newest two and the company's own", async () => {
    const tenant = await api.ctx.provisionTenant({ planId: 2, user: { password: PASSWORD } });
    const login = () =>
      httpCall(api.ctx.app, 'POST', '/api/login', {
        headers: { host: tenant.hostname },
        body: { email: 'pruebas@facturo.example', password: PASSWORD },
      });
    const answers = await Promise.all(Array.from({ length: 8 }, login));
    const trace = answers.map((x) => `${x.status} ${x.text.slice(0, 120)}`).join('\n');
    for (const a of answers) expect(a.json?.success, trace).toBe(true);
    const db = api.ctx.db.tenant(tenant.schema);
    expect(await db.apiToken.count({ where: { revokedAt: null } })).toBe(3);
    const working = await Promise.all(
      answers.map(async (a) => {
        const res = await httpCall(api.ctx.app, 'GET', '/api/company', {
          headers: { host: tenant.hostname, authorization: `Bearer ${a.json.token}` },
        });
        return res.status;
      }),
    );
    expect(working.filter((s) => s === 200)).toHaveLength(2);
    expect(working.filter((s) => s === 401)).toHaveLength(6);
    // The token given at creation was never taken.
    expect((await httpCall(api.ctx.app, 'GET', '/api/company', { headers: tenantHeaders(tenant) })).status).toBe(200);
  });

  it('refuses a login (403) when the plan has no token left beside the ones in other use', async () => {
    const tenant = await api.ctx.provisionTenant({ planId: 1, user: { password: PASSWORD } });
    const res = await httpCall(api.ctx.app, 'POST', '/api/login', {
      headers: { host: tenant.hostname },
      body: { email: 'pruebas@facturo.example', password: PASSWORD },
    });
    expect(res.status, res.text).toBe(403);
    expect(res.json.code).toBe('plan_limit_reached');
    expect(await api.ctx.db.tenant(tenant.schema).apiToken.count({ where: { revokedAt: null } })).toBe(1);
  });
});
