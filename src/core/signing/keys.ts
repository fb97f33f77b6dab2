// Parsed signing keys, cached per PEM: parsing an RSA key costs more than signing a small document.
import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import { SigningError, type SigningKey } from './types.ts';

export interface PreparedKey {
  privateKey: KeyObject;
  certificateBase64: string;
}

const MAX_KEYS = 64;
// privateKeyPem → certificatePem → prepared key. Two levels so that a caller passing the same PEM strings
// each time hits V8's cached string hashes instead of hashing a fresh concatenation per signature.
const cache = new Map<string, Map<string, PreparedKey>>();

export function prepareKey(key: SigningKey): PreparedKey {
  const byCertificate = cache.get(key.privateKeyPem);
  const hit = byCertificate?.get(key.certificatePem);
  if (hit) return hit;

  let privateKey: KeyObject;
  let certificate: X509Certificate;
  try {
    privateKey = createPrivateKey(key.privateKeyPem);
  } catch {
    throw new SigningError('key_invalid', 'La clave privada no es un PEM legible (PKCS#8 o PKCS#1, sin cifrar).');
  }
  const certificateBase64 = firstCertificateBase64(key.certificatePem);
  try {
    certificate = new X509Certificate(Buffer.from(certificateBase64, 'base64'));
  } catch {
    throw new SigningError('key_invalid', 'El certificado no es un PEM legible.');
  }
  if (privateKey.asymmetricKeyType !== 'rsa') {
    throw new SigningError('key_invalid', 'Solo se admiten claves RSA para firmar comprobantes.');
  }
  // A signature that no certificate verifies would only be discovered as a SUNAT rejection (2334): refuse it here.
  if (!certificate.checkPrivateKey(privateKey)) {
    throw new SigningError('key_certificate_mismatch', 'La clave privada no corresponde al certificado.');
  }
  const prepared = { privateKey, certificateBase64 };
  if (byCertificate) {
    byCertificate.set(key.certificatePem, prepared);
  } else {
    if (cache.size >= MAX_KEYS) cache.delete(cache.keys().next().value as string);
    cache.set(key.privateKeyPem, new Map([[key.certificatePem, prepared]]));
  }
  return prepared;
}

/** Base64 DER of the first certificate of a PEM text (ds:X509Certificate carries no PEM lines). */
export function firstCertificateBase64(pem: string): string {
  const match = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/.exec(pem);
  if (!match) throw new SigningError('key_invalid', 'El texto no contiene un certificado PEM (BEGIN CERTIFICATE).');
  return match[1].replace(/\s+/g, '');
}
