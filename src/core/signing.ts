// XMLDSig for SUNAT documents: enveloped signature in the first empty
// ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent, Reference URI="" with enveloped-signature + inclusive
// C14N, RSA-SHA1/SHA1 by default (SUNAT's reference libraries), RSA-SHA256/SHA256 on request.
// Pure: node:crypto hashes and signs; no I/O, no clock.
import { signCanonicalXml, signingSetup } from './signing/canonical.ts';
import { signGeneral } from './signing/general-path.ts';
import type { SignedXml, SignOptions, SigningKey } from './signing/types.ts';

export type {
  SigningKey,
  SignatureAlgorithm,
  SignOptions,
  SignedXml,
  VerifyResult,
  VerifyOptions,
  SigningErrorCode,
} from './signing/types.ts';
export { SigningError } from './signing/types.ts';
export { verifyXmlSignature } from './signing/verify.ts';
export { inspectC14nReady } from './signing/fast-path.ts';

export { DEFAULT_SIGNATURE_ID, signCanonicalXml } from './signing/canonical.ts';

/**
 * Signs `xml` and returns the signed text, the DigestValue (the "valor resumen" printed and put in the QR) and
 * the SignatureValue. With `assumeCanonical` the caller promises the "C14N-ready" form and gets the fast path
 * (a cheap guard throws SigningError 'not_c14n_ready' when the promise is obviously broken); otherwise any
 * well-formed XML is accepted and the document is not re-serialised: only the ds:Signature is inserted.
 */
export function signXml(xml: string, key: SigningKey, options: SignOptions = {}): SignedXml {
  if (options.assumeCanonical) return signCanonicalXml(xml, key, options);
  const { suite, signatureId } = signingSetup(options);
  return signGeneral(xml, key, suite, signatureId);
}
