// Tenant provisioning: central rows, migrated schema, company, default series, first user and
// API token (returned once, stored as SHA-256), a sealed self-signed certificate for demo tenants;
// duplicate RUC/subdomain → 409, bad RUC → 422; two simultaneous provisionings of one tenant cannot both win.
import { X509Certificate, createPrivateKey, createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../../src/platform/errors.ts';
import { verifyPassword } from '../../src/platform/passwords.ts';
import { createSecretBox } from '../../src/platform/secrets.ts';
import { openSigningKey, openSolCredentials } from '../../src/pipeline/company-secrets.ts';
import { DEFAULT_SERIES, provisionTenant } from '../../src/tenancy/provision.ts';
import { rotateTenantToken } from '../../src/tenancy/rotate-token.ts';
import { hashToken } from '../../src/platform/tokens.ts';
import { useTestApp } from '../helpers/app.ts';
import { invalidRuc, randomRuc, randomSubdomain } from '../helpers/ids.ts';

const t = useTestApp();

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('provisionTenant', () => {
  it('creates the company, the default series, the first user and a token stored only as its hash', async () => {
    const tenant = t.tenant;
    expect(tenant.schema).toBe(`t_${tenant.subdomain.replace(/-/g, '_')}`);
    expect(tenant.hostname).toBe(`${tenant.subdomain}.localhost`);
    expect(tenant.token).toMatch(/^fct_[A-Za-z0-9_-]{43}$/); // 32 random bytes

    const central = await t.ctx.db.central.tenant.findUniqueOrThrow({
      where: { id: tenant.id },
      include: { hostnames: true },
    });
    expect(central).toMatchObject({
      ruc: tenant.ruc,
      subdomain: tenant.subdomain,
      schemaName: tenant.schema,
      lockedTenant: false,
      sunatMode: 'demo',
    });
    expect(central.hostnames.map((h) => h.hostname)).toEqual([tenant.hostname]);

    const company = await tenant.db.company.findUniqueOrThrow({ where: { id: 1 } });
    expect(company).toMatchObject({
      ruc: tenant.ruc,
      razonSocial: 'EMPRESA DE PRUEBA S.A.C.',
      ubigeo: '150101',
      codigoEstablecimiento: '0000',
      codigoPais: 'PE',
      sunatMode: 'demo',
      solUser: 'MODDATOS',
      requireRegisteredSeries: false,
      issueDateMaxAgeDays: 3,
    });
    // By type: R001, L001, T001 and V001 come from migrations (every company, old or new, gets them) and provisioning.
    const series = await tenant.db.series.findMany({ orderBy: [{ documentType: 'asc' }, { id: 'asc' }] });
    expect(series.map((s) => [s.documentType, s.serie, s.lastNumber])).toEqual([
      ['01', 'F001', 0],
      ['03', 'B001', 0],
      ['04', 'L001', 0],
      ['07', 'FC01', 0],
      ['07', 'BC01', 0],
      ['08', 'FD01', 0],
      ['08', 'BD01', 0],
      ['09', 'T001', 0],
      ['20', 'R001', 0],
      ['31', 'V001', 0],
      ['40', 'P001', 0],
    ]);

    const users = await tenant.db.user.findMany({ include: { tokens: true } });
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ email: 'pruebas@facturo.example', role: 'admin' });
    expect(users[0].passwordHash).toMatch(/^\$argon2id\$v=19\$/);
    expect(await verifyPassword(users[0].passwordHash!, tenant.password)).toBe(true);
    expect(await verifyPassword(users[0].passwordHash!, `${tenant.password}x`)).toBe(false);
    expect(users[0].tokens).toHaveLength(1);
    expect(users[0].tokens[0].tokenHash).toBe(hashToken(tenant.token));
    // The token itself is nowhere in the tenant's schema.
    const dump = await t.ctx.db.pool.query(`SELECT row_to_json(x)::text AS j FROM "${tenant.schema}"."api_tokens" x`);
    expect(dump.rows.map((r) => r.j).join()).not.toContain(tenant.token.slice(4));
  });

  it('seals the SOL password and a self-signed certificate whose key matches, with SECRETS_KEY', async () => {
    const company = await t.tenant.db.company.findUniqueOrThrow({ where: { id: 1 } });
    expect(company.signingKeyEnc).toMatch(/^v1:/);
    expect(company.signingKeyEnc).not.toContain('BEGIN');
    const box = createSecretBox(t.ctx.config.secretsKey);
    expect(box.open(company.solPasswordEnc!)).toBe('moddatos');
    const key = JSON.parse(box.open(company.signingKeyEnc!)) as { privateKeyPem: string; certificatePem: string };
    const cert = new X509Certificate(key.certificatePem);
    expect(cert.subject).toContain(t.tenant.ruc);
    expect(cert.checkPrivateKey(createPrivateKey(key.privateKeyPem))).toBe(true);
    expect(createPublicKey(key.privateKeyPem).asymmetricKeyType).toBe('rsa');
    expect(company.certificateNotAfter!.getTime()).toBeGreaterThan(Date.now());
    // The helpers the pipeline uses give the same values.
    expect(openSigningKey(company, box)).toEqual(key);
    expect(openSolCredentials(company, box)).toEqual({ user: 'MODDATOS', password: 'moddatos' });
    // Another key cannot open it.
    expect(() => createSecretBox(Buffer.alloc(32, 7)).open(company.signingKeyEnc!)).toThrow(/SECRETS_KEY/);
  });

  it('refuses a duplicate RUC or subdomain with 409 and changes nothing', async () => {
    const deps = { db: t.ctx.db, config: t.ctx.config, secrets: createSecretBox(t.ctx.config.secretsKey) };
    const before = await t.ctx.db.central.tenant.count();
    const sameRuc = await rejection(
      provisionTenant(deps, { ruc: t.tenant.ruc, name: 'Otra', subdomain: randomSubdomain() }),
    );
    expect(isAppError(sameRuc) && sameRuc.status).toBe(409);
    expect(isAppError(sameRuc) && sameRuc.code).toBe('ruc_already_registered');
    const sameSub = await rejection(
      provisionTenant(deps, { ruc: randomRuc(), name: 'Otra', subdomain: t.tenant.subdomain.toUpperCase() }),
    );
    expect(isAppError(sameSub) && sameSub.status).toBe(409);
    expect(isAppError(sameSub) && sameSub.code).toBe('subdomain_already_registered');
    expect(isAppError(sameSub) && sameSub.message).toBe('El subdominio ya se encuentra registrado');
    expect(await t.ctx.db.central.tenant.count()).toBe(before);
  });

  it('refuses a RUC with a wrong check digit, a bad subdomain and a reserved one with 422', async () => {
    const deps = { db: t.ctx.db, config: t.ctx.config, secrets: createSecretBox(t.ctx.config.secretsKey) };
    const badRuc = await rejection(
      provisionTenant(deps, { ruc: invalidRuc(), name: 'X', subdomain: randomSubdomain() }),
    );
    expect(isAppError(badRuc) && [badRuc.status, badRuc.code, badRuc.errors[0].path]).toEqual([
      422,
      'ruc_invalid',
      'ruc',
    ]);
    const shortRuc = await rejection(
      provisionTenant(deps, { ruc: '2012345', name: 'X', subdomain: randomSubdomain() }),
    );
    expect(isAppError(shortRuc) && shortRuc.code).toBe('ruc_invalid');
    const badSub = await rejection(provisionTenant(deps, { ruc: randomRuc(), name: 'X', subdomain: 'con espacio' }));
    expect(isAppError(badSub) && [badSub.status, badSub.code]).toEqual([422, 'subdomain_invalid']);
    const reserved = await rejection(provisionTenant(deps, { ruc: randomRuc(), name: 'X', subdomain: 'admin' }));
    expect(isAppError(reserved) && [reserved.status, reserved.code]).toEqual([422, 'subdomain_reserved']);
    const production = await rejection(
      provisionTenant(deps, { ruc: randomRuc(), name: 'X', subdomain: randomSubdomain(), sunatMode: 'production' }),
    );
    expect(isAppError(production) && production.status).toBe(422);
    expect(isAppError(production) && production.errors.map((e) => e.code).sort()).toEqual([
      'certificate_required',
      'sol_credentials_required',
    ]);
  });

  it('lets only one of two simultaneous provisionings of the same tenant succeed, leaving it intact', async () => {
    const deps = { db: t.ctx.db, config: t.ctx.config, secrets: createSecretBox(t.ctx.config.secretsKey) };
    const input = { ruc: randomRuc(), name: 'CARRERA S.A.C.', subdomain: randomSubdomain('race') };
    const results = await Promise.allSettled([
      provisionTenant(deps, input),
      provisionTenant(deps, input),
      provisionTenant(deps, input),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(2);
    for (const l of lost) expect(isAppError(l.reason) && l.reason.status).toBe(409);
    const winner = (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof provisionTenant>>>).value;
    try {
      expect(await t.ctx.db.central.tenant.count({ where: { ruc: input.ruc } })).toBe(1);
      const db = t.ctx.db.tenant(winner.tenant.schemaName);
      expect(await db.company.count()).toBe(1);
      expect(await db.series.count()).toBe(DEFAULT_SERIES.length);
      expect(await db.apiToken.count()).toBe(1);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/company',
        headers: { host: winner.tenant.hostname, authorization: `Bearer ${winner.token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.ruc).toBe(input.ruc);
    } finally {
      await t.ctx.db.pool.query(`DROP SCHEMA "${winner.tenant.schemaName}" CASCADE`);
      await t.ctx.db.central.tenant.delete({ where: { id: winner.tenant.id } });
    }
  });

  it('rotates the token: the old one stops working, the new one works', async () => {
    const tenant = await t.ctx.provisionTenant();
    const rotated = await rotateTenantToken(t.ctx.db, tenant.subdomain);
    expect(rotated.revoked).toBe(1);
    expect(rotated.token).not.toBe(tenant.token);
    const old = await t.app.inject({ method: 'GET', url: '/api/company', headers: tenant.headers });
    expect(old.statusCode).toBe(401);
    const fresh = await t.app.inject({
      method: 'GET',
      url: '/api/company',
      headers: { host: tenant.hostname, authorization: `Bearer ${rotated.token}` },
    });
    expect(fresh.statusCode).toBe(200);
    const rotation = await rejection(rotateTenantToken(t.ctx.db, `no-existe-${randomSubdomain()}`));
    expect(isAppError(rotation) && rotation.code).toBe('tenant_not_found');
  });

  it('records when a token was last used', async () => {
    const tenant = await t.ctx.provisionTenant();
    expect((await tenant.db.apiToken.findFirstOrThrow()).lastUsedAt).toBeNull();
    await t.app.inject({ method: 'GET', url: '/api/company', headers: tenant.headers });
    expect((await tenant.db.apiToken.findFirstOrThrow()).lastUsedAt).toBeInstanceOf(Date);
  });
});
