// The SOAP call options for a tenant's summaries: the billService of their kind (RA/RC go to the invoices
// service, RR to "otros CPE", as the vouchers it reverts), the company's SOL user.
import { endpointFor, resolveSunatEndpoints, serviceForDocumentType, type SunatMode } from '../../sunat/index.ts';
import { solCredentialsOf } from '../keys.ts';
import type { PipelineDeps, TenantRef } from '../deps.ts';
import type { SummaryKind } from './kinds.ts';

function modeOf(deps: PipelineDeps, tenant: TenantRef): SunatMode {
  if (tenant.company.sunatMode === 'production') return 'production';
  return deps.config.sunatMode === 'production' ? 'beta' : deps.config.sunatMode;
}

export function summaryCallOptions(deps: PipelineDeps, tenant: TenantRef, kind: SummaryKind) {
  const mode = modeOf(deps, tenant);
  const endpoints = resolveSunatEndpoints({
    mode,
    simulatorUrl: mode === 'simulator' ? deps.sunatSimulatorUrl() : undefined,
    customUrl: tenant.company.sunatEndpointUrl ?? undefined,
  });
  const sol = solCredentialsOf(tenant.schema, tenant.company, deps.secrets);
  return {
    endpoint: endpointFor(endpoints, serviceForDocumentType(kind))!,
    credentials: { username: `${tenant.company.ruc}${sol.user}`, password: sol.password },
    timeoutMs: deps.config.sunatTimeoutMs,
  };
}
