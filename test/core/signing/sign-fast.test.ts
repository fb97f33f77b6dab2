import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signCanonicalXmlOffThread } from '../../../src/core/signing/canonical.ts';
import { SigningError, signXml, verifyXmlSignature } from '../../../src/core/signing.ts';
import { syntheticInvoice } from '../../fixtures/xml/synthetic-invoice.ts';
import { c14nReadyFixtures, otherKey, testKey, xmlCryptoVerify, xmllintC14n, xmlsecVerify } from './helpers.ts';

// Documents in the "C14N-ready" form (src/core/ubl/xml-writer.ts): the hand-written ones of test/fixtures/xml/c14n-ready
// (special characters, a prefixed root, a second UBLExtension, no ds on the root) and synthetic invoices.
const documents = [
  ...c14nReadyFixtures(),
  { name: 'synthetic invoice, 3 lines', xml: syntheticInvoice(3) },
  { name: 'synthetic invoice, 50 lines', xml: syntheticInvoice(50) },
];

function notReady(xml: string): string {
  try {
    signXml(xml, testKey, { assumeCanonical: true });
  } catch (e) {
    expect(e).toBeInstanceOf(SigningError);
    return (e as SigningError).code;
  }
  throw new Error('the fast path accepted a non-conforming document');
}

describe('signXml — fast path (assumeCanonical) on C14N-ready documents', () => {
  it('fixtures really are C14N-ready: xmllint --c14n of the body gives back the same bytes', () => {
    for (const { xml } of documents) {
      const body = xml.slice(xml.indexOf('\n') + 1).replace(/\n$/, '');
      expect(xmllintC14n(body).toString('utf8')).toBe(body);
    }
  });

  describe.each(documents)('$name', ({ xml }) => {
    it.each(['rsa-sha1', 'rsa-sha256'] as const)(
      '%s: same bytes and DigestValue as the general path; xmlsec1, xml-crypto and our verifier accept it',
      (algorithm) => {
        const fast = signXml(xml, testKey, { algorithm, assumeCanonical: true });
        const general = signXml(xml, testKey, { algorithm });
        expect(fast.digestValue).toBe(general.digestValue);
        expect(fast.xml).toBe(general.xml);
        expect(xmlsecVerify(fast.xml).ok).toBe(true);
        expect(xmlCryptoVerify(fast.xml)).toBe(true);
        expect(verifyXmlSignature(fast.xml)).toMatchObject({
          valid: true,
          digestValue: fast.digestValue,
          signatureValue: fast.signatureValue,
        });
      },
    );
  });

  it('digests the text after the XML declaration as is (it is its own canonical form)', () => {
    const xml = syntheticInvoice(3);
    const body = xml.slice(xml.indexOf('\n') + 1, -1);
    expect(signXml(xml, testKey, { assumeCanonical: true }).digestValue).toBe(
      createHash('sha1').update(body, 'utf8').digest('base64'),
    );
  });

  it('works with or without the XML declaration and the final newline', () => {
    const xml = syntheticInvoice(1);
    const bare = xml.slice(xml.indexOf('\n') + 1, -1);
    const a = signXml(xml, testKey, { assumeCanonical: true });
    const b = signXml(bare, testKey, { assumeCanonical: true });
    expect(b.digestValue).toBe(a.digestValue);
    expect(xmlsecVerify(b.xml).ok).toBe(true);
  });

  it('renders the root namespaces on SignedInfo in C14N order when it adds ds itself (root without xmlns:ds)', () => {
    const { xml } = c14nReadyFixtures().find((f) => f.name === 'credit-note-special-characters.xml')!;
    expect(xml).not.toContain('xmlns:ds=');
    const signed = signXml(xml, testKey, { assumeCanonical: true });
    expect(signed.xml).toContain('<ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#" Id="SignatureSP">');
    expect(xmlsecVerify(signed.xml).ok).toBe(true);
  });

  it('signs with the given key only: another key gives another SignatureValue that the first certificate rejects', () => {
    const xml = syntheticInvoice(3);
    const mine = signXml(xml, testKey, { assumeCanonical: true });
    const theirs = signXml(xml, otherKey, { assumeCanonical: true });
    expect(theirs.digestValue).toBe(mine.digestValue);
    expect(theirs.signatureValue).not.toBe(mine.signatureValue);
    expect(xmlsecVerify(theirs.xml, otherKey.certificatePem).ok).toBe(true);
    expect(xmlsecVerify(theirs.xml, testKey.certificatePem).ok).toBe(false);
  });

  describe('refuses (throws not_c14n_ready) instead of signing wrongly', () => {
    const good = syntheticInvoice(1);
    it.each([
      ['a CDATA section', good.replace('MONTO EN LETRAS', '<![CDATA[MONTO EN LETRAS]]>')],
      ['a comment', good.replace('<cbc:UBLVersionID>', '<!-- x --><cbc:UBLVersionID>')],
      ['a processing instruction', good.replace('<cbc:UBLVersionID>', '<?pi x?><cbc:UBLVersionID>')],
      ['a DOCTYPE', good.replace('<Invoice ', '<!DOCTYPE Invoice>\n<Invoice ')],
      [
        'a self-closing ExtensionContent',
        good.replace('<ext:ExtensionContent></ext:ExtensionContent>', '<ext:ExtensionContent/>'),
      ],
      [
        'any self-closing element',
        good.replace('<cbc:Note languageLocaleID="1000">MONTO EN LETRAS</cbc:Note>', '<cbc:Note/>'),
      ],
      ['a raw carriage return', good.replace('MONTO EN LETRAS', 'MONTO\r\nEN LETRAS')],
      ['single-quoted attributes', good.replace('currencyID="PEN"', "currencyID='PEN'")],
      ['&apos; (C14N writes the character)', good.replace('MONTO EN LETRAS', 'MONTO &apos;EN&apos; LETRAS')],
      ['a numeric reference C14N does not write', good.replace('MONTO EN LETRAS', 'MONTO EN LETRAS &#233;')],
      ['a root attribute that is not a namespace', good.replace('<Invoice xmlns=', '<Invoice version="2.1" xmlns=')],
      [
        'root namespaces out of C14N order',
        good.replace(
          / xmlns:cac="[^"]*"( xmlns:cbc="[^"]*")/,
          '$1 xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"',
        ),
      ],
      ['non-canonical spacing in the root tag', good.replace('<Invoice xmlns=', '<Invoice  xmlns=')],
      ['a namespace declared below the root', good.replace('<cbc:UBLVersionID>', '<cbc:UBLVersionID xmlns:x="urn:x">')],
      ['content after the root element', `${good}<!-- trailer -->\n`],
      ['an XML declaration not alone on its line', good.replace('?>\n<Invoice', '?> <Invoice')],
      [
        'xml:* attributes on an ancestor of the signature',
        good.replace('<ext:UBLExtensions>', '<ext:UBLExtensions xml:lang="es">'),
      ],
    ])('%s', (_name, xml) => {
      expect(xml).not.toBe(good);
      expect(notReady(xml)).toBe('not_c14n_ready');
    });

    it("signs text that merely looks like markup (x='1', xmlns) by the fast path, as the general path does", () => {
      for (const text of ["' OR '1'='1", 'prefijo xmlns:x usado en el nombre', "a='b' xmlns='c'"]) {
        const xml = good.replace('MONTO EN LETRAS', text);
        const fast = signXml(xml, testKey, { assumeCanonical: true });
        expect(fast.digestValue).toBe(signXml(xml, testKey).digestValue);
        expect(xmlsecVerify(fast.xml).ok).toBe(true);
      }
    });

    it('a document without an empty ExtensionContent is not signable at all', () => {
      expect(
        notReady(
          good.replace(
            '<ext:ExtensionContent></ext:ExtensionContent>',
            '<ext:ExtensionContent>x</ext:ExtensionContent>',
          ),
        ),
      ).toBe('signature_home_missing');
      expect(notReady(good.replace(/ xmlns:ext="[^"]*"/, '').replace(/ext:/g, 'cbc:'))).toBe('signature_home_missing');
    });
  });

  describe('with the RSA operation on the thread pool (signCanonicalXmlOffThread, what the API issues with)', () => {
    it.each(['rsa-sha1', 'rsa-sha256'] as const)(
      '%s: byte for byte the synchronous signature, side by side on many documents; xmlsec1 accepts each',
      async (algorithm) => {
        const signed = await Promise.all(
          documents.map(({ xml }) => signCanonicalXmlOffThread(xml, testKey, { algorithm })),
        );
        signed.forEach((offThread, i) => {
          expect(offThread).toEqual(signXml(documents[i].xml, testKey, { algorithm, assumeCanonical: true }));
          expect(xmlsecVerify(offThread.xml).ok).toBe(true);
        });
      },
    );

    it('signs with the given key only, even when two keys sign at once', async () => {
      const xml = syntheticInvoice(3);
      const [mine, theirs] = await Promise.all([
        signCanonicalXmlOffThread(xml, testKey),
        signCanonicalXmlOffThread(xml, otherKey),
      ]);
      expect(xmlsecVerify(mine.xml, testKey.certificatePem).ok).toBe(true);
      expect(xmlsecVerify(theirs.xml, otherKey.certificatePem).ok).toBe(true);
      expect(xmlsecVerify(theirs.xml, testKey.certificatePem).ok).toBe(false);
    });

    it('refuses what the synchronous path refuses, as a rejected promise with the same SigningError', async () => {
      const bad = syntheticInvoice(1).replace('MONTO EN LETRAS', '<![CDATA[MONTO EN LETRAS]]>');
      await expect(signCanonicalXmlOffThread(bad, testKey)).rejects.toMatchObject({
        name: expect.any(String),
        code: 'not_c14n_ready',
      });
      await expect(signCanonicalXmlOffThread(bad, testKey)).rejects.toBeInstanceOf(SigningError);
    });
  });
});
