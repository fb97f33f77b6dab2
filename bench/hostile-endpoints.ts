// The endpoints the mutation fuzz attacks, each with the example bodies (or parameters) it starts from: the request
// examples the API documents (src/api/examples.ts) and one valid body for every other route that
// takes one. Bodies name real rows of the fuzz's world (its tenant, an issued document, a reseller…), so that a
// mutation which leaves a body valid is accepted and a refusal is about the mutation, not the base.
import { rucCheckDigit } from '../src/core/ruc.ts';
import { type ExampleFolder, loadExamples } from '../src/api/examples.ts';
import { VALIDATE_CPE_EXAMPLES } from '../src/features/services/schemas.ts';
import type { BodyMethod, FuzzTarget } from './hostile.ts';

/** Who calls an endpoint, and on which host. */
export type FuzzAuth = 'tenant' | 'admin' | 'admin-host' | 'any-host';

export interface FuzzWorld {
  today: string;
  tenant: { ruc: string };
  /** An issued (sent) document of the tenant: consultas and downloads look it up. */
  issued: { externalId: string; series: string; number: number; customerNumber: string; total: string; date: string };
  /** A registered (01) document the status and send routes may change. */
  registered: { externalId: string };
  /** A tenant and a reseller the lock routes may lock and unlock (nothing else depends on them). */
  lockVictims: { tenantId: number; resellerId: number };
  admin: { email: string; password: string };
  /** Unused RUCs and subdomains for the creating routes (a valid mutation creates at most one tenant each). */
  fresh: { guestRuc: string; guestSubdomain: string; tenantRuc: string; tenantSubdomain: string };
}

export interface FuzzEndpoint {
  target: FuzzTarget;
  auth: FuzzAuth;
  issues?: boolean;
}

/** A valid RUC (prefix 20, check digit computed) from any 8 digits. */
export function rucFrom(seed: number): string {
  const ten = `20${String(seed % 100_000_000).padStart(8, '0')}`;
  return `${ten}${rucCheckDigit(ten)}`;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n').toString('base64');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex').toString('base64');

function examples(file: ExampleFolder) {
  return Object.entries(loadExamples(file)).map(([name, e]) => ({ name, body: e.value }));
}

export function fuzzEndpoints(w: FuzzWorld): FuzzEndpoint[] {
  const send = (
    method: BodyMethod,
    path: string,
    auth: FuzzAuth,
    bodies: { name: string; body: unknown }[],
    issues = false,
    name = `${method} ${path}`,
  ): FuzzEndpoint => ({ target: { name, method, path, examples: bodies }, auth, issues });
  const post = (
    path: string,
    auth: FuzzAuth,
    bodies: { name: string; body: unknown }[],
    issues = false,
    name?: string,
  ) => send('POST', path, auth, bodies, issues, name);
  const one = (body: unknown) => [{ name: 'base', body }];
  const param = (
    name: string,
    method: 'GET' | 'DELETE',
    template: string,
    auth: FuzzAuth,
    params: Record<string, string>,
    query?: Record<string, string>,
  ): FuzzEndpoint => ({ target: { name, method, template, params, query }, auth });
  const get = (
    name: string,
    template: string,
    auth: FuzzAuth,
    params: Record<string, string>,
    query?: Record<string, string>,
  ) => param(name, 'GET', template, auth, params, query);
  return [
    post('/api/documents', 'tenant', examples('invoices'), true),
    post('/api/perceptions', 'tenant', examples('perceptions'), true),
    post('/api/retentions', 'tenant', examples('retentions'), true),
    post('/api/documents/send', 'tenant', one({ external_id: w.registered.externalId })),
    post('/api/retentions/send', 'tenant', one({ external_id: w.issued.externalId })),
    post('/api/documents/status', 'tenant', [
      { name: 'serie_number', body: { serie_number: `${w.issued.series}-${w.issued.number}` } },
      { name: 'external_id', body: { external_id: w.issued.externalId } },
    ]),
    post(
      '/api/services/consult_cdr_status',
      'tenant',
      one({ codigo_tipo_documento: '01', serie_documento: w.issued.series, numero_documento: String(w.issued.number) }),
    ),
    // Without API credentials (the fuzz's company has none) a valid body is a 422 before SUNAT is asked.
    post(
      '/api/services/validate_cpe',
      'tenant',
      Object.entries(VALIDATE_CPE_EXAMPLES).map(([name, e]) => ({ name, body: e.value })),
    ),
    // The company's own login (same path as the admin's, on the tenant's host).
    post(
      '/api/login',
      'tenant',
      one({ email: 'usuario@facturo.example', password: 'Clave-usuario-2026' }),
      false,
      'POST /api/login (tenant host)',
    ),
    post('/api/perceptions/send', 'tenant', one({ external_id: w.issued.externalId })),
    post(
      '/api/documents/updatedocumentstatus',
      'tenant',
      one({ externail_id: w.registered.externalId, state_type_id: '01' }),
    ),
    ...afterIssuing(w, post),
    ...companySettings(send),
    ...companyAccess(send),
    param('DELETE /api/tokens/{id}', 'DELETE', '/api/tokens/{id}', 'tenant', { id: '999999' }),
    post('/api/company/whatsapp', 'tenant', one({ phone_number_id: '1000001', token: 'EAAG-fuzz-token-0123456789' })),
    post('/api/document/email', 'tenant', [
      { name: 'external_id', body: { external_id: w.issued.externalId, email: 'cliente@facturo.example' } },
      { name: 'document_id', body: { customer_email: 'a@facturo.example, b@facturo.example', document_id: 1 } },
    ]),
    post(
      '/api/consultas/search',
      'any-host',
      one({
        ruc_emisor: w.tenant.ruc,
        series: w.issued.series,
        number: w.issued.number,
        customer_number: w.issued.customerNumber,
        total: Number(w.issued.total),
        date_of_issue: w.issued.date,
      }),
    ),
    post('/api/whatsapp-notify/text', 'tenant', one({ number: '987654321', message: 'Su comprobante está listo' })),
    post('/api/whatsapp-notify/pdf', 'tenant', [
      { name: 'base64', body: { number: '51987654321', file: PDF, filename: 'factura.pdf', message: 'Adjunto' } },
      { name: 'external_id', body: { number: '+51 987 654 321', external_id: w.issued.externalId } },
    ]),
    post('/api/whatsapp-notify/media', 'tenant', [
      {
        name: 'url',
        body: { number: '987654321', media: 'https://example.com/logo.png', media_type: 'image', caption: 'Logo' },
      },
      {
        name: 'base64',
        body: { number: '987654321', media: PNG, media_type: 'image', mimetype: 'image/png', filename: 'logo.png' },
      },
    ]),
    post(
      '/api/guest-register',
      'admin-host',
      one({
        number: w.fresh.guestRuc,
        name: 'EMPRESA INVITADA S.A.C.',
        subdomain: w.fresh.guestSubdomain,
        email: 'invitada@facturo.example',
        password: 'Clave-segura-2026',
      }),
    ),
    post('/api/login', 'admin-host', one({ email: w.admin.email, password: w.admin.password })),
    post(
      '/api/tenants',
      'admin',
      one({
        ruc: w.fresh.tenantRuc,
        subdomain: w.fresh.tenantSubdomain,
        email: 'nueva@facturo.example',
        plan_id: 1,
        name: 'EMPRESA NUEVA S.A.C.',
      }),
    ),
    post(
      '/api/reseller/lockedTenant',
      'admin',
      one({ id: w.lockVictims.tenantId, locked_tenant: false, reason: 'Prueba de bloqueo' }),
    ),
    post(
      '/api/reseller/lockedAdmin',
      'admin',
      one({ id: w.lockVictims.resellerId, locked_admin: false, reason: 'Prueba de bloqueo' }),
    ),
    post('/api/reseller/detail', 'admin', one({})),
    post('/api/restaurant/partner/search', 'admin', one({ query: 'ana' })),
    post(
      '/api/restaurant/partner/store',
      'admin',
      one({
        full_name: 'Ana Pérez-Quispe',
        email: 'ana.fuzz@facturo.example',
        gitlab_user: 'anafuzz',
        domain: 'https://ana-fuzz.example',
        department_id: '15',
        zone: 'Lima',
      }),
    ),
    get(
      'GET /api/documents/lists/{inicio}/{fin}',
      '/api/documents/lists/{inicio}/{fin}',
      'tenant',
      { inicio: w.today, fin: w.today },
      { limit: '5', cursor: Buffer.from(`${w.today}|1`).toString('base64url') },
    ),
    get('GET /downloads/{segment}/{file}/{id}', '/downloads/{segment}/{file}/{id}', 'tenant', {
      segment: 'document',
      file: 'xml',
      id: w.issued.externalId,
    }),
    get('GET /api/whatsapp-notify/{id}', '/api/whatsapp-notify/{id}', 'tenant', {
      id: '00000000-0000-4000-8000-000000000000',
    }),
    get('GET /api/document/email/{id}', '/api/document/email/{id}', 'tenant', {
      id: '00000000-0000-4000-8000-000000000000',
    }),
    get('GET /api/guest-register/service/ruc/{number}', '/api/guest-register/service/ruc/{number}', 'admin-host', {
      number: w.tenant.ruc,
    }),
    get('GET /api/services/ruc/{numero}', '/api/services/ruc/{numero}', 'tenant', { numero: w.tenant.ruc }),
    get('GET /api/tenants', '/api/tenants', 'admin', {}, { page: '1', per_page: '20' }),
    get(
      'GET /api/extra-services/client-usage-apidocs',
      '/api/extra-services/client-usage-apidocs',
      'admin',
      {},
      { page: '1', per_page: '10' },
    ),
  ];
}

type Post = (path: string, auth: FuzzAuth, bodies: { name: string; body: unknown }[]) => FuzzEndpoint;
type Send = (
  method: BodyMethod,
  path: string,
  auth: FuzzAuth,
  bodies: { name: string; body: unknown }[],
  issues?: boolean,
  name?: string,
) => FuzzEndpoint;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** Voiding, daily summaries and their status routes: a valid mutation voids the issued factura (once). */
function afterIssuing(w: FuzzWorld, post: Post): FuzzEndpoint[] {
  const one = (body: unknown) => [{ name: 'base', body }];
  return [
    post(
      '/api/voided',
      'tenant',
      one({
        fecha_de_emision_de_documentos: w.issued.date,
        documentos: [{ external_id: w.issued.externalId, motivo_anulacion: 'Error en el RUC del cliente' }],
      }),
    ),
    post('/api/voided/status', 'tenant', [
      { name: 'external_id', body: { external_id: UNKNOWN_ID } },
      { name: 'ticket', body: { ticket: '1550260529157' } },
    ]),
    post('/api/summaries', 'tenant', [
      { name: 'declare', body: { fecha_de_emision_de_documentos: w.today, codigo_tipo_proceso: '1' } },
      {
        name: 'void',
        body: {
          fecha_de_emision_de_documentos: w.today,
          codigo_tipo_proceso: '3',
          documentos: [{ external_id: UNKNOWN_ID, motivo_anulacion: 'Error en el monto' }],
        },
      },
    ]),
    post('/api/summaries/status', 'tenant', one({ ticket: '1550260529157' })),
    ...['retentions', 'perceptions'].flatMap((kind) => [
      post(
        `/api/${kind}/voided`,
        'tenant',
        one({
          fecha_de_emision_de_documentos: w.today,
          documentos: [{ external_id: UNKNOWN_ID, motivo_anulacion: 'Error en el importe' }],
        }),
      ),
      post(`/api/${kind}/voided/status`, 'tenant', one({ external_id: UNKNOWN_ID })),
    ]),
  ];
}

/** The company's own settings: a valid mutation changes the profile, never the numbering nor the certificate. */
function companySettings(send: Send): FuzzEndpoint[] {
  return [
    send('PATCH', '/api/company', 'tenant', [
      {
        name: 'profile',
        body: {
          nombre_comercial: 'Bodega Fuzz',
          direccion: {
            ubigeo: '150101',
            direccion: 'Av. Abancay 123',
            urbanizacion: null,
            distrito: 'LIMA',
            provincia: 'LIMA',
            departamento: 'LIMA',
          },
          telefono: '01-4445555',
          pdf: {
            formato: 'a4',
            pie_de_pagina: 'Gracias por su compra',
            cuentas_bancarias: [{ banco: 'BCP', moneda: 'PEN', numero: '215-1234567-0-12' }],
          },
        },
      },
    ]),
    send('PUT', '/api/company/sunat', 'tenant', [{ name: 'demo', body: { modo: 'demo' } }]),
    send('PUT', '/api/company/certificate', 'tenant', [
      { name: 'not a pfx', body: { pfx_base64: 'MIIKSQIBAzCCCg8GCSqGSIb3DQEHAaCC', password: '123456' } },
    ]),
    send('POST', '/api/tokens', 'tenant', [{ name: 'base', body: { nombre: 'ERP de prueba' } }]),
  ];
}

/**
 * The series the settings routes of the fuzz create or move (POST /api/series makes the first, PATCH moves the
 * second, which the world holds from the start): their counters are the requests' to set, no document's.
 */
export const SETTINGS_SERIES = { created: { type: '01', serie: 'F0Y8' }, moved: { type: '01', serie: 'F0Z9' } };

/** What the settings endpoints need in the fuzz's world: the series PATCH moves. */
export async function prepareSettingsWorld(
  db: { query(sql: string, values?: unknown[]): Promise<unknown> },
  schema: string,
): Promise<void> {
  const { type, serie } = SETTINGS_SERIES.moved;
  await db.query(
    `INSERT INTO "${schema.replace(/"/g, '""')}"."series" (document_type, serie, last_number) VALUES ($1, $2, 0)
     ON CONFLICT DO NOTHING`,
    [type, serie],
  );
}

/**
 * The company's own access settings: its SMTP server, its SOL credentials (demo mode, SUNAT beta's own, so that a
 * valid mutation keeps the world's documents going to the simulator), its series and numbering. A valid mutation
 * changes only these settings; the series are SETTINGS_SERIES.
 */
function companyAccess(send: Send): FuzzEndpoint[] {
  const { created, moved } = SETTINGS_SERIES;
  return [
    send('PUT', '/api/company/smtp', 'tenant', [
      {
        name: 'smtp',
        body: {
          host: 'smtp.facturo.example',
          port: 587,
          secure: false,
          usuario: 'facturas@facturo.example',
          clave: 'clave-smtp-2026',
          remitente: 'facturas@facturo.example',
        },
      },
    ]),
    send(
      'PUT',
      '/api/company/sunat',
      'tenant',
      [{ name: 'credentials', body: { modo: 'demo', usuario_sol: 'MODDATOS', clave_sol: 'moddatos' } }],
      false,
      'PUT /api/company/sunat (SOL)',
    ),
    send('POST', '/api/series', 'tenant', [
      {
        name: 'series',
        body: { codigo_tipo_documento: created.type, serie: created.serie, contingencia: false, ultimo_numero: 0 },
      },
    ]),
    send('PATCH', `/api/series/${moved.type}/${moved.serie}`, 'tenant', [
      { name: 'numbering', body: { ultimo_numero: 10 } },
    ]),
    send(
      'PATCH',
      '/api/company',
      'tenant',
      [
        {
          name: 'identity',
          body: {
            razon_social: 'EMPRESA DE PRUEBA S.A.C.',
            email: 'contacto@facturo.example',
            direccion: { codigo_establecimiento: '0000', codigo_pais: 'PE' },
            pdf: {
              cuentas_bancarias: [
                { banco: 'BBVA', moneda: 'USD', numero: '0011-0123-0100012345', cci: '01101230010001234567' },
              ],
            },
            envio_de_boletas: 'individual',
          },
        },
      ],
      false,
      'PATCH /api/company (identity)',
    ),
  ];
}
