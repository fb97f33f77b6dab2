// UBL 2.1 DespatchAdvice in SUNAT's GRE 2022 format (CustomizationID 2.0) for the guía de remisión remitente (09)
// and transportista (31), in the element order of UBL-DespatchAdvice-2.1.xsd. Output is the "C14N-ready" form the
// fast signer expects (src/core/ubl/xml-writer.ts): namespaces on the root in C14N order, no self-closing tags.
import { documentId } from '../filenames.ts';
import type { Issuer } from '../issuer.ts';
import { A } from '../ubl/fragments/attributes.ts';
import { writeSignaturePointer } from '../ubl/fragments/parties.ts';
import { openUbl21 } from '../ubl/fragments/opening.ts';
import { attrs, type XmlWriter } from '../ubl/xml-writer.ts';
import type {
  ComputedDispatch,
  DispatchAddress,
  DispatchAuthorization,
  DispatchDriver,
  DispatchParty,
  DispatchVehicle,
} from './types.ts';

export const DESPATCH_ADVICE_NS = 'urn:oasis:names:specification:ubl:schema:xsd:DespatchAdvice-2';

const CATALOG = (n: string) => `urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo${n}`;
const SUNAT_LIST = (listName: string, catalog: string) =>
  attrs({ listAgencyName: 'PE:SUNAT', listName, listURI: CATALOG(catalog) });
const UNECE = 'United Nations Economic Commission for Europe';
const authority = (entity?: string) =>
  attrs({ schemeID: entity, schemeName: 'Entidad Autorizadora', schemeAgencyName: 'PE:SUNAT' });

function writeParty(w: XmlWriter, element: string, p: DispatchParty): void {
  w.open(element).open('cac:Party');
  w.open('cac:PartyIdentification').leaf('cbc:ID', p.documentNumber, A.identityDocument(p.documentType)).close();
  w.open('cac:PartyLegalEntity').leaf('cbc:RegistrationName', p.name).close();
  w.close().close();
}

function writeRelated(w: XmlWriter, doc: ComputedDispatch): void {
  for (const r of doc.related) {
    w.open('cac:AdditionalDocumentReference')
      .leaf('cbc:ID', r.number)
      .leaf('cbc:DocumentTypeCode', r.documentType, SUNAT_LIST('Documento relacionado al transporte', '61'))
      .leaf('cbc:DocumentType', r.description);
    if (r.issuerRuc) {
      w.open('cac:IssuerParty')
        .open('cac:PartyIdentification')
        .leaf('cbc:ID', r.issuerRuc, A.identityDocument('6'))
        .close()
        .close();
    }
    w.close();
  }
}

function writeAuthorization(w: XmlWriter, a: DispatchAuthorization | undefined): void {
  if (!a) return;
  w.open('cac:AgentParty')
    .open('cac:PartyLegalEntity')
    .leaf('cbc:CompanyID', a.number, authority(a.entity))
    .close()
    .close();
}

function writeCarrier(w: XmlWriter, doc: ComputedDispatch): void {
  const c = doc.carrier;
  if (!c) return;
  w.open('cac:CarrierParty');
  w.open('cac:PartyIdentification').leaf('cbc:ID', c.documentNumber, A.identityDocument(c.documentType)).close();
  w.open('cac:PartyLegalEntity').leaf('cbc:RegistrationName', c.name).optionalLeaf('cbc:CompanyID', c.mtc).close();
  writeAuthorization(w, c.authorization);
  w.close();
}

function writeDriver(w: XmlWriter, d: DispatchDriver): void {
  w.open('cac:DriverPerson')
    .leaf('cbc:ID', d.documentNumber, A.identityDocument(d.documentType))
    .leaf('cbc:FirstName', d.firstName)
    .leaf('cbc:FamilyName', d.familyName)
    .leaf('cbc:JobTitle', d.role)
    .open('cac:IdentityDocumentReference')
    .leaf('cbc:ID', d.licence)
    .close()
    .close();
}

function writeAddress(w: XmlWriter, element: string, a: DispatchAddress): void {
  w.open(element).leaf('cbc:ID', a.ubigeo, A.ubigeo);
  if (a.establishment) {
    w.leaf(
      'cbc:AddressTypeCode',
      a.establishment.code,
      attrs({
        listAgencyName: 'PE:SUNAT',
        listID: a.establishment.ruc,
        listName: 'Establecimientos anexos',
      }),
    );
  }
  w.open('cac:AddressLine').leaf('cbc:Line', a.address).close();
  w.close();
}

function writeVehicleDetails(w: XmlWriter, v: DispatchVehicle): void {
  if (v.registration)
    w.open('cac:ApplicableTransportMeans').leaf('cbc:RegistrationNationalityID', v.registration).close();
}

function writeShipmentReference(w: XmlWriter, v: DispatchVehicle): void {
  if (!v.authorization) return;
  w.open('cac:ShipmentDocumentReference')
    .leaf('cbc:ID', v.authorization.number, authority(v.authorization.entity))
    .close();
}

function writeVehicle(w: XmlWriter, doc: ComputedDispatch): void {
  const v = doc.vehicle;
  if (!v) return;
  w.open('cac:TransportHandlingUnit').open('cac:TransportEquipment').leaf('cbc:ID', v.plate);
  writeVehicleDetails(w, v);
  for (const s of v.secondary) {
    w.open('cac:AttachedTransportEquipment').leaf('cbc:ID', s.plate);
    writeVehicleDetails(w, s);
    writeShipmentReference(w, s);
    w.close();
  }
  writeShipmentReference(w, v);
  w.close().close();
}

function writeShipment(w: XmlWriter, doc: ComputedDispatch): void {
  w.open('cac:Shipment').leaf('cbc:ID', 'SUNAT_Envio');
  if (doc.motive) {
    w.leaf('cbc:HandlingCode', doc.motive.code, SUNAT_LIST('Motivo de traslado', '20'));
    w.leaf('cbc:HandlingInstructions', doc.motive.description);
  }
  w.leaf('cbc:GrossWeightMeasure', doc.grossWeight.value, attrs({ unitCode: doc.grossWeight.unit }));
  if (doc.packages) w.leaf('cbc:TotalTransportHandlingUnitQuantity', String(doc.packages));
  for (const indicator of doc.indicators) w.leaf('cbc:SpecialInstructions', indicator);

  w.open('cac:ShipmentStage');
  if (doc.transportMode) w.leaf('cbc:TransportModeCode', doc.transportMode, SUNAT_LIST('Modalidad de traslado', '18'));
  w.open('cac:TransitPeriod').leaf('cbc:StartDate', doc.transferDate).close();
  writeCarrier(w, doc);
  // SUNAT 3617 (from 2026-06-01): the date the goods are handed to the carrier, in public transport.
  if (doc.handOverDate) w.open('cac:LoadingTransportEvent').leaf('cbc:OccurrenceDate', doc.handOverDate).close();
  for (const d of doc.drivers) writeDriver(w, d);
  w.close();

  w.open('cac:Delivery');
  if (doc.destination) writeAddress(w, 'cac:DeliveryAddress', doc.destination);
  w.open('cac:Despatch');
  writeAddress(w, 'cac:DespatchAddress', doc.origin);
  if (doc.sender) {
    w.open('cac:DespatchParty');
    w.open('cac:PartyIdentification')
      .leaf('cbc:ID', doc.sender.documentNumber, A.identityDocument(doc.sender.documentType))
      .close();
    w.open('cac:PartyLegalEntity').leaf('cbc:RegistrationName', doc.sender.name).close();
    w.close();
  }
  w.close().close();

  writeVehicle(w, doc);
  if (doc.port) {
    w.open('cac:FirstArrivalPortLocation')
      .leaf(
        'cbc:ID',
        doc.port.code,
        attrs({ schemeAgencyName: 'PE:SUNAT', schemeName: 'Puertos', schemeURI: CATALOG('63') }),
      )
      .leaf('cbc:LocationTypeCode', '1')
      .leaf('cbc:Name', doc.port.name)
      .close();
  }
  w.close();
}

function writeLines(w: XmlWriter, doc: ComputedDispatch): void {
  for (const line of doc.lines) {
    w.open('cac:DespatchLine')
      .leaf('cbc:ID', String(line.number))
      .leaf(
        'cbc:DeliveredQuantity',
        line.quantity,
        attrs({ unitCode: line.unitCode, unitCodeListAgencyName: UNECE, unitCodeListID: 'UN/ECE rec 20' }),
      )
      .open('cac:OrderLineReference')
      .leaf('cbc:LineID', String(line.number))
      .close()
      .open('cac:Item')
      .optionalLeaf('cbc:Description', line.description);
    if (line.code) w.open('cac:SellersItemIdentification').leaf('cbc:ID', line.code).close();
    w.close().close();
  }
}

/** The unsigned "C14N-ready" DespatchAdvice of a guide with its number assigned. */
export function buildDispatchXml(doc: ComputedDispatch, issuer: Issuer): string {
  if (doc.number === null) throw new Error('buildDispatchXml: the guide has no number yet ("#")');
  const w = openUbl21('DespatchAdvice', DESPATCH_ADVICE_NS, documentId(doc.series, doc.number), doc);
  w.leaf('cbc:DespatchAdviceTypeCode', doc.documentType, A.documentType).optionalLeaf('cbc:Note', doc.note);
  writeRelated(w, doc);
  writeSignaturePointer(w, issuer);
  writeParty(w, 'cac:DespatchSupplierParty', {
    documentType: '6',
    documentNumber: issuer.ruc,
    name: issuer.razonSocial,
  });
  writeParty(w, 'cac:DeliveryCustomerParty', doc.recipient);
  if (doc.supplier) writeParty(w, 'cac:SellerSupplierParty', doc.supplier);
  if (doc.payer?.party) writeParty(w, 'cac:OriginatorCustomerParty', doc.payer.party);
  writeShipment(w, doc);
  writeLines(w, doc);
  return w.toString();
}
