// POST /api/consultas/search: a document is revealed only when every field matches; unknown tenants
// and unknown documents look the same; locked tenants are "inactive"; the route is rate-limited per IP.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { limaToday } from '../../../src/pipeline/deps.ts';
import { fixtureBody, pathOf, useApi } from '../documents/helpers.ts';

const api = useApi({ env: { CONSULTAS_RATE_LIMIT: '12', PUBLIC_URL: 'http://facturo.example:3000' } });
let issued: any;
// Rate-limit counters live in the shared database: every run uses its own addresses.
const net = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
let query: Record<string, unknown>;

async function search(body: Record<string, unknown>, ip = `${net}.7`) {
  const res = await api.ctx.app.inject({
    method: 'POST',
    url: '/api/consultas/search',
    remoteAddress: ip,
    headers: { host: 'consultas.example', 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, json: res.json() };
}

beforeAll(async () => {
  issued = (await api.post('/api/documents', fixtureBody('01-taxed.json'))).json;
  query = {
    ruc_emisor: api.tenant.ruc,
    series: 'F001',
    number: issued.data.number.split('-')[1],
    customer_number: '20604187339',
    total: 580.91,
    date_of_issue: limaToday(),
  };
});

describe('POST /api/consultas/search', () => {
  it('finds the document when every field matches, by RUC or by slug, total within ±0.01', async () => {
    const hit = await search(query, `${net}.1`);
    expect(hit.status).toBe(200);
    expect(hit.json.data).toEqual([
      expect.objectContaining({ number: issued.data.number, total: '580.91', state_type_id: '05' }),
    ]);
    expect(pathOf(hit.json.data[0].download_pdf)).toBe(pathOf(issued.links.pdf));
    // The tenant's own host with PUBLIC_URL's scheme and port (the port is kept).
    expect(hit.json.data[0].download_pdf).toBe(`http://${api.tenant.hostname}:3000${pathOf(issued.links.pdf)}`);
    const bySlug = await search(
      { ...query, ruc_emisor: undefined, tenant_slug: api.tenant.subdomain, total: '580.92' },
      `${net}.1`,
    );
    expect(bySlug.status).toBe(200);
  });

  it('reveals nothing when one field differs, and answers an unknown issuer exactly like an unknown document', async () => {
    for (const change of [
      { total: 580.93 },
      { customer_number: '20100070970' },
      { date_of_issue: '2020-01-01' },
      { series: 'F002' },
      { number: 999999 },
    ]) {
      const miss = await search({ ...query, ...change }, `${net}.2`);
      expect(miss.status).toBe(404);
      expect(miss.json.code).toBe('document_not_found');
    }
    const noTenant = await search({ ...query, ruc_emisor: '20999999991' }, `${net}.2`);
    expect(noTenant.status).toBe(404);
    expect(noTenant.json.message).toBe((await search({ ...query, total: 1 }, `${net}.2`)).json.message);
  });

  it('says a locked issuer is inactive', async () => {
    await api.ctx.db.central.tenant.update({ where: { id: api.tenant.id }, data: { lockedTenant: true } });
    try {
      const res = await search(query, `${net}.3`);
      expect(res.status).toBe(403);
      expect(res.json.code).toBe('tenant_inactive');
    } finally {
      await api.ctx.db.central.tenant.update({ where: { id: api.tenant.id }, data: { lockedTenant: false } });
    }
    // A locked reseller's tenants too (its lock is not copied into the tenants' rows).
    const reseller = await api.ctx.db.central.reseller.create({
      data: { name: 'R', email: `r-${net}-${randomBytes(3).toString('hex')}@facturo.example`, lockedAdmin: true },
    });
    await api.ctx.db.central.tenant.update({ where: { id: api.tenant.id }, data: { resellerId: reseller.id } });
    try {
      expect((await search(query, `${net}.3`)).json.code).toBe('tenant_inactive');
    } finally {
      await api.ctx.db.central.tenant.update({ where: { id: api.tenant.id }, data: { resellerId: null } });
      await api.ctx.db.central.reseller.delete({ where: { id: reseller.id } });
    }
  });

  it('rejects malformed queries with 422 and limits each IP', async () => {
    expect((await search({ series: 'F001' }, `${net}.4`)).status).toBe(422);
    const statuses: number[] = [];
    for (let i = 0; i < 14; i += 1) statuses.push((await search(query, `${net}.9`)).status);
    expect(statuses.slice(0, 12).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
