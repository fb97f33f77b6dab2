// The one-pass XML reader (src/core/xml-reader.ts) that reads every CDR and SOAP answer, judged by a DOM parser we
// did not write (@xmldom/xmldom) over generated documents: namespaces declared and redeclared at any depth, default
// namespaces, attributes quoted either way with entities inside, text with entities and character references,
// CDATA, comments, processing instructions, and whitespace wherever XML allows it in tags. Element by element, the
// local name, namespace URI, attributes and direct text must be what the DOM says.
import { DOMParser, type Element as DomElement, type Node as DomNode } from '@xmldom/xmldom';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseXml, type XmlElement } from '../../src/core/xml-reader.ts';

const PREFIXES = ['a', 'cbc', 'ns0', 'soap-env'];
const URIS = ['urn:a', 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2', 'http://x/y?z=1&w=2'];
const LOCALS = ['ID', 'Note', 'ApplicationResponse', 'x', 'DocumentResponse', 'r_1', 'a.b-c', 'ñandú'];
const space = fc.constantFrom('', ' ', '  ', '\n', '\t', ' \r\n ');
const someSpace = fc.constantFrom(' ', '  ', '\n', '\t ', ' \r\n');

/** Text as it may appear escaped in XML, with what it reads as. */
const textPiece = fc.oneof(
  fc.constantFrom(
    ['abc', 'abc'],
    [' ', ' '],
    ['&amp;', '&'],
    ['&lt;', '<'],
    ['&gt;', '>'],
    ['&quot;', '"'],
    ['&apos;', "'"],
    ['&#241;', 'ñ'],
    ['&#x1F600;', '😀'],
    ['número', 'número'],
    ['4252 - El dato', '4252 - El dato'],
  ),
);
const text = fc.array(textPiece, { maxLength: 4 }).map((pieces) => pieces.map(([raw]) => raw).join(''));

interface Gen {
  xml: string;
}

/** An element: maybe a namespace declaration, a prefix in scope (or none), attributes, then mixed content. */
function element(depth: number, inScope: string[]): fc.Arbitrary<Gen> {
  return fc
    .record({
      declare: fc.option(fc.tuple(fc.constantFrom('', ...PREFIXES), fc.constantFrom(...URIS)), { nil: undefined }),
      prefixPick: fc.nat(),
      local: fc.constantFrom(...LOCALS),
      attrs: fc.uniqueArray(
        fc.tuple(fc.constantFrom('Id', 'k', 'schemeID', 'listAgencyName'), text, fc.constantFrom('"', "'"), space),
        { selector: ([name]) => name, maxLength: 3 },
      ),
      before: space,
      after: space,
      selfClosing: fc.boolean(),
    })
    .chain((e) => {
      const scope = e.declare && e.declare[0] !== '' ? [...inScope, e.declare[0]] : inScope;
      const usable = ['', ...scope];
      const prefix = usable[e.prefixPick % usable.length];
      const name = prefix ? `${prefix}:${e.local}` : e.local;
      const declaration = e.declare
        ? `${e.declare[0] ? ` xmlns:${e.declare[0]}` : ' xmlns'}=${JSON.stringify(e.declare[1].replace(/&/g, '&amp;'))}`
        : '';
      const attrs = e.attrs
        .map(([n, v, q, s]) => ` ${n}${s}=${s}${q}${q === '"' ? v : v.replace(/'/g, '&apos;')}${q}`)
        .join('');
      const open = `<${name}${declaration}${attrs}${e.before}`;
      if (e.selfClosing || depth <= 0) return fc.constant({ xml: `${open}/>` });
      const content = fc.array(
        fc.oneof(
          { weight: 3, arbitrary: element(depth - 1, scope) },
          { weight: 2, arbitrary: text.map((xml) => ({ xml })) },
          {
            weight: 1,
            arbitrary: fc
              .constantFrom('<![CDATA[<no> & tags]]>', '<!-- a comment -->', '<?pi data?>')
              .map((xml) => ({ xml })),
          },
        ),
        { maxLength: 4 },
      );
      return content.map((parts) => ({ xml: `${open}>${parts.map((p) => p.xml).join('')}</${name}${e.after}>` }));
    });
}

const document = fc
  .tuple(fc.constantFrom('', '<?xml version="1.0" encoding="UTF-8"?>', '\uFEFF'), element(3, []), space)
  .map(([prolog, root, trailing]) => `${prolog}${root.xml}${trailing}`);

interface Shape {
  local: string;
  ns: string;
  attrs: Record<string, string>;
  text: string;
  children: Shape[];
}

function fromDom(el: DomElement): Shape {
  const attrs: Record<string, string> = {};
  for (let i = 0; i < el.attributes.length; i++) {
    const a = el.attributes.item(i)!;
    if (a.name === 'xmlns' || a.name.startsWith('xmlns:')) continue;
    attrs[a.name] = a.value;
  }
  let text = '';
  const children: Shape[] = [];
  for (let n: DomNode | null = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1) children.push(fromDom(n as DomElement));
    else if (n.nodeType === 3 || n.nodeType === 4) text += n.nodeValue ?? '';
  }
  return { local: el.localName ?? '', ns: el.namespaceURI ?? '', attrs, text, children };
}

function fromReader(el: XmlElement): Shape {
  return { local: el.local, ns: el.ns, attrs: { ...el.attrs }, text: el.text, children: el.children.map(fromReader) };
}

describe('the XML reader against a DOM parser', () => {
  it('reads every generated document into the tree the DOM builds', () => {
    fc.assert(
      fc.property(document, (xml) => {
        const dom = new DOMParser().parseFromString(xml.replace(/^\uFEFF/, ''), 'text/xml');
        expect(fromReader(parseXml(xml))).toEqual(fromDom(dom.documentElement!));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses whitespace before a closing tag\'s name, and any but XML\'s after it (ETag: "</" Name S? ">")', () => {
    for (const xml of ['<a></ a>', '<a></\na>', '<a></a\u00a0>', '<p:a xmlns:p="urn:p"></ p:a>'])
      expect(() => parseXml(xml)).toThrow(/no corresponde/);
    expect(parseXml('<a></a \r\n\t>').local).toBe('a');
  });

  it("takes an ASCII element name exactly when XML's Name does (one prefix at most), written either way", () => {
    // The judge: the Name production's ASCII part, with at most one colon (namespaces). A name that is the whole tag
    // takes a path of its own (no regex): a name it took that this refuses would be a tag XML refuses. The prefix, when
    // it is one, is declared on a parent, so that only the name itself can make the tag fail.
    const JUDGE = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?$/;
    const NCNAME = /^[A-Za-z_][\w.-]*$/;
    const nameChar = fc.constantFrom(...'aZ_09.-:#$;'.split(''));
    // The shapes a random string seldom hits: two prefixes, a part that starts wrong, an empty part.
    const edges = ['a:b:c', 'a:b:', 'a::b', '1a', '-a', '.a', ':a', 'a:', 'a:1', 'a:-b', 'a..b', 'a_:b-', 'Z9.-_'];
    const names = fc.oneof(
      fc.constantFrom(...edges),
      fc.array(nameChar, { maxLength: 6 }).map((c) => c.join('')),
    );
    fc.assert(
      fc.property(names, fc.boolean(), (name, selfClosing) => {
        const prefix = name.slice(0, Math.max(0, name.indexOf(':')));
        const declare = NCNAME.test(prefix) ? ` xmlns:${prefix}="urn:p"` : '';
        const tag = selfClosing ? `<${name}/>` : `<${name}></${name}>`;
        const xml = `<r${declare}>${tag}</r>`;
        if (JUDGE.test(name)) expect(parseXml(xml).children[0].name).toBe(name);
        else expect(() => parseXml(xml)).toThrow();
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses a closing tag that does not match, whatever whitespace follows the name', () => {
    fc.assert(
      fc.property(someSpace, fc.constantFrom('<a><b></c ', '<a><bb></b', '<a><b></bb'), (s, start) => {
        expect(() => parseXml(`${start}${s}></a>`)).toThrow(/no corresponde/);
      }),
    );
  });
});
