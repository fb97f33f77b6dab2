// The properties of issue 15 for one body: accepted ⇒ XSD-valid, signature verifies, the simulator's rules answer
// no rejection (observations allowed); refused ⇒ every issue names a field with one of our codes and, when it cites
// SUNAT, a rejection code (below 4000). Returns a description of the first violation, or undefined.
import { join } from 'node:path';
import { ISSUE_CODES, assignNumber, buildDocumentXml, prepareDocument, ublRootOf } from '../../src/core/index.ts';
import { signXml } from '../../src/core/signing.ts';
import { verifyXmlSignature } from '../../src/core/signing/verify.ts';
import { evaluateRules } from '../../src/sunat/simulator/rules/index.ts';
import { schemaPath, validateXsd } from '../../src/sunat/simulator/xsd.ts';
import { parseXml } from '../../src/sunat/xml.ts';
import { testContext, testIssuer, type Body } from '../fixtures/invoices.ts';
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
