import { describe, expect, it } from 'vitest';
import { SignedXml } from 'xml-crypto';
import { signXml, verifyXmlSignature, type VerifyResult } from '../../../src/core/signing.ts';
import { syntheticInvoice } from '../../fixtures/xml/synthetic-invoice.ts';
import { derBase64, otherKey, readXml, testKey, xmlsecSign, xmlsecVerify } from './helpers.ts';

const unsigned = syntheticInvoice(3);
const signed = signXml(unsigned, testKey, { assumeCanonical: true });

function codeOf(result: VerifyResult): string {
  if (result.valid) throw new Error('expected an invalid signature');
  expect(result.reason.length).toBeGreaterThan(10);
  return result.code;
}

/** A signature template in ExtensionContent, to be filled by xmlsec1 (an independent signer). */
function xmlsecTemplate(
  xml: string,
  algorithms: { c14n: string; transform?: string; signature: string; digest: string; prefixList?: string },
): string {
  const prefixList = algorithms.prefixList
    ? `<ec:InclusiveNamespaces xmlns:ec="http://www.w3.org/2001/10/xml-exc-c14n#" PrefixList="${algorithms.prefixList}"/>`
    : '';
  const template =
    '\n        <ds:Signature Id="SignSUNAT">\n          <ds:SignedInfo>\n' +
    `            <ds:CanonicalizationMethod Algorithm="${algorithms.c14n}">${prefixList}</ds:CanonicalizationMethod>\n` +
    `            <ds:SignatureMethod Algorithm="${algorithms.signature}"/>\n` +
    '            <ds:Reference URI="">\n              <ds:Transforms>\n' +
    '                <ds:Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/>\n' +
    (algorithms.transform ? `                <ds:Transform Algorithm="${algorithms.transform}"/>\n` : '') +
    '              </ds:Transforms>\n' +
    `              <ds:DigestMethod Algorithm="${algorithms.digest}"/>\n` +
    '              <ds:DigestValue/>\n            </ds:Reference>\n          </ds:SignedInfo>\n' +
    '          <ds:SignatureValue/>\n          <ds:KeyInfo><ds:X509Data><ds:X509Certificate/></ds:X509Data></ds:KeyInfo>\n        </ds:Signature>\n      ';
  return xml.replace(
    '<ext:ExtensionContent></ext:ExtensionContent>',
    `<ext:ExtensionContent>${template}</ext:ExtensionContent>`,
  );
}

// A document with comments (outside and inside elements): URI="" references exclude them even under #WithComments.
const withComments = unsigned
  .replace('<cbc:UBLVersionID>', '<!-- generado por otro sistema --><cbc:UBLVersionID>')
  .replace('</Invoice>\n', '</Invoice>\n<!-- fin -->\n');

describe('verifyXmlSignature — accepts what other tools sign', () => {
  it.each([
    [
      'inclusive C14N, RSA-SHA1/SHA1 (SUNAT reference libraries)',
      {
        c14n: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
        transform: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
        signature: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
        digest: 'http://www.w3.org/2000/09/xmldsig#sha1',
      },
    ],
    [
      'exclusive C14N with comments, RSA-SHA512/SHA512 (how SUNAT signs its CDRs)',
      {
        c14n: 'http://www.w3.org/2001/10/xml-exc-c14n#WithComments',
        signature: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512',
        digest: 'http://www.w3.org/2001/04/xmlenc#sha512',
      },
    ],
    [
      'inclusive C14N with comments, RSA-SHA256/SHA256',
      {
        c14n: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315#WithComments',
        transform: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315#WithComments',
        signature: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
        digest: 'http://www.w3.org/2001/04/xmlenc#sha256',
      },
    ],
    [
      'exclusive C14N with an InclusiveNamespaces prefix list, RSA-SHA256/SHA1',
      {
        c14n: 'http://www.w3.org/2001/10/xml-exc-c14n#',
        transform: 'http://www.w3.org/2001/10/xml-exc-c14n#',
        prefixList: 'cac cbc',
        signature: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
        digest: 'http://www.w3.org/2000/09/xmldsig#sha1',
      },
    ],
    [
      'C14N 1.1, RSA-SHA256/SHA256',
      {
        c14n: 'http://www.w3.org/2006/12/xml-c14n11',
        transform: 'http://www.w3.org/2006/12/xml-c14n11',
        signature: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
        digest: 'http://www.w3.org/2001/04/xmlenc#sha256',
      },
    ],
  ])('an xmlsec1-signed document: %s', (_name, algorithms) => {
    const byXmlsec = xmlsecSign(xmlsecTemplate(withComments, algorithms));
    expect(xmlsecVerify(byXmlsec).ok).toBe(true);
    const digestValue = /<ds:DigestValue>([^<]+)<\/ds:DigestValue>/.exec(byXmlsec)![1].replace(/\s+/g, ''); // xmlsec1 wraps long base64
    const result = verifyXmlSignature(byXmlsec);
    expect(result).toMatchObject({
      valid: true,
      digestValue,
      signatureAlgorithm: algorithms.signature,
      digestAlgorithm: algorithms.digest,
      canonicalization: algorithms.c14n,
      signatureId: 'SignSUNAT',
    });
    expect(result.valid && derBase64(result.certificatePem)).toBe(derBase64(testKey.certificatePem));
    // …and catches the same tampering xmlsec1 catches.
    const tampered = byXmlsec.replace('<cbc:TaxAmount currencyID="PEN">', '<cbc:TaxAmount currencyID="PEN">1');
    expect(xmlsecVerify(tampered).ok).toBe(false);
    expect(codeOf(verifyXmlSignature(tampered))).toBe('2335');
  });

  it('an xml-crypto-signed document (the stack.md recipe)', () => {
    const signer = new SignedXml({
      privateKey: testKey.privateKeyPem,
      publicCert: testKey.certificatePem,
      signatureAlgorithm: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
      canonicalizationAlgorithm: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
    });
    signer.addReference({
      xpath: '/*',
      isEmptyUri: true,
      transforms: [
        'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
        'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
      ],
      digestAlgorithm: 'http://www.w3.org/2000/09/xmldsig#sha1',
    });
    signer.computeSignature(readXml('sunat-2-perception.xml'), {
      prefix: 'ds',
      attrs: { Id: 'SignatureSP' },
      location: {
        reference:
          "/*/*[local-name()='UBLExtensions']/*[local-name()='UBLExtension']/*[local-name()='ExtensionContent']",
        action: 'append',
      },
    });
    const byXmlCrypto = signer.getSignedXml();
    expect(xmlsecVerify(byXmlCrypto).ok).toBe(true);
    expect(verifyXmlSignature(byXmlCrypto)).toMatchObject({ valid: true, signatureId: 'SignatureSP' });
  });

  it('a signature pretty-printed by its signer (whitespace and line-wrapped base64 inside ds:Signature)', () => {
    const pretty = signed.xml
      .replace(/<ds:SignedInfo>/, '<ds:SignedInfo>\n  ')
      .replace(
        /<ds:SignatureValue>([^<]+)</,
        (_m, v: string) => `<ds:SignatureValue>\n${v.replace(/(.{64})/g, '$1\n')}\n<`,
      )
      .replace(
        /<ds:X509Certificate>([^<]+)</,
        (_m, v: string) => `<ds:X509Certificate>${v.replace(/(.{76})/g, '$1\n')}<`,
      );
    // SignedInfo changed (whitespace is part of it): the value no longer matches, as for xmlsec1.
    expect(codeOf(verifyXmlSignature(pretty))).toBe('2334');
    expect(xmlsecVerify(pretty).ok).toBe(false);
    // Whitespace only in the base64 texts outside SignedInfo is harmless.
    const wrapped = pretty.replace('<ds:SignedInfo>\n  ', '<ds:SignedInfo>');
    expect(xmlsecVerify(wrapped).ok).toBe(true);
    expect(verifyXmlSignature(wrapped).valid).toBe(true);
  });
});

describe('verifyXmlSignature — SUNAT answers', () => {
  it('accepts our own signature and reports what it verified', () => {
    expect(verifyXmlSignature(signed.xml)).toMatchObject({
      valid: true,
      digestValue: signed.digestValue,
      signatureValue: signed.signatureValue,
      signatureId: 'SignatureSP',
      signatureAlgorithm: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
      digestAlgorithm: 'http://www.w3.org/2000/09/xmldsig#sha1',
      canonicalization: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
    });
  });

  it('2335 when one amount of the signed document is altered (xmlsec1 agrees)', () => {
    const tampered = signed.xml.replace(
      /<cbc:PayableAmount currencyID="PEN">([0-9]+)\./,
      '<cbc:PayableAmount currencyID="PEN">9$1.',
    );
    expect(tampered).not.toBe(signed.xml);
    expect(codeOf(verifyXmlSignature(tampered))).toBe('2335');
    expect(xmlsecVerify(tampered).ok).toBe(false);
  });

  it('2335 when the DigestValue inside SignedInfo is replaced', () => {
    const other = signXml(syntheticInvoice(2), testKey, { assumeCanonical: true }).digestValue;
    expect(codeOf(verifyXmlSignature(signed.xml.replace(signed.digestValue, other)))).toBe('2335');
  });

  it('2334 when the signature was made with another key while presenting the first certificate', () => {
    const forged = signXml(unsigned, otherKey, { assumeCanonical: true }).xml.replace(
      derBase64(otherKey.certificatePem),
      derBase64(testKey.certificatePem),
    );
    expect(forged).toContain(derBase64(testKey.certificatePem));
    expect(codeOf(verifyXmlSignature(forged))).toBe('2334');
    expect(xmlsecVerify(forged).ok).toBe(false);
  });

  it('2334 when the SignatureValue is altered', () => {
    const value = signed.signatureValue;
    const flipped = value[10] === 'A' ? 'B' : 'A';
    expect(codeOf(verifyXmlSignature(signed.xml.replace(value, value.slice(0, 10) + flipped + value.slice(11))))).toBe(
      '2334',
    );
  });

  it('verifies against a trusted certificate instead of the embedded one when given', () => {
    expect(verifyXmlSignature(signed.xml, { trustedCertificatePem: testKey.certificatePem }).valid).toBe(true);
    expect(codeOf(verifyXmlSignature(signed.xml, { trustedCertificatePem: otherKey.certificatePem }))).toBe('2334');
  });

  const signature = /<ds:Signature[\s\S]*<\/ds:Signature>/.exec(signed.xml)![0];
  const edit = (from: string | RegExp, to: string) => {
    const xml = signed.xml.replace(from, to);
    expect(xml).not.toBe(signed.xml);
    return xml;
  };
  it.each([
    ['no signature at all', '2085', () => signed.xml.replace(signature, '')],
    [
      'a signature outside ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent',
      '2085',
      () => signed.xml.replace(signature, '').replace('</Invoice>', `${signature}</Invoice>`),
    ],
    ['no ds:Signature/@Id', '2085', () => edit(' Id="SignatureSP"', '')],
    ['a one-character @Id', '2084', () => edit(' Id="SignatureSP"', ' Id="S"')],
    [
      'no CanonicalizationMethod',
      '2087',
      () => edit(/<ds:CanonicalizationMethod [^>]*><\/ds:CanonicalizationMethod>/, ''),
    ],
    [
      'an unknown CanonicalizationMethod',
      '2086',
      () =>
        edit(
          '<ds:CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315">',
          '<ds:CanonicalizationMethod Algorithm="urn:unknown-c14n">',
        ),
    ],
    ['no SignatureMethod', '2089', () => edit(/<ds:SignatureMethod [^>]*><\/ds:SignatureMethod>/, '')],
    ['an unknown SignatureMethod', '2088', () => edit('xmldsig#rsa-sha1', 'xmldsig#dsa-sha1')],
    [
      'a Reference URI that is not empty',
      '2090',
      () => edit('<ds:Reference URI="">', '<ds:Reference URI="#SignatureSP">'),
    ],
    ['a Reference without URI', '2091', () => edit('<ds:Reference URI="">', '<ds:Reference>')],
    ['no Transforms', '2093', () => edit(/<ds:Transforms>.*<\/ds:Transforms>/, '')],
    ['an unsupported Transform', '2092', () => edit('xmldsig#enveloped-signature', 'REC-xpath-19991116')],
    ['no DigestMethod', '2095', () => edit(/<ds:DigestMethod [^>]*><\/ds:DigestMethod>/, '')],
    ['an unknown DigestMethod', '2094', () => edit('xmldsig#sha1"', 'xmldsig#md5"')],
    ['no DigestValue', '2097', () => edit(/<ds:DigestValue>[^<]*<\/ds:DigestValue>/, '')],
    ['a DigestValue that is not base64', '2096', () => edit(signed.digestValue, '¡no es base64!')],
    ['no SignatureValue', '2099', () => edit(/<ds:SignatureValue>[^<]*<\/ds:SignatureValue>/, '')],
    ['a SignatureValue that is not base64', '2098', () => edit(signed.signatureValue, '***')],
    ['no X509Certificate', '2101', () => edit(/<ds:X509Certificate>[^<]*<\/ds:X509Certificate>/, '')],
    ['an X509Certificate that is not a certificate', '2100', () => edit(derBase64(testKey.certificatePem), 'AAAAAAAA')],
    ['XML that cannot be parsed', '0306', () => signed.xml.replace('</Invoice>', '')],
    ['a DOCTYPE', '0306', () => signed.xml.replace('<Invoice ', '<!DOCTYPE Invoice>\n<Invoice ')],
  ] as [string, string, () => string][])('%s → SUNAT %s', (_name, code, make) => {
    expect(codeOf(verifyXmlSignature(make()))).toBe(code);
  });

  it('finds a signature elsewhere only when asked (anyLocation)', () => {
    const moved = signed.xml.replace(signature, '').replace('</Invoice>', `${signature}</Invoice>`);
    expect(codeOf(verifyXmlSignature(moved))).toBe('2085');
    // Moving it changed the enveloped document only by the signature itself: it still verifies.
    expect(verifyXmlSignature(moved, { anyLocation: true }).valid).toBe(true);
  });
});
