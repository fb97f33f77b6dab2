// The company's certificate and SUNAT access over HTTP: a PFX is checked (key, dates, RUC) before it replaces the
// signing key, the next document is signed with it, GET /api/company warns before expiry, and production needs a
// certificate not signed with its own key (a CA's; whether the CA is accredited, SUNAT checks) and SOL credentials.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../fixtures/invoices.ts';
import { onPath } from '../../helpers/system-tools.ts';
import { fixtureBody, pathOf, useApi } from '../documents/helpers.ts';

const METRICS_TOKEN = 'metricas-de-prueba-0123456789';
const api = useApi({ env: { METRICS_TOKEN } });
const dir = mkdtempSync(join(tmpdir(), 'facturo-cert-'));
const keys = join(REPO_ROOT, 'test/fixtures/keys');
let leafPfx: string;
let leafCertBase64: string;
let ownKeyPfx: string;

function openssl(...args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
}

const newKey = (name: string) =>
  openssl('genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', `${name}.key`);

/** `name`.pem: a certificate authority's own certificate for `subject`, made with the key in `key`. */
const authority = (name: string, key: string, subject: string) =>
  openssl('req', '-x509', '-key', key, '-out', `${name}.pem`, '-subj', subject, '-days', '60');

/** `name`.pfx (password 123456): `name`.key's certificate for `subject`, valid 20 days, signed by `ca`; base64. */
function signedPfx(name: string, subject: string, ca: { pem: string; key: string }): string {
  openssl('req', '-new', '-key', `${name}.key`, '-out', `${name}.csr`, '-subj', subject);
  openssl(
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    ca.pem,
    '-CAkey',
    ca.key,
    '-CAcreateserial',
    '-out',
    `${name}.pem`,
    '-days',
    '20',
  );
  openssl(
    'pkcs12',
    '-export',
    '-inkey',
    `${name}.key`,
    '-in',
    `${name}.pem`,
    '-out',
    `${name}.pfx`,
    '-passout',
    'pass:123456',
  );
  return readFileSync(join(dir, `${name}.pfx`)).toString('base64');
}

/** A certificate for the tenant's RUC, issued by a throwaway CA (so not self-signed), valid for 20 days. */
function makeCaIssuedPfx(ruc: string): void {
  newKey('ca');
  authority('ca', 'ca.key', '/CN=CA DE PRUEBA');
  newKey('leaf');
  leafPfx = signedPfx('leaf', `/C=PE/O=EMPRESA DE PRUEBA/OU=RUC ${ruc}/CN=EMPRESA DE PRUEBA`, {
    pem: 'ca.pem',
    key: 'ca.key',
  });
  leafCertBase64 = readFileSync(join(dir, 'leaf.pem'), 'utf8').replace(/-----[A-Z ]+-----|\s/g, '');
}

/** A certificate whose issuer is named like an authority but which is signed with its own key. */
function makeOwnKeyPfx(ruc: string): void {
  newKey('own');
  authority('own-ca', 'own.key', '/CN=ENTIDAD DE CERTIFICACION');
  ownKeyPfx = signedPfx('own', `/OU=RUC ${ruc}/CN=EMPRESA DE PRUEBA`, { pem: 'own-ca.pem', key: 'own.key' });
}

/**
 * Without the openssl command, the same two certificates as node-forge writes them (AES-256, SHA-256 MAC): one
 * signed by a throwaway CA, one naming an authority as issuer but signed with its own key.
 */
function makePfxsByForge(ruc: string): void {
  const { pki, pkcs12, asn1, md, util } = forge;
  const der = (value: forge.asn1.Asn1) => Buffer.from(asn1.toDer(value).getBytes(), 'binary').toString('base64');
  const certificate = (subject: forge.pki.CertificateField[], issuer: forge.pki.CertificateField[], days: number) => {
    const cert = pki.createCertificate();
    cert.serialNumber = `01${util.bytesToHex(forge.random.getBytesSync(8))}`;
    cert.validity.notBefore = new Date(Date.now() - 60_000);
    cert.validity.notAfter = new Date(Date.now() + days * 86_400_000);
    cert.setSubject(subject);
    cert.setIssuer(issuer);
    return cert;
  };
  const subject = (o: boolean) => [
    ...(o
      ? [
          { shortName: 'C', value: 'PE' },
          { shortName: 'O', value: 'EMPRESA DE PRUEBA' },
        ]
      : []),
    { shortName: 'OU', value: `RUC ${ruc}` },
    { shortName: 'CN', value: 'EMPRESA DE PRUEBA' },
  ];
  const caKeys = pki.rsa.generateKeyPair(2048);
  const caName = [{ shortName: 'CN', value: 'CA DE PRUEBA' }];
  const leafKeys = pki.rsa.generateKeyPair(2048);
  const leaf = certificate(subject(true), caName, 20);
  leaf.publicKey = leafKeys.publicKey;
  leaf.sign(caKeys.privateKey, md.sha256.create());
  leafPfx = der(pkcs12.toPkcs12Asn1(leafKeys.privateKey, [leaf], '123456', { algorithm: 'aes256' }));
  leafCertBase64 = der(pki.certificateToAsn1(leaf));
  const ownKeys = pki.rsa.generateKeyPair(2048);
  const own = certificate(subject(false), [{ shortName: 'CN', value: 'ENTIDAD DE CERTIFICACION' }], 20);
  own.publicKey = ownKeys.publicKey;
  own.sign(ownKeys.privateKey, md.sha256.create());
  ownKeyPfx = der(pkcs12.toPkcs12Asn1(ownKeys.privateKey, [own], '123456', { algorithm: 'aes256' }));
}

beforeAll(() => {
  if (!onPath('openssl')) return makePfxsByForge(api.tenant.ruc);
  makeCaIssuedPfx(api.tenant.ruc);
  makeOwnKeyPfx(api.tenant.ruc);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function put(url: string, body: unknown) {
  const res = await api.ctx.app.inject({
    method: 'PUT',
    url,
    headers: { ...api.tenant.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, json: res.json() };
}

const fixturePfx = (name: string) => readFileSync(join(keys, name)).toString('base64');

describe('PUT /api/company/certificate', () => {
  it("refuses another company's certificate, an expired one, one without key or a wrong password — changing nothing", async () => {
    const before = await api.tenant.db.company.findUniqueOrThrow({ where: { id: 1 } });
    const other = await put('/api/company/certificate', {
      pfx_base64: fixturePfx('test-modern.pfx'),
      password: '123456',
    });
    expect(other.status).toBe(422);
    expect(other.json.code).toBe('certificate_ruc_mismatch');
    expect(other.json.message).toContain('20000000001');
    const expired = await put('/api/company/certificate', {
      pfx_base64: fixturePfx('expired.pfx'),
      password: '123456',
    });
    expect(expired.json.code).toBe('certificate_expired');
    const keyless = await put('/api/company/certificate', {
      pfx_base64: fixturePfx('cert-only.pfx'),
      password: '123456',
    });
    expect(keyless.json.code).toBe('certificate_without_private_key');
    const password = await put('/api/company/certificate', { pfx_base64: leafPfx, password: 'otra' });
    expect(password.status).toBe(422);
    expect(password.json.errors[0]).toMatchObject({ path: 'password', code: 'certificate_password_invalid' });
    expect((await put('/api/company/certificate', { pfx_base64: '%%%', password: '' })).status).toBe(422);
    const after = await api.tenant.db.company.findUniqueOrThrow({ where: { id: 1 } });
    expect(after.signingKeyEnc).toBe(before.signingKeyEnc);
  });

  /** Production with SOL credentials, refused for the stored certificate. */
  async function expectProductionRefused() {
    const res = await put('/api/company/sunat', {
      modo: 'production',
      usuario_sol: 'FACTURA1',
      clave_sol: 'clave-sol-1',
    });
    expect(res.status).toBe(422);
    expect(res.json.errors.map((e: any) => e.code)).toContain('certificate_required');
  }

  it('production is refused while the certificate is the self-signed demo one', expectProductionRefused);

  it('calls a certificate signed with its own key self-signed, whatever issuer it names, and production refuses it', async () => {
    const res = await put('/api/company/certificate', { pfx_base64: ownKeyPfx, password: '123456' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.emisor).toContain('ENTIDAD DE CERTIFICACION');
    expect(res.json.data.emisor).not.toBe(res.json.data.sujeto);
    expect(res.json.data.autofirmado).toBe(true);
    await expectProductionRefused();
  });

  it('replaces the certificate: the answer shows subject and expiry, GET warns, the next document is signed with it', async () => {
    const res = await put('/api/company/certificate', { pfx_base64: leafPfx, password: '123456' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({ autofirmado: false, advertencias: [] });
    expect(res.json.data.sujeto).toContain(`RUC ${api.tenant.ruc}`);
    const expiry = Date.parse(res.json.data.vence);
    expect(expiry - Date.now()).toBeGreaterThan(19 * 86_400_000);
    const company = (await api.get('/api/company')).json.data;
    expect(company.certificado.dias_restantes).toBe(19);
    expect(company.certificado.advertencia).toContain('vence en 19 días');
    const issued = (await api.post('/api/documents', fixtureBody('02-not-sent.json'))).json;
    const xml = (await api.get(pathOf(issued.links.xml))).body.toString('utf8');
    const embedded = /<ds:X509Certificate>([^<]+)<\/ds:X509Certificate>/.exec(xml)?.[1].replace(/\s/g, '');
    expect(embedded).toBe(leafCertBase64);
  });

  it('exposes the days left per company on /metrics', async () => {
    const res = await api.ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { host: 'api.example', authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`facturo_certificate_days_left{tenant="${api.tenant.subdomain}"} 19`);
  });
});

describe('PUT /api/company/sunat', () => {
  it('production needs SOL credentials, then is set with the password sealed', async () => {
    const missing = await put('/api/company/sunat', { modo: 'production' });
    expect(missing.status).toBe(422);
    expect(missing.json.errors[0]).toMatchObject({ path: 'usuario_sol', code: 'sol_credentials_required' });
    const half = await put('/api/company/sunat', { modo: 'production', usuario_sol: 'FACTURA1' });
    expect(half.json.errors[0].path).toBe('clave_sol');
    expect((await api.get('/api/company')).json.data.modo_sunat).toBe('demo');
    const ok = await put('/api/company/sunat', {
      modo: 'production',
      usuario_sol: 'FACTURA1',
      clave_sol: 'clave-sol-1',
    });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect((await api.get('/api/company')).json.data.modo_sunat).toBe('production');
    const row = await api.tenant.db.company.findUniqueOrThrow({ where: { id: 1 } });
    expect(row.solUser).toBe('FACTURA1');
    expect(row.solPasswordEnc).not.toContain('clave-sol-1');
    expect(api.ctx.app.platform.secrets.open(row.solPasswordEnc!)).toBe('clave-sol-1');
    const central = await api.ctx.db.central.tenant.findUniqueOrThrow({ where: { id: api.tenant.id } });
    expect(central.sunatMode).toBe('production');
  });

  it('back to demo restores the beta credentials', async () => {
    expect((await put('/api/company/sunat', { modo: 'demo' })).status).toBe(200);
    const row = await api.tenant.db.company.findUniqueOrThrow({ where: { id: 1 } });
    expect(row).toMatchObject({ sunatMode: 'demo', solUser: 'MODDATOS' });
    expect((await put('/api/company/sunat', { modo: 'staging' })).status).toBe(422);
  });
});
