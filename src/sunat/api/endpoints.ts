// Where SUNAT's REST APIs answer: the OAuth2 token service (api-seguridad), the consulta integrada de validez
// (api.sunat.gob.pe) and the dispatch guides' service (api-cpe). Like the SOAP services (../endpoints.ts), the
// simulator serves the same paths under its own base URL, so switching is only a base URL.
// SUNAT publishes no beta of these APIs: a company in beta mode reaches production's, which knows nothing of what
// SUNAT beta received (`validityCoversSends` false).
import type { SunatMode } from '../endpoints.ts';
import { DEFAULT_SIMULATOR_URL } from '../endpoints.ts';

export interface SunatApiEndpoints {
  /** Base of the token service: `{security}/v1/clientesextranet/{client_id}/oauth2/token/`. */
  security: string;
  /** Base of the consulta integrada: `{contribuyente}/v1/contribuyente/contribuyentes/{ruc}/validarcomprobante`. */
  contribuyente: string;
  /** Base of the dispatch guides' service (GRE): `{cpe}/v1/contribuyente/gem/comprobantes/…`. */
  cpe: string;
  /** The validity service answers for the documents this environment's send services received (production and the
   *  simulator): only then may a lost answer be settled by asking it. */
  validityCoversSends: boolean;
}

export const SUNAT_API_BASES = {
  security: 'https://api-seguridad.sunat.gob.pe',
  contribuyente: 'https://api.sunat.gob.pe',
  cpe: 'https://api-cpe.sunat.gob.pe',
} as const;

/** The scopes SUNAT's token service grants: the consulta integrada, and the dispatch guides' service. */
export const SUNAT_API_SCOPES = {
  contribuyente: 'https://api.sunat.gob.pe/v1/contribuyente/contribuyentes',
  cpe: 'https://api-cpe.sunat.gob.pe',
} as const;

const segment = (value: string) => encodeURIComponent(value);

export const SUNAT_API_PATHS = {
  /** client_credentials (consulta integrada): SUNAT's "clientes extranet". */
  clientCredentialsToken: (clientId: string) => `/v1/clientesextranet/${segment(clientId)}/oauth2/token/`,
  /** password grant (a SOL user: dispatch guides): SUNAT's "clientes SOL". */
  passwordToken: (clientId: string) => `/v1/clientessol/${segment(clientId)}/oauth2/token/`,
  /** `ruc` is the consulting taxpayer's (the token's); the body names the document's issuer. */
  validarComprobante: (ruc: string) => `/v1/contribuyente/contribuyentes/${segment(ruc)}/validarcomprobante`,
} as const;

export interface ApiEndpointSettings {
  mode: SunatMode;
  /** Base URL of the simulator (SUNAT_SIMULATOR_URL), used when mode is 'simulator'. */
  simulatorUrl?: string;
}

export function resolveSunatApiEndpoints(settings: ApiEndpointSettings): SunatApiEndpoints {
  switch (settings.mode) {
    case 'production':
      return { ...SUNAT_API_BASES, validityCoversSends: true };
    case 'beta':
      return { ...SUNAT_API_BASES, validityCoversSends: false };
    case 'simulator': {
      const base = (settings.simulatorUrl ?? DEFAULT_SIMULATOR_URL).replace(/\/+$/, '');
      return { security: base, contribuyente: base, cpe: base, validityCoversSends: true };
    }
    default:
      throw new TypeError(`SUNAT mode desconocido: ${String((settings as { mode: unknown }).mode)}`);
  }
}
