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
  /** The address of the establishment issuing (its code is the XML's AddressTypeCode): the fiscal one for 0000. */
  address: IssuerAddress;
  /**
   * The fiscal domicile, when the document is issued from an annex (address.codigoEstablecimiento ≠ 0000): the
   * printed representation shows it beside the annex's address.
   */
  fiscalAddress?: IssuerAddress;
  /** The annex's name, when issued from one (printed beside its address). */
  establishmentName?: string;
  email?: string;
  telefono?: string;
}
