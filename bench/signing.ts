// npm run bench:signing — signatures per second on one core (this loop is single-threaded), RSA-2048:
// general path (libxml2 C14N), fast path (C14N-ready text digested as is), xml-crypto 6 as the baseline
// (~170/s at 10 KB), our verifier, and the raw RSA-2048 signature that bounds them all.
// Options: --seconds=N per case (default 1), --quick (0.3 s per case, xml-crypto only on the smallest document).
import { createPrivateKey, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { SignedXml } from 'xml-crypto';
import { signXml, verifyXmlSignature, type SigningKey } from '../src/core/signing.ts';
import { assignNumber, buildDocumentXml, prepareDocument } from '../src/core/index.ts';
import { loadInvoiceFixture, testContext, testIssuer, withoutTotals } from '../test/fixtures/invoices.ts';
import { syntheticInvoice } from '../test/fixtures/xml/synthetic-invoice.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const quick = args.has('quick');
const seconds = Number(args.get('seconds') ?? (quick ? 0.3 : 1));

const keyDir = fileURLToPath(new URL('../test/fixtures/keys/', import.meta.url));
const key: SigningKey = {
  privateKeyPem: readFileSync(`${keyDir}test-key.pem`, 'utf8'),
  certificatePem: readFileSync(`${keyDir}test-cert.pem`, 'utf8'),
};

function measure(fn: () => unknown): { perSecond: number; microseconds: number } {
  const warmUntil = performance.now() + Math.min(200, seconds * 200);
  while (performance.now() < warmUntil) fn();
  let n = 0;
  const start = performance.now();
  const stop = start + seconds * 1000;
  let now = start;
  while (now < stop) {
    for (let i = 0; i < 8; i++) fn();
    n += 8;
    now = performance.now();
  }
  const elapsed = (now - start) / 1000;
  return { perSecond: n / elapsed, microseconds: (elapsed / n) * 1e6 };
}

function xmlCryptoSign(xml: string): string {
  const signer = new SignedXml({
    privateKey: key.privateKeyPem,
    publicCert: key.certificatePem,
    signatureAlgorithm: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
    canonicalizationAlgorithm: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
  });
  signer.addReference({
    xpath: '/*',
    isEmptyUri: true,
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
    ],
    digestAlgorithm: 'http://www.w3.org/2000/09/xmldsig#sha1',
  });
  signer.computeSignature(xml, {
    prefix: 'ds',
    attrs: { Id: 'SignatureSP' },
    location: {
      reference: "/*/*[local-name()='UBLExtensions']/*[local-name()='UBLExtension']/*[local-name()='ExtensionContent']",
      action: 'append',
    },
  });
  return signer.getSignedXml();
}

/** The document core's own XML for fixture 01-taxed (3 lines), or for its lines repeated `lines` times. */
function coreInvoice(lines?: number): string {
  const body = loadInvoiceFixture('01-taxed');
  const source = lines ? withoutTotals(body) : body;
  if (lines) {
    const items = source.items;
    source.items = Array.from({ length: lines }, (_, i) => ({
      ...structuredClone(items[i % items.length]),
      codigo_interno: `P${i + 1}`,
    }));
  }
  const prepared = prepareDocument(source, testContext());
  if (!prepared.ok) throw new Error(JSON.stringify(prepared.issues));
  return buildDocumentXml(assignNumber(prepared.document, 1), testIssuer);
}

const documents = [
  { label: 'synthetic ~4 KB (1 line)', xml: syntheticInvoice(1) },
  { label: 'synthetic ~10 KB (5 lines)', xml: syntheticInvoice(5) },
  { label: 'synthetic ~60 KB (36 lines)', xml: syntheticInvoice(36) },
  { label: 'core 01-taxed (3 lines)', xml: coreInvoice() },
  { label: 'core 50 lines', xml: coreInvoice(50) },
];

console.log(
  `CPU: ${cpus()[0]?.model ?? 'unknown'} (${cpus().length} logical cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB); Node ${process.version}`,
);
console.log(`One core, RSA-2048, rsa-sha1/sha1, inclusive C14N; ${seconds} s per case.\n`);

// The floor of every signer: one RSA-2048 PKCS#1 v1.5 signature over a SignedInfo-sized input.
const privateKey = createPrivateKey(key.privateKeyPem);
const signedInfo = Buffer.alloc(1100, 'a');
const rsa = measure(() => sign('sha1', signedInfo, privateKey));
console.log(
  `raw RSA-2048 signature: ${rsa.perSecond.toFixed(0)}/s (${(rsa.microseconds / 1000).toFixed(3)} ms each)\n`,
);

const rows: string[][] = [['document', 'bytes', 'general /s', 'fast /s', 'xml-crypto /s', 'verify /s', 'fast ms']];
for (const [index, doc] of documents.entries()) {
  const fast = signXml(doc.xml, key, { assumeCanonical: true });
  const general = signXml(doc.xml, key);
  // Never time something broken: both paths agree and verify.
  if (fast.xml !== general.xml || !verifyXmlSignature(fast.xml).valid)
    throw new Error(`signature check failed for ${doc.label}`);
  const g = measure(() => signXml(doc.xml, key));
  const f = measure(() => signXml(doc.xml, key, { assumeCanonical: true }));
  const x = !quick || index === 0 ? measure(() => xmlCryptoSign(doc.xml)) : null;
  const v = measure(() => verifyXmlSignature(fast.xml));
  rows.push([
    doc.label,
    String(Buffer.byteLength(doc.xml)),
    g.perSecond.toFixed(0),
    f.perSecond.toFixed(0),
    x ? x.perSecond.toFixed(0) : '—',
    v.perSecond.toFixed(0),
    (f.microseconds / 1000).toFixed(3),
  ]);
}
const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
for (const row of rows)
  console.log(row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '));
console.log(
  '\nTargets: ≥ 600 documents/s built+signed for 3 lines, ≥ 250/s for 50 lines (signing is only part of that budget).',
);
