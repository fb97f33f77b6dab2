// What the web console reads that the API did not offer before, over HTTP against the real database and the
// in-process SUNAT simulator: the document list's filters, a document's detail, the summaries list, the SOL
// credentials check ("probar conexión"), the company's SOL and certificate flags, and on the admin host the tenants'
// usage and locks and the resellers with their quotas.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { limaToday } from '../../src/pipeline/deps.ts';
import { hashPassword } from '../../src/platform/passwords.ts';
import { fixtureBody, useApi } from '../features/documents/helpers.ts';

const api = useApi();
const today = limaToday();

function customer(number: string, name: string) {
  return {
    codigo_tipo_documento_identidad: '6',
    numero_documento: number,
    apellidos_y_nombres_o_razon_social: name,
    codigo_pais: 'PE',
    ubigeo: '150101',
    direccion: 'Av. Abancay 100, Lima',
  };
}

async function issue(overrides: Record<string, unknown>) {
  const res = await api.post('/api/documents', { ...fixtureBody('01-taxed.json'), ...overrides });
  expect(res.status).toBe(200);
  return res.json.data as { external_id: string; number: string };
}

async function list(query: string) {
  const res = await api.get(`/api/documents/lists/${today}/${today}?limit=100${query}`);
  expect(res.status).toBe(200);
  return (res.json.data as Array<{ number: string }>).map((r) => r.number).sort();
}

let accepted: { external_id: string; number: string };
let registered: { external_id: string; number: string };

beforeAll(async () => {
  accepted = await issue({ datos_del_cliente_o_receptor: customer('20100070970', 'SUPERMERCADOS PERUANOS S.A.') });
  registered = await issue({
    datos_del_cliente_o_receptor: customer('20131312955', 'SUPERINTENDENCIA NACIONAL DE ADUANAS'),
    acciones: { enviar_xml_firmado: false },
  });
});

describe('document list filters', () => {
  it('filters by type, series, state and customer, and searches a number or part of a name', async () => {
    const all = await list('');
    expect(all).toEqual([accepted.number, registered.number].sort());
    expect(await list('&tipo=03')).toEqual([]);
    expect(await list('&tipo=01&serie=f001')).toEqual(all);
    expect(await list('&serie=F002')).toEqual([]);
    expect(await list('&estado=01')).toEqual([registered.number]);
    expect(await list('&estado=05')).toEqual([accepted.number]);
    expect(await list('&cliente=20100070970')).toEqual([accepted.number]);
    expect(await list(`&buscar=${registered.number}`)).toEqual([registered.number]);
    expect(await list(`&buscar=${registered.number.replace('-', '-000')}`)).toEqual([registered.number]);
    expect(await list('&buscar=aduanas')).toEqual([registered.number]);
    expect(await list('&buscar=2010007')).toEqual([accepted.number]);
    // LIKE's wildcards are text here, not patterns.
    expect(await list('&buscar=%25')).toEqual([]);
    const bad = await api.get(`/api/documents/lists/${today}/${today}?estado=5`);
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0].path).toBe('estado');
  });
});

describe('document detail', () => {
  it('shows the state history, SUNAT’s answer, the links and the customer', async () => {
    const res = await api.get(`/api/documents/detail/${accepted.external_id}`);
    expect(res.status).toBe(200);
    const d = res.json.data;
    expect(d).toMatchObject({
      external_id: accepted.external_id,
      number: accepted.number,
      document_type_id: '01',
      group: 'invoice',
      date_of_issue: today,
      state_type_id: '05',
      state_type_description: 'Aceptado',
      customer: { number: '20100070970', name: 'SUPERMERCADOS PERUANOS S.A.', email: null },
      currency_type_id: 'PEN',
      totals: { taxed: '492.29', igv: '88.62', total: '580.91' },
      response: { code: '0' },
      sending: { hold: null, in_open_summary: false },
    });
    expect(d.history.map((h: { to_state: string }) => h.to_state)).toEqual(['01', '05']);
    expect(d.links.pdf_ticket).toBe(`${d.links.pdf}/ticket`);
    expect(new URL(d.links.cdr).pathname).toBe(`/downloads/document/cdr/${accepted.external_id}`);
    const pending = (await api.get(`/api/documents/detail/${registered.external_id}`)).json.data;
    expect(pending).toMatchObject({ state_type_id: '01', response: null, links: { cdr: '' } });
    const missing = await api.get('/api/documents/detail/6f1f1c2e-8b7a-4d5e-9c3b-2a1d0e9f8a7b');
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe('document_not_found');
    const other = await api.ctx.provisionTenant();
    expect((await api.get(`/api/documents/detail/${accepted.external_id}`, other)).status).toBe(404);
  });
});

describe('summaries list', () => {
  it('lists a comunicación de baja with its ticket and documents, and the detail names it', async () => {
    const voided = await api.post('/api/voided', {
      fecha_de_emision_de_documentos: today,
      documentos: [{ external_id: accepted.external_id, motivo_anulacion: 'Error en el pedido' }],
    });
    expect(voided.status).toBe(200);
    const res = await api.get(`/api/summaries?desde=${today}&hasta=${today}`);
    expect(res.status).toBe(200);
    expect(res.json.truncated).toBe(false);
    const [summary] = res.json.data;
    expect(summary).toMatchObject({
      external_id: voided.json.data.external_id,
      kind: 'RA',
      reference_date: today,
      ticket: voided.json.data.ticket,
      documents: [{ external_id: accepted.external_id, number: accepted.number, reason: 'Error en el pedido' }],
    });
    expect(summary.identifier).toMatch(/^RA-\d{8}-\d+$/);
    expect(new URL(summary.links.xml).pathname).toBe(`/downloads/voided/xml/${summary.external_id}`);
    expect((await api.get(`/api/summaries?desde=${today}&hasta=${today}&tipo=RC`)).json.data).toEqual([]);
    const detail = (await api.get(`/api/documents/detail/${accepted.external_id}`)).json.data;
    expect(detail.summaries).toEqual([expect.objectContaining({ kind: 'RA', external_id: summary.external_id })]);
    expect(detail.sending.in_open_summary).toBe(true);
    expect(['11', '13']).toContain(detail.state_type_id);
    const backwards = await api.get(`/api/summaries?desde=${today}&hasta=2000-01-01`);
    expect(backwards.status).toBe(422);
    expect(backwards.json.code).toBe('date_range_invalid');
  });
});

describe('company settings for the console', () => {
  it('says whether the SOL credentials and the certificate are the demo ones', async () => {
    const { data } = (await api.get('/api/company')).json;
    expect(data.sol).toEqual({ usuario: 'MODDATOS', propio: false });
    expect(data.certificado.autofirmado).toBe(true);
  });

  it('checks SOL credentials against the SUNAT service without sending anything, with a Spanish reason', async () => {
    const stored = await api.post('/api/company/sunat/check', {});
    expect(stored.status).toBe(200);
    expect(stored.json.data).toMatchObject({ ok: true, codigo: '0127', modo: 'simulator' });
    expect(stored.json.data.mensaje).toMatch(/^Conexión correcta: el simulador de SUNAT aceptó el usuario/);
    const wrong = await api.post('/api/company/sunat/check', { usuario_sol: 'MODDATOS', clave_sol: 'otra' });
    expect(wrong.status).toBe(200);
    expect(wrong.json.data).toMatchObject({ ok: false, codigo: '0102' });
    expect(wrong.json.data.mensaje).toContain('Revise el usuario SOL');
    const half = await api.post('/api/company/sunat/check', { usuario_sol: 'MODDATOS' });
    expect(half.status).toBe(422);
    expect(half.json.errors[0].path).toBe('clave_sol');
    // Nothing was stored: the company keeps its credentials.
    expect((await api.post('/api/company/sunat/check', {})).json.data.ok).toBe(true);
  });
});

describe('admin host lists for the console', () => {
  const password = 'Clave-segura-2026';
  let token: string;

  beforeAll(async () => {
    const email = `admin-${randomBytes(4).toString('hex')}@facturo.example`;
    await api.ctx.db.central.adminUser.create({
      data: { name: 'Admin', email, role: 'admin', passwordHash: await hashPassword(password) },
    });
    const res = await admin('POST', '/api/login', { email, password });
    token = res.json().token;
  });

  function admin(method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) {
    return api.ctx.app.inject({
      method,
      url,
      headers: {
        host: api.ctx.config.adminHost,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      payload: body !== undefined ? JSON.stringify(body) : undefined,
    });
  }

  it('lists tenants with their plan, documents of the month and locks with reason', async () => {
    const lock = await admin('PATCH', `/api/tenants/${api.tenant.id}`, { locked: true, reason: 'Deuda de marzo' });
    expect(lock.statusCode).toBe(200);
    const res = await admin('GET', '/api/tenants?per_page=100&page=1');
    const pages = res.json().pagination.last_page;
    let row = res.json().data.find((t: { id: number }) => t.id === api.tenant.id);
    for (let page = 2; !row && page <= pages; page += 1)
      row = (await admin('GET', `/api/tenants?per_page=100&page=${page}`))
        .json()
        .data.find((t: { id: number }) => t.id === api.tenant.id);
    expect(row).toMatchObject({ documents_month: 2, locks: [{ authority: 'admin', reason: 'Deuda de marzo' }] });
    expect(row.plan_name === null || typeof row.plan_name === 'string').toBe(true);
    await admin('PATCH', `/api/tenants/${api.tenant.id}`, { locked: false });
  });

  it('lists resellers with their quotas and use, and changes a quota', async () => {
    const created = await admin('POST', '/api/resellers', {
      name: 'Contadores',
      email: `r-${randomBytes(4).toString('hex')}@facturo.example`,
      password,
      limit_tenants: 3,
    });
    const id = created.json().data.id;
    const listed = (await admin('GET', '/api/resellers')).json().data.find((r: { id: number }) => r.id === id);
    expect(listed).toMatchObject({ limit_tenants: 3, limit_documents_month: 0, tenants: 0, locked: false, lock: null });
    const patched = await admin('PATCH', `/api/resellers/${id}`, { limit_tenants: 5, limit_documents_month: 900 });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({ limit_tenants: 5, limit_documents_month: 900 });
    expect((await admin('PATCH', '/api/resellers/2147483647', { limit_tenants: 1 })).statusCode).toBe(404);
    expect((await admin('PATCH', `/api/resellers/${id}`, { limite: 1 })).statusCode).toBe(422);
  });
});
