// The fast signing path on its own (the caller promises the "C14N-ready" form, as our UBL builders write it).
// Kept apart from signing.ts so that a process which only signs what it built — the API — never loads libxml2
// (WebAssembly, ~150 MB of resident memory), which only the general path and verification use.
import { signingSuites, type SigningSuite } from './algorithms.ts';
import { signFast, signFastOffThread } from './fast-path.ts';
import { assertSignatureId } from './template.ts';
import { SigningError, type SignedXml, type SignOptions, type SigningKey } from './types.ts';

export const DEFAULT_SIGNATURE_ID = 'SignatureSP';

/** The algorithm suite and signature id of `options`, checked. */
export function signingSetup(options: SignOptions): { suite: SigningSuite; signatureId: string } {
  const algorithm = options.algorithm ?? 'rsa-sha1';
  const suite = Object.hasOwn(signingSuites, algorithm) ? signingSuites[algorithm] : undefined;
  if (!suite) throw new SigningError('algorithm_unsupported', `Algoritmo de firma no soportado: ${String(algorithm)}.`);
  const signatureId = options.signatureId ?? DEFAULT_SIGNATURE_ID;
  assertSignatureId(signatureId);
  return { suite, signatureId };
}

/** signXml with `assumeCanonical` (see signing.ts). */
export function signCanonicalXml(xml: string, key: SigningKey, options: Omit<SignOptions, 'assumeCanonical'> = {}) {
  const { suite, signatureId } = signingSetup(options);
  return signFast(xml, key, suite, signatureId) satisfies SignedXml;
}

/**
 * signCanonicalXml with the RSA operation — most of a signature's cost — on libuv's thread pool, so that the event
 * loop serves other requests meanwhile and the signatures of several documents run side by side on several cores.
 */
export function signCanonicalXmlOffThread(
  xml: string,
  key: SigningKey,
  options: Omit<SignOptions, 'assumeCanonical'> = {},
): Promise<SignedXml> {
  const { suite, signatureId } = signingSetup(options);
  return signFastOffThread(xml, key, suite, signatureId);
}
