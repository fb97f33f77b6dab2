// The properties of SUNAT's line for one body: accepted ⇒ XSD-valid, signature verifies, the simulator's rules answer
// no rejection (observations allowed); refused ⇒ every issue names a field with one of our codes and, when it cites
// SUNAT, a rejection code (below 4000). Returns a description of the first violation, or undefined.
import { join } from 'node:path';
import { generalIgvRate } from '../../src/core/igv-rates.ts';
import {
  type ComputedDocument,
  ISSUE_CODES,
  assignNumber,
  buildDocumentXml,
  prepareDocument,
  ublRootOf,
} from '../../src/core/index.ts';
import { type SummaryLine, buildSummaryXml } from '../../src/core/summaries/summary-xml.ts';
import { signXml } from '../../src/core/signing.ts';
import { verifyXmlSignature } from '../../src/core/signing/verify.ts';
import { evaluateRules } from '../../src/simulator/rules/index.ts';
import { checkSummary } from '../../src/simulator/rules/summaries.ts';
import { schemaPath, validateXsd } from '../../src/simulator/xsd.ts';
import { parseXml } from '../../src/sunat/xml.ts';
import { TODAY, testContext, testIssuer, type Body } from '../fixtures/invoices.ts';
import { REPO_ROOT, testKey } from '../sunat/helpers.ts';

const XSD_DIR = join(REPO_ROOT, 'assets', 'sunat', 'xsd');

export function violation(body: Body): string | undefined {
  const prepared = prepareDocument(structuredClone(body), testContext({ mode: 'demo' }));
  if (!prepared.ok) {
    for (const issue of prepared.issues) {
      if (!(issue.code in ISSUE_CODES)) return `refused with an unknown code ${issue.code} at ${issue.path}`;
      if (issue.sunatRule !== undefined && Number(issue.sunatRule) >= 4000)
        return `refused at ${issue.path} citing SUNAT observation ${issue.sunatRule} (SUNAT accepts it): ${issue.message}`;
      if (!issue.message) return `refused at ${issue.path} without a message`;
    }
    return undefined;
  }
  const document = assignNumber(prepared.document, 1);
  const xml = signXml(buildDocumentXml(document, testIssuer), testKey).xml;
  const schema = schemaPath(XSD_DIR, ublRootOf(document.documentType), '2.1');
  if (!schema) return `no XSD for ${ublRootOf(document.documentType)}`;
  const xsd = validateXsd(new TextEncoder().encode(xml), schema);
  if (!xsd.valid) return `accepted but not XSD-valid: ${xsd.message}`;
  const signature = verifyXmlSignature(xml);
  if (!signature.valid) return `accepted but the signature does not verify: ${JSON.stringify(signature)}`;
  const verdict = evaluateRules(parseXml(xml), document.documentType);
  if (verdict.error)
    return `accepted but the simulator rejects it: ${verdict.error.code} ${verdict.error.node} ${verdict.error.value ?? ''} ${verdict.error.detail ?? ''}`;
  return undefined;
}

/** A stored document's line of the resumen diario, as src/pipeline/summaries/summary-lines.ts maps its row. */
function summaryLineOf(document: ComputedDocument, number: number): SummaryLine {
  const t = document.totals;
  const rated = document.lines.find((l) => l.scheme === '1000' || FREE_TAXED.has(l.affectationCode));
  const affected = document.note?.affectedDocument;
  return {
    documentType: document.documentType,
    serie: document.series,
    number,
    condition: '1',
    customerDocType: document.customer.documentType || '0',
    customerDocNumber: document.customer.documentNumber || '-',
    currency: document.currency,
    total: t.payable,
    taxed: t.taxed,
    exonerated: t.exonerated,
    unaffected: t.unaffected,
    exportation: t.exportation,
    free: t.free,
    igv: t.igv,
    igvPercent: rated?.igvPercent ?? generalIgvRate(document.issueDate).toFixed(),
    isc: t.isc,
    icbper: t.icbper,
    ...(affected?.series && affected.number && affected.documentType
      ? { affected: { documentType: affected.documentType, serie: affected.series, number: Number(affected.number) } }
      : {}),
  };
}
const FREE_TAXED = new Set(['11', '12', '13', '14', '15', '16']);

/**
 * The resumen diario declaring these boletas and notes of boletas: XSD-valid, its signature verifies, the simulator's
 * RC rules raise nothing, and every line's IGV subtotal names the rate of its document (SUNAT 2992). Returns a
 * description of the first violation, or undefined.
 */
export function summaryViolation(documents: ComputedDocument[]): string | undefined {
  if (documents.length === 0) return undefined;
  const lines = documents.map((d, i) => summaryLineOf(d, i + 1));
  const xml = signXml(
    buildSummaryXml({ id: 'RC-20250616-1', referenceDate: TODAY, issueDate: TODAY, lines }, testIssuer),
    testKey,
  ).xml;
  const schema = schemaPath(XSD_DIR, 'SummaryDocuments', undefined);
  if (!schema) return 'no XSD for SummaryDocuments';
  const xsd = validateXsd(new TextEncoder().encode(xml), schema);
  if (!xsd.valid) return `RC not XSD-valid: ${xsd.message}`;
  if (!verifyXmlSignature(xml).valid) return 'RC signature does not verify';
  const hit = checkSummary(parseXml(xml), { lookup: () => undefined, today: TODAY, voidWindowDays: 7 });
  if (hit) return `the simulator rejects the RC: ${hit.code} ${hit.detail ?? ''} ${hit.value ?? ''}`;
  const percents = [...xml.matchAll(/<cbc:Percent>([^<]+)<\/cbc:Percent>\s*<cac:TaxScheme>\s*<cbc:ID>1000</g)];
  if (percents.length !== lines.length) return `${percents.length} IGV rates for ${lines.length} RC lines`;
  for (const [i, m] of percents.entries())
    if (Number(m[1]) !== Number(lines[i].igvPercent))
      return `RC line ${i + 1} names ${m[1]} %, its document ${lines[i].igvPercent} %`;
  return undefined;
}
