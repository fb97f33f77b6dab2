// Parties: the supplier (1034/1037/3030/3089) and the customer (2014–2022, 2800–2802, 3090); notes check only a
// RUC's number (2017). Each party's rules are a table (rule-table.ts) in the XSL's order.
import type { XmlElement } from '../../../sunat/xml.ts';
import { EXPORT_OPERATIONS, IDENTITY_TYPES } from '../catalogs.ts';
import type { Findings } from '../context.ts';
import { applyRules, observedAttribute, type Rule } from '../rule-table.ts';
import { all, attr, first, text } from '../xpath.ts';
import type { Shape } from './shape.ts';

const BOLETA_NO_RUC_OPERATIONS = new Set(['0200', '0201', '0203', '0204', '0205', '0206', '0207', '0208', '0401']);
/** A name that is not blank and starts with a non-space, of 3 characters at least. */
const NAME = /^(?!\s*$)[^\s].{2,}$/s;
const DIGITS = /^[0-9]{1,}$/;

export function supplier(root: XmlElement, f: Findings): void {
  applyRules(SUPPLIER_RULES, supplierView(root), f);
}

function supplierView(root: XmlElement): SupplierView {
  const party = first(root, 'cac:AccountingSupplierParty/cac:Party');
  const id = first(party, 'cac:PartyIdentification/cbc:ID');
  const address = first(party, 'cac:PartyLegalEntity/cac:RegistrationAddress');
  const addressType = first(address, 'cbc:AddressTypeCode');
  return {
    party,
    id,
    schemeId: attr(id, 'schemeID'),
    tradeName: text(party, 'cac:PartyName/cbc:Name'),
    legalName: text(party, 'cac:PartyLegalEntity/cbc:RegistrationName'),
    country: first(address, 'cac:Country/cbc:IdentificationCode'),
    addressType,
    addressTypeValue: text(addressType),
    contingency: /^[0-9]/.test(text(root, 'cbc:ID') ?? ''),
  };
}

interface SupplierView {
  party: XmlElement | undefined;
  id: XmlElement | undefined;
  schemeId: string | undefined;
  tradeName: string | undefined;
  legalName: string | undefined;
  country: XmlElement | undefined;
  addressType: XmlElement | undefined;
  addressTypeValue: string | undefined;
  /** A contingency document (a numeric series): its establishment code is only observed. */
  contingency: boolean;
}

const SUPPLIER_RULES: readonly Rule<SupplierView>[] = [
  // SUNAT 3089: one identification.
  {
    code: '3089',
    node: 'cac:PartyIdentification',
    when: (v) => all(v.party, 'cac:PartyIdentification').length > 1,
  },
  // SUNAT 1008 / 1007: a RUC (document type 6).
  { code: '1008', node: 'cac:PartyIdentification/cbc:ID/@schemeID', when: (v) => v.schemeId === undefined },
  {
    code: '1007',
    node: 'cac:PartyIdentification/cbc:ID/@schemeID',
    when: (v) => v.schemeId !== undefined && v.schemeId !== '6',
    value: (v) => v.schemeId,
  },
  observedAttribute((v) => v.id, 'schemeName', /^(Documento de Identidad)$/, '4255'),
  observedAttribute((v) => v.id, 'schemeAgencyName', /^(PE:SUNAT)$/, '4256'),
  observedAttribute((v) => v.id, 'schemeURI', /^(urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo06)$/, '4257'),
  // SUNAT 4092 (observation): a trade name, when given, of 3 to 1,500 characters.
  {
    code: '4092',
    observation: true,
    node: 'cac:PartyName/cbc:Name',
    when: ({ tradeName: name }) => name !== undefined && (name.length > 1500 || !NAME.test(name)),
    value: (v) => v.tradeName,
  },
  // SUNAT 1037: the legal name.
  { code: '1037', node: 'cac:PartyLegalEntity/cbc:RegistrationName', when: (v) => v.legalName === undefined },
  // SUNAT 4338 (observation): the legal name of 3 to 1,500 characters.
  {
    code: '4338',
    observation: true,
    node: 'cbc:RegistrationName',
    when: ({ legalName: name }) => name !== undefined && (name.length > 1500 || name.length < 2 || !NAME.test(name)),
    value: (v) => v.legalName,
  },
  // SUNAT 4041 (observation): the address is in Peru.
  {
    code: '4041',
    observation: true,
    node: 'cac:Country/cbc:IdentificationCode',
    when: (v) => !!v.country && text(v.country) !== 'PE',
    value: (v) => text(v.country),
  },
  // SUNAT 4198 / 4199 (observations, contingency): the establishment code, numeric.
  {
    code: '4198',
    observation: true,
    node: 'cbc:AddressTypeCode',
    when: (v) => v.contingency && !v.addressType,
  },
  {
    code: '4199',
    observation: true,
    node: 'cbc:AddressTypeCode',
    when: (v) => v.contingency && !!v.addressTypeValue && !DIGITS.test(v.addressTypeValue),
    value: (v) => v.addressTypeValue,
  },
  // SUNAT 3030 / 3239: the establishment code (código de establecimiento anexo), numeric.
  {
    code: '3030',
    node: 'cac:RegistrationAddress/cbc:AddressTypeCode',
    when: (v) => !v.contingency && !v.addressType,
  },
  {
    code: '3239',
    node: 'cbc:AddressTypeCode',
    when: (v) => !v.contingency && !!v.addressType && !DIGITS.test(v.addressTypeValue ?? ''),
    value: (v) => v.addressTypeValue,
  },
  // SUNAT 4242 (observation): of 4 digits.
  {
    code: '4242',
    observation: true,
    node: 'cbc:AddressTypeCode',
    when: (v) => !!v.addressTypeValue && !/^[0-9]{4}$/.test(v.addressTypeValue),
    value: (v) => v.addressTypeValue,
  },
  observedAttribute((v) => v.addressType, 'listAgencyName', /^(PE:SUNAT)$/, '4251'),
  observedAttribute((v) => v.addressType, 'listName', /^(Establecimientos anexos)$/, '4252'),
];

export function customer(root: XmlElement, s: Shape, f: Findings): void {
  applyRules(CUSTOMER_RULES, customerView(root, s), f);
}

function customerView(root: XmlElement, s: Shape): CustomerView {
  const party = first(root, 'cac:AccountingCustomerParty/cac:Party');
  const idEl = first(party, 'cac:PartyIdentification/cbc:ID');
  return {
    s,
    party,
    idEl,
    id: text(idEl),
    schemeId: attr(idEl, 'schemeID'),
    legend2008: all(root, 'cbc:Note').some((n) => n.attrs.languageLocaleID === '2008'),
    name: text(party, 'cac:PartyLegalEntity/cbc:RegistrationName'),
  };
}

interface CustomerView {
  s: Shape;
  party: XmlElement | undefined;
  idEl: XmlElement | undefined;
  id: string | undefined;
  schemeId: string | undefined;
  /** The document carries legend 2008 (sale exonerated in the Tacna commercial zone). */
  legend2008: boolean;
  name: string | undefined;
}

/** A number to check: present and not `-`. */
const numbered = (v: CustomerView) => v.id !== undefined && v.id !== '-';
/** A factura or boleta to a document type other than a RUC (ValidaExprRegNC/ND check no number but a RUC's). */
const invoiceToNonRuc = (v: CustomerView) => numbered(v) && v.schemeId !== '6' && v.s.isInvoice;

/** SUNAT 2800: exports 0200/0201/0204 cannot go to a RUC (unless legend 2008). */
function exportToRuc({ s, legend2008, schemeId }: CustomerView): boolean {
  const op = s.operation;
  return s.isInvoice && !legend2008 && (op === '0200' || op === '0201' || op === '0204') && schemeId === '6';
}

/** SUNAT 2800 (ValidaExprRegBoleta): exports but 0202 and non-domiciled sales (0401) never to a RUC; 0112 only DNI or RUC. */
function boletaOperationRefusesCustomer({ s, schemeId }: CustomerView): boolean {
  const op = s.operation;
  if (s.tipo !== '03' || op === undefined) return false;
  if (BOLETA_NO_RUC_OPERATIONS.has(op)) return schemeId === '6';
  return op === '0112' && schemeId !== '1' && schemeId !== '6';
}

/** SUNAT 2800 (facturas): exports and 0401 any catalog-06 type, 0112 DNI or RUC, 2106 7/B/G, the rest a RUC. */
function facturaOperationRefusesCustomer({ s, schemeId }: CustomerView): boolean {
  const op = s.operation;
  if (s.tipo !== '01' || schemeId === undefined) return false;
  if ((op !== undefined && EXPORT_OPERATIONS.has(op)) || op === '0401')
    return schemeId !== '-' && !IDENTITY_TYPES.has(schemeId);
  if (op === '0112') return schemeId !== '1' && schemeId !== '6';
  if (op === '2106') return !['7', 'B', 'G'].includes(schemeId);
  return schemeId !== '6';
}

const CUSTOMER_RULES: readonly Rule<CustomerView>[] = [
  // SUNAT 3090: one identification.
  {
    code: '3090',
    node: 'cac:PartyIdentification',
    when: (v) => all(v.party, 'cac:PartyIdentification').length > 1,
  },
  // SUNAT 2014: the customer's number.
  { code: '2014', node: 'cac:PartyIdentification/cbc:ID', when: (v) => v.id === undefined || v.id === '' },
  // SUNAT 2017: a RUC of 11 digits (every type, notes included).
  {
    code: '2017',
    node: 'cac:PartyIdentification/cbc:ID',
    when: (v) => numbered(v) && v.schemeId === '6' && !/^\d{11}$/.test(v.id!),
    value: (v) => v.id,
  },
  // SUNAT 4207 (observation, boletas) / 2801 (facturas): a DNI of 8 digits.
  {
    code: '4207',
    observation: true,
    node: 'cac:PartyIdentification/cbc:ID',
    when: (v) => invoiceToNonRuc(v) && v.schemeId === '1' && v.s.tipo === '03' && !/^\d{8}$/.test(v.id!),
    value: (v) => v.id,
  },
  {
    code: '2801',
    node: 'cac:PartyIdentification/cbc:ID',
    when: (v) => invoiceToNonRuc(v) && v.schemeId === '1' && v.s.tipo !== '03' && !/^\d{8}$/.test(v.id!),
    value: (v) => v.id,
  },
  // SUNAT 2802: another document's number of 1 to 15 characters, no spaces.
  {
    code: '2802',
    node: 'cac:PartyIdentification/cbc:ID',
    when: (v) =>
      invoiceToNonRuc(v) &&
      v.schemeId !== '1' &&
      (v.id!.length > 15 || v.id!.length < 1 || !/^(?!\s*$)[^\s]*$/.test(v.id!)),
    value: (v) => v.id,
  },
  // SUNAT 2015: the customer's document type.
  {
    code: '2015',
    node: 'cac:PartyIdentification/cbc:ID/@schemeID',
    when: (v) => v.schemeId === undefined || v.schemeId === '',
  },
  { code: '2800', node: 'cbc:ID/@schemeID', when: exportToRuc, value: (v) => v.schemeId },
  { code: '2800', node: 'cbc:ID/@schemeID', when: boletaOperationRefusesCustomer, value: (v) => v.schemeId },
  { code: '2800', node: 'cbc:ID/@schemeID', when: facturaOperationRefusesCustomer, value: (v) => v.schemeId },
  observedAttribute((v) => v.idEl, 'schemeName', /^(Documento de Identidad)$/, '4255'),
  observedAttribute((v) => v.idEl, 'schemeAgencyName', /^(PE:SUNAT)$/, '4256'),
  observedAttribute((v) => v.idEl, 'schemeURI', /^(urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo06)$/, '4257'),
  // SUNAT 2021: the customer's name.
  { code: '2021', node: 'cac:PartyLegalEntity/cbc:RegistrationName', when: (v) => v.name === undefined },
  // SUNAT 2022 (ND, PAS20191U210100194): '^(?!\s*$).{2,999}$' — two characters are enough on a debit note.
  {
    code: '2022',
    node: 'cbc:RegistrationName',
    when: (v) => v.name !== undefined && v.s.tipo === '08' && !/^(?!\s*$).{2,999}$/.test(v.name),
    value: (v) => v.name,
  },
  // SUNAT 2022 (facturas, boletas and credit notes): RegistrationName of 3 to 1,500 characters.
  {
    code: '2022',
    node: 'cbc:RegistrationName',
    when: ({ name, s }) =>
      name !== undefined &&
      s.tipo !== '08' &&
      (name.length > 1500 || name.length < 3 || !/^(?!\s*$).{2,}$/s.test(name)),
    value: (v) => v.name,
  },
];
