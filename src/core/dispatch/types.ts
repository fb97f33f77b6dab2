// The computed dispatch guide (09 remitente, 31 transportista): plain JSON (decimals as strings), what the XML and
// the PDF are made from. Stored as is: its field names stay.

/** A party named by its identity document (catalogue 06) and name. */
export interface DispatchParty {
  documentType: string;
  documentNumber: string;
  name: string;
}

/** Partida or llegada. `establishment`: the SUNAT establishment code and the RUC it belongs to (AddressTypeCode). */
export interface DispatchAddress {
  ubigeo: string;
  address: string;
  establishment?: { code: string; ruc: string };
}

export interface DispatchAuthorization {
  number: string;
  /** Catalogue D-37 entity. */
  entity?: string;
}

export interface DispatchDriver {
  role: 'Principal' | 'Secundario';
  documentType: string;
  documentNumber: string;
  firstName: string;
  familyName: string;
  licence: string;
}

export interface DispatchVehicle {
  plate: string;
  /** TUC / certificado de habilitación vehicular (ApplicableTransportMeans/RegistrationNationalityID). */
  registration?: string;
  authorization?: DispatchAuthorization;
}

export interface DispatchCarrier extends DispatchParty {
  /** Registro MTC (CarrierParty/PartyLegalEntity/CompanyID). */
  mtc?: string;
  authorization?: DispatchAuthorization;
}

export interface DispatchRelatedDocument {
  /** Catalogue 61. */
  documentType: string;
  description: string;
  number: string;
  /** RUC of the document's issuer (IssuerParty), when SUNAT asks for it or the client gave it. */
  issuerRuc?: string;
  issuerName?: string;
}

export interface DispatchLine {
  number: number;
  quantity: string;
  unitCode: string;
  description?: string;
  code?: string;
  note?: string;
}

export interface ComputedDispatch {
  schemaVersion: 1;
  kind: 'dispatch';
  documentType: '09' | '31';
  series: string;
  number: number | null;
  issueDate: string;
  issueTime: string;
  note?: string;
  /** DeliveryCustomerParty: who receives the goods. */
  recipient: DispatchParty;
  /** 09, motives 02/07: the goods' supplier (SellerSupplierParty). */
  supplier?: DispatchParty;
  /** 31: the remitente (Despatch/DespatchParty). */
  sender?: DispatchParty;
  /** 31: who pays the freight (SpecialInstructions) and, for Subcontratador/Tercero, who (OriginatorCustomerParty). */
  payer?: { indicator: 'Remitente' | 'Subcontratador' | 'Tercero'; party?: DispatchParty };
  /** 09: catalogue 20 motive and its description. */
  motive?: { code: string; description: string };
  /** 09: catalogue 18. */
  transportMode?: '01' | '02';
  /** Start of the transfer (TransitPeriod/StartDate). */
  transferDate: string;
  /** 09 public transport: goods handed to the carrier (LoadingTransportEvent/OccurrenceDate, SUNAT 3617). */
  handOverDate?: string;
  /** cac:Shipment/cbc:SpecialInstructions, SUNAT's indicators. */
  indicators: string[];
  grossWeight: { value: string; unit: 'KGM' | 'TNE' };
  packages?: number;
  container?: string;
  /** 09 public transport: the carrier; 31: the issuer's own MTC registration. */
  carrier?: DispatchCarrier;
  drivers: DispatchDriver[];
  vehicle?: DispatchVehicle & { secondary: DispatchVehicle[] };
  origin: DispatchAddress;
  destination?: DispatchAddress;
  /** Importación/exportación: catalogue 63 port. */
  port?: { code: string; name: string };
  related: DispatchRelatedDocument[];
  lines: DispatchLine[];
  pdfFormat: 'a4' | 'ticket';
}
