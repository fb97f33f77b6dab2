// What GET /api/company and the SUNAT settings need to know of the stored certificate: the certificate itself (it is
// public; the private key beside it stays sealed and unused here), and how soon it expires.
import type { Company } from '../../platform/http/tenant-context.ts';
import type { SecretBox } from '../../platform/secrets.ts';

export const EXPIRY_WARNING_DAYS = 30;
const DAY_MS = 86_400_000;

/** The stored certificate (PEM), or null without one. */
export function openCertificatePem(company: Pick<Company, 'signingKeyEnc'>, secrets: SecretBox): string | null {
  if (!company.signingKeyEnc) return null;
  return (JSON.parse(secrets.open(company.signingKeyEnc)) as { certificatePem: string }).certificatePem;
}

/** Whole days until the certificate expires (negative once expired), or null without one. */
export function daysLeft(notAfter: Date | null, now = new Date()): number | null {
  return notAfter ? Math.floor((notAfter.getTime() - now.getTime()) / DAY_MS) : null;
}

/** The Spanish warning GET /api/company shows from 30 days before expiry on. */
export function expiryWarning(notAfter: Date | null, now = new Date()): string | null {
  const days = daysLeft(notAfter, now);
  if (days === null || days > EXPIRY_WARNING_DAYS) return null;
  if (days < 0) return 'El certificado digital está vencido: SUNAT rechazará los comprobantes firmados con él.';
  return `El certificado digital vence en ${days} días: súbalo renovado con PUT /api/company/certificate.`;
}
