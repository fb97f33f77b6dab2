// A new company's first establishment (0000, the fiscal domicile): admin creation and self-registration take its
// optional data — its address becomes the company's fiscal address, with the catalogue's place names — and a ubigeo
// outside the catalogue is refused naming the field, creating nothing.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteIdent } from '../../../src/platform/db/schema-name.ts';
import { hashPassword } from '../../../src/platform/passwords.ts';
import { adminCall } from '../../admin/admin-call.ts';
import { randomRuc, randomSubdomain } from '../../helpers/ids.ts';
import { useApi } from '../documents/helpers.ts';

const api = useApi();
const PASSWORD = 'Clave-segura-2026';
let adminToken: string;
const created: string[] = [];

beforeAll(async () => {
  const email = `admin-est-${randomBytes(4).toString('hex')}@facturo.example`;
  await api.ctx.db.central.adminUser.create({
    data: { name: 'admin', email, role: 'admin', passwordHash: await hashPassword(PASSWORD) },
  });
  adminToken = (await adminCall(api.ctx, 'POST', '/api/login', { email, password: PASSWORD })).json.token;
});

afterAll(async () => {
  for (const subdomain of created) {
    const t = await api.ctx.db.central.tenant.findUnique({ where: { subdomain } });
    if (!t) continue;
    await api.ctx.db.pool.query(`DROP SCHEMA IF EXISTS ${quoteIdent(t.schemaName)} CASCADE`);
    await api.ctx.db.central.tenant.delete({ where: { id: t.id } });
  }
});

async function establishmentsOf(created: { hostname: string; token: string }) {
  const res = await api.ctx.app.inject({
    method: 'GET',
    url: '/api/establishments',
    headers: { host: created.hostname, authorization: `Bearer ${created.token}` },
  });
  return res.json().data;
}

const FIRST = {
  nombre: 'Sede Cusco',
  direccion: 'Av. El Sol 512',
  ubigeo: '080101',
  telefono: '084-223344',
  correo_electronico: 'sede@inka.example',
};

describe('the first establishment', () => {
  it('is taken by the admin creation: 0000 with its data, the company at its address', async () => {
    const subdomain = randomSubdomain();
    created.push(subdomain);
    const res = await adminCall(
      api.ctx,
      'POST',
      '/api/tenants',
      { ruc: randomRuc(), subdomain, email: 'a@inka.example', plan_id: 4, name: 'INKA S.A.C.', establecimiento: FIRST },
      adminToken,
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await establishmentsOf(res.json)).toEqual([
      expect.objectContaining({ codigo: '0000', ...FIRST, departamento: 'Cusco', distrito: 'Cusco', activo: true }),
    ]);
    const schema = (await api.ctx.db.central.tenant.findUniqueOrThrow({ where: { subdomain } })).schemaName;
    const { rows } = await api.ctx.db.pool.query(`SELECT direccion, ubigeo FROM ${quoteIdent(schema)}."company"`);
    expect(rows[0]).toEqual({ direccion: 'Av. El Sol 512', ubigeo: '080101' });
  });

  it('is taken by self-registration; without it 0000 is the default address, "Oficina principal"', async () => {
    const subdomain = randomSubdomain();
    created.push(subdomain);
    const body = { number: randomRuc(), name: 'QOSQO E.I.R.L.', subdomain, email: 'b@qosqo.example' };
    // From an address of its own: self-registration is rate-limited per client address (5 an hour).
    const reply = await api.ctx.app.inject({
      method: 'POST',
      url: '/api/guest-register',
      remoteAddress: `10.${[...randomBytes(3)].join('.')}`,
      headers: { host: api.ctx.config.adminHost, 'content-type': 'application/json' },
      payload: JSON.stringify({
        ...body,
        password: 'clave-segura-123',
        establecimiento: { nombre: 'Tienda', direccion: 'Jr. Cusco 1', ubigeo: '150101' },
      }),
    });
    const res = { status: reply.statusCode, json: reply.json() };
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await establishmentsOf(res.json)).toEqual([
      expect.objectContaining({ codigo: '0000', nombre: 'Tienda', direccion: 'Jr. Cusco 1', distrito: 'Lima' }),
    ]);
    const plain = await api.ctx.provisionTenant();
    const rows = await plain.db.establishment.findMany();
    expect(rows).toEqual([expect.objectContaining({ codigo: '0000', nombre: 'Oficina principal', active: true })]);
  });

  it('refuses a ubigeo outside the catalogue naming establecimiento.ubigeo, creating nothing', async () => {
    const subdomain = randomSubdomain();
    const res = await adminCall(
      api.ctx,
      'POST',
      '/api/tenants',
      {
        ruc: randomRuc(),
        subdomain,
        email: 'c@x.example',
        plan_id: 4,
        name: 'X S.A.C.',
        establecimiento: { ubigeo: '999999' },
      },
      adminToken,
    );
    expect(res.status).toBe(422);
    expect(res.json.errors[0]).toMatchObject({ path: 'establecimiento.ubigeo', code: 'ubigeo_invalid' });
    expect(await api.ctx.db.central.tenant.findUnique({ where: { subdomain } })).toBeNull();
  });
});
