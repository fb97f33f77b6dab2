// A small namespace-aware XML reader for what is read on the hot path: SOAP envelopes (client
// and simulator), CDRs (cdr.ts) and the documents the simulator judges. It builds a plain tree (local names + namespace URIs) in
// one pass over the text, several times faster than a DOM. It refuses DOCTYPE (no entity tricks) and reports any
// well-formedness error it meets as XmlSyntaxError.

export interface XmlElement {
  /** Qualified name as written ("cbc:ID"). */
  name: string;
  local: string;
  /** Namespace URI ('' when none). */
  ns: string;
  /** Attributes by their name as written (namespace declarations excluded). */
  attrs: Record<string, string>;
  children: XmlElement[];
  /** Character data directly inside this element (text and CDATA, entities decoded). */
  text: string;
  parent: XmlElement | undefined;
}

export class XmlSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} (posición ${offset})`);
    this.name = 'XmlSyntaxError';
  }
}

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const NAME =
  /^[A-Za-z_\u00C0-\uFFFF][\w.\-\u00B7\u00C0-\uFFFF]*(?::[A-Za-z_\u00C0-\uFFFF][\w.\-\u00B7\u00C0-\uFFFF]*)?$/;
const ATTR = /\s*([^\s=/>]+)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;

interface Scope {
  prefixes: Map<string, string> | undefined;
  parent: Scope | undefined;
}

function lookup(scope: Scope | undefined, prefix: string): string | undefined {
  for (let s = scope; s; s = s.parent) {
    const uri = s.prefixes?.get(prefix);
    if (uri !== undefined) return uri;
  }
  if (prefix === 'xml') return XML_NS;
  return prefix === '' ? '' : undefined;
}

export function decodeEntities(raw: string, offset = 0): string {
  if (raw.indexOf('&') < 0) return raw;
  let out = '';
  let from = 0;
  for (let amp = raw.indexOf('&'); amp >= 0; amp = raw.indexOf('&', from)) {
    const semi = raw.indexOf(';', amp + 1);
    if (semi < 0 || semi - amp > 11) throw new XmlSyntaxError('"&" sin escapar', offset + amp);
    const entity = raw.slice(amp + 1, semi);
    let replacement: string;
    switch (entity) {
      case 'lt':
        replacement = '<';
        break;
      case 'gt':
        replacement = '>';
        break;
      case 'amp':
        replacement = '&';
        break;
      case 'quot':
        replacement = '"';
        break;
      case 'apos':
        replacement = "'";
        break;
      default: {
        const code =
          entity[0] !== '#' ? NaN : entity[1] === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
        if (!(code > 0 && code <= 0x10ffff)) throw new XmlSyntaxError(`Entidad desconocida &${entity};`, offset + amp);
        replacement = String.fromCodePoint(code);
      }
    }
    out += raw.slice(from, amp) + replacement;
    from = semi + 1;
  }
  return out + raw.slice(from);
}

/** XML's whitespace (S): space, tab, CR, LF. */
export function isXmlSpace(ch: number): boolean {
  return ch === 0x20 || ch === 0x0a || ch === 0x09 || ch === 0x0d;
}

/** ASCII characters by what they may be in NAME: 1 start a name (or its part after the colon), 2 only continue it. */
const NAME_CHAR = new Uint8Array(128);
for (let ch = 0; ch < 128; ch++) {
  const c = String.fromCharCode(ch);
  NAME_CHAR[ch] = /[A-Za-z_]/.test(c) ? 1 : /[0-9.-]/.test(c) ? 2 : 0;
}

/**
 * Where a start tag that is an ASCII name alone ends: the index of its ">" ("<a>", "<p:a>", "<a/>"), every name
 * NAME would take. -1 for any other tag (attributes, whitespace, other characters, no end): the general scan reads it.
 */
function plainTagEnd(xml: string, from: number): number {
  let colon = false;
  let start = true;
  for (let k = from; k < xml.length; k++) {
    const ch = xml.charCodeAt(k);
    if (ch === 0x3e /* > */ || (ch === 0x2f /* / */ && xml.charCodeAt(k + 1) === 0x3e)) {
      if (start) return -1;
      return ch === 0x3e ? k : k + 1;
    }
    if (ch === 0x3a /* : */) {
      if (colon || start) return -1;
      colon = true;
      start = true;
      continue;
    }
    const kind = ch < 0x80 ? NAME_CHAR[ch] : 0;
    if (kind === 0 || (start && kind !== 1)) return -1;
    start = false;
  }
  return -1;
}

/**
 * Whether the closing tag's text from `from` to `end` (its ">") is `name`, maybe followed by whitespace. A slice
 * compared whole: in a profile of 100,000 CDR parses, startsWith and a loop over the characters each cost more than
 * the slice, trim and comparison they were to replace.
 */
function closes(xml: string, from: number, end: number, name: string): boolean {
  const after = from + name.length;
  if (after > end || xml.slice(from, after) !== name) return false;
  for (let k = after; k < end; k++) if (!isXmlSpace(xml.charCodeAt(k))) return false;
  return true;
}

export function parseXml(xml: string): XmlElement {
  let i = 0;
  const n = xml.length;
  if (xml.charCodeAt(0) === 0xfeff) i = 1;
  let root: XmlElement | undefined;
  let current: XmlElement | undefined;
  let scope: Scope | undefined;
  const scopes: (Scope | undefined)[] = [];

  while (i < n) {
    const lt = xml.indexOf('<', i);
    if (lt < 0) {
      const rest = xml.slice(i);
      if (current) throw new XmlSyntaxError(`Falta cerrar <${current.name}>`, n);
      if (/\S/.test(rest)) throw new XmlSyntaxError('Contenido fuera del elemento raíz', i);
      break;
    }
    if (lt > i) {
      const chunk = xml.slice(i, lt);
      if (current) current.text += decodeEntities(chunk, i);
      else if (/\S/.test(chunk)) throw new XmlSyntaxError('Contenido fuera del elemento raíz', i);
    }
    const c = xml.charCodeAt(lt + 1);
    if (c === 0x3f /* ? */) {
      const end = xml.indexOf('?>', lt + 2);
      if (end < 0) throw new XmlSyntaxError('Instrucción de procesamiento sin cerrar', lt);
      i = end + 2;
      continue;
    }
    if (c === 0x21 /* ! */) {
      if (xml.startsWith('<!--', lt)) {
        const end = xml.indexOf('-->', lt + 4);
        if (end < 0) throw new XmlSyntaxError('Comentario sin cerrar', lt);
        i = end + 3;
        continue;
      }
      if (xml.startsWith('<![CDATA[', lt)) {
        const end = xml.indexOf(']]>', lt + 9);
        if (end < 0) throw new XmlSyntaxError('Sección CDATA sin cerrar', lt);
        if (!current) throw new XmlSyntaxError('CDATA fuera del elemento raíz', lt);
        current.text += xml.slice(lt + 9, end);
        i = end + 3;
        continue;
      }
      throw new XmlSyntaxError('Declaración no permitida (DOCTYPE u otra)', lt);
    }
    if (c === 0x2f /* / */) {
      const end = xml.indexOf('>', lt + 2);
      if (end < 0) throw new XmlSyntaxError('Etiqueta de cierre sin terminar', lt);
      // ETag ::= '</' Name S? '>': the open element's name right after "</", then only XML's whitespace.
      if (!current || !closes(xml, lt + 2, end, current.name)) {
        const name = xml.slice(lt + 2, end);
        throw new XmlSyntaxError(
          `Etiqueta de cierre </${name}> no corresponde${current ? ` a <${current.name}>` : ''}`,
          lt,
        );
      }
      current = current.parent;
      scope = scopes.pop();
      i = end + 1;
      continue;
    }

    // Start tag. Most carry no attribute ("<cbc:ID>"): an ASCII name read up to ">" or "/>" is the whole tag, with
    // no quote to skip and no regex to run. Any other tag takes the general scan.
    const plain = plainTagEnd(xml, lt + 1);
    let j = plain;
    if (j < 0) {
      // Find its end outside attribute values.
      j = lt + 1;
      let quote = 0;
      for (; j < n; j++) {
        const ch = xml.charCodeAt(j);
        if (quote) {
          if (ch === quote) quote = 0;
        } else if (ch === 0x22 || ch === 0x27) quote = ch;
        else if (ch === 0x3e /* > */) break;
        else if (ch === 0x3c /* < */) throw new XmlSyntaxError('"<" dentro de una etiqueta', j);
      }
      if (j >= n) throw new XmlSyntaxError('Etiqueta sin cerrar', lt);
    }
    const selfClosing = xml.charCodeAt(j - 1) === 0x2f;
    const body = xml.slice(lt + 1, selfClosing ? j - 1 : j);
    const nameEnd = plain >= 0 ? -1 : body.search(/[\s]/);
    const name = nameEnd < 0 ? body : body.slice(0, nameEnd);
    if (plain < 0 && !NAME.test(name)) throw new XmlSyntaxError(`Nombre de elemento inválido "${name}"`, lt);
    if (root && !current) throw new XmlSyntaxError('Más de un elemento raíz', lt);

    const attrs: Record<string, string> = {};
    let declared: Map<string, string> | undefined;
    if (nameEnd >= 0) {
      ATTR.lastIndex = nameEnd;
      while (ATTR.lastIndex < body.length) {
        const start = ATTR.lastIndex;
        const m = ATTR.exec(body);
        if (!m) {
          if (/^\s*$/.test(body.slice(start))) break;
          throw new XmlSyntaxError(`Atributo mal formado en <${name}>`, lt + 1 + start);
        }
        const attrName = m[1];
        const value = decodeEntities(m[2] ?? m[3] ?? '', lt);
        if (attrName === 'xmlns' || attrName.startsWith('xmlns:')) {
          declared ??= new Map();
          declared.set(attrName === 'xmlns' ? '' : attrName.slice(6), value);
        } else {
          if (Object.hasOwn(attrs, attrName)) throw new XmlSyntaxError(`Atributo repetido ${attrName}`, lt);
          attrs[attrName] = value;
        }
      }
    }
    const elementScope: Scope | undefined = declared ? { prefixes: declared, parent: scope } : scope;
    const colon = name.indexOf(':');
    const prefix = colon < 0 ? '' : name.slice(0, colon);
    const ns = lookup(elementScope, prefix);
    if (ns === undefined) throw new XmlSyntaxError(`Prefijo no declarado "${prefix}"`, lt);
    const element: XmlElement = {
      name,
      local: colon < 0 ? name : name.slice(colon + 1),
      ns,
      attrs,
      children: [],
      text: '',
      parent: current,
    };
    if (current) current.children.push(element);
    else root = element;
    if (!selfClosing) {
      scopes.push(scope);
      scope = elementScope;
      current = element;
    }
    i = j + 1;
  }
  if (!root) throw new XmlSyntaxError('El documento no tiene elemento raíz', 0);
  if (current) throw new XmlSyntaxError(`Falta cerrar <${current.name}>`, n);
  return root;
}

// ---------------------------------------------------------------------------------------------------------------
// Navigation by local name (prefixes never matter; SOAP answers use soap-env:, S:, ns0:, br: …).

export function childByLocal(el: XmlElement | undefined, local: string): XmlElement | undefined {
  if (!el) return undefined;
  for (const c of el.children) if (c.local === local) return c;
  return undefined;
}

/** Follows a "A/B/C" path of local names from `el`, taking the first match at each step. */
export function pathByLocal(el: XmlElement | undefined, path: string): XmlElement | undefined {
  let node = el;
  for (const step of path.split('/')) {
    node = childByLocal(node, step);
    if (!node) return undefined;
  }
  return node;
}

/** The first descendant (depth-first, document order) with this local name. */
export function findByLocal(el: XmlElement | undefined, local: string): XmlElement | undefined {
  if (!el) return undefined;
  for (const c of el.children) {
    if (c.local === local) return c;
    const deep = findByLocal(c, local);
    if (deep) return deep;
  }
  return undefined;
}

/** Text content of an element and its descendants, in document order. */
export function deepText(el: XmlElement | undefined): string {
  if (!el) return '';
  if (el.children.length === 0) return el.text;
  // Mixed content keeps only the element's own text plus descendants' text; order between them is not tracked,
  // which is enough for the leaf-valued fields the SUNAT connection reads.
  return el.text + el.children.map(deepText).join('');
}
