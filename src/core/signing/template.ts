// The ds:Signature element we write. Every element is written as a start/end pair and attributes as C14N
// renders them, so the SignedInfo text in the document is already its canonical form minus the namespace
// declarations inherited from its ancestors (which C14N adds on the apex, see fast-path.ts).
import { C14N_INCLUSIVE, DSIG_NS, ENVELOPED_SIGNATURE, type SigningSuite } from './algorithms.ts';
import { SigningError } from './types.ts';

const NCNAME = /^[A-Za-z_][A-Za-z0-9._-]*$/;

export function assertSignatureId(id: string): void {
  // ds:Signature/@Id is an xsd:ID (an NCName); SUNAT 2084 also asks for at least 2 characters.
  if (!NCNAME.test(id) || id.length < 2 || id.length > 3000) {
    throw new SigningError(
      'signature_id_invalid',
      `El Id de la firma "${id}" no es válido: use letras, dígitos, '.', '-' o '_' (mínimo 2 caracteres, sin espacios).`,
    );
  }
}

/** Children of ds:SignedInfo, in canonical form. */
export function signedInfoContent(suite: SigningSuite, digestValue: string): string {
  return (
    `<ds:CanonicalizationMethod Algorithm="${C14N_INCLUSIVE}"></ds:CanonicalizationMethod>` +
    `<ds:SignatureMethod Algorithm="${suite.signatureMethod}"></ds:SignatureMethod>` +
    `<ds:Reference URI="">` +
    `<ds:Transforms>` +
    `<ds:Transform Algorithm="${ENVELOPED_SIGNATURE}"></ds:Transform>` +
    `<ds:Transform Algorithm="${C14N_INCLUSIVE}"></ds:Transform>` +
    `</ds:Transforms>` +
    `<ds:DigestMethod Algorithm="${suite.digestMethod}"></ds:DigestMethod>` +
    `<ds:DigestValue>${digestValue}</ds:DigestValue>` +
    `</ds:Reference>`
  );
}

export function signatureElement(parts: {
  id: string;
  declareDs: boolean;
  signedInfoContent: string;
  signatureValue: string;
  certificateBase64: string;
}): string {
  return (
    `<ds:Signature${parts.declareDs ? ` xmlns:ds="${DSIG_NS}"` : ''} Id="${parts.id}">` +
    `<ds:SignedInfo>${parts.signedInfoContent}</ds:SignedInfo>` +
    `<ds:SignatureValue>${parts.signatureValue}</ds:SignatureValue>` +
    `<ds:KeyInfo><ds:X509Data><ds:X509Certificate>${parts.certificateBase64}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>` +
    `</ds:Signature>`
  );
}
