// The parties of the "otros CPE" (perception 40, retention 20; UBL 2.0): the issuer as cac:AgentParty and the
// customer (perception) or supplier (retention) as cac:ReceiverParty, in the order of their SUNAT schemas.
import type { DocumentCustomer } from '../../invoice/types.ts';
import type { Issuer } from '../../issuer.ts';
import { attrs, type XmlWriter } from '../xml-writer.ts';

/** The issuer: RUC, trade name, fiscal address and legal name. */
export function writeAgentParty(w: XmlWriter, issuer: Issuer): void {
  const a = issuer.address;
  w.open('cac:AgentParty');
  w.open('cac:PartyIdentification')
    .leaf('cbc:ID', issuer.ruc, attrs({ schemeID: '6' }))
    .close();
  if (issuer.nombreComercial) w.open('cac:PartyName').leaf('cbc:Name', issuer.nombreComercial).close();
  w.open('cac:PostalAddress')
    .leaf('cbc:ID', a.ubigeo)
    .leaf('cbc:StreetName', a.direccion)
    .optionalLeaf('cbc:CitySubdivisionName', a.urbanizacion)
    .leaf('cbc:CityName', a.provincia)
    .leaf('cbc:CountrySubentity', a.departamento)
    .leaf('cbc:District', a.distrito)
    .open('cac:Country')
    .leaf('cbc:IdentificationCode', a.codigoPais || 'PE')
    .close()
    .close();
  w.open('cac:PartyLegalEntity').leaf('cbc:RegistrationName', issuer.razonSocial).close();
  w.close();
}

/** The other party: its identity document, trade name, optional address and legal name. */
export function writeReceiverParty(w: XmlWriter, r: Omit<DocumentCustomer, 'addressTypeCode'>): void {
  w.open('cac:ReceiverParty');
  w.open('cac:PartyIdentification')
    .leaf('cbc:ID', r.documentNumber, attrs({ schemeID: r.documentType }))
    .close();
  if (r.tradeName) w.open('cac:PartyName').leaf('cbc:Name', r.tradeName).close();
  if (r.address || r.ubigeo) {
    w.open('cac:PostalAddress')
      .optionalLeaf('cbc:ID', r.ubigeo)
      .optionalLeaf('cbc:StreetName', r.address)
      .open('cac:Country')
      .leaf('cbc:IdentificationCode', r.countryCode)
      .close()
      .close();
  }
  w.open('cac:PartyLegalEntity').leaf('cbc:RegistrationName', r.name).close();
  w.close();
}
