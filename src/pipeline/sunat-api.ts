// A company's access to SUNAT's REST APIs: the endpoints of its environment (as its documents' SOAP endpoints), its
// "Credenciales de API SUNAT" opened, and tokens from this process's one cache (src/sunat/api/oauth.ts: per company,
// environment and credentials, until shortly before they expire; a 401 refreshes once). The consulta de validez
// uses the client_credentials grant; the dispatch guides' service takes the password grant of the company's SOL user.
import {
  callWithToken,
  requestToken,
  resolveSunatApiEndpoints,
  TokenCache,
  tokenKey,
  validarComprobante,
  type ApiResult,
  type SunatApiEndpoints,
  type SunatGrant,
  type ValidityAnswer,
  type ValidityQuery,
} from '../sunat/api/index.ts';
import type { SunatMode } from '../sunat/index.ts';
import { solCredentialsOf } from './keys.ts';
import type { PipelineDeps, TenantRef } from './deps.ts';

/** SUNAT beta's public test password, which the simulator's default client policy takes as any client's secret. */
const SIMULATOR_API_SECRET = 'moddatos';

/** The tokens of every company this process serves (bounded: the least recently used go first). */
export const sunatTokens = new TokenCache({ max: 1_000 });

/** Where a company's documents go: production, SUNAT beta, or the simulator in development. */
export function sunatModeOf(
  deps: Pick<PipelineDeps, 'config'>,
  tenant: { company: Pick<TenantRef['company'], 'sunatMode'> },
): SunatMode {
  if (tenant.company.sunatMode === 'production') return 'production';
  // A company that chose SUNAT's beta service goes there even when the server's default is the simulator.
  if (tenant.company.sunatMode === 'beta') return 'beta';
  return deps.config.sunatMode === 'production' ? 'beta' : deps.config.sunatMode;
}

export function sunatApiEndpointsOf(deps: PipelineDeps, tenant: Pick<TenantRef, 'company'>): SunatApiEndpoints {
  const mode = sunatModeOf(deps, tenant);
  return resolveSunatApiEndpoints({ mode, simulatorUrl: mode === 'simulator' ? deps.sunatSimulatorUrl() : undefined });
}

export type ApiService = 'validity' | 'dispatch';

export interface SunatApiAccess {
  endpoints: SunatApiEndpoints;
  grant: SunatGrant;
  /** The token cache's key: company, environment, grant and credentials. */
  key: string;
}

/** Whether the company stored its API credentials (PUT /api/company/sunat). */
export function hasApiCredentials(tenant: Pick<TenantRef, 'company'>): boolean {
  return Boolean(tenant.company.sunatApiClientId && tenant.company.sunatApiSecretEnc);
}

/** The company's access for `service`, or undefined without API credentials. */
export function sunatApiAccessOf(
  deps: PipelineDeps,
  tenant: TenantRef,
  service: ApiService,
): SunatApiAccess | undefined {
  const { sunatApiClientId: storedId, sunatApiSecretEnc: sealed } = tenant.company;
  const endpoints = sunatApiEndpointsOf(deps, tenant);
  // Against the simulator a company without API credentials uses its RUC as client id and SUNAT beta's public
  // secret, as its SOL user defaults to beta's MODDATOS: demo guides go end to end with nothing configured.
  const simulated = !sealed && service === 'dispatch' && sunatModeOf(deps, tenant) === 'simulator';
  if (!simulated && (!storedId || !sealed)) return undefined;
  const clientId = simulated ? tenant.company.ruc : storedId!;
  const clientSecret = simulated ? SIMULATOR_API_SECRET : deps.secrets.open(sealed!);
  let grant: SunatGrant;
  if (service === 'validity') {
    grant = { kind: 'client_credentials', clientId, clientSecret };
  } else {
    const sol = solCredentialsOf(tenant.schema, tenant.company, deps.secrets);
    grant = {
      kind: 'password',
      clientId,
      clientSecret,
      username: `${tenant.company.ruc}${sol.user}`,
      password: sol.password,
    };
  }
  return { endpoints, grant, key: tokenKey(tenant.schema, endpoints, grant) };
}

/** Runs `call` with a token of `access` (one fresh token and one more try when the API answers 401). */
export function withSunatToken<T>(
  deps: PipelineDeps,
  access: SunatApiAccess,
  call: Parameters<typeof callWithToken<T>>[3],
): Promise<ApiResult<T>> {
  const timeoutMs = deps.config.sunatTimeoutMs;
  return callWithToken(
    sunatTokens,
    access.key,
    () => requestToken(access.endpoints, access.grant, { timeoutMs }),
    call,
  );
}

/** SUNAT's consulta de validez of one document, as the company (`access` of the 'validity' service). */
export function askValidity(
  deps: PipelineDeps,
  tenant: Pick<TenantRef, 'company'>,
  access: SunatApiAccess,
  query: ValidityQuery,
): Promise<ApiResult<ValidityAnswer>> {
  return withSunatToken(deps, access, (token) =>
    validarComprobante({
      endpoints: access.endpoints,
      consultingRuc: tenant.company.ruc,
      token,
      query,
      timeoutMs: deps.config.sunatTimeoutMs,
    }),
  );
}
