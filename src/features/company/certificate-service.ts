// PUT /api/company/certificate: a company replaces its signing certificate. The PFX is read by readCertificate —
// the one place that parses certificates for this feature, so that moving the parsing off the event loop changes
// one function — then checked against the company's RUC and stored sealed. The next document is signed with it
// (src/pipeline/keys.ts keys its cache by the sealed value).
import { X509Certificate } from 'node:crypto';
import { CertificateError, type CertificateInfo, type KeyMaterial } from '../../crypto/certificates.ts';
import { loadPfxOffThread } from '../../crypto/pfx-off-thread.ts';
import { errors, type ErrorItem } from '../../platform/errors.ts';
import type { Company, TenantContext } from '../../platform/http/tenant-context.ts';
import type { SecretBox } from '../../platform/secrets.ts';

export type ReadCertificate = KeyMaterial & CertificateInfo;

/** Parses a PKCS#12 file (key present, dates valid) or throws a 422 naming the field. */
export async function readCertificate(pfx: Buffer, password: string): Promise<ReadCertificate> {
  try {
    // Off the event loop, with an iteration and time cap: a hostile PFX cannot stall every other request.
    return await loadPfxOffThread(pfx, password);
  } catch (error) {
    if (!(error instanceof CertificateError)) throw error;
    const path = error.code === 'certificate_password_invalid' ? 'password' : 'pfx_base64';
    throw errors.unprocessable(error.code, error.message, [{ path, code: error.code, message: error.message }]);
  }
}

/**
 * Whether the certificate is signed with its own key — the demo one, or any home-made one, whatever issuer name it
 * was given — which production refuses. The only check of the issuer made here: whether that issuer is an authority
 * INDECOPI accredits cannot be verified without the accredited authorities' chains, which we do not hold. SUNAT
 * checks the certificate on every document it receives (2325: not the one registered in SOL; 2326–2328: withdrawn,
 * not in force, revoked).
 */
export function isSelfSigned(certificatePem: string): boolean {
  const certificate = new X509Certificate(certificatePem);
  return certificate.subject === certificate.issuer || certificate.verify(certificate.publicKey);
}

/** The RUCs a certificate's subject names (the certificates Peruvian authorities issue carry the holder's RUC). */
function rucsIn(subject: string): string[] {
  return subject.match(/(?<!\d)(10|15|16|17|20)\d{9}(?!\d)/g) ?? [];
}

/** A warning when the subject names no RUC; a 422 when it names another company's. */
export function checkRuc(subject: string, ruc: string): string[] {
  const found = rucsIn(subject);
  if (found.includes(ruc)) return [];
  if (found.length === 0) {
    return [`El certificado no indica un RUC en su sujeto (${subject}): verifique que sea de la empresa ${ruc}.`];
  }
  const message = `El certificado es del RUC ${found[0]}, no del RUC ${ruc} de esta empresa.`;
  const item: ErrorItem = { path: 'pfx_base64', code: 'certificate_ruc_mismatch', message };
  throw errors.unprocessable('certificate_ruc_mismatch', message, [item]);
}

export async function replaceCertificate(
  tenant: Pick<TenantContext, 'db' | 'ruc'>,
  secrets: SecretBox,
  pfx: Buffer,
  password: string,
): Promise<{ company: Company; certificate: ReadCertificate; warnings: string[] }> {
  const certificate = await readCertificate(pfx, password);
  const warnings = checkRuc(certificate.subject, tenant.ruc);
  const sealed = secrets.seal(
    JSON.stringify({ privateKeyPem: certificate.privateKeyPem, certificatePem: certificate.certificatePem }),
  );
  const company = await tenant.db.company.update({
    where: { id: 1 },
    data: { signingKeyEnc: sealed, certificateSubject: certificate.subject, certificateNotAfter: certificate.notAfter },
  });
  return { company, certificate, warnings };
}
