// Shared helpers of the documents API tests: a listening app (the in-process SUNAT simulator needs a port),
// fixture bodies dated today in Lima, and the outside judges for downloaded XML.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { pipelineDepsOf } from '../../../src/api/deps.ts';
import { jobs } from '../../../src/jobs.ts';
import { limaToday } from '../../../src/pipeline/deps.ts';
import { quoteIdent } from '../../../src/platform/db/schema-name.ts';
import { startWorker } from '../../../src/worker/worker.ts';
import { FIXTURES, substituteToday, XSD_MAINDOC } from '../../fixtures/invoices.ts';
import { signatureErrors, xsdErrors } from '../../golden/judges.ts';
import { createTestApp, type TestApp, type TestAppOptions, type TestTenant } from '../../helpers/app.ts';

export type Body = Record<string, any>;

export function fixtureBody(name: string): Body {
  return JSON.parse(substituteToday(readFileSync(join(FIXTURES, 'invoices', name), 'utf8'), limaToday()));
}

export function invoiceFixtureNames(): string[] {
  return readdirSync(join(FIXTURES, 'invoices'))
    .filter((f) => f.endsWith('.json'))
    .sort();
}

export interface ApiHarness {
  readonly ctx: TestApp;
  readonly tenant: TestTenant;
  post(
    url: string,
    body: unknown,
    headers?: Record<string, string>,
    tenant?: TestTenant,
  ): Promise<{ status: number; json: any; headers: Record<string, unknown> }>;
  get(
    url: string,
    tenant?: TestTenant,
  ): Promise<{ status: number; json: any; body: Buffer; headers: Record<string, unknown> }>;
}

/** beforeAll: a listening app with one tenant; afterAll: cleanup. */
export function useApi(options: TestAppOptions = {}): ApiHarness {
  let ctx: TestApp | null = null;
  let tenant: TestTenant | null = null;
  beforeAll(async () => {
    ctx = await createTestApp(options);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    tenant = await ctx.provisionTenant();
  });
  afterAll(async () => {
    await ctx?.close();
  });
  return {
    get ctx() {
      return ctx!;
    },
    get tenant() {
      return tenant!;
    },
    async post(url, body, headers = {}, as) {
      const t = as ?? tenant!;
      const res = await ctx!.app.inject({
        method: 'POST',
        url,
        headers: { ...t.headers, 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(body),
      });
      return { status: res.statusCode, json: res.json(), headers: res.headers };
    },
    async get(url, as) {
      const t = as ?? tenant!;
      const res = await ctx!.app.inject({ method: 'GET', url, headers: t.headers });
      const body = res.rawPayload;
      let json: any = null;
      if (String(res.headers['content-type'] ?? '').includes('json')) json = res.json();
      return { status: res.statusCode, json, body, headers: res.headers };
    },
  };
}

/** The in-process SUNAT simulator of the listening app (SUNAT_MODE=simulator). */
export function simulatorOf(api: ApiHarness) {
  return api.ctx.app.platform.sunatSimulator!;
}

/** How many sends of this file name reached the simulator's processing. */
export function receiptsOf(api: ApiHarness, filename: string): number {
  return (
    simulatorOf(api)
      .stats()
      .documents.find((d) => d.fileName === filename)?.receipts ?? 0
  );
}

/** The path of a download link (the host part is the tenant's). */
export function pathOf(link: string): string {
  return new URL(link).pathname;
}

/**
 * Another taker of the series' numbers (another process, an explicit number): when factura `at` of `serie` is
 * stored, a trigger moves the series `count` numbers further, committed with it, so the requests built ahead behind
 * it had guessed wrong (src/pipeline/numbering-queue.ts). Returns the trigger's removal.
 */
export async function othersTakeNumbersAt(api: ApiHarness, serie: string, at: number, count: number) {
  const s = quoteIdent(api.tenant.schema);
  const name = `take_numbers_${serie.toLowerCase()}`;
  const pool = api.ctx.db.pool;
  await pool.query(`CREATE FUNCTION ${s}.${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN UPDATE ${s}."series" SET last_number = last_number + ${count}
      WHERE document_type = '01' AND serie = '${serie}';
    RETURN NULL; END $$`);
  await pool.query(`CREATE TRIGGER ${name} AFTER INSERT ON ${s}."documents"
    FOR EACH ROW WHEN (NEW.serie = '${serie}' AND NEW.number = ${at}) EXECUTE FUNCTION ${s}.${name}()`);
  return async () => {
    await pool.query(`DROP TRIGGER ${name} ON ${s}."documents"`);
    await pool.query(`DROP FUNCTION ${s}.${name}()`);
  };
}

const ROOTS: Record<string, string> = { '01': 'Invoice', '03': 'Invoice', '07': 'CreditNote', '08': 'DebitNote' };

/** SUNAT's UBL 2.1 XSD and the signature with the certificate embedded in the document (test/golden/judges.ts). */
export function judgeXml(xml: string, documentType: string): { xsd: string; signature: string } {
  return {
    xsd: xsdErrors(xml, join(XSD_MAINDOC, `UBL-${ROOTS[documentType]}-2.1.xsd`)),
    signature: signatureErrors(xml),
  };
}

/**
 * Runs the worker once for this file's tenant only (test files share the database). Retries and polls are due in
 * the future, so they are made due instead of waited for; `sweep` also sweeps unsent documents first.
 */
export async function runTenantWorker(api: ApiHarness, options: { sweep?: boolean } = {}): Promise<number> {
  if (options.sweep)
    await api.tenant.db.document.updateMany({
      where: { stateTypeId: '01', nextAttemptAt: { not: null } },
      data: { nextAttemptAt: new Date(Date.now() - 1000) },
    });
  await api.ctx.db.pool.query(
    'UPDATE "central"."jobs" SET run_at = now() - interval \'1 second\' WHERE tenant_id = $1',
    [api.tenant.id],
  );
  const worker = startWorker(pipelineDepsOf(api.ctx.app, api.ctx.app.log), {
    jobs,
    autoStart: false,
    tenantIds: [api.tenant.id],
  });
  if (options.sweep) await worker.sweep();
  return worker.drain();
}
