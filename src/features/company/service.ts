// Reading the tenant's own company: the row the tenant context already holds, plus its series in a stable order and
// whether its certificate is the self-signed demo one.
import type { Series } from '../../generated/tenant/client.ts';
import type { Company, TenantContext } from '../../platform/http/tenant-context.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import { openCertificatePem } from './certificate-info.ts';
import { isSelfSigned } from './certificate-service.ts';

export interface CompanyProfile {
  company: Company;
  series: Series[];
  /** Whether the stored certificate is self-signed (the demo one, no good for production); null without one. */
  selfSigned: boolean | null;
}

export async function loadCompanyProfile(
  tenant: Pick<TenantContext, 'company' | 'db'>,
  secrets: SecretBox,
): Promise<CompanyProfile> {
  const series = await tenant.db.series.findMany({ orderBy: [{ documentType: 'asc' }, { serie: 'asc' }] });
  const certificate = openCertificatePem(tenant.company, secrets);
  return { company: tenant.company, series, selfSigned: certificate ? isSelfSigned(certificate) : null };
}
