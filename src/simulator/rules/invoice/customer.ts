// Parties: the supplier (1034/1037/3030/3089) and the customer (2014–2022, 2800–2802, 3090); notes check only a
// RUC's number (2017).
import type { XmlElement } from '../../../sunat/xml.ts';
import { EXPORT_OPERATIONS, IDENTITY_TYPES } from '../catalogs.ts';
import type { Findings } from '../context.ts';
import { all, attr, first, text } from '../xpath.ts';
import { type Shape, observeAttr } from './shape.ts';

const BOLETA_NO_RUC_OPERATIONS = new Set(['0200', '0201', '0203', '0204', '0205', '0206', '0207', '0208', '0401']);

export function supplier(root: XmlElement, f: Findings): void {
  const party = first(root, 'cac:AccountingSupplierParty/cac:Party');
  f.check(all(party, 'cac:PartyIdentification').length > 1, '3089', 'cac:PartyIdentification');
  const id = first(party, 'cac:PartyIdentification/cbc:ID');
  const schemeId = attr(id, 'schemeID');
  f.check(schemeId === undefined, '1008', 'cac:PartyIdentification/cbc:ID/@schemeID');
  f.check(schemeId !== undefined && schemeId !== '6', '1007', 'cac:PartyIdentification/cbc:ID/@schemeID', schemeId);
  observeAttr(f, id, 'schemeName', /^(Documento de Identidad)$/, '4255');
  observeAttr(f, id, 'schemeAgencyName', /^(PE:SUNAT)$/, '4256');
  observeAttr(f, id, 'schemeURI', /^(urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo06)$/, '4257');
  const tradeName = text(party, 'cac:PartyName/cbc:Name');
  if (tradeName !== undefined)
    f.check(
      tradeName.length > 1500 || !/^(?!\s*$)[^\s].{2,}$/s.test(tradeName),
      '4092',
      'cac:PartyName/cbc:Name',
      tradeName,
      undefined,
      false,
    );
  const legalName = text(party, 'cac:PartyLegalEntity/cbc:RegistrationName');
  f.check(legalName === undefined, '1037', 'cac:PartyLegalEntity/cbc:RegistrationName'); // SUNAT 1037
  if (legalName !== undefined)
    f.check(
      legalName.length > 1500 || legalName.length < 2 || !/^(?!\s*$)[^\s].{2,}$/s.test(legalName),
      '4338',
      'cbc:RegistrationName',
      legalName,
      undefined,
      false,
    );
  const address = first(party, 'cac:PartyLegalEntity/cac:RegistrationAddress');
  const country = first(address, 'cac:Country/cbc:IdentificationCode');
  if (country)
    f.check(text(country) !== 'PE', '4041', 'cac:Country/cbc:IdentificationCode', text(country), undefined, false);
  const addressType = first(address, 'cbc:AddressTypeCode');
  const addressTypeValue = text(addressType);
  const contingency = /^[0-9]/.test(text(root, 'cbc:ID') ?? '');
  if (contingency) {
    f.check(!addressType, '4198', 'cbc:AddressTypeCode', undefined, undefined, false);
    if (addressTypeValue)
      f.check(!/^[0-9]{1,}$/.test(addressTypeValue), '4199', 'cbc:AddressTypeCode', addressTypeValue, undefined, false);
  } else {
    f.check(!addressType, '3030', 'cac:RegistrationAddress/cbc:AddressTypeCode'); // SUNAT 3030: establecimiento code
    if (addressType)
      f.check(!/^[0-9]{1,}$/.test(addressTypeValue ?? ''), '3239', 'cbc:AddressTypeCode', addressTypeValue);
  }
  if (addressTypeValue)
    f.check(!/^[0-9]{4}$/.test(addressTypeValue), '4242', 'cbc:AddressTypeCode', addressTypeValue, undefined, false);
  observeAttr(f, addressType, 'listAgencyName', /^(PE:SUNAT)$/, '4251');
  observeAttr(f, addressType, 'listName', /^(Establecimientos anexos)$/, '4252');
}

export function customer(root: XmlElement, s: Shape, f: Findings): void {
  const party = first(root, 'cac:AccountingCustomerParty/cac:Party');
  f.check(all(party, 'cac:PartyIdentification').length > 1, '3090', 'cac:PartyIdentification');
  const idEl = first(party, 'cac:PartyIdentification/cbc:ID');
  const id = text(idEl);
  f.check(id === undefined || id === '', '2014', 'cac:PartyIdentification/cbc:ID');
  const schemeId = attr(idEl, 'schemeID');
  if (id !== undefined && id !== '-') {
    if (schemeId === '6') {
      f.check(!/^\d{11}$/.test(id), '2017', 'cac:PartyIdentification/cbc:ID', id); // SUNAT 2017: RUC of 11 digits
    } else if (!s.isInvoice) {
      // ValidaExprRegNC/ND check no number but a RUC's (2017): a note to a DNI, `-` or `0` of any form passes.
    } else if (schemeId === '1') {
      // Facturas reject a malformed DNI (2801); boletas only observe it (4207).
      if (s.tipo === '03') f.check(!/^\d{8}$/.test(id), '4207', 'cac:PartyIdentification/cbc:ID', id, undefined, false);
      else f.check(!/^\d{8}$/.test(id), '2801', 'cac:PartyIdentification/cbc:ID', id);
    } else {
      f.check(
        id.length > 15 || id.length < 1 || !/^(?!\s*$)[^\s]*$/.test(id),
        '2802',
        'cac:PartyIdentification/cbc:ID',
        id,
      );
    }
  }
  f.check(schemeId === undefined || schemeId === '', '2015', 'cac:PartyIdentification/cbc:ID/@schemeID');

  const op = s.operation;
  const legend2008 = all(root, 'cbc:Note').some((n) => n.attrs.languageLocaleID === '2008');
  if (s.isInvoice && !legend2008 && (op === '0200' || op === '0201' || op === '0204')) {
    f.check(schemeId === '6', '2800', 'cbc:ID/@schemeID', schemeId); // SUNAT 2800: exports cannot go to a RUC
  }
  if (s.tipo === '03' && op !== undefined) {
    // SUNAT 2800 (ValidaExprRegBoleta): exports but 0202 and non-domiciled sales (0401) never to a RUC; 0112 only
    // DNI or RUC.
    if (BOLETA_NO_RUC_OPERATIONS.has(op)) f.check(schemeId === '6', '2800', 'cbc:ID/@schemeID', schemeId);
    else if (op === '0112') f.check(schemeId !== '1' && schemeId !== '6', '2800', 'cbc:ID/@schemeID', schemeId);
  }
  if (s.tipo === '01' && schemeId !== undefined) {
    if ((op !== undefined && EXPORT_OPERATIONS.has(op)) || op === '0401') {
      if (schemeId !== '-') f.check(!IDENTITY_TYPES.has(schemeId), '2800', 'cbc:ID/@schemeID', schemeId);
    } else if (op === '0112') {
      f.check(schemeId !== '1' && schemeId !== '6', '2800', 'cbc:ID/@schemeID', schemeId);
    } else if (op === '2106') {
      f.check(!['7', 'B', 'G'].includes(schemeId), '2800', 'cbc:ID/@schemeID', schemeId);
    } else {
      f.check(schemeId !== '6', '2800', 'cbc:ID/@schemeID', schemeId); // SUNAT 2800: a factura needs a RUC
    }
  }
  observeAttr(f, idEl, 'schemeName', /^(Documento de Identidad)$/, '4255');
  observeAttr(f, idEl, 'schemeAgencyName', /^(PE:SUNAT)$/, '4256');
  observeAttr(f, idEl, 'schemeURI', /^(urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo06)$/, '4257');

  const name = text(party, 'cac:PartyLegalEntity/cbc:RegistrationName');
  f.check(name === undefined, '2021', 'cac:PartyLegalEntity/cbc:RegistrationName');
  if (name !== undefined && s.tipo === '08') {
    // SUNAT 2022 (ND, PAS20191U210100194): '^(?!\s*$).{2,999}$' — two characters are enough on a debit note.
    f.check(!/^(?!\s*$).{2,999}$/.test(name), '2022', 'cbc:RegistrationName', name);
  } else if (name !== undefined) {
    // SUNAT 2022 (facturas, boletas and credit notes): RegistrationName of 3 to 1,500 characters.
    f.check(
      name.length > 1500 || name.length < 3 || !/^(?!\s*$).{2,}$/s.test(name),
      '2022',
      'cbc:RegistrationName',
      name,
    );
  }
}
