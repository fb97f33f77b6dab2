// Reading the tenant's own company: the row the tenant context already holds, plus its series in a stable order.
import type { Series } from '../../generated/tenant/client.ts';
import type { Company, TenantContext } from '../../platform/http/tenant-context.ts';

export interface CompanyProfile {
  company: Company;
  series: Series[];
}

export async function loadCompanyProfile(tenant: Pick<TenantContext, 'company' | 'db'>): Promise<CompanyProfile> {
  const series = await tenant.db.series.findMany({ orderBy: [{ documentType: 'asc' }, { serie: 'asc' }] });
  return { company: tenant.company, series };
}
