// The issuing company (the tenant) as the core sees it.

export interface IssuerAddress {
  /** INEI ubigeo, 6 digits. */
  ubigeo: string;
  /** Código de establecimiento anexo declared in the RUC; '0000' = domicilio fiscal (SUNAT 3030). */
  codigoEstablecimiento: string;
  direccion: string;
  urbanizacion?: string;
  provincia: string;
  departamento: string;
  distrito: string;
  /** ISO 3166-1 alpha-2, 'PE'. */
  codigoPais: string;
}

export interface Issuer {
  ruc: string;
  razonSocial: string;
  nombreComercial?: string;
  address: IssuerAddress;
  email?: string;
  telefono?: string;
}
