// Parties: the UBL pointer to the signature, the issuer (AccountingSupplierParty) and the customer
// (AccountingCustomerParty).
import type { Issuer } from '../../issuer.ts';
import type { DocumentCustomer } from '../../invoice/types.ts';
import { SIGNATURE_ID } from '../namespaces.ts';
import type { XmlWriter } from '../xml-writer.ts';
import { A } from './attributes.ts';

export function writeSignaturePointer(w: XmlWriter, issuer: Issuer): void {
  w.open('cac:Signature')
    .leaf('cbc:ID', SIGNATURE_ID)
    .open('cac:SignatoryParty')
    .open('cac:PartyIdentification')
    .leaf('cbc:ID', issuer.ruc)
    .close()
    .open('cac:PartyName')
    .leaf('cbc:Name', issuer.razonSocial)
    .close()
    .close()
    .open('cac:DigitalSignatureAttachment')
    .open('cac:ExternalReference')
    .leaf('cbc:URI', `#${SIGNATURE_ID}`)
    .close()
    .close()
    .close();
}

/** The issuer's party; `tag` is AccountingCustomerParty in a liquidación de compra (04), where the company buys. */
export function writeSupplier(w: XmlWriter, issuer: Issuer, tag = 'cac:AccountingSupplierParty'): void {
  const a = issuer.address;
  w.open(tag).open('cac:Party');
  w.open('cac:PartyIdentification').leaf('cbc:ID', issuer.ruc, A.identityDocument('6')).close();
  if (issuer.nombreComercial) w.open('cac:PartyName').leaf('cbc:Name', issuer.nombreComercial).close();
  w.open('cac:PartyLegalEntity').leaf('cbc:RegistrationName', issuer.razonSocial);
  w.open('cac:RegistrationAddress')
    .leaf('cbc:ID', a.ubigeo, A.ubigeo)
    // SUNAT 3030: código de establecimiento anexo ('0000' = domicilio fiscal).
    .leaf('cbc:AddressTypeCode', a.codigoEstablecimiento || '0000', A.establishment)
    .optionalLeaf('cbc:CitySubdivisionName', a.urbanizacion)
    .leaf('cbc:CityName', a.provincia)
    .leaf('cbc:CountrySubentity', a.departamento)
    .leaf('cbc:District', a.distrito)
    .open('cac:AddressLine')
    .leaf('cbc:Line', a.direccion)
    .close()
    .open('cac:Country')
    .leaf('cbc:IdentificationCode', a.codigoPais || 'PE', A.country)
    .close()
    .close();
  w.close();
  if (issuer.telefono || issuer.email) {
    w.open('cac:Contact')
      .optionalLeaf('cbc:Telephone', issuer.telefono)
      .optionalLeaf('cbc:ElectronicMail', issuer.email)
      .close();
  }
  w.close().close();
}

export function writeCustomer(w: XmlWriter, c: DocumentCustomer): void {
  w.open('cac:AccountingCustomerParty').open('cac:Party');
  w.open('cac:PartyIdentification').leaf('cbc:ID', c.documentNumber, A.identityDocument(c.documentType)).close();
  w.open('cac:PartyLegalEntity').leaf('cbc:RegistrationName', c.name);
  if (c.address || c.ubigeo) {
    w.open('cac:RegistrationAddress');
    if (c.ubigeo) w.leaf('cbc:ID', c.ubigeo, A.ubigeo);
    if (c.address) w.open('cac:AddressLine').leaf('cbc:Line', c.address).close();
    w.open('cac:Country').leaf('cbc:IdentificationCode', c.countryCode, A.country).close();
    w.close();
  }
  w.close();
  w.close().close();
}
