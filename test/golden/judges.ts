// The outside judges of an emitted document, from npm: libxml2 (WebAssembly, the library xmllint runs) against the
// XSD, and xml-crypto (its inclusive C14N done by libxml2) for the signature with a certificate we trust. When xmllint and xmlsec1 are installed they
// judge too and must agree with them (the same documents valid, the same signatures holding): a disagreement fails
// the test that asked, whatever it expected.
import { spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, readSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { XmlC14NMode, XmlDocument, XsdValidator, xmlRegisterInputProvider } from 'libxml2-wasm';
import { canonicalizeSubtree } from 'libxml2-wasm/lib/c14n.mjs';
import {
  C14nCanonicalization,
  type CanonicalizationOrTransformationAlgorithm,
  type CanonicalizationOrTransformationAlgorithmProcessOptions,
  SignedXml,
} from 'xml-crypto';
import { REPO_ROOT, XSD_MAINDOC } from '../fixtures/invoices.ts';
import { onPath } from '../helpers/system-tools.ts';

export const TEST_CERT = join(REPO_ROOT, 'test/fixtures/keys/test-cert.pem');

const work = mkdtempSync(join(tmpdir(), 'facturo-judges-'));
let counter = 0;

function tempFile(content: string | Buffer, extension = 'xml'): string {
  const path = join(work, `j${++counter}.${extension}`);
  writeFileSync(path, content);
  return path;
}

// ---------------------------------------------------------------------------------------------------------------
// XSD

let schemasReadable = false;

/** libxml2 reads the schema's includes through this: .xsd files inside the repository only. */
function letLibxmlReadSchemas(): void {
  if (schemasReadable) return;
  schemasReadable = true;
  const inside = (filename: string) => {
    const path = resolve(filename.startsWith('file://') ? decodeURIComponent(new URL(filename).pathname) : filename);
    return path.endsWith('.xsd') && path.startsWith(REPO_ROOT + sep) && existsSync(path) ? path : undefined;
  };
  xmlRegisterInputProvider({
    match: (filename) => inside(filename) !== undefined,
    open: (filename) => {
      const path = inside(filename);
      return path ? openSync(path, 'r') : undefined;
    },
    read: (fd, buf) => readSync(fd as number, buf, 0, buf.byteLength, null),
    close: (fd) => {
      closeSync(fd as number);
      return true;
    },
  });
}

const validators = new Map<string, XsdValidator>();

function validator(xsdPath: string): XsdValidator {
  let compiled = validators.get(xsdPath);
  if (!compiled) {
    letLibxmlReadSchemas();
    const schema = XmlDocument.fromBuffer(readFileSync(xsdPath), { url: xsdPath });
    try {
      compiled = XsdValidator.fromDoc(schema);
    } finally {
      schema.dispose();
    }
    validators.set(xsdPath, compiled);
  }
  return compiled;
}

/** libxml2-wasm's verdict: '' when valid, else its errors one per line. */
function libxmlXsdErrors(xml: string | Buffer, xsdPath: string): string {
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromBuffer(typeof xml === 'string' ? Buffer.from(xml) : xml);
  } catch (error) {
    return `not well-formed: ${(error as Error).message}`;
  }
  try {
    validator(xsdPath).validate(doc);
    return '';
  } catch (error) {
    const details = (error as { details?: { message: string; line?: number }[] }).details;
    return details?.length
      ? details.map((d) => `line ${d.line ?? '?'}: ${d.message.trim()}`).join('\n')
      : (error as Error).message;
  } finally {
    doc.dispose();
  }
}

/** `xmllint --noout --schema` on files: the stderr lines of each that failed, by path. */
function xmllintFailures(paths: string[], xsdPath: string): Map<string, string> {
  const res = spawnSync('xmllint', ['--noout', '--schema', xsdPath, ...paths], { encoding: 'utf8' });
  const failures = new Map<string, string>();
  for (const p of paths) {
    const errors = res.stderr.split('\n').filter((l) => l.startsWith(p) && !l.endsWith(' validates'));
    if (errors.length || !res.stderr.includes(`${p} validates`)) failures.set(p, errors.join('\n') || res.stderr);
  }
  return failures;
}

function disagree(what: string, npm: string, debian: string): never {
  throw new Error(`the judges disagree on ${what}:\n  npm: ${npm || 'valid'}\n  Debian: ${debian || 'valid'}`);
}

/** The document against an XSD: '' when valid, else why not. xmllint must agree when installed. */
export function xsdErrors(xml: string | Buffer, xsdPath: string): string {
  const errors = libxmlXsdErrors(xml, xsdPath);
  if (onPath('xmllint')) {
    const path = tempFile(xml);
    const theirs = xmllintFailures([path], xsdPath).get(path) ?? '';
    if (!errors !== !theirs) disagree(`${path} against ${xsdPath}`, errors, theirs);
  }
  return errors;
}

/** Validates signed documents against SUNAT's UBL 2.1 XSD; returns the failures by name ('' when valid). */
export function xsdFailures(dir: string, docs: { name: string; root: string; signed: string }[]): Map<string, string> {
  const failures = new Map<string, string>();
  for (const root of new Set(docs.map((d) => d.root))) {
    const xsdPath = join(XSD_MAINDOC, `UBL-${root}-2.1.xsd`);
    const group = docs.filter((d) => d.root === root);
    const paths = group.map((d) => {
      const p = join(dir, `${d.name}.xml`);
      writeFileSync(p, d.signed);
      return p;
    });
    // xmllint once per schema for the whole group (one process, one schema compilation).
    const theirs = onPath('xmllint') ? xmllintFailures(paths, xsdPath) : undefined;
    group.forEach((d, i) => {
      const errors = libxmlXsdErrors(d.signed, xsdPath);
      if (theirs && !errors !== !theirs.has(paths[i])) disagree(paths[i], errors, theirs.get(paths[i]) ?? '');
      if (errors) failures.set(d.name, errors);
    });
  }
  return failures;
}

// ---------------------------------------------------------------------------------------------------------------
// Signatures

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const C14N_10 = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const C14N_11 = 'http://www.w3.org/2006/12/xml-c14n11';

/** The document's text as its XML declaration encodes it (SUNAT takes ISO-8859-1 documents too). */
function decode(xml: string | Buffer): string {
  if (typeof xml === 'string') return xml;
  const declared = /^<\?xml[^>]*encoding=["']([^"']+)["']/.exec(xml.subarray(0, 200).toString('latin1'))?.[1];
  return xml.toString(declared && /^(iso-8859-1|latin-?1)$/i.test(declared) ? 'latin1' : 'utf8');
}

function pemOf(base64: string): string {
  const body = base64.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n');
  return `-----BEGIN CERTIFICATE-----\n${body.trimEnd()}\n-----END CERTIFICATE-----\n`;
}

/** The certificate the document carries in ds:KeyInfo (PEM), or undefined. */
export function embeddedCertificate(xml: string | Buffer): string | undefined {
  const base64 = /<(?:\w+:)?X509Certificate>([^<]+)<\/(?:\w+:)?X509Certificate>/.exec(decode(xml))?.[1];
  return base64 ? pemOf(base64) : undefined;
}

function canonical(write: (handler: { write(buf: Uint8Array): number; close(): boolean }) => void): string {
  const chunks: Buffer[] = [];
  write({
    write: (buf) => {
      chunks.push(Buffer.from(buf));
      return buf.byteLength;
    },
    close: () => true,
  });
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Inclusive C14N (1.0 or 1.1) of SignedInfo by libxml2, the canonicaliser xmlsec1 runs, where it stands in the
 * document as received: xml-crypto renders the ancestors' namespaces on SignedInfo but not their xml:* attributes
 * (C14N 1.0 §2.4 asks for both). Anything else — a same-document reference (URI="", after the enveloped-signature
 * transform: the root element, which has no ancestors to inherit from) — goes to xml-crypto's own C14N 1.0, which
 * on such a root gives C14N 1.1's bytes too (the two differ only in what is inherited from omitted ancestors).
 */
type C14nInput = Parameters<CanonicalizationOrTransformationAlgorithm['process']>[0];

function libxmlInclusiveC14n(received: Buffer, algorithm: string, mode: 0 | 2) {
  return class {
    getAlgorithmName() {
      return algorithm;
    }
    process(node: C14nInput, options: CanonicalizationOrTransformationAlgorithmProcessOptions): string {
      if (node.nodeType !== 1 || (node as C14nInput & { localName: string }).localName !== 'SignedInfo') {
        if (node.nodeType === 1 && node.parentNode?.nodeType === 1)
          throw new Error('this judge canonicalises SignedInfo and whole-document references only');
        return new C14nCanonicalization().process(node, options);
      }
      const doc = XmlDocument.fromBuffer(received);
      try {
        const signedInfo = doc.get('//ds:Signature/ds:SignedInfo', { ds: DSIG });
        if (!signedInfo) throw new Error('no ds:SignedInfo');
        return canonical((handler) => canonicalizeSubtree(handler, doc, signedInfo, { mode }));
      } finally {
        doc.dispose();
      }
    }
  };
}

/**
 * xml-crypto's verdict, with xmlsec1's trust rule: the key is the one of the certificate in ds:KeyInfo, which must
 * be the trusted certificate or one it issued, and be valid today. '' when the signature holds, else why not.
 */
function xmlCryptoErrors(received: Buffer, trustedPem: string): string {
  const xml = decode(received);
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const signatures = doc.getElementsByTagNameNS(DSIG, 'Signature');
  if (signatures.length !== 1) return `${signatures.length} ds:Signature elements`;
  const carried = embeddedCertificate(xml);
  if (!carried) return 'no X509Certificate in ds:KeyInfo';
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(carried);
  } catch (error) {
    return `the certificate in ds:KeyInfo cannot be read: ${(error as Error).message}`;
  }
  const trusted = new X509Certificate(trustedPem);
  if (!cert.raw.equals(trusted.raw) && !(cert.checkIssued(trusted) && cert.verify(trusted.publicKey)))
    return 'the certificate in ds:KeyInfo is not the trusted one nor issued by it';
  const now = Date.now();
  if (now < Date.parse(cert.validFrom) || now > Date.parse(cert.validTo)) return 'the certificate is not valid today';
  const verifier = new SignedXml({ publicCert: carried, getCertFromKeyInfo: () => null });
  verifier.CanonicalizationAlgorithms[C14N_10] = libxmlInclusiveC14n(received, C14N_10, XmlC14NMode.XML_C14N_1_0);
  verifier.CanonicalizationAlgorithms[C14N_11] = libxmlInclusiveC14n(received, C14N_11, XmlC14NMode.XML_C14N_1_1);
  verifier.loadSignature(signatures[0]);
  try {
    if (!verifier.checkSignature(xml)) return 'the signature does not verify';
  } catch (error) {
    return (error as Error).message;
  }
  return '';
}

/**
 * Does the document's signature hold, with `trustedPem` trusted (default: the certificate the document carries)?
 * '' when it does, else why not. xmlsec1 --verify --trusted-pem must agree when installed.
 */
export function signatureErrors(xml: string | Buffer, trustedPem?: string): string {
  const trusted = trustedPem ?? embeddedCertificate(xml);
  if (!trusted) return 'no certificate to trust: none given, none in ds:KeyInfo';
  const errors = xmlCryptoErrors(typeof xml === 'string' ? Buffer.from(xml) : xml, trusted);
  if (onPath('xmlsec1')) {
    const path = tempFile(xml);
    const res = spawnSync('xmlsec1', ['--verify', '--trusted-pem', tempFile(trusted, 'pem'), path], {
      encoding: 'utf8',
    });
    const theirs = res.status === 0 ? '' : res.stderr || `xmlsec1 exit ${res.status}`;
    if (!errors !== !theirs) disagree(`the signature of ${path}`, errors, theirs);
  }
  return errors;
}

/** The signature holds with the test certificate trusted. */
export function xmlsecVerifies(path: string): { ok: boolean; output: string } {
  const output = signatureErrors(readFileSync(path), readFileSync(TEST_CERT, 'utf8'));
  return { ok: output === '', output };
}
