// Opening what provisioning sealed in the company row: the signing key (certificate + private key) and the
// SOL credentials. Callers get plain values for the duration of one operation; never log or return them.
import type { KeyMaterial } from '../../crypto/certificates.ts';
import type { Company } from '../../generated/tenant/client.ts';
import type { SecretBox } from '../secrets.ts';

export class CompanySecretMissingError extends Error {
  constructor(
    readonly what: 'signing_key' | 'sol_credentials',
    readonly ruc: string,
  ) {
    super(`company ${ruc} has no ${what === 'signing_key' ? 'certificate' : 'SOL credentials'} stored`);
    this.name = 'CompanySecretMissingError';
  }
}

export function openSigningKey(company: Pick<Company, 'ruc' | 'signingKeyEnc'>, secrets: SecretBox): KeyMaterial {
  if (!company.signingKeyEnc) throw new CompanySecretMissingError('signing_key', company.ruc);
  const parsed = JSON.parse(secrets.open(company.signingKeyEnc)) as KeyMaterial;
  return { privateKeyPem: parsed.privateKeyPem, certificatePem: parsed.certificatePem };
}

/** SOL user as stored (`MODDATOS` for demo tenants, the SOL user for production) and its password. */
export function openSolCredentials(
  company: Pick<Company, 'ruc' | 'solUser' | 'solPasswordEnc'>,
  secrets: SecretBox,
): { user: string; password: string } {
  if (!company.solUser || !company.solPasswordEnc) throw new CompanySecretMissingError('sol_credentials', company.ruc);
  return { user: company.solUser, password: secrets.open(company.solPasswordEnc) };
}
