// Finds where the enveloped signature goes by scanning the XML text, so that the signed document is the
// caller's own text with the ds:Signature spliced in: nothing else is re-serialised (re-serialising would
// change bytes that are part of the digest, sunat.md §3 step 4).
import { DSIG_NS, EXT_NS } from './algorithms.ts';
import { SigningError } from './types.ts';

export interface SignatureHome {
  /** xml.slice(0, start) + before + <ds:Signature…> + after + xml.slice(end) is the signed document. */
  start: number;
  end: number;
  before: string;
  after: string;
  /** Start tags of root, UBLExtensions, UBLExtension and ExtensionContent as written: they alone decide the
   *  namespaces (and xml:* attributes) in scope for ds:SignedInfo. */
  ancestorStartTags: string[];
  ancestorNames: string[];
  /** Whether prefix `ds` is already bound to the XMLDSig namespace at the insertion point. */
  dsInScope: boolean;
}

interface OpenElement {
  qname: string;
  tag: string;
  ns: Map<string, string> | null;
  candidate: boolean;
  empty: boolean;
}

const WS = /\s/;

export function malformed(detail: string): SigningError {
  return new SigningError('xml_malformed', `El XML no está bien formado: ${detail}.`);
}

/** The first empty /*\/ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent (comments and whitespace count as empty). */
export function locateSignatureHome(xml: string): SignatureHome {
  const stack: OpenElement[] = [];
  let rootSeen = false;
  let i = 0;
  for (;;) {
    const lt = xml.indexOf('<', i);
    if (lt < 0) break;
    const top = stack.length ? stack[stack.length - 1] : null;
    if (top?.candidate && top.empty && lt > i && /\S/.test(xml.slice(i, lt))) top.empty = false;
    const next = xml.charCodeAt(lt + 1);
    if (next === 0x3f /* ? */) {
      const end = xml.indexOf('?>', lt + 2);
      if (end < 0) throw malformed('instrucción de procesamiento sin cerrar');
      i = end + 2;
      continue;
    }
    if (next === 0x21 /* ! */) {
      if (xml.startsWith('<!--', lt)) {
        const end = xml.indexOf('-->', lt + 4);
        if (end < 0) throw malformed('comentario sin cerrar');
        i = end + 3;
      } else if (xml.startsWith('<![CDATA[', lt)) {
        const end = xml.indexOf(']]>', lt + 9);
        if (end < 0) throw malformed('sección CDATA sin cerrar');
        if (top?.candidate && /\S/.test(xml.slice(lt + 9, end))) top.empty = false;
        i = end + 3;
      } else if (xml.startsWith('<!DOCTYPE', lt)) {
        // Entities declared in a DTD could make the signed text differ from what a verifier sees.
        throw new SigningError('xml_malformed', 'El XML no debe contener una declaración DOCTYPE.');
      } else {
        throw malformed(`marcado desconocido en la posición ${lt}`);
      }
      continue;
    }
    if (next === 0x2f /* / */) {
      const end = xml.indexOf('>', lt);
      if (end < 0) throw malformed('etiqueta de cierre sin terminar');
      const name = xml.slice(lt + 2, end).trimEnd();
      const open = stack.pop();
      if (!open || open.qname !== name) throw malformed(`cierre </${name}> inesperado`);
      if (open.candidate && open.empty) {
        return home(lt, lt, '', '', [...stack, open]);
      }
      if (stack.length === 0) break; // the root is closed: nothing after it can hold the signature
      i = end + 1;
      continue;
    }
    // A start tag.
    const tag = readStartTag(xml, lt);
    if (stack.length === 0) {
      if (rootSeen) throw malformed('hay más de un elemento raíz');
      rootSeen = true;
    }
    if (top?.candidate) top.empty = false;
    const candidate = stack.length === 3 && isExtensionContentPath(stack, tag.qname, tag.ns);
    const open: OpenElement = { qname: tag.qname, tag: xml.slice(lt, tag.end + 1), ns: tag.ns, candidate, empty: true };
    if (tag.selfClosing) {
      if (candidate) {
        // <ext:ExtensionContent/> becomes a start/end pair around the signature (same canonical form).
        const startTag = open.tag.replace(/\s*\/>$/, '>');
        open.tag = startTag;
        return home(lt, tag.end + 1, startTag, `</${tag.qname}>`, [...stack, open]);
      }
      if (stack.length === 0) break;
    } else {
      stack.push(open);
    }
    i = tag.end + 1;
  }
  if (!rootSeen) throw malformed('no tiene elemento raíz');
  throw new SigningError(
    'signature_home_missing',
    'El XML no tiene un ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent vacío donde colocar la firma.',
  );
}

function home(start: number, end: number, before: string, after: string, chain: OpenElement[]): SignatureHome {
  return {
    start,
    end,
    before,
    after,
    ancestorStartTags: chain.map((e) => e.tag),
    ancestorNames: chain.map((e) => e.qname),
    dsInScope: resolvePrefix(chain, 'ds') === DSIG_NS,
  };
}

function isExtensionContentPath(stack: OpenElement[], qname: string, ns: Map<string, string> | null): boolean {
  const chain = [...stack, { qname, ns } as OpenElement];
  const expect = ['UBLExtensions', 'UBLExtension', 'ExtensionContent'];
  for (let k = 0; k < 3; k++) {
    const element = chain[k + 1];
    const [prefix, local] = splitQName(element.qname);
    if (local !== expect[k]) return false;
    if (resolvePrefix(chain.slice(0, k + 2), prefix) !== EXT_NS) return false;
  }
  return true;
}

function resolvePrefix(chain: OpenElement[], prefix: string): string | undefined {
  for (let k = chain.length - 1; k >= 0; k--) {
    const uri = chain[k].ns?.get(prefix);
    if (uri !== undefined) return uri;
  }
  return undefined;
}

function splitQName(qname: string): [string, string] {
  const colon = qname.indexOf(':');
  return colon < 0 ? ['', qname] : [qname.slice(0, colon), qname.slice(colon + 1)];
}

interface StartTag {
  qname: string;
  end: number;
  selfClosing: boolean;
  ns: Map<string, string> | null;
  attributes: [string, string][];
}

/** Reads `<name attr="v" …>` starting at `lt`; `end` is the index of its '>'. Attribute values stay raw (escaped). */
export function readStartTag(xml: string, lt: number): StartTag {
  let p = lt + 1;
  while (p < xml.length && !WS.test(xml[p]) && xml[p] !== '>' && xml[p] !== '/') p++;
  const qname = xml.slice(lt + 1, p);
  if (!qname) throw malformed(`etiqueta sin nombre en la posición ${lt}`);
  const attributes: [string, string][] = [];
  let ns: Map<string, string> | null = null;
  for (;;) {
    while (p < xml.length && WS.test(xml[p])) p++;
    if (p >= xml.length) throw malformed(`etiqueta <${qname}> sin cerrar`);
    if (xml[p] === '>') return { qname, end: p, selfClosing: false, ns, attributes };
    if (xml[p] === '/' && xml[p + 1] === '>') return { qname, end: p + 1, selfClosing: true, ns, attributes };
    const nameStart = p;
    while (p < xml.length && xml[p] !== '=' && !WS.test(xml[p]) && xml[p] !== '>') p++;
    const name = xml.slice(nameStart, p);
    while (p < xml.length && WS.test(xml[p])) p++;
    if (xml[p] !== '=') throw malformed(`atributo ${name} sin valor en <${qname}>`);
    p++;
    while (p < xml.length && WS.test(xml[p])) p++;
    const quote = xml[p];
    if (quote !== '"' && quote !== "'") throw malformed(`valor sin comillas en <${qname}>`);
    const close = xml.indexOf(quote, p + 1);
    if (close < 0) throw malformed(`valor sin cerrar en <${qname}>`);
    const raw = xml.slice(p + 1, close);
    attributes.push([name, raw]);
    if (name === 'xmlns' || name.startsWith('xmlns:')) {
      (ns ??= new Map()).set(name === 'xmlns' ? '' : name.slice(6), unescapeAttribute(raw));
    }
    p = close + 1;
  }
}

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function unescapeAttribute(raw: string): string {
  if (raw.indexOf('&') < 0) return raw;
  return raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return String.fromCodePoint(code);
    }
    return namedEntities[ref] ?? whole;
  });
}
