// The signed XML again from the stored computed document. RSA PKCS#1 v1.5 signatures are deterministic, so the
// result is the very file that was hashed; the stored hash proves it. That is why the issue writes the XML file
// without fsync (src/pipeline/issue.ts): a file a crash of the machine lost or cut short (missing, empty,
// zero-filled, truncated) is told apart when read (isWholeXml) and made again here.
import { signCanonicalXml } from '../core/signing/canonical.ts';
import { isXmlSpace } from '../core/xml-reader.ts';
import { AppError } from '../platform/errors.ts';
import type { PipelineDeps, TenantRef } from './deps.ts';
import { signedIssuerOf } from './deps.ts';
import { xmlKey } from './files.ts';
import { signingKeyOf } from './keys.ts';
import { kindOfType } from './kinds.ts';

/** Why a lost signed XML cannot be made again. */
const UNAVAILABLE_BECAUSE = {
  edited: 'los datos de la empresa cambiaron desde que se firmó',
  uncomputed: 'no se guardó la forma calculada de la que se hace',
} as const;

/**
 * The signed XML cannot be had: its file is lost and what it is made from no longer gives the signed document — a
 * document stored before migration 0016 (no issuer recorded) after the company changed its name or address. Never
 * a different document under the stored hash: 410, and the document's other files still serve.
 */
export function xmlUnavailable(filename: string, because: keyof typeof UNAVAILABLE_BECAUSE): AppError {
  return new AppError(
    410,
    'xml_unavailable',
    `El XML firmado de ${filename} no está disponible: su archivo se perdió y no puede rehacerse, porque ${UNAVAILABLE_BECAUSE[because]}. El CDR sigue disponible.`,
  );
}

export function rebuildSignedXml(deps: PipelineDeps, tenant: TenantRef, doc: StoredForXml): string {
  const kind = kindOfType(doc.documentType);
  if (!kind || !doc.computed) throw xmlUnavailable(doc.filename, 'uncomputed');
  const xml = kind.buildXml(doc.computed, signedIssuerOf(tenant, doc));
  const signed = signCanonicalXml(xml, signingKeyOf(tenant.schema, tenant.company, deps.secrets));
  if (doc.hash && signed.digestValue !== doc.hash) {
    deps.log.error(
      { schema: tenant.schema, filename: doc.filename },
      'signed XML lost and not made again: hash differs',
    );
    throw xmlUnavailable(doc.filename, 'edited');
  }
  return signed.xml;
}

const FIRST_ELEMENT = /<(?![?!])([^\s/>]+)/;

/**
 * Whether a stored XML file is whole: no NUL byte (blocks a crash left unwritten read as zeros) and, after trailing
 * whitespace, the end tag of its first element (a cut-short file lacks it).
 */
export function isWholeXml(xml: Buffer): boolean {
  if (xml.length === 0 || xml.indexOf(0) !== -1) return false;
  const root = FIRST_ELEMENT.exec(xml.toString('latin1', 0, Math.min(xml.length, 1024)))?.[1];
  if (!root) return false;
  let end = xml.length;
  while (end > 0 && isXmlSpace(xml[end - 1])) end--;
  const closing = `</${root}>`;
  return end >= closing.length && xml.toString('latin1', end - closing.length, end) === closing;
}

export interface StoredForXml {
  documentType: string;
  filename: string;
  hash: string | null;
  computed: unknown;
  /** The issuer it was signed with (migration 0016); null for a document stored before. */
  issuer: unknown;
}

/** The document's signed XML: the stored file when whole, otherwise made again (and stored again). */
export async function readSignedXml(
  deps: PipelineDeps,
  tenant: TenantRef,
  doc: StoredForXml,
): Promise<{ xml: Buffer; rebuilt: boolean }> {
  const stored = await deps.storage.get(tenant.schema, xmlKey(doc.filename));
  if (stored && isWholeXml(stored)) return { xml: stored, rebuilt: false };
  const xml = Buffer.from(rebuildSignedXml(deps, tenant, doc), 'utf8');
  await writeSignedXml(deps, tenant, doc.filename, xml);
  return { xml, rebuilt: true };
}

/**
 * Writes a document's signed XML file, without fsync. A write that fails (a full or failing disk) is logged, not
 * thrown: the committed row makes the file again on its next read, and failing the request that stored the document
 * would have its client issue the sale a second time.
 */
export async function writeSignedXml(
  deps: Pick<PipelineDeps, 'storage' | 'log'>,
  tenant: Pick<TenantRef, 'schema'>,
  filename: string,
  xml: Buffer,
): Promise<void> {
  try {
    await deps.storage.put(tenant.schema, xmlKey(filename), xml, { durable: false });
  } catch (error) {
    deps.log.error({ err: error, schema: tenant.schema, filename }, 'signed XML not written: made again when read');
  }
}
