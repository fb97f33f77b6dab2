// POST /api/tenants keeps the trade name and address it is given, and fills the rest from SUNAT's padrón when the
// RUC is there — so a new company's documents no longer say "-, LIMA - LIMA - LIMA".
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPadron } from '../../src/admin/padron.ts';
import { quoteIdent } from '../../src/platform/db/schema-name.ts';
import { hashPassword } from '../../src/platform/passwords.ts';
import { useApi } from '../features/documents/helpers.ts';
import { adminCall } from './admin-call.ts';
import { REPO_ROOT } from '../fixtures/invoices.ts';
import { randomRuc, randomSubdomain } from '../helpers/ids.ts';

const api = useApi();
const PASSWORD = 'Clave-segura-2026';
const PADRON_RUC = '20558743167';
let adminToken: string;
const created: number[] = [];

const call = (method: 'GET' | 'POST', url: string, body?: unknown, token?: string) =>
  adminCall(api.ctx, method, url, body, token);

async function companyOf(created: { hostname: string; token: string }) {
  const res = await api.ctx.app.inject({
    method: 'GET',
    url: '/api/company',
    headers: { host: created.hostname, authorization: `Bearer ${created.token}` },
  });
  return res.json().data;
}

beforeAll(async () => {
  const email = `admin-tp-${randomBytes(4).toString('hex')}@facturo.example`;
  await api.ctx.db.central.adminUser.create({
    data: { name: 'admin', email, role: 'admin', passwordHash: await hashPassword(PASSWORD) },
  });
  adminToken = (await call('POST', '/api/login', { email, password: PASSWORD })).json.token;
  await importPadron(api.ctx.db.pool, join(REPO_ROOT, 'assets/padron_reducido_ruc.sample.txt'));
});

afterAll(() => afterAllCleanup());

async function afterAllCleanup() {
  for (const id of created.splice(0)) {
    const t = await api.ctx.db.central.tenant.findUnique({ where: { id } });
    if (!t) continue;
    await api.ctx.db.pool.query(`DROP SCHEMA IF EXISTS ${quoteIdent(t.schemaName)} CASCADE`);
    await api.ctx.db.central.tenant.delete({ where: { id } });
  }
}

async function createTenant(extra: Record<string, unknown>) {
  const body = { subdomain: randomSubdomain(), email: 'nueva@facturo.example', plan_id: 4, ...extra };
  const res = await call('POST', '/api/tenants', body, adminToken);
  if (res.status === 200) created.push(res.json.id);
  return res;
}

describe('POST /api/tenants', () => {
  it('keeps the nombre_comercial and direccion it is given', async () => {
    const direccion = {
      ubigeo: '080101',
      direccion: 'Av. El Sol 512',
      distrito: 'CUSCO',
      provincia: 'CUSCO',
      departamento: 'CUSCO',
    };
    const res = await createTenant({
      ruc: randomRuc(),
      name: 'INKA MARKET S.A.C.',
      nombre_comercial: 'Inka Market',
      direccion,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const company = await companyOf(res.json);
    expect(company.nombre_comercial).toBe('Inka Market');
    expect(company.direccion).toMatchObject({ ...direccion, codigo_establecimiento: '0000', codigo_pais: 'PE' });
  });

  it("fills the razón social and address from the padrón when the RUC is there; the request's fields win", async () => {
    const stale = await api.ctx.db.central.tenant.findUnique({ where: { ruc: PADRON_RUC } });
    if (stale) created.push(stale.id); // left by an interrupted run of this file on this database
    await afterAllCleanup();
    const res = await createTenant({ ruc: PADRON_RUC, direccion: { provincia: 'TRUJILLO', distrito: 'TRUJILLO' } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const company = await companyOf(res.json);
    expect(company.razon_social).toBe('FERRETERÍA EL MARTILLO DE ORO S.R.L.');
    expect(res.json.warnings).toEqual([
      {
        path: 'name',
        code: 'name_from_padron',
        message: 'Sin name: se usó la razón social del padrón RUC de SUNAT, "FERRETERÍA EL MARTILLO DE ORO S.R.L.".',
      },
    ]);
    expect(company.direccion).toMatchObject({
      ubigeo: '130101',
      direccion: 'JR. PIZARRO NRO. 655',
      departamento: 'LA LIBERTAD',
      provincia: 'TRUJILLO',
      distrito: 'TRUJILLO',
    });
  });

  it('needs a name: none sent and the RUC outside the padrón is a 422 naming `name`, and nothing is created', async () => {
    const ruc = randomRuc();
    const res = await createTenant({ ruc });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ code: 'name_required', errors: [{ path: 'name', code: 'name_required' }] });
    expect(res.json.message).toMatch(/^name: Indique la razón social de la empresa/);
    expect(await api.ctx.db.central.tenant.findUnique({ where: { ruc } })).toBeNull();
  });

  it('refuses a malformed address and creates nothing', async () => {
    const ruc = randomRuc();
    const res = await createTenant({ ruc, name: 'EMPRESA S.A.C.', direccion: { ubigeo: '15' } });
    expect(res.status).toBe(422);
    expect(res.json.errors[0].path).toContain('ubigeo');
    expect(await api.ctx.db.central.tenant.findUnique({ where: { ruc } })).toBeNull();
  });
});
