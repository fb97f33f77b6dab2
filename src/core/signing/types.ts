// Public types of the signing module (contracts §1). Re-exported by src/core/signing.ts.

export interface SigningKey {
  privateKeyPem: string;
  certificatePem: string;
}
export type SignatureAlgorithm = 'rsa-sha1' | 'rsa-sha256'; // default 'rsa-sha1' (SUNAT's reference libraries)
export interface SignOptions {
  algorithm?: SignatureAlgorithm;
  /** ds:Signature/@Id, default 'SignatureSP' (the cac:Signature URI is then '#SignatureSP'). */
  signatureId?: string;
  /** The caller guarantees the "C14N-ready" form (contracts §1) → fast path: no DOM, no c14n library. */
  assumeCanonical?: boolean;
}
export interface SignedXml {
  xml: string;
  digestValue: string;
  signatureValue: string;
}

export type VerifyResult =
  | {
      valid: true;
      digestValue: string;
      certificatePem: string;
      signatureAlgorithm: string;
      digestAlgorithm: string;
      canonicalization: string;
      /** ds:Signature/@Id and the base64 ds:SignatureValue ("valor de la firma"), for printouts. */
      signatureId: string;
      signatureValue: string;
    }
  | { valid: false; code: string; reason: string };

export interface VerifyOptions {
  /** Verify with this certificate instead of the one embedded in ds:KeyInfo. */
  trustedCertificatePem?: string;
  /**
   * Also accept a ds:Signature that is not at SUNAT's place (/*\/ext:UBLExtensions/ext:UBLExtension/
   * ext:ExtensionContent/ds:Signature): the first ds:Signature of the document is used. Default false.
   */
  anyLocation?: boolean;
}

export type SigningErrorCode =
  | 'xml_malformed' // not well-formed, or has a DOCTYPE (refused: entities could change what is signed)
  | 'signature_home_missing' // no empty ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent
  | 'not_c14n_ready' // fast path refused the input: it is not in the "C14N-ready" form
  | 'signature_id_invalid' // ds:Signature/@Id must be an XML NCName
  | 'algorithm_unsupported'
  | 'key_invalid' // private key or certificate PEM unreadable
  | 'key_certificate_mismatch'; // the private key does not belong to the certificate

export class SigningError extends Error {
  code: SigningErrorCode;
  constructor(code: SigningErrorCode, message: string) {
    super(message);
    this.name = 'SigningError';
    this.code = code;
  }
}
