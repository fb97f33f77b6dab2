// Shared helpers of the summary tests (RA, RC, RR): this file's worker run, the outside judges of a summary's
// signed XML (xmllint against SUNAT's XSD, xmlsec1 with the certificate it carries), the simulator's reset, the
// bodies and the "a refusal changed nothing" check.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { limaToday } from '../../../src/pipeline/deps.ts';
import { XSD_DIR } from '../../fixtures/invoices.ts';
import { type ApiHarness, fixtureBody, runTenantWorker } from '../documents/helpers.ts';

export const VOIDED_XSD = join(XSD_DIR, '2.0/maindoc/UBLPE-VoidedDocuments-1.0.xsd');
export const SUMMARY_XSD = join(XSD_DIR, '2.0/maindoc/UBLPE-SummaryDocuments-1.0.xsd');

/** Runs the due jobs (sends, ticket polls) of this file's tenant once. */
export const runWorker = (api: ApiHarness) => runTenantWorker(api);

/** xmllint's and xmlsec1's exit codes (0: valid) for a signed summary. */
export function judgeSummaryXml(xml: Buffer, xsd: string) {
  const dir = mkdtempSync(join(tmpdir(), 'facturo-summary-'));
  const path = join(dir, 'summary.xml');
  writeFileSync(path, xml);
  const cert = /<ds:X509Certificate>([^<]+)<\/ds:X509Certificate>/.exec(xml.toString('utf8'))?.[1] ?? '';
  writeFileSync(
    join(dir, 'cert.pem'),
    `-----BEGIN CERTIFICATE-----\n${cert.replace(/(.{64})/g, '$1\n')}\n-----END CERTIFICATE-----\n`,
  );
  const lint = spawnSync('xmllint', ['--noout', '--schema', xsd, path], { encoding: 'utf8' });
  const sig = spawnSync('xmlsec1', ['--verify', '--trusted-pem', join(dir, 'cert.pem'), path], { encoding: 'utf8' });
  return { xsd: lint.status, signature: sig.status, stderr: lint.stderr + sig.stderr };
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
