// The web console in a real browser (Debian's Chromium through playwright-core, test/console/browser.ts) against
// the real server listening on 127.0.0.1: a company user logs in at http://{company}.localhost:PORT/, sees the
// documents its API issued, voids one, uploads a certificate, registers an establishment and creates a webhook (its
// secret shown once); the admin logs in at http://admin.localhost:PORT/, creates a company, and that company's user
// logs in. Every request the pages make is recorded: all go to the test server. A change sent with the session cookie
// but without the CSRF token is refused. With CONSOLE_SCREENSHOTS=dir the run also writes the screenshots of
// docs/console.md there.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSelfSignedCertificate } from '../../src/crypto/certificates.ts';
import { hashPassword } from '../../src/platform/passwords.ts';
import { fixtureBody } from '../features/documents/helpers.ts';
import { createTestApp, type TestApp, type TestTenant } from '../helpers/app.ts';
import { randomRuc, randomSubdomain } from '../helpers/ids.ts';
import { BROWSER_TESTS, builtConsole, launchChromium } from './browser.ts';

const ADMIN_PASSWORD = 'Clave-segura-2026';
const SCREENSHOTS = process.env.CONSOLE_SCREENSHOTS;
const STEP_TIMEOUT = 120_000;
const EXPECTED_REFUSAL = /^Failed to load resource: the server responded with a status of (401|403|422)/;

let ctx: TestApp;
let tenant: TestTenant;
let browser: Browser;
let port: number;
let adminEmail: string;
const requests: string[] = [];
const problems: string[] = [];
const issued: Array<{ external_id: string; number: string }> = [];

function urlOf(host: string, path = '/'): string {
  return `http://${host}:${port}${path}`;
}

/** A fresh browser context (its own cookies) whose every request and page error is recorded. */
async function newPage(viewport = { width: 1280, height: 860 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'es-PE', timezoneId: 'America/Lima' });
  context.on('request', (request) => requests.push(request.url()));
  const page = await context.newPage();
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  // Which request failed, beside the browser's own line (which names no address): a 5xx is never expected.
  page.on('response', (response) => {
    if (response.status() >= 500)
      problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on('console', (message) => {
    // The API's refusals the tests cause on purpose (no session yet, a change without its CSRF token, a field the
    // API refuses so that the form shows its message) are logged by the browser as failed loads; anything else — a
    // script error, a CSP violation — is a problem.
    if (message.type() === 'error' && !EXPECTED_REFUSAL.test(message.text()))
      problems.push(`console: ${message.text()}`);
  });
  page.setDefaultTimeout(20_000);
  return { context, page };
}

/** Waits for the element to show (playwright-core has no test assertions; vitest's expect is the judge). */
function visible(locator: Locator): Promise<void> {
  return locator.waitFor({ state: 'visible' });
}

function hidden(locator: Locator): Promise<void> {
  return locator.waitFor({ state: 'hidden' });
}

async function shot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, name), fullPage: false });
}

async function login(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

/** Form controls without a label (or aria-label): none may be. (Page scripts are text: this file has no DOM types.) */
function unlabelled(page: Page): Promise<string[]> {
  return page.evaluate(`[...document.querySelectorAll('input, select')]
    .filter((e) => e.type !== 'hidden' && !e.labels?.length && !e.getAttribute('aria-label'))
    .map((e) => e.name || e.outerHTML.slice(0, 80))`);
}

/** A PFX of a certificate naming the tenant's RUC, made here (node-forge), protected by `password`. */
function pfxFile(ruc: string, password: string): string {
  const key = generateSelfSignedCertificate({ ruc, name: 'EMPRESA SUBIDA S.A.C.' });
  const asn1 = forge.pkcs12.toPkcs12Asn1(
    forge.pki.privateKeyFromPem(key.privateKeyPem),
    forge.pki.certificateFromPem(key.certificatePem),
    password,
    { algorithm: '3des' },
  );
  const path = join(mkdtempSync(join(tmpdir(), 'facturo-pfx-')), 'empresa.pfx');
  writeFileSync(path, Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'));
  return path;
}

beforeAll(async () => {
  if (!BROWSER_TESTS) return;
  const consoleDir = await builtConsole();
  ctx = await createTestApp({ deps: { consoleDir } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as { port: number }).port;
  tenant = await ctx.provisionTenant();
  const customers = ['DISTRIBUIDORA ANDINA DEL SUR S.A.C.', 'COMERCIAL LIMA NORTE S.A.C.'];
  for (const name of customers) {
    const body = fixtureBody('01-taxed.json');
    body.datos_del_cliente_o_receptor.apellidos_y_nombres_o_razon_social = name;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { ...tenant.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode).toBe(200);
    issued.push(res.json().data);
  }
  adminEmail = `admin-${randomBytes(4).toString('hex')}@facturo.example`;
  await ctx.db.central.adminUser.create({
    data: {
      name: 'Administradora',
      email: adminEmail,
      role: 'admin',
      passwordHash: await hashPassword(ADMIN_PASSWORD),
    },
  });
  browser = await launchChromium();
}, STEP_TIMEOUT);

afterAll(async () => {
  await browser?.close();
  await ctx?.close();
});

describe.skipIf(!BROWSER_TESTS)('company console', () => {
  let page: Page;

  beforeAll(async () => {
    ({ page } = await newPage());
  });

  it(
    'logs the company user in and lists the documents its API issued',
    async () => {
      const response = await page.goto(urlOf(tenant.hostname));
      const csp = response?.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe(`Empresa ${tenant.subdomain}`);
      await shot(page, 'console-login.png');
      await login(page, 'pruebas@facturo.example', tenant.password);
      await visible(page.getByRole('heading', { level: 1, name: tenant.name }));
      await visible(page.getByText('Para empezar: 2 de 4 pasos pendientes'));
      // The session's secret is out of the page's reach.
      expect(await page.evaluate('document.cookie')).toBe('');
      await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Comprobantes' }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Comprobantes' }));
      for (const doc of issued) await visible(page.getByRole('link', { name: doc.number, exact: true }));
      await visible(page.getByRole('cell', { name: 'COMERCIAL LIMA NORTE S.A.C.' }));
      expect(await unlabelled(page)).toEqual([]);
      await shot(page, 'console-documents.png');
      // A search narrows the list, and the filters stay in the address.
      await page.getByLabel('Buscar').fill('andina');
      await page.getByRole('button', { name: 'Filtrar' }).click();
      await hidden(page.getByRole('link', { name: issued[1].number, exact: true }));
      await visible(page.getByRole('link', { name: issued[0].number, exact: true }));
      expect(page.url()).toContain('buscar=andina');
    },
    STEP_TIMEOUT,
  );

  it(
    'opens a document and voids it with a comunicación de baja',
    async () => {
      await page.getByRole('link', { name: issued[0].number, exact: true }).click();
      await visible(page.getByRole('heading', { level: 1, name: `Factura ${issued[0].number}` }));
      await visible(page.getByText('Código 0:'));
      const cdr = page.getByRole('link', { name: 'CDR de SUNAT' });
      await visible(cdr);
      // On the page's own origin, whatever PUBLIC_URL the API writes its links with.
      expect(await cdr.getAttribute('href')).toBe(`/downloads/document/cdr/${issued[0].external_id}`);
      const download = await page.evaluate(
        `fetch(${JSON.stringify(`/downloads/document/cdr/${issued[0].external_id}`)}).then((r) => r.status)`,
      );
      expect(download).toBe(200);
      await shot(page, 'console-document.png');
      await page.getByRole('button', { name: 'Anular (comunicación de baja)' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Motivo de la anulación').fill('Error en el pedido');
      await dialog.getByRole('button', { name: 'Anular', exact: true }).click();
      await visible(page.getByText('Anulación enviada'));
      const state = (await tenant.db.document.findUniqueOrThrow({ where: { externalId: issued[0].external_id } }))
        .stateTypeId;
      expect(['11', '13']).toContain(state);
      await visible(page.getByRole('heading', { level: 2, name: 'Resúmenes y bajas' }));
      await expect
        .poll(() => page.locator('.page-head .badge').textContent())
        .toBe(state === '11' ? 'Anulado' : 'Por anular');
    },
    STEP_TIMEOUT,
  );

  it(
    'uploads the company certificate and shows it',
    async () => {
      await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Configuración' }).click();
      await page.getByRole('link', { name: 'Certificado digital' }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Configuración: Certificado digital' }));
      await page.getByLabel('Archivo PFX o P12').setInputFiles(pfxFile(tenant.ruc, 'clave-123'));
      await page.getByLabel('Contraseña del certificado').fill('clave-123');
      await page.getByRole('button', { name: 'Guardar certificado' }).click();
      await visible(page.getByText(/Certificado guardado: .*EMPRESA SUBIDA S\.A\.C\./));
      const company = await tenant.db.company.findUniqueOrThrow({ where: { id: 1 } });
      expect(company.certificateSubject).toContain('EMPRESA SUBIDA S.A.C.');
      await visible(page.locator('dd').filter({ hasText: 'EMPRESA SUBIDA S.A.C.' }).first());
      expect(await unlabelled(page)).toEqual([]);
      await page.getByRole('link', { name: 'SUNAT y SOL' }).click();
      await page.getByRole('button', { name: 'Probar conexión' }).click();
      await visible(page.getByText(/^Conexión correcta/));
      await shot(page, 'console-settings.png');
    },
    STEP_TIMEOUT,
  );

  it(
    'registers an establishment, lists it, gives it a series and filters the documents by it',
    async () => {
      const settings = page.getByRole('navigation', { name: 'Partes de la configuración' });
      await settings.getByRole('link', { name: 'Establecimientos' }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Configuración: Establecimientos' }));
      await visible(page.getByRole('cell', { name: 'Domicilio fiscal' }));
      const form = page.getByRole('form', { name: 'Nuevo establecimiento' });
      await form.getByLabel('Código (anexo SUNAT)').fill('0001');
      await form.getByLabel('Nombre del local').fill('Tienda Miraflores');
      await form.getByLabel('Dirección').fill('Av. Larco 345');
      // The API's refusal shows beside the field it names.
      await form.getByLabel('Ubigeo').fill('999999');
      await form.getByRole('button', { name: 'Registrar establecimiento' }).click();
      const ubigeo = form.getByLabel('Ubigeo');
      await expect.poll(() => ubigeo.getAttribute('aria-invalid')).toBe('true');
      expect(await tenant.db.establishment.count({ where: { codigo: '0001' } })).toBe(0);
      await ubigeo.fill('150122');
      await form.getByRole('button', { name: 'Registrar establecimiento' }).click();
      await visible(page.getByText('Establecimiento 0001 (Tienda Miraflores) registrado.'));
      await visible(page.getByRole('cell', { name: 'Tienda Miraflores' }));
      await visible(page.getByRole('cell', { name: /Av\. Larco 345, Miraflores - Lima - Lima/ }));
      expect(await unlabelled(page)).toEqual([]);
      expect(await tenant.db.establishment.findUniqueOrThrow({ where: { codigo: '0001' } })).toMatchObject({
        nombre: 'Tienda Miraflores',
        ubigeo: '150122',
        active: true,
      });

      await settings.getByRole('link', { name: 'Series' }).click();
      const series = page.getByRole('form', { name: 'Nueva serie' });
      await series.getByLabel('Serie', { exact: true }).fill('F777');
      await series.getByLabel('Establecimiento').selectOption('0001');
      await series.getByRole('button', { name: 'Crear serie' }).click();
      await visible(page.getByText('Serie F777 creada.'));
      const row = page.getByRole('row').filter({ hasText: 'F777' });
      await visible(row.getByRole('cell', { name: '0001', exact: true }));
      expect((await tenant.db.series.findFirstOrThrow({ where: { serie: 'F777' } })).establishmentCode).toBe('0001');

      await settings.getByRole('link', { name: 'Establecimientos' }).click();
      page.once('dialog', (dialog) => dialog.accept());
      await page.getByRole('button', { name: 'Desactivar el establecimiento 0001' }).click();
      await visible(page.getByText('Establecimiento 0001 desactivado.'));
      expect((await tenant.db.establishment.findUniqueOrThrow({ where: { codigo: '0001' } })).active).toBe(false);
      await page.getByRole('button', { name: 'Reactivar el establecimiento 0001' }).click();
      await visible(page.getByText('Establecimiento 0001 reactivado.'));

      await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Comprobantes' }).click();
      // The list's own filter, once its page has replaced the settings page (whose controls also name establishments).
      await visible(page.getByRole('heading', { level: 1, name: 'Comprobantes' }));
      await page.getByLabel('Establecimiento', { exact: true }).fill('0001');
      await page.getByRole('button', { name: 'Filtrar' }).click();
      await visible(page.getByText('No hay comprobantes con estos filtros.'));
      expect(page.url()).toContain('establecimiento=0001');
      await page.getByLabel('Establecimiento', { exact: true }).fill('0000');
      await page.getByRole('button', { name: 'Filtrar' }).click();
      await visible(page.getByRole('link', { name: issued[1].number, exact: true }));
    },
    STEP_TIMEOUT,
  );

  it(
    'creates a webhook, shows its secret once, sends it a test event and lists the delivery',
    async () => {
      await page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Configuración' }).click();
      const settings = page.getByRole('navigation', { name: 'Partes de la configuración' });
      await settings.getByRole('link', { name: 'Webhooks' }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Configuración: Webhooks' }));
      await visible(page.getByText('No hay webhooks.'));
      const form = page.getByRole('form', { name: 'Nuevo webhook' });
      // An unknown event is the API's 422, shown beside the field.
      await form.getByLabel('URL del receptor').fill('http://127.0.0.1:9/facturo');
      await form.getByLabel('Eventos (opcional)').fill('document.aceptado');
      await form.getByRole('button', { name: 'Crear webhook' }).click();
      await visible(form.getByText(/Evento desconocido/));
      expect(await tenant.db.webhookEndpoint.count()).toBe(0);
      await form.getByLabel('Eventos (opcional)').fill('document.*, summary.*');
      await form.getByRole('button', { name: 'Crear webhook' }).click();
      const created = page.getByRole('status').filter({ hasText: 'Webhook creado' });
      await visible(created);
      const secret = (await created.locator('code.secret').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_/);
      const stored = await tenant.db.webhookEndpoint.findFirstOrThrow();
      expect(stored).toMatchObject({ url: 'http://127.0.0.1:9/facturo', eventos: ['document.*', 'summary.*'] });
      expect(stored.secretEnc).not.toContain(secret);
      await visible(page.getByRole('cell', { name: 'document.*, summary.*' }));
      expect(await unlabelled(page)).toEqual([]);
      // Once: another visit to the section lists the webhook without its secret.
      await settings.getByRole('link', { name: 'Tokens API' }).click();
      await settings.getByRole('link', { name: 'Webhooks' }).click();
      await visible(page.getByRole('cell', { name: 'http://127.0.0.1:9/facturo' }));
      expect(await page.locator('code.secret').count()).toBe(0);
      expect(await page.content()).not.toContain(secret);

      await page.getByRole('button', { name: `Enviar un evento de prueba al webhook ${stored.id}` }).click();
      await visible(page.getByText(`Evento de prueba en cola para el webhook ${stored.id}`));
      await visible(page.getByRole('heading', { level: 2, name: `Entregas del webhook ${stored.id}` }));
      await visible(page.getByRole('cell', { name: 'webhook.test' }));
      await page.getByRole('button', { name: `Pausar el webhook ${stored.id}` }).click();
      await visible(page.getByText(`Webhook ${stored.id} pausado.`));
      expect((await tenant.db.webhookEndpoint.findUniqueOrThrow({ where: { id: stored.id } })).active).toBe(false);
      page.once('dialog', (dialog) => dialog.accept());
      await page.getByRole('button', { name: `Eliminar el webhook ${stored.id}` }).click();
      await visible(page.getByText(`Webhook ${stored.id} eliminado.`));
      expect(await tenant.db.webhookEndpoint.count()).toBe(0);
    },
    STEP_TIMEOUT,
  );

  it(
    'refuses a change the page sends with its session cookie but without the CSRF token',
    async () => {
      const change = (csrf: boolean) =>
        page.evaluate(`(async () => {
          const session = await (await fetch('/api/session')).json();
          const headers = { 'content-type': 'application/json' };
          if (${csrf}) headers['x-csrf-token'] = session.data.csrf_token;
          const res = await fetch('/api/company', { method: 'PATCH', headers, body: '{"telefono":"01-7654321"}' });
          return { status: res.status, code: (await res.json()).code };
        })()`);
      expect(await change(false)).toEqual({ status: 403, code: 'csrf_failed' });
      expect((await tenant.db.company.findUniqueOrThrow({ where: { id: 1 } })).telefono).not.toBe('01-7654321');
      expect(await change(true)).toMatchObject({ status: 200 });
    },
    STEP_TIMEOUT,
  );

  it(
    'logs out: the session ends on the server',
    async () => {
      await page.getByRole('button', { name: 'Cerrar sesión' }).click();
      await visible(page.getByText('Sesión cerrada.'));
      expect(await page.evaluate("fetch('/api/company').then((r) => r.status)")).toBe(401);
    },
    STEP_TIMEOUT,
  );

  it(
    'fits a phone: the list becomes cards with their column names',
    async () => {
      const phone = await newPage({ width: 390, height: 844 });
      await phone.page.goto(urlOf(tenant.hostname, '/#/comprobantes'));
      await login(phone.page, 'pruebas@facturo.example', tenant.password);
      const cell = phone.page.getByRole('cell', { name: 'COMERCIAL LIMA NORTE S.A.C.' });
      await visible(cell);
      const display = await cell.evaluate(
        (td) =>
          (globalThis as unknown as { getComputedStyle(e: unknown): { display: string } }).getComputedStyle(td).display,
      );
      expect(display).toBe('grid');
      const overflow = await phone.page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(phone.page, 'console-phone.png');
      await phone.context.close();
    },
    STEP_TIMEOUT,
  );
});

describe.skipIf(!BROWSER_TESTS)('admin console', () => {
  it(
    'logs the admin in, creates a company, and that company’s user logs in to its own console',
    async () => {
      const { page, context } = await newPage();
      await page.goto(urlOf('admin.localhost'));
      await visible(page.getByRole('heading', { level: 1, name: 'Administración' }));
      await login(page, adminEmail, ADMIN_PASSWORD);
      await visible(page.getByRole('heading', { level: 1, name: 'Empresas' }));
      await visible(page.getByRole('table'));
      await shot(page, 'console-admin-companies.png');
      const subdomain = randomSubdomain('consola');
      const email = `usuario-${randomBytes(3).toString('hex')}@facturo.example`;
      const form = page.getByRole('form', { name: 'Nueva empresa' });
      await form.getByLabel('RUC').fill(randomRuc());
      await form.getByLabel('Subdominio').fill(subdomain);
      await form.getByLabel('Correo del usuario').fill(email);
      await form.getByLabel('Razón social (opcional)').fill('EMPRESA DESDE LA CONSOLA S.A.C.');
      expect(await unlabelled(page)).toEqual([]);
      await form.getByRole('button', { name: 'Crear empresa' }).click();
      const created = page.getByRole('status').filter({ hasText: 'Empresa creada' });
      await visible(created);
      const password = (await created.locator('code.secret').first().textContent()) ?? '';
      expect(password.length).toBeGreaterThan(8);
      const row = await ctx.db.central.tenant.findFirstOrThrow({ where: { subdomain } });
      expect(row.name).toBe('EMPRESA DESDE LA CONSOLA S.A.C.');

      const company = await newPage();
      await company.page.goto(urlOf(`${subdomain}.localhost`));
      await login(company.page, email, password);
      await visible(company.page.getByRole('heading', { level: 1, name: 'EMPRESA DESDE LA CONSOLA S.A.C.' }));
      await company.context.close();
      await context.close();
      await ctx.db.pool.query(`DROP SCHEMA IF EXISTS "${row.schemaName}" CASCADE`);
      await ctx.db.central.tenant.delete({ where: { id: row.id } });
    },
    STEP_TIMEOUT,
  );
});

describe.skipIf(!BROWSER_TESTS)('what the pages did', () => {
  it('made every request to the test server, and logged no error', () => {
    expect(requests.length).toBeGreaterThan(20);
    const outside = requests.filter((url) => !new RegExp(`^http://[a-z0-9.-]+\\.localhost:${port}/`).test(url));
    expect(outside).toEqual([]);
    expect(problems).toEqual([]);
  });
});
