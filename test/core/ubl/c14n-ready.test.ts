// The builders emit the "C14N-ready" form: the text after the XML declaration already is its own
// inclusive canonical form, so the fast signing path can digest it as is. Two independent canonicalisers agree:
// xml-crypto's C14N reproduces our text byte for byte, and the general signing path (libxml2) yields the same
// DigestValue as the fast path.
import { DOMParser } from '@xmldom/xmldom';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { C14nCanonicalization } from 'xml-crypto';
import { describe, expect, it } from 'vitest';
import { assignNumber, buildDocumentXml, prepareDocument, withAffectedDocument } from '../../../src/core/index.ts';
import { inspectC14nReady, signXml, verifyXmlSignature } from '../../../src/core/signing.ts';
import { escapeAttribute, escapeText } from '../../../src/core/ubl/xml-writer.ts';
import {
  REPO_ROOT,
  creditNote,
  invoiceFixtureNames,
  loadInvoiceFixture,
  oneLineInvoice,
  testContext,
  testIssuer,
  type Body,
} from '../../fixtures/invoices.ts';

const KEYS = join(REPO_ROOT, 'test/fixtures/keys');
const key = {
  privateKeyPem: readFileSync(join(KEYS, 'test-key.pem'), 'utf8'),
  certificatePem: readFileSync(join(KEYS, 'test-cert.pem'), 'utf8'),
};

function xmlOf(body: Body): string {
  const r = prepareDocument(body, testContext());
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return buildDocumentXml(assignNumber(r.document, 7), testIssuer);
}

function canonicalOf(xml: string): string {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  return new C14nCanonicalization().process(doc.documentElement as never, {});
}

const afterDeclaration = (xml: string) => xml.slice(xml.indexOf('\n') + 1).replace(/\n$/, '');

describe('every fixture is emitted in C14N-ready form', () => {
  for (const name of invoiceFixtureNames()) {
    it(name, () => {
      const xml = xmlOf(loadInvoiceFixture(name));
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<')).toBe(true);
      expect(() => inspectC14nReady(xml)).not.toThrow();
      expect(canonicalOf(xml)).toBe(afterDeclaration(xml));
      const fast = signXml(xml, key, { assumeCanonical: true });
      const general = signXml(xml, key);
      expect(fast.digestValue).toBe(general.digestValue);
      expect(fast.xml).toBe(general.xml);
      expect(verifyXmlSignature(fast.xml, { trustedCertificatePem: key.certificatePem })).toMatchObject({
        valid: true,
        digestValue: fast.digestValue,
      });
    });
  }
});

describe('text and attributes are escaped as C14N writes them', () => {
  it('&, <, > and CR in text; quotes kept', () => {
    expect(escapeText('a & b < c > d "e" \r\n')).toBe('a &amp; b &lt; c &gt; d "e" &#xD;\n');
  });
  it('&, <, ", TAB, LF, CR in attributes; > kept', () => {
    expect(escapeAttribute('a&b<c>d"e\tf\ng\rh')).toBe('a&amp;b&lt;c>d&quot;e&#x9;f&#xA;g&#xD;h');
  });
  it('characters XML cannot carry are dropped instead of breaking the document', () => {
    expect(escapeText('A\u0000B\u0007C\uFFFF')).toBe('ABC');
  });
  it('any string: the C14N escaping of what XML 1.0 can carry, the rest dropped (the plain-value shortcut included)', () => {
    // The judge of escapeText and escapeAttribute: what XML 1.0 cannot carry removed, then C14N's table.
    const carried = (v: string) =>
      v.replace(
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 forbids
        /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
        '',
      );
    // C14N's table: what each character becomes, in text and in attribute values.
    const inText: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#xD;' };
    const inAttribute: Record<string, string> = {
      '&': '&amp;',
      '<': '&lt;',
      '"': '&quot;',
      '\t': '&#x9;',
      '\n': '&#xA;',
      '\r': '&#xD;',
    };
    const text = (v: string) => [...carried(v)].map((c) => inText[c] ?? c).join('');
    const attribute = (v: string) => [...carried(v)].map((c) => inAttribute[c] ?? c).join('');
    const unit = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...'AZaz09 .-/ÑñáéÍ€'.split('')) },
      { weight: 2, arbitrary: fc.constantFrom('&', '<', '>', '"', "'", '\t', '\n', '\r', '\u0000', '\u001f') },
      {
        weight: 1,
        arbitrary: fc.constantFrom('\ud800', '\udc00', '\ud83d\ude00', '\ufffe', '\uffff', '\ud7ff', '\ue000'),
      },
    );
    fc.assert(
      fc.property(
        fc.array(unit, { maxLength: 40 }).map((units) => units.join('')),
        (value) => {
          expect(escapeText(value)).toBe(text(value));
          expect(escapeAttribute(value)).toBe(attribute(value));
        },
      ),
      { numRuns: 3000 },
    );
  });
  it('a body full of special characters still canonicalises to itself and signs on the fast path', () => {
    const xml = xmlOf(
      oneLineInvoice(
        { descripcion: 'Tornillo 1/2" & tuerca <M8> — Ñandú\r\nsegunda línea\tcon tab', codigo_interno: 'A&B<1>' },
        {
          informacion_adicional: 'Entrega: "Puerta B" & <rampa 2>\r\nCR-LF',
          numero_orden_de_compra: 'OC&1<2>',
          datos_del_cliente_o_receptor: { apellidos_y_nombres_o_razon_social: 'D\'AGOSTINO & HIJOS "S.A.C."' },
        },
      ),
    );
    expect(xml).not.toMatch(/<!\[CDATA\[/);
    expect(xml).not.toMatch(/\/>/);
    expect(canonicalOf(xml)).toBe(afterDeclaration(xml));
    expect(signXml(xml, key, { assumeCanonical: true }).digestValue).toBe(signXml(xml, key).digestValue);
  });
  it('every start tag lists its attributes in C14N order', () => {
    for (const name of invoiceFixtureNames()) {
      const xml = xmlOf(loadInvoiceFixture(name));
      for (const m of xml.matchAll(/<([A-Za-z:]+)((?:\s[A-Za-z:]+="[^"]*")+)>/g)) {
        const names = [...m[2].matchAll(/\s([A-Za-z:]+)=/g)].map((a) => a[1]).filter((a) => !a.startsWith('xmlns'));
        expect(names, `${name} <${m[1]}>`).toEqual([...names].sort());
      }
    }
  });
});

describe('what the builder refuses to guess', () => {
  it('a document whose number is still "#"', () => {
    const r = prepareDocument(loadInvoiceFixture('01-taxed'), testContext());
    expect(r.ok).toBe(true);
    if (r.ok) expect(() => buildDocumentXml(r.document, testIssuer)).toThrow(/assignNumber/);
  });
  it('a note by external_id until the service resolves the affected document', () => {
    const r = prepareDocument(
      creditNote({
        documento_afectado: {
          serie_documento: undefined,
          numero_documento: undefined,
          codigo_tipo_documento: undefined,
          external_id: '46c6ce9d-aaae-4b8d-8e94-a6f94c964b47',
        },
      }),
      testContext(),
    );
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const doc = assignNumber(r.document, 3);
    expect(() => buildDocumentXml(doc, testIssuer)).toThrow(/withAffectedDocument/);
    const xml = buildDocumentXml(
      withAffectedDocument(doc, { series: 'F001', number: 1288, documentType: '01' }),
      testIssuer,
    );
    expect(xml).toContain('<cbc:ReferenceID>F001-1288</cbc:ReferenceID>');
  });
});
