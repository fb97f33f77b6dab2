// Fast path for "C14N-ready" XML (see src/core/ubl/xml-writer.ts): the document text after the XML declaration already IS its
// inclusive canonical form, so it is digested as is; ds:SignedInfo's canonical form is written as a string.
// No DOM and no canonicaliser: the cost is one hash over the text plus one RSA signature.
import { createHash, sign, type KeyObject } from 'node:crypto';
import { DSIG_NS, EXT_NS, type SigningSuite } from './algorithms.ts';
import { prepareKey } from './keys.ts';
import { readStartTag, unescapeAttribute } from './locate.ts';
import { signatureElement, signedInfoContent } from './template.ts';
import { SigningError, type SignedXml, type SigningKey } from './types.ts';

// References a canonical text may contain (C14N escapes &, <, > and CR in text; &, <, ", TAB, LF, CR in attributes).
const CANONICAL_REFERENCES = new Set(['amp', 'lt', 'gt', 'quot', '#xD', '#x9', '#xA']);

function refuse(detail: string): never {
  throw new SigningError(
    'not_c14n_ready',
    `El XML no está en la forma "C14N-ready" que exige la firma rápida: ${detail}. Use la firma general.`,
  );
}

interface RootInfo {
  rootStart: number;
  rootEnd: number;
  tagEnd: number;
  /** Namespace declarations of the root, [prefix ('' = default), raw value], in C14N order. */
  namespaces: [string, string][];
}

/**
 * A cheap guard, not a validator: it refuses what is obviously not canonical (declaration not alone on the first
 * line, CDATA/comments/DOCTYPE/PIs, raw CR, self-closing tags, single-quoted attributes, references C14N never
 * writes, a root start tag not in canonical form, namespace declarations below the root, anything after the
 * root). Attribute order and text escaping inside the body are the builder's promise (tests cross-check them
 * against the general path and xmlsec1).
 */
export function inspectC14nReady(xml: string): RootInfo {
  let rootStart = 0;
  if (xml.startsWith('<?xml')) {
    const declEnd = xml.indexOf('?>');
    if (declEnd < 0 || xml.charCodeAt(declEnd + 2) !== 0x0a)
      refuse('la declaración XML debe ir sola en la primera línea');
    rootStart = declEnd + 3;
  }
  if (xml.charCodeAt(rootStart) !== 0x3c /* < */)
    refuse('el elemento raíz debe empezar justo después de la declaración');
  if (xml.indexOf('<!', rootStart) >= 0) refuse('contiene CDATA, comentarios o DOCTYPE');
  if (xml.indexOf('<?', rootStart) >= 0) refuse('contiene instrucciones de procesamiento');
  if (xml.indexOf('\r') >= 0) refuse('contiene retornos de carro sin escapar');
  if (xml.indexOf('/>', rootStart) >= 0) refuse('contiene etiquetas autocerradas');
  // `='` and `xmlns` may also be text (a customer called "x='1'"): the precise scan runs only when they occur.
  if (xml.indexOf("='", rootStart) >= 0) inspectAttributes(xml, rootStart, false);
  for (let k = xml.indexOf('&', rootStart); k >= 0; k = xml.indexOf('&', k + 1)) {
    const semi = xml.indexOf(';', k);
    if (semi < 0 || !CANONICAL_REFERENCES.has(xml.slice(k + 1, semi)))
      refuse(`contiene la referencia ${xml.slice(k, Math.max(semi + 1, k + 8))} que C14N no escribe`);
  }

  const tag = readStartTag(xml, rootStart);
  const namespaces: [string, string][] = [];
  for (const [name, value] of tag.attributes) {
    if (name !== 'xmlns' && !name.startsWith('xmlns:')) refuse(`el elemento raíz tiene el atributo ${name}`);
    namespaces.push([name === 'xmlns' ? '' : name.slice(6), value]);
  }
  for (let k = 1; k < namespaces.length; k++) {
    if (!(namespaces[k - 1][0] < namespaces[k][0]))
      refuse('las declaraciones de espacios de nombres de la raíz no están en orden C14N');
  }
  if (namespaces.length && namespaces[0][0] === '' && namespaces[0][1] === '') refuse('la raíz declara xmlns=""');
  const canonicalTag = `<${tag.qname}${namespaces.map(([p, v]) => (p ? ` xmlns:${p}="${v}"` : ` xmlns="${v}"`)).join('')}>`;
  if (xml.slice(rootStart, tag.end + 1) !== canonicalTag)
    refuse('la etiqueta del elemento raíz no está en forma canónica');
  if (xml.indexOf('xmlns', tag.end) >= 0) inspectAttributes(xml, tag.end, true);

  let rootEnd = xml.length;
  if (xml.charCodeAt(rootEnd - 1) === 0x0a) rootEnd--;
  if (!xml.startsWith(`</${tag.qname}>`, rootEnd - tag.qname.length - 3))
    refuse('hay contenido después del elemento raíz');
  return { rootStart, rootEnd, tagEnd: tag.end, namespaces };
}

/**
 * The attributes of every start tag from `from` on (text is skipped: C14N escapes `<` in text and attribute values, so
 * every raw `<` opens a tag): each value double-quoted, and — with `noNamespaces` — no namespace declaration.
 */
function inspectAttributes(xml: string, from: number, noNamespaces: boolean): void {
  for (let lt = xml.indexOf('<', from); lt >= 0; lt = xml.indexOf('<', lt + 1)) {
    if (xml.charCodeAt(lt + 1) === 0x2f /* / */) continue;
    let p = lt + 1;
    while (p < xml.length && xml[p] !== ' ' && xml[p] !== '>') p++;
    while (xml[p] === ' ') {
      const eq = xml.indexOf('=', p);
      if (eq < 0) return; // malformed: the signature's own parsing reports it
      const name = xml.slice(p + 1, eq);
      if (noNamespaces && (name === 'xmlns' || name.startsWith('xmlns:')))
        refuse('declara espacios de nombres fuera del elemento raíz');
      if (xml[eq + 1] !== '"') refuse('contiene atributos entre comillas simples');
      const close = xml.indexOf('"', eq + 2);
      if (close < 0) return;
      p = close + 1;
    }
    lt = p;
  }
}

/**
 * Everything of the fast path but the RSA operation: the canonical ds:SignedInfo to sign (`data`, with the suite's
 * hash and the key) and `finish`, which puts a SignatureValue into the document (with the key's certificate, or
 * `certificateBase64`'s text). signFast does the RSA operation on this thread; signFastOffThread hands it to libuv's
 * thread pool.
 */
export function prepareFast(
  xml: string,
  key: SigningKey,
  suite: SigningSuite,
  signatureId: string,
): {
  data: Buffer;
  hash: string;
  privateKey: KeyObject;
  finish: (signatureValue: string, certificateBase64?: string) => SignedXml;
} {
  const root = inspectC14nReady(xml);

  const extPrefix = root.namespaces.find(([p, v]) => p !== '' && unescapeAttribute(v) === EXT_NS)?.[0];
  if (extPrefix === undefined) {
    throw new SigningError(
      'signature_home_missing',
      'El elemento raíz no declara el espacio de nombres ext (CommonExtensionComponents-2).',
    );
  }
  const openTag = `<${extPrefix}:ExtensionContent>`;
  const at = xml.indexOf(`${openTag}</${extPrefix}:ExtensionContent>`, root.tagEnd);
  if (at < 0) {
    if (xml.indexOf(`<${extPrefix}:ExtensionContent/>`) >= 0) refuse('ext:ExtensionContent está autocerrado');
    throw new SigningError(
      'signature_home_missing',
      'El XML no tiene un ext:ExtensionContent vacío donde colocar la firma.',
    );
  }
  // xml:* attributes on the ancestors would be inherited by ds:SignedInfo in C14N; we write none, so refuse them.
  if (xml.slice(root.tagEnd, at).indexOf(' xml:') >= 0) refuse('un ancestro de la firma tiene atributos xml:*');

  const prepared = prepareKey(key);
  const digestValue = createHash(suite.hash).update(xml.slice(root.rootStart, root.rootEnd)).digest('base64');
  const content = signedInfoContent(suite, digestValue);

  // Inclusive C14N of a document subset renders, on its apex (ds:SignedInfo), every namespace in scope there:
  // the root's declarations plus ds when the root does not bind it (it is then declared on ds:Signature),
  // default namespace first, then by prefix.
  const dsOnRoot = root.namespaces.some(([p, v]) => p === 'ds' && unescapeAttribute(v) === DSIG_NS);
  const inScope = dsOnRoot
    ? root.namespaces
    : [...root.namespaces.filter(([p]) => p !== 'ds'), ['ds', DSIG_NS] as [string, string]];
  if (!dsOnRoot) inScope.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const declarations = inScope.map(([p, v]) => (p ? ` xmlns:${p}="${v}"` : ` xmlns="${v}"`)).join('');
  const canonicalSignedInfo = `<ds:SignedInfo${declarations}>${content}</ds:SignedInfo>`;
  const finish = (signatureValue: string, certificateBase64 = prepared.certificateBase64): SignedXml => {
    const signature = signatureElement({
      id: signatureId,
      declareDs: !dsOnRoot,
      signedInfoContent: content,
      signatureValue,
      certificateBase64,
    });
    const insertAt = at + openTag.length;
    return { xml: xml.slice(0, insertAt) + signature + xml.slice(insertAt), digestValue, signatureValue };
  };
  return { data: Buffer.from(canonicalSignedInfo, 'utf8'), hash: suite.hash, privateKey: prepared.privateKey, finish };
}

export function signFast(xml: string, key: SigningKey, suite: SigningSuite, signatureId: string): SignedXml {
  const p = prepareFast(xml, key, suite, signatureId);
  return p.finish(sign(p.hash, p.data, p.privateKey).toString('base64'));
}

/** signFast with the RSA operation on libuv's thread pool: the event loop goes on while it runs. */
export async function signFastOffThread(
  xml: string,
  key: SigningKey,
  suite: SigningSuite,
  signatureId: string,
): Promise<SignedXml> {
  const p = prepareFast(xml, key, suite, signatureId);
  const signature = await new Promise<Buffer>((resolve, reject) =>
    sign(p.hash, p.data, p.privateKey, (error, value) => (error ? reject(error) : resolve(value))),
  );
  return p.finish(signature.toString('base64'));
}
