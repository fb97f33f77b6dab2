// Signing certificates: generate development ones, read the PFX/PEM files companies upload.
// Outside the pure core on purpose: this module uses randomness (key generation, serial numbers) and the clock.
import {
  X509Certificate,
  createPrivateKey,
  generateKeyPairSync,
  randomBytes,
  sign as cryptoSign,
  type KeyObject,
} from 'node:crypto';
import forge from 'node-forge';
import { withDerivationBudget } from './pkcs12-derivations.ts';
import { pkcs12IterationCounts } from './pkcs12-iterations.ts';

export interface KeyMaterial {
  privateKeyPem: string;
  certificatePem: string;
}
export interface CertificateInfo {
  subject: string;
  issuer: string;
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
}

export type CertificateErrorCode =
  | 'certificate_unreadable'
  | 'certificate_password_invalid'
  | 'certificate_without_private_key'
  | 'certificate_expired'
  | 'certificate_not_yet_valid'
  | 'certificate_key_mismatch'
  | 'certificate_iterations_excessive'
  | 'certificate_timeout';

const defaultMessages: Record<CertificateErrorCode, string> = {
  certificate_unreadable: 'No se pudo leer el certificado digital: el archivo no es un PFX/PEM válido.',
  certificate_password_invalid: 'La contraseña del certificado digital es incorrecta.',
  certificate_without_private_key: 'El certificado digital no contiene la clave privada.',
  certificate_expired: 'El certificado digital está vencido.',
  certificate_not_yet_valid: 'El certificado digital aún no está vigente.',
  certificate_key_mismatch: 'La clave privada no corresponde al certificado digital.',
  certificate_iterations_excessive:
    'El certificado digital pide demasiadas iteraciones de derivación de clave: expórtelo nuevamente con los valores habituales (2048).',
  certificate_timeout:
    'El certificado digital tardó demasiado en leerse: expórtelo nuevamente con los valores habituales.',
};

/**
 * Most key-derivation iterations a PFX may ask for (its MAC, PBKDF2 or PKCS#12 PBE): 50 times what OpenSSL, Windows
 * and keytool write (2000–10000). node-forge derives at about 20 µs per iteration, synchronously: 3,000,000 took 33 s.
 */
export const MAX_PFX_ITERATIONS = 100_000;
/**
 * All the derivations of one PFX together: its MAC, a key and an IV for each PBE-encrypted section, a key for each
 * PBES2 one, all at the cap, still pass (about 10 s of one thread); a file with many costly bags does not.
 */
export const MAX_PFX_TOTAL_ITERATIONS = 5 * MAX_PFX_ITERATIONS;

function iterationsRefused(iterations: number): CertificateError {
  const shown = !Number.isFinite(iterations)
    ? 'un número desmedido de'
    : iterations <= MAX_PFX_ITERATIONS
      ? 'en total demasiadas'
      : String(iterations);
  return new CertificateError(
    'certificate_iterations_excessive',
    `El certificado digital pide ${shown} iteraciones de derivación de clave (máximo ${MAX_PFX_ITERATIONS} por clave y ${MAX_PFX_TOTAL_ITERATIONS} en total): expórtelo nuevamente con los valores habituales (2048).`,
  );
}

export class CertificateError extends Error {
  code: CertificateErrorCode;
  constructor(code: CertificateErrorCode, message: string = defaultMessages[code], options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CertificateError';
    this.code = code;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Generation

export interface GenerateOptions {
  days?: number;
  bits?: number;
  now?: Date;
}

/**
 * A self-signed RSA certificate for development and SUNAT beta (which accepts any self-signed certificate).
 * Subject `C=PE, O=<name>, OU=RUC <ruc>, CN=<name>`. The key pair comes from node:crypto (native, ~50 ms for
 * RSA-2048); node-forge only assembles the X.509 structure, whose TBS part is signed by node:crypto too.
 */
export function generateSelfSignedCertificate(
  subject: { ruc: string; name: string },
  options: GenerateOptions = {},
): KeyMaterial {
  const days = options.days ?? 365;
  const bits = options.bits ?? 2048;
  const now = options.now ?? new Date();
  if (!subject.name?.trim()) throw new TypeError('subject.name is required');
  if (!subject.ruc?.trim()) throw new TypeError('subject.ruc is required');
  if (!(days > 0)) throw new TypeError('days must be positive');

  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: bits, publicExponent: 0x10001 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }) as string);
  // Positive 128-bit serial (RFC 5280 allows up to 20 octets; the first bit clear keeps it positive).
  const serial = randomBytes(16);
  serial[0] &= 0x7f;
  serial[0] |= 0x01;
  cert.serialNumber = serial.toString('hex');
  // A few minutes of slack so that a verifier whose clock is slightly behind still sees a valid certificate.
  cert.validity.notBefore = new Date(now.getTime() - 5 * 60_000);
  cert.validity.notAfter = new Date(now.getTime() + days * 86_400_000);
  const name = subject.name.trim();
  const attrs = [
    { shortName: 'C', value: 'PE' },
    { shortName: 'O', value: name, valueTagClass: forge.asn1.Type.UTF8 },
    { shortName: 'OU', value: `RUC ${subject.ruc.trim()}`, valueTagClass: forge.asn1.Type.UTF8 },
    { shortName: 'CN', value: name, valueTagClass: forge.asn1.Type.UTF8 },
  ] as forge.pki.CertificateField[];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);

  // Sign the TBSCertificate with node:crypto instead of forge's pure-JS RSA (which takes tens of milliseconds).
  const sha256WithRsa = forge.pki.oids.sha256WithRSAEncryption;
  cert.siginfo.algorithmOid = sha256WithRsa;
  cert.signatureOid = sha256WithRsa;
  cert.md = forge.md.sha256.create();
  // getTBSCertificate exists in node-forge but is missing from @types/node-forge.
  const tbs = (
    forge.pki as unknown as { getTBSCertificate(c: forge.pki.Certificate): forge.asn1.Asn1 }
  ).getTBSCertificate(cert);
  cert.tbsCertificate = tbs;
  const tbsDer = Buffer.from(forge.asn1.toDer(tbs).getBytes(), 'binary');
  cert.signature = cryptoSign('sha256', tbsDer, privateKey).toString('binary');

  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    certificatePem: normalisePem(forge.pki.certificateToPem(cert)),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

export interface LoadOptions {
  now?: Date;
}

/**
 * Reads a PKCS#12 file: modern (PBES2/AES, SHA-256 MAC) and legacy (RC2-40/3DES, SHA-1 MAC) alike. Every key
 * derivation forge makes while reading is charged to the iteration budget (pkcs12-derivations.ts), hidden ones too.
 */
export function loadPfx(pfx: Buffer, password: string, options: LoadOptions = {}): KeyMaterial & CertificateInfo {
  return withDerivationBudget({ perCall: MAX_PFX_ITERATIONS, total: MAX_PFX_TOTAL_ITERATIONS }, iterationsRefused, () =>
    readPfx(pfx, password, options),
  );
}

function readPfx(pfx: Buffer, password: string, options: LoadOptions): KeyMaterial & CertificateInfo {
  let p12!: forge.pkcs12.Pkcs12Pfx;
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(pfx.toString('binary')));
  } catch (cause) {
    throw new CertificateError('certificate_unreadable', undefined, { cause });
  }
  refuseCostlyDerivation(asn1);
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (cause) {
    if (cause instanceof CertificateError) throw cause; // the iteration budget, spent inside forge
    const message = cause instanceof Error ? cause.message : String(cause);
    const macPassed = !/MAC could not be verified/i.test(message);
    // forge derives PBES2 (AES) keys from the password's Latin-1 bytes while OpenSSL uses UTF-8; the MAC
    // (BMPString) is right either way. Once the MAC has proved the password, decrypt again with UTF-8 bytes.
    if (macPassed && /decrypt/i.test(message) && /[\u0080-\uffff]/.test(password)) {
      try {
        const withoutMac = forge.asn1.fromDer(forge.util.createBuffer(pfx.toString('binary')));
        withoutMac.value = (withoutMac.value as forge.asn1.Asn1[]).slice(0, 2);
        p12 = forge.pkcs12.pkcs12FromAsn1(withoutMac, false, forge.util.encodeUtf8(password));
      } catch (retryCause) {
        if (retryCause instanceof CertificateError) throw retryCause;
        throw new CertificateError('certificate_password_invalid', undefined, { cause: retryCause });
      }
    } else if (/Invalid password|wrong password|could not be verified|decrypt/i.test(message)) {
      // forge reports a bad password as a MAC failure, or (for PFX without MAC) as undecryptable bags.
      throw new CertificateError('certificate_password_invalid', undefined, { cause });
    } else {
      throw new CertificateError('certificate_unreadable', undefined, { cause });
    }
  }

  const keys: KeyObject[] = [];
  for (const bagType of [forge.pki.oids.pkcs8ShroudedKeyBag, forge.pki.oids.keyBag]) {
    const bags = p12.getBags({ bagType })[bagType] ?? [];
    for (const bag of bags) {
      const key = keyFromBag(bag);
      if (key) keys.push(key);
    }
  }
  const certBags = p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [];
  const certs: X509Certificate[] = [];
  for (const bag of certBags) {
    // forge keeps the raw certificate ASN.1 when it cannot model its key (e.g. EC); node:crypto reads it anyway.
    const asn1Cert = bag.cert ? forge.pki.certificateToAsn1(bag.cert) : bag.asn1;
    if (!asn1Cert) continue;
    try {
      certs.push(new X509Certificate(Buffer.from(forge.asn1.toDer(asn1Cert).getBytes(), 'binary')));
    } catch (cause) {
      throw new CertificateError('certificate_unreadable', undefined, { cause });
    }
  }
  return pickKeyAndCertificate(keys, certs, options.now ?? new Date());
}

function refuseCostlyDerivation(asn1: forge.asn1.Asn1): void {
  let counts: number[];
  try {
    counts = pkcs12IterationCounts(asn1);
  } catch {
    return; // an unexpected layout: forge will say what is wrong with it (and the caller's time limit still applies)
  }
  const worst = Math.max(0, ...counts);
  if (worst > MAX_PFX_ITERATIONS) throw iterationsRefused(worst);
}

/** Reads a PEM text holding the private key (PKCS#8 or PKCS#1, unencrypted unless `password` is given) and the certificate. */
export function loadPem(pem: string, options: LoadOptions & { password?: string } = {}): KeyMaterial & CertificateInfo {
  const blocks = [...pem.matchAll(/-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/g)];
  const keys: KeyObject[] = [];
  const certs: X509Certificate[] = [];
  for (const [block, label] of blocks) {
    if (label === 'CERTIFICATE') {
      try {
        certs.push(new X509Certificate(block));
      } catch (cause) {
        throw new CertificateError('certificate_unreadable', undefined, { cause });
      }
    } else if (/PRIVATE KEY$/.test(label)) {
      const encrypted = label === 'ENCRYPTED PRIVATE KEY' || /Proc-Type:\s*4,ENCRYPTED/.test(block);
      if (encrypted && options.password === undefined) {
        throw new CertificateError(
          'certificate_password_invalid',
          'La clave privada está cifrada: indique su contraseña.',
        );
      }
      try {
        keys.push(createPrivateKey(encrypted ? { key: block, passphrase: options.password } : block));
      } catch (cause) {
        throw new CertificateError(encrypted ? 'certificate_password_invalid' : 'certificate_unreadable', undefined, {
          cause,
        });
      }
    }
  }
  if (certs.length === 0) {
    throw new CertificateError(
      'certificate_unreadable',
      'El texto PEM no contiene ningún certificado (BEGIN CERTIFICATE).',
    );
  }
  return pickKeyAndCertificate(keys, certs, options.now ?? new Date());
}

/** Subject, issuer, serial and validity of a PEM certificate (RFC 2253-style names in written order). */
export function describeCertificate(certificatePem: string): CertificateInfo {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(certificatePem);
  } catch (cause) {
    throw new CertificateError('certificate_unreadable', undefined, { cause });
  }
  return describe(cert);
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers

function describe(cert: X509Certificate): CertificateInfo {
  return {
    subject: oneLineName(cert.subject),
    issuer: oneLineName(cert.issuer),
    serialNumber: cert.serialNumber.toUpperCase(),
    notBefore: new Date(cert.validFrom),
    notAfter: new Date(cert.validTo),
  };
}

// Node prints names one attribute per line, values already RFC 2253-escaped (commas inside values are `\,`).
function oneLineName(multiline: string): string {
  return multiline.split('\n').filter(Boolean).join(', ');
}

function pickKeyAndCertificate(keys: KeyObject[], certs: X509Certificate[], now: Date): KeyMaterial & CertificateInfo {
  if (keys.length === 0) throw new CertificateError('certificate_without_private_key');
  if (certs.length === 0)
    throw new CertificateError('certificate_unreadable', 'El archivo no contiene ningún certificado.');
  // A PFX may carry the CA chain too: the signing certificate is the one whose public key matches the private key.
  for (const key of keys) {
    const cert = certs.find((c) => matches(c, key));
    if (!cert) continue;
    const info = describe(cert);
    if (now.getTime() > info.notAfter.getTime()) {
      throw new CertificateError(
        'certificate_expired',
        `El certificado digital venció el ${info.notAfter.toISOString().slice(0, 10)}.`,
      );
    }
    if (now.getTime() < info.notBefore.getTime()) {
      throw new CertificateError(
        'certificate_not_yet_valid',
        `El certificado digital recién será válido desde el ${info.notBefore.toISOString().slice(0, 10)}.`,
      );
    }
    return {
      privateKeyPem: key.export({ type: 'pkcs8', format: 'pem' }) as string,
      certificatePem: normalisePem(cert.toString()),
      ...info,
    };
  }
  throw new CertificateError('certificate_key_mismatch');
}

function matches(cert: X509Certificate, key: KeyObject): boolean {
  try {
    return cert.checkPrivateKey(key);
  } catch {
    return false;
  }
}

function keyFromBag(bag: forge.pkcs12.Bag): KeyObject | null {
  try {
    if (bag.key) {
      const info = forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(bag.key as forge.pki.rsa.PrivateKey));
      return createPrivateKey({
        key: Buffer.from(forge.asn1.toDer(info).getBytes(), 'binary'),
        format: 'der',
        type: 'pkcs8',
      });
    }
    // forge only models RSA keys; any other algorithm is left as decrypted PrivateKeyInfo ASN.1 for node:crypto.
    if (bag.asn1) {
      return createPrivateKey({
        key: Buffer.from(forge.asn1.toDer(bag.asn1).getBytes(), 'binary'),
        format: 'der',
        type: 'pkcs8',
      });
    }
  } catch {
    return null;
  }
  return null;
}

function normalisePem(pem: string): string {
  return `${pem.replace(/\r\n/g, '\n').trim()}\n`;
}
