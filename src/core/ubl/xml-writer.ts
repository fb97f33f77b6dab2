// A tiny XML writer that produces the "C14N-ready" form directly, so the signer can digest the
// text as it is: attributes sorted by name, double quotes, C14N escaping, no self-closing tags, no CDATA, no
// comments. Indentation (newline + two spaces per level) is plain whitespace and is part of what gets signed.

/** Characters XML 1.0 cannot carry at all (C0 controls except TAB/LF/CR, U+FFFE/U+FFFF, lone surrogates). */
const INVALID_XML_CHARS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters XML 1.0 forbids
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const TEXT_SPECIALS = /[&<>\r]/;
const ATTR_SPECIALS = /[&<"\t\n\r]/;

function stripInvalid(s: string): string {
  INVALID_XML_CHARS.lastIndex = 0;
  return INVALID_XML_CHARS.test(s) ? s.replace(INVALID_XML_CHARS, '') : s;
}

/**
 * Whether `value` is already what escapeText (`attribute` false) or escapeAttribute writes: no control character,
 * no code unit from U+D800 up (surrogates, U+FFFE, U+FFFF), none of `&`, `<` and `>` or `"`. Most of a document's
 * ~150 values are short ASCII ("201.15", "NIU"); one pass over them replaces two regular expression calls each.
 */
function alreadyEscaped(value: string, attribute: boolean): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c >= 0xd800 || c === 0x26 /* & */ || c === 0x3c /* < */) return false;
    if (attribute ? c === 0x22 /* " */ : c === 0x3e /* > */) return false;
  }
  return true;
}

/** Text content as C14N writes it: & → &amp;, < → &lt;, > → &gt;, CR → &#xD;. */
export function escapeText(value: string): string {
  if (alreadyEscaped(value, false)) return value;
  const s = stripInvalid(value);
  if (!TEXT_SPECIALS.test(s)) return s;
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');
}

/** Attribute value as C14N writes it: &, <, ", TAB, LF, CR escaped. */
export function escapeAttribute(value: string): string {
  if (alreadyEscaped(value, true)) return value;
  const s = stripInvalid(value);
  if (!ATTR_SPECIALS.test(s)) return s;
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#x9;')
    .replace(/\n/g, '&#xA;')
    .replace(/\r/g, '&#xD;');
}

/**
 * Renders unqualified attributes in C14N order (by name, UTF-16 code units — what C14N's lexicographic order
 * on an empty namespace URI amounts to). Returns the string to put after the element name (" a=\"1\" b=\"2\"").
 */
export function attrs(map: Record<string, string | undefined>): string {
  const keys = Object.keys(map).filter((k) => map[k] !== undefined);
  keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  let out = '';
  for (const k of keys) out += ` ${k}="${escapeAttribute(map[k]!)}"`;
  return out;
}

export class XmlWriter {
  private out: string;
  private readonly stack: string[] = [];
  private indent = '\n';

  constructor(prolog = '') {
    this.out = prolog;
  }

  /** Opens an aggregate element on its own line. `attributes` comes from attrs() (already sorted/escaped). */
  open(name: string, attributes = ''): this {
    this.out += `${this.indent}<${name}${attributes}>`;
    this.stack.push(name);
    this.indent += '  ';
    return this;
  }

  close(): this {
    const name = this.stack.pop();
    if (name === undefined) throw new Error('XmlWriter: close() without open()');
    this.indent = this.indent.slice(0, -2);
    this.out += `${this.indent}</${name}>`;
    return this;
  }

  /** A leaf element with escaped text. */
  leaf(name: string, text: string, attributes = ''): this {
    this.out += `${this.indent}<${name}${attributes}>${escapeText(text)}</${name}>`;
    return this;
  }

  /** A leaf element only when the text is present. */
  optionalLeaf(name: string, text: string | undefined, attributes = ''): this {
    if (text !== undefined && text !== '') this.leaf(name, text, attributes);
    return this;
  }

  /** Raw, already canonical markup on its own line (used for the signature's home). */
  raw(markup: string): this {
    this.out += `${this.indent}${markup}`;
    return this;
  }

  /** The root element: `<Root xmlns…>` with no indentation before it. */
  openRoot(name: string, namespaceDeclarations: string): this {
    this.out += `<${name}${namespaceDeclarations}>`;
    this.stack.push(name);
    this.indent = '\n  ';
    return this;
  }

  toString(): string {
    if (this.stack.length > 1) throw new Error(`XmlWriter: unclosed elements ${this.stack.join(' > ')}`);
    if (this.stack.length === 1) {
      const root = this.stack.pop()!;
      return `${this.out}\n</${root}>\n`;
    }
    return this.out;
  }
}
