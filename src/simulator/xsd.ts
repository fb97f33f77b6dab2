// XSD validation with libxml2 (WebAssembly), the same library SUNAT's and xmllint's checks run on. Parsing the UBL
// schema set takes ~200 ms, so each schema is compiled once per process and kept; validating a document then costs
// a fraction of a millisecond. libxml2 may only read schema files from the XSD directories registered here (a
// narrow input provider instead of the whole file system: the documents being judged are untrusted).
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { XmlDocument, XsdValidator, xmlRegisterInputProvider } from 'libxml2-wasm';
import { BundledAssetError, readBundledAsset, SUNAT_ASSETS_DIR } from '../sunat/assets.ts';

/** The bundled XSD set (assets/sunat/xsd/{2.0,2.1}/{common,maindoc}; provenance in its SOURCE.md). */
export const DEFAULT_XSD_DIR = join(SUNAT_ASSETS_DIR, 'xsd');

const allowedRoots = new Set<string>();
let providerRegistered = false;

function toPath(filename: string): string | undefined {
  try {
    const url = new URL(filename);
    return url.protocol === 'file:' ? decodeURIComponent(url.pathname) : undefined;
  } catch {
    return filename;
  }
}

function allowed(filename: string): string | undefined {
  const path = toPath(filename);
  if (!path?.endsWith('.xsd')) return undefined;
  const absolute = resolve(path);
  for (const root of allowedRoots) if (absolute.startsWith(root + sep) && existsSync(absolute)) return absolute;
  return undefined;
}

function ensureProvider(dir: string): void {
  allowedRoots.add(resolve(dir));
  if (providerRegistered) return;
  providerRegistered = true;
  xmlRegisterInputProvider({
    match: (filename) => allowed(filename) !== undefined,
    open: (filename) => {
      const path = allowed(filename);
      if (!path) return undefined;
      try {
        return openSync(path, 'r');
      } catch {
        return undefined;
      }
    },
    read: (fd, buf) => {
      try {
        return readSync(fd as number, buf, 0, buf.byteLength, null);
      } catch {
        return -1;
      }
    },
    close: (fd) => {
      try {
        closeSync(fd as number);
        return true;
      } catch {
        return false;
      }
    },
  });
}

const validators = new Map<string, XsdValidator>();

/** The main schema for a root element and UBLVersionID: `{base}/{version}/maindoc/…` (UBL 2.1 documents, SUNAT's 2.0 ones). */
export function schemaPath(xsdDir: string, root: string, ublVersion: string | undefined): string | undefined {
  switch (root) {
    case 'Invoice':
    case 'CreditNote':
    case 'DebitNote':
      return ublVersion === '2.0'
        ? resolve(xsdDir, '2.0', 'maindoc', `UBLPE-${root}-1.0.xsd`)
        : resolve(xsdDir, '2.1', 'maindoc', `UBL-${root}-2.1.xsd`);
    case 'SelfBilledInvoice':
      return resolve(xsdDir, '2.1', 'maindoc', 'UBL-SelfBilledInvoice-2.1.xsd');
    case 'Perception':
    case 'Retention':
    case 'SummaryDocuments':
    case 'VoidedDocuments':
      return resolve(xsdDir, '2.0', 'maindoc', `UBLPE-${root}-1.0.xsd`);
    case 'DespatchAdvice':
      return resolve(xsdDir, '2.1', 'maindoc', 'UBL-DespatchAdvice-2.1.xsd');
    case 'ApplicationResponse':
      return ublVersion === '2.1'
        ? resolve(xsdDir, '2.1', 'maindoc', 'UBL-ApplicationResponse-2.1.xsd')
        : resolve(xsdDir, '2.0', 'maindoc', 'UBLPE-ApplicationResponse-1.0.xsd');
    default:
      return undefined;
  }
}

function validatorFor(path: string): XsdValidator {
  let validator = validators.get(path);
  if (!validator) {
    ensureProvider(dirname(dirname(dirname(path))));
    validator = compile(path);
    validators.set(path, validator);
  }
  return validator;
}

/** A schema that cannot be read or compiled (a missing imported file included) names the main schema's path. */
function compile(path: string): XsdValidator {
  const bytes = readBundledAsset(path, 'el esquema XSD');
  let schemaDoc: XmlDocument | undefined;
  try {
    schemaDoc = XmlDocument.fromBuffer(bytes, { url: path });
    return XsdValidator.fromDoc(schemaDoc);
  } catch (error) {
    throw new BundledAssetError(path, 'el esquema XSD', `inválido o incompleto (${firstLine(error)})`);
  } finally {
    schemaDoc?.dispose();
  }
}

export type XsdResult = { valid: true } | { valid: false; message: string; line?: number };

/** Validates the document's bytes (libxml2 honours the XML declaration's encoding). */
export function validateXsd(xml: Uint8Array, schema: string): XsdResult {
  const validator = validatorFor(schema);
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromBuffer(xml);
  } catch (error) {
    return { valid: false, message: firstLine(error) };
  }
  try {
    validator.validate(doc);
    return { valid: true };
  } catch (error) {
    const details = (error as { details?: Array<{ message: string; line?: number }> }).details;
    const first = details?.[0];
    return { valid: false, message: first ? first.message.trim() : firstLine(error), line: first?.line };
  } finally {
    doc.dispose();
  }
}

/** Compiles the schemas the simulator uses, so the first request does not pay for them. */
export function preloadSchemas(xsdDir: string): void {
  for (const [root, version] of [
    ['Invoice', '2.1'],
    ['CreditNote', '2.1'],
    ['DebitNote', '2.1'],
    ['Perception', '2.0'],
    ['DespatchAdvice', '2.1'],
  ] as const) {
    const path = schemaPath(xsdDir, root, version);
    if (path) validatorFor(path);
  }
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).trim().split('\n')[0];
}
