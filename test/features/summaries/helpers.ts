// Shared helpers of the summary tests (RA, RC, RR): this file's worker run, the outside judges of a summary's
// signed XML (SUNAT's XSD, the signature with the certificate it carries), the simulator's reset, the
// bodies and the "a refusal changed nothing" check.
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { limaToday } from '../../../src/pipeline/deps.ts';
import { XSD_DIR } from '../../fixtures/invoices.ts';
import { signatureErrors, xsdErrors } from '../../golden/judges.ts';
import { type ApiHarness, fixtureBody, runTenantWorker } from '../documents/helpers.ts';

export const VOIDED_XSD = join(XSD_DIR, '2.0/maindoc/UBLPE-VoidedDocuments-1.0.xsd');
export const SUMMARY_XSD = join(XSD_DIR, '2.0/maindoc/UBLPE-SummaryDocuments-1.0.xsd');

/** Runs the due jobs (sends, ticket polls) of this file's tenant once. */
export const runWorker = (api: ApiHarness) => runTenantWorker(api);

/** The XSD's and the signature's verdicts as exit codes (0: valid) for a signed summary (test/golden/judges.ts). */
export function judgeSummaryXml(xml: Buffer, xsd: string) {
  const xsdFailure = xsdErrors(xml, xsd);
  const signatureFailure = signatureErrors(xml);
  return { xsd: xsdFailure ? 1 : 0, signature: signatureFailure ? 1 : 0, stderr: xsdFailure + signatureFailure };
}

/** The in-process simulator, its injected faults and 98-polls cleared after each test. */
export function useSimulator(api: ApiHarness) {
  const simulator = () => api.ctx.app.platform.sunatSimulator!;
  afterEach(() => {
    simulator().faults.clear();
    simulator().engine.options.summaryPendingPolls = 0;
  });
  return simulator;
}

export async function stateOf(api: ApiHarness, externalId: string): Promise<string> {
  return (await api.tenant.db.document.findUniqueOrThrow({ where: { externalId } })).stateTypeId;
}

/** A document of the invoices fixtures issued and accepted (05); its external_id. */
export async function issuedDocument(api: ApiHarness, fixture = '01-taxed.json'): Promise<string> {
  const res = await api.post('/api/documents', fixtureBody(fixture));
  expect(res.json.data.state_type_id, JSON.stringify(res.json)).toBe('05');
  return res.json.data.external_id as string;
}

/** The body of /api/voided and the reversion routes: today's documents, each with `reason`. */
export const voidBodyOf =
  (reason: string) =>
  (...ids: string[]) => ({
    fecha_de_emision_de_documentos: limaToday(),
    documentos: ids.map((external_id) => ({ external_id, motivo_anulacion: reason })),
  });

/** Runs a refused request and checks it stored no summary and moved no counter (nor, when given, any state). */
export async function expectUnchanged(api: ApiHarness, run: () => Promise<void>, ids: string[] = []): Promise<void> {
  const summaries = await api.tenant.db.summary.count();
  const counters = await api.tenant.db.summaryCounter.findMany();
  const states = await Promise.all(ids.map((id) => stateOf(api, id)));
  await run();
  expect(await api.tenant.db.summary.count()).toBe(summaries);
  expect(await api.tenant.db.summaryCounter.findMany()).toEqual(counters);
  expect(await Promise.all(ids.map((id) => stateOf(api, id)))).toEqual(states);
}
