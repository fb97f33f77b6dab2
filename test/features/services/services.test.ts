// SUNAT's services on the company host, over real HTTP to the listening app and its in-process simulator:
// the company's API credentials (PUT /api/company/sunat, sealed, never shown back), POST /api/services/validate_cpe
// (accepted 1, unknown 0, the bulk form, SUNAT out of reach or refusing the credentials, bad input naming its field),
// and GET /api/services/ruc/{n} from the imported padrón with its import date.
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importPadron } from '../../../src/admin/padron.ts';
import { pipelineDepsOf } from '../../../src/api/deps.ts';
import { sunatApiAccessOf, withSunatToken } from '../../../src/pipeline/sunat-api.ts';
import { REPO_ROOT } from '../../fixtures/invoices.ts';
import { fixtureBody, useApi } from '../documents/helpers.ts';

const api = useApi();
const CLIENT_ID = '0f4c2a9e-3b1d-4e5f-8a7b-6c5d4e3f2a1b';
let factura: { number: string; issueDate: string; total: string };

/** A real HTTP request to the listening app, as the company (its host and token). */
function http(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const port = (api.ctx.app.server.address() as { port: number }).port;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          ...api.tenant.headers,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString()) }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function simulator() {
  return api.ctx.app.platform.sunatSimulator!;
}

beforeAll(async () => {
  const issued = await api.post('/api/documents', fixtureBody('01-taxed.json'));
  expect(issued.json.data.state_type_id).toBe('05');
  const row = await api.tenant.db.document.findUniqueOrThrow({ where: { externalId: issued.json.data.external_id } });
  factura = {
    number: issued.json.data.number,
    issueDate: row.issueDate.toISOString().slice(0, 10),
    total: row.total.toFixed(2),
  };
});

const ofFactura = () => ({
  codigo_tipo_documento: '01',
  serie_documento: 'F001',
  numero_documento: factura.number.split('-')[1],
  fecha_de_emision: factura.issueDate,
  total: factura.total,
});

describe("the company's API credentials (PUT /api/company/sunat)", () => {
  it('without them validate_cpe is a 422 that says how to configure them', async () => {
    const res = await http('POST', '/api/services/validate_cpe', ofFactura());
    expect(res.status).toBe(422);
    expect(res.json.code).toBe('sunat_api_not_configured');
    expect(res.json.message).toContain('PUT /api/company/sunat');
    expect(res.json.message).toContain('api_sunat_id');
  });

  it('go together, are sealed, and GET /api/company shows only that they are set', async () => {
    const half = await http('PUT', '/api/company/sunat', { api_sunat_id: CLIENT_ID });
    expect(half.status).toBe(422);
    expect(half.json.errors[0]).toMatchObject({ path: 'api_sunat_secret', code: 'sunat_api_credentials_required' });
    const secretOnly = await http('PUT', '/api/company/sunat', { api_sunat_secret: 'moddatos' });
    expect(secretOnly.json.errors[0].path).toBe('api_sunat_id');
    const bad = await http('PUT', '/api/company/sunat', { api_sunat_id: 'con espacios', api_sunat_secret: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0].path).toBe('api_sunat_id');
    expect((await http('PUT', '/api/company/sunat', {})).status).toBe(422);
    expect((await http('PUT', '/api/company/sunat', { api_sunat_key: 'x' })).json.errors[0].path).toBe('api_sunat_key');
    const before = await api.tenant.db.company.findUniqueOrThrow({ where: { id: 1 } });

    const ok = await http('PUT', '/api/company/sunat', { api_sunat_id: CLIENT_ID, api_sunat_secret: 'moddatos' });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json).toMatchObject({ modo: 'demo', api_sunat: { configurado: true } });
    expect(JSON.stringify(ok.json)).not.toContain('moddatos');
    const row = await api.tenant.db.company.findUniqueOrThrow({ where: { id: 1 } });
    expect(row.sunatApiClientId).toBe(CLIENT_ID);
    expect(row.sunatApiSecretEnc).not.toContain('moddatos');
    expect(api.ctx.app.platform.secrets.open(row.sunatApiSecretEnc!)).toBe('moddatos');
    // Mode and SOL credentials were not sent: they stay.
    expect(row).toMatchObject({
      sunatMode: before.sunatMode,
      solUser: before.solUser,
      solPasswordEnc: before.solPasswordEnc,
    });
    const company = await http('GET', '/api/company');
    expect(company.json.data.api_sunat).toEqual({ configurado: true });
    expect(JSON.stringify(company.json)).not.toContain(CLIENT_ID);
  });
});

describe('POST /api/services/validate_cpe', () => {
  it("says an accepted factura is accepted, with the issuer's state and domicile condition", async () => {
    const res = await http('POST', '/api/services/validate_cpe', ofFactura());
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toEqual({
      success: true,
      data: {
        ruc_emisor: api.tenant.ruc,
        ...ofFactura(),
        comprobante_estado_codigo: '1',
        comprobante_estado_descripcion: 'ACEPTADO',
        empresa_estado_codigo: '00',
        empresa_estado_description: 'ACTIVO',
        empresa_condicion_codigo: '00',
        empresa_condicion_descripcion: 'HABIDO',
        observaciones: [],
      },
    });
  });

  it("says an unknown one does not exist (FacturadorPro's key for the issuer too)", async () => {
    const res = await http('POST', '/api/services/validate_cpe', {
      ...ofFactura(),
      numero_ruc_emisor: api.tenant.ruc,
      numero_documento: 99_999_999,
      total: 10,
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      numero_documento: '99999999',
      comprobante_estado_codigo: '0',
      comprobante_estado_descripcion: 'NO EXISTE',
      empresa_estado_codigo: '-',
      empresa_estado_description: '-',
    });
  });

  it('answers the bulk form item by item, in order, with one token for all', async () => {
    simulator().engine.resetCounters();
    const res = await http('POST', '/api/services/validate_cpe', {
      comprobantes: [
        ofFactura(),
        { ...ofFactura(), numero_documento: '88888888' },
        { ...ofFactura(), ruc_emisor: '20123456786' },
      ],
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.cantidad_de_comprobantes).toBe(3);
    expect(res.json.data.comprobantes.map((c: any) => [c.success, c.ruc_emisor, c.comprobante_estado_codigo])).toEqual([
      [true, api.tenant.ruc, '1'],
      [true, api.tenant.ruc, '0'],
      [true, '20123456786', '0'],
    ]);
    // The token obtained for the first request of this file is still good: none asked for here.
    expect(simulator().stats().requests).toMatchObject({ oauthToken: 0, validarComprobante: 3 });
  });

  it('refuses bad input naming the field, and asks SUNAT nothing', async () => {
    simulator().engine.resetCounters();
    const cases: Array<[unknown, string]> = [
      [{ ...ofFactura(), serie_documento: 'F1' }, 'serie_documento'],
      [{ ...ofFactura(), fecha_de_emision: '2026-02-30' }, 'fecha_de_emision'],
      [{ ...ofFactura(), total: -1 }, 'total'],
      [{ ...ofFactura(), codigo_tipo_documento: '09' }, 'codigo_tipo_documento'],
      [{ ...ofFactura(), ruc_emisor: '20123456789' }, 'ruc_emisor'],
      [{ ...ofFactura(), ruc_emisor: api.tenant.ruc, numero_ruc_emisor: '20123456786' }, 'numero_ruc_emisor'],
      [{ ...ofFactura(), moneda: 'PEN' }, 'moneda'],
      [{ serie_documento: 'F001' }, 'codigo_tipo_documento'],
      [{ comprobantes: [ofFactura(), { ...ofFactura(), total: 'diez' }] }, 'comprobantes[1].total'],
      [{ comprobantes: [ofFactura()], total: 1 }, 'total'],
      [{ comprobantes: [] }, 'comprobantes'],
      [{ comprobantes: Array.from({ length: 101 }, ofFactura) }, 'comprobantes'],
    ];
    for (const [body, path] of cases) {
      const res = await http('POST', '/api/services/validate_cpe', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(
        res.json.errors.map((e: any) => e.path),
        JSON.stringify(res.json),
      ).toContain(path);
    }
    expect(simulator().stats().requests.validarComprobante).toBe(0);
  });

  it('refreshes an expired token once; SUNAT out of reach is a 503; a refused secret a 422', async () => {
    simulator().faults.add({ fault: { kind: 'token-expired' }, operations: ['validarComprobante'] });
    expect((await http('POST', '/api/services/validate_cpe', ofFactura())).json.data.comprobante_estado_codigo).toBe(
      '1',
    );
    simulator().faults.add({ fault: { kind: 'http-status', status: 503 }, operations: ['validarComprobante'] });
    const down = await http('POST', '/api/services/validate_cpe', ofFactura());
    expect(down.status).toBe(503);
    expect(down.json.code).toBe('sunat_unavailable');
    simulator().faults.add({ fault: { kind: 'reset' }, operations: ['validarComprobante'] });
    const bulk = await http('POST', '/api/services/validate_cpe', { comprobantes: [ofFactura(), ofFactura()] });
    expect(bulk.status).toBe(200);
    expect(bulk.json.data.comprobantes.map((c: any) => c.success).sort()).toEqual([false, true]);
    expect(bulk.json.data.comprobantes.find((c: any) => !c.success)).toMatchObject({ code: 'sunat_unavailable' });

    expect(
      (await http('PUT', '/api/company/sunat', { api_sunat_id: CLIENT_ID, api_sunat_secret: 'otra' })).status,
    ).toBe(200);
    const refused = await http('POST', '/api/services/validate_cpe', ofFactura());
    expect(refused.status).toBe(422);
    expect(refused.json.code).toBe('sunat_api_credentials_refused');
    const refusedBulk = await http('POST', '/api/services/validate_cpe', { comprobantes: [ofFactura()] });
    expect(refusedBulk.json.code).toBe('sunat_api_credentials_refused');
    expect((await http('PUT', '/api/company/sunat', { api_sunat_id: null })).json.api_sunat).toEqual({
      configurado: false,
    });
    expect((await http('POST', '/api/services/validate_cpe', ofFactura())).json.code).toBe('sunat_api_not_configured');
    await http('PUT', '/api/company/sunat', { api_sunat_id: CLIENT_ID, api_sunat_secret: 'moddatos' });
  });
});

describe("the dispatch guides' access (for the GRE integration)", () => {
  it("takes the password grant of the company's SOL user, with the same API credentials", async () => {
    const deps = pipelineDepsOf(api.ctx.app, api.ctx.app.log);
    const tenant = {
      id: api.tenant.id,
      schema: api.tenant.schema,
      db: api.tenant.db,
      company: await api.tenant.db.company.findUniqueOrThrow({ where: { id: 1 } }),
    };
    const access = sunatApiAccessOf(deps, tenant, 'dispatch')!;
    expect(access.grant).toMatchObject({
      kind: 'password',
      clientId: CLIENT_ID,
      username: `${api.tenant.ruc}MODDATOS`,
    });
    const before = simulator().stats().requests.oauthToken;
    const granted = await withSunatToken(deps, access, async (token) => ({ kind: 'ok', value: token }));
    expect(granted.kind).toBe('ok');
    expect(simulator().stats().requests.oauthToken).toBe(before + 1);
    // Its own token: the validity one is another grant's.
    expect(access.key).not.toBe(sunatApiAccessOf(deps, tenant, 'validity')!.key);
  });
});

describe('GET /api/services/ruc/{numero}', () => {
  beforeAll(async () => {
    await importPadron(api.ctx.db.pool, join(REPO_ROOT, 'assets/padron_reducido_ruc.sample.txt'));
  });

  it('answers a RUC of the imported padrón with its ubigeo named and the import date', async () => {
    const res = await http('GET', '/api/services/ruc/20604187339');
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toEqual({
      ruc: '20604187339',
      name: 'DISTRIBUIDORA ANDINA DEL SUR S.A.C.',
      trade_name: '',
      address: 'CAL. MERCADERES NRO. 418',
      state: 'ACTIVO',
      condition: 'HABIDO',
      ubigeo: '040101',
      location_id: ['04', '0401', '040101'],
      department: 'AREQUIPA',
      department_id: '04',
      province: 'AREQUIPA',
      province_id: '0401',
      district: 'AREQUIPA',
      district_id: '040101',
    });
    const imported = Date.parse(res.json.padron.fecha_importacion);
    expect(Date.now() - imported).toBeLessThan(120_000);
    expect(res.json.padron.fecha_archivo).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const surco = await http('GET', '/api/services/ruc/20607771244');
    expect(surco.json.data).toMatchObject({
      state: 'SUSPENSION TEMPORAL',
      condition: 'NO HALLADO',
      district: 'SANTIAGO DE SURCO',
    });
    const noUbigeo = await http('GET', '/api/services/ruc/20999999990');
    expect(noUbigeo.json.data).toMatchObject({ ubigeo: null, location_id: [], department: null, address: '' });
  });

  it('404 for a RUC the padrón does not list; 422 naming the number for a bad check digit or length', async () => {
    const unknown = await http('GET', '/api/services/ruc/20123456786');
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe('ruc_not_found');
    for (const bad of ['20604187338', '2060418733', 'RUC20604187']) {
      const res = await http('GET', `/api/services/ruc/${bad}`);
      expect(res.status, bad).toBe(422);
      expect(res.json.errors[0].path).toBe('numero');
    }
    const anonymous = await api.ctx.app.inject({
      method: 'GET',
      url: '/api/services/ruc/20604187339',
      headers: { host: api.tenant.headers.host },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
