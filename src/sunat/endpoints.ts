// Where each tenant's documents go (sunat.md §4.1). SUNAT runs one billService for invoices/boletas/notes/summaries,
// another ("otros CPE") for perceptions, retentions and their reversals, and a consult service (production only).
// The simulator serves the same paths, so switching between it and SUNAT is only a base URL.

export type SunatMode = 'simulator' | 'beta' | 'production';
export type ServiceKind = 'invoices' | 'otros-cpe' | 'consult';

export interface SunatEndpoints {
  /** billService for 01, 03, 07, 08 and RC/RA summaries. */
  invoices: string;
  /** billService for 20, 40 and RR reversals. */
  otrosCpe: string;
  /** billConsultService (getStatus/getStatusCdr); SUNAT's beta has none. */
  consult?: string;
}

export const SUNAT_PATHS = {
  invoicesBeta: '/ol-ti-itcpfegem-beta/billService',
  invoicesProduction: '/ol-ti-itcpfegem/billService',
  otrosCpeBeta: '/ol-ti-itemision-otroscpe-gem-beta/billService',
  otrosCpeProduction: '/ol-ti-itemision-otroscpe-gem/billService',
  consult: '/ol-it-wsconscpegem/billConsultService',
} as const;

export const SUNAT_BETA_BASE = 'https://e-beta.sunat.gob.pe';
export const SUNAT_PRODUCTION_BASE = 'https://e-factura.sunat.gob.pe';
export const DEFAULT_SIMULATOR_URL = 'http://127.0.0.1:8089';

export interface EndpointSettings {
  mode: SunatMode;
  /** Base URL of the simulator (SUNAT_SIMULATOR_URL), used when mode is 'simulator'. */
  simulatorUrl?: string;
  /**
   * A tenant's own endpoint (an OSE, or a SUNAT mirror): the full billService URL that replaces both send services,
   * as FacturadorPro's `soap_url` does.
   */
  customUrl?: string;
  /** The consult service to use with `customUrl` (OSEs publish their own, if any). */
  customConsultUrl?: string;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

export function resolveSunatEndpoints(settings: EndpointSettings): SunatEndpoints {
  if (settings.customUrl) {
    return { invoices: settings.customUrl, otrosCpe: settings.customUrl, consult: settings.customConsultUrl };
  }
  switch (settings.mode) {
    case 'production':
      return {
        invoices: SUNAT_PRODUCTION_BASE + SUNAT_PATHS.invoicesProduction,
        otrosCpe: SUNAT_PRODUCTION_BASE + SUNAT_PATHS.otrosCpeProduction,
        consult: SUNAT_PRODUCTION_BASE + SUNAT_PATHS.consult,
      };
    case 'beta':
      return {
        invoices: SUNAT_BETA_BASE + SUNAT_PATHS.invoicesBeta,
        otrosCpe: SUNAT_BETA_BASE + SUNAT_PATHS.otrosCpeBeta,
      };
    case 'simulator': {
      const base = trimSlash(settings.simulatorUrl ?? DEFAULT_SIMULATOR_URL);
      return {
        invoices: base + SUNAT_PATHS.invoicesBeta,
        otrosCpe: base + SUNAT_PATHS.otrosCpeBeta,
        consult: base + SUNAT_PATHS.consult,
      };
    }
    default:
      throw new TypeError(`SUNAT mode desconocido: ${String((settings as { mode: unknown }).mode)}`);
  }
}

/** The send service a document type belongs to: perceptions (40), retentions (20) and RR go to "otros CPE". */
export function serviceForDocumentType(tipo: string): Exclude<ServiceKind, 'consult'> {
  return tipo === '40' || tipo === '20' || tipo === 'RR' || tipo === '41' ? 'otros-cpe' : 'invoices';
}

export function endpointFor(endpoints: SunatEndpoints, kind: ServiceKind): string | undefined {
  return kind === 'invoices' ? endpoints.invoices : kind === 'otros-cpe' ? endpoints.otrosCpe : endpoints.consult;
}

/** Beta credentials: any 11-digit RUC + "MODDATOS", password "moddatos" (sunat.md §4.3). */
export function betaCredentials(ruc: string): { username: string; password: string } {
  return { username: `${ruc}MODDATOS`, password: 'moddatos' };
}
