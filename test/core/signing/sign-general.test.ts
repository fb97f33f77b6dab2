import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SigningError, signXml, verifyXmlSignature } from '../../../src/core/signing.ts';
import {
  derBase64,
  otherKey,
  readXml,
  testKey,
  withoutSignature,
  xmlCryptoVerify,
  xmllintC14n,
  xmlsecVerify,
} from './helpers.ts';

const invoice = readXml('sunat-1.13-invoice.xml'); // the illustrative invoice, with a comment inside ExtensionContent and CDATA
const perception = readXml('sunat-2-perception.xml'); // the illustrative perception
const plainPerception = perception.replace(/<!--[\s\S]*?-->/g, ''); // without its comments

function errorCode(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(SigningError);
    return (e as SigningError).code;
  }
  throw new Error('expected a SigningError');
}

describe('signXml — general path (any well-formed XML)', () => {
  it.each([
    ['the illustrative invoice', invoice],
    ['the illustrative perception', perception],
  ])('signs %s with RSA-SHA1/SHA1 by default, and xmlsec1, xml-crypto and our verifier accept it', (_name, xml) => {
    const signed = signXml(xml, testKey);
    expect(signed.xml).toContain('<ds:SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1">');
    expect(signed.xml).toContain('<ds:DigestMethod Algorithm="http://www.w3.org/2000/09/xmldsig#sha1">');
    expect(signed.digestValue).toMatch(/^[A-Za-z0-9+/]{27}=$/); // 28 characters for SHA-1
    expect(xmlsecVerify(signed.xml).ok).toBe(true);
    expect(xmlCryptoVerify(signed.xml)).toBe(true);
    const verdict = verifyXmlSignature(signed.xml);
    expect(verdict).toMatchObject({
      valid: true,
      digestValue: signed.digestValue,
      signatureValue: signed.signatureValue,
    });
  });

  it('signs with RSA-SHA256/SHA256 when asked, verified by all three judges', () => {
    const signed = signXml(invoice, testKey, { algorithm: 'rsa-sha256' });
    expect(signed.xml).toContain('<ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256">');
    expect(signed.xml).toContain('<ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256">');
    expect(Buffer.from(signed.digestValue, 'base64')).toHaveLength(32);
    expect(xmlsecVerify(signed.xml).ok).toBe(true);
    expect(xmlCryptoVerify(signed.xml)).toBe(true);
    expect(verifyXmlSignature(signed.xml)).toMatchObject({
      valid: true,
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    });
  });

  it('writes the SUNAT signature shape: Id, URI="", enveloped + inclusive C14N, X509Certificate as bare base64 DER', () => {
    const signed = signXml(plainPerception, testKey);
    const signature = /<ds:Signature[\s\S]*<\/ds:Signature>/.exec(signed.xml)![0];
    expect(signature).toMatch(/^<ds:Signature Id="SignatureSP">/);
    expect(signature).toContain(
      '<ds:CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"></ds:CanonicalizationMethod>',
    );
    expect(signature).toContain(
      '<ds:Reference URI=""><ds:Transforms><ds:Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"></ds:Transform>' +
        '<ds:Transform Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"></ds:Transform></ds:Transforms>',
    );
    expect(signature).toContain(`<ds:DigestValue>${signed.digestValue}</ds:DigestValue>`);
    expect(signature).toContain(`<ds:SignatureValue>${signed.signatureValue}</ds:SignatureValue>`);
    expect(signature).toContain(
      `<ds:KeyInfo><ds:X509Data><ds:X509Certificate>${derBase64(testKey.certificatePem)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>`,
    );
    expect(signature).not.toContain('BEGIN CERTIFICATE');
    // It sits in ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent.
    expect(signed.xml).toContain(`<ext:ExtensionContent>${signature}</ext:ExtensionContent>`);
  });

  it('takes the signature Id from the options', () => {
    const signed = signXml(perception, testKey, { signatureId: 'SIGN20000000001' });
    expect(signed.xml).toContain('<ds:Signature Id="SIGN20000000001">');
    expect(verifyXmlSignature(signed.xml)).toMatchObject({ valid: true, signatureId: 'SIGN20000000001' });
    expect(errorCode(() => signXml(perception, testKey, { signatureId: 'has space' }))).toBe('signature_id_invalid');
    expect(errorCode(() => signXml(perception, testKey, { signatureId: 'x' }))).toBe('signature_id_invalid'); // SUNAT 2084: ≥ 2 chars
  });

  it('changes nothing but the inserted signature (no re-serialisation: CDATA, comments, quotes, whitespace kept)', () => {
    const signed = signXml(invoice, testKey);
    expect(withoutSignature(signed.xml)).toBe(invoice);
    expect(signed.xml).toContain('<![CDATA[SON DOSCIENTOS OCHENTA Y SEIS CON 00/100 SOLES]]>');
    expect(signed.xml).toContain('<!-- ds:Signature Id="SignatureSP" goes here (see §3) -->');
  });

  it('digests the inclusive canonical form that xmllint computes independently', () => {
    // Without comments, xmllint's C14N (which keeps comments) equals C14N without comments.
    const signed = signXml(plainPerception, testKey);
    expect(signed.digestValue).toBe(createHash('sha1').update(xmllintC14n(plainPerception)).digest('base64'));
    // Comments are not part of the digest: the commented original has the same DigestValue.
    expect(signXml(perception, testKey).digestValue).toBe(signed.digestValue);
  });

  it('is deterministic: the same document and key give the same bytes (PKCS#1 v1.5)', () => {
    expect(signXml(perception, testKey).xml).toBe(signXml(perception, testKey).xml);
  });

  it('uses the first EMPTY ExtensionContent, skipping one that already holds sac:AdditionalInformation', () => {
    const xml = perception.replace(
      '<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent><!-- ds:Signature --></ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>',
      '<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent><sac:AdditionalInformation><sac:AdditionalProperty><cbc:ID>1000</cbc:ID>' +
        '<cbc:Value>NOVENTA Y NUEVE</cbc:Value></sac:AdditionalProperty></sac:AdditionalInformation></ext:ExtensionContent></ext:UBLExtension>' +
        '<ext:UBLExtension><ext:ExtensionContent>\n    </ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>',
    );
    expect(xml).not.toBe(perception);
    const signed = signXml(xml, testKey);
    expect(signed.xml).toMatch(
      /<\/sac:AdditionalInformation><\/ext:ExtensionContent><\/ext:UBLExtension><ext:UBLExtension><ext:ExtensionContent>\n {4}<ds:Signature Id="SignatureSP">/,
    );
    expect(xmlsecVerify(signed.xml).ok).toBe(true);
    expect(verifyXmlSignature(signed.xml).valid).toBe(true);
  });

  it('accepts a self-closing <ext:ExtensionContent/> and writes it as a start/end pair around the signature', () => {
    const xml = perception.replace(
      '<ext:ExtensionContent><!-- ds:Signature --></ext:ExtensionContent>',
      '<ext:ExtensionContent />',
    );
    const signed = signXml(xml, testKey);
    expect(signed.xml).toMatch(
      /<ext:ExtensionContent><ds:Signature Id="SignatureSP">[\s\S]*<\/ds:Signature><\/ext:ExtensionContent>/,
    );
    expect(signed.digestValue).toBe(signXml(perception, testKey).digestValue); // same canonical document
    expect(xmlsecVerify(signed.xml).ok).toBe(true);
    expect(xmlCryptoVerify(signed.xml)).toBe(true);
  });

  it('declares xmlns:ds on ds:Signature when the root does not bind ds (and when it binds it elsewhere)', () => {
    const noDs = perception.replace('\n  xmlns:ds="http://www.w3.org/2000/09/xmldsig#"', '');
    const otherDs = perception.replace('xmlns:ds="http://www.w3.org/2000/09/xmldsig#"', 'xmlns:ds="urn:not-xmldsig"');
    for (const xml of [noDs, otherDs]) {
      const signed = signXml(xml, testKey);
      expect(signed.xml).toContain('<ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#" Id="SignatureSP">');
      expect(xmlsecVerify(signed.xml).ok).toBe(true);
      expect(xmlCryptoVerify(signed.xml)).toBe(true);
      expect(verifyXmlSignature(signed.xml).valid).toBe(true);
    }
  });

  it('renders inherited xml:* attributes of the ancestors on SignedInfo like libxml2/xmlsec1 do', () => {
    const xml = perception.replace('<ext:UBLExtensions>', '<ext:UBLExtensions xml:lang="es">');
    const signed = signXml(xml, testKey);
    expect(xmlsecVerify(signed.xml).ok).toBe(true);
    expect(verifyXmlSignature(signed.xml).valid).toBe(true);
  });

  it('signs a document declared ISO-8859-1 (xbuilder style) so that its Latin-1 bytes verify', () => {
    const xml = perception.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"').replace('MI TIENDA', 'MI TIENDA ÑANDÚ');
    const signed = signXml(xml, testKey);
    const latin1 = Buffer.from(signed.xml, 'latin1');
    expect(xmlsecVerify(latin1).ok).toBe(true);
    expect(verifyXmlSignature(latin1)).toMatchObject({ valid: true, digestValue: signed.digestValue });
    expect(verifyXmlSignature(signed.xml).valid).toBe(true);
  });

  it('refuses what it cannot sign faithfully, with a typed error', () => {
    expect(errorCode(() => signXml('<Invoice><broken></Invoice>', testKey))).toBe('xml_malformed');
    expect(
      errorCode(() =>
        signXml(`<?xml version="1.0"?>\n<!DOCTYPE Invoice [<!ENTITY x "1">]>\n${perception.slice(39)}`, testKey),
      ),
    ).toBe('xml_malformed');
    expect(
      errorCode(() =>
        signXml(
          perception.replace(
            '<ext:ExtensionContent><!-- ds:Signature --></ext:ExtensionContent>',
            '<ext:ExtensionContent><x/></ext:ExtensionContent>',
          ),
          testKey,
        ),
      ),
    ).toBe('signature_home_missing');
    expect(errorCode(() => signXml('<Invoice xmlns="urn:x"><a/></Invoice>', testKey))).toBe('signature_home_missing');
    // An ExtensionContent outside /*/ext:UBLExtensions/ext:UBLExtension is not SUNAT's place.
    expect(
      errorCode(() =>
        signXml(
          perception
            .replace(/<ext:UBLExtensions><ext:UBLExtension>/, '<ext:UBLExtensions><cac:Other>')
            .replace('</ext:UBLExtension></ext:UBLExtensions>', '</cac:Other></ext:UBLExtensions>'),
          testKey,
        ),
      ),
    ).toBe('signature_home_missing');
    expect(
      errorCode(() =>
        signXml(perception, { privateKeyPem: otherKey.privateKeyPem, certificatePem: testKey.certificatePem }),
      ),
    ).toBe('key_certificate_mismatch');
    expect(
      errorCode(() => signXml(perception, { privateKeyPem: 'nope', certificatePem: testKey.certificatePem })),
    ).toBe('key_invalid');
    expect(errorCode(() => signXml(perception, testKey, { algorithm: 'rsa-md5' as never }))).toBe(
      'algorithm_unsupported',
    );
  });
});
