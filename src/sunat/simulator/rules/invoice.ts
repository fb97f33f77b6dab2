// TypeScript port of the key rules of SUNAT's ValidaExprRegFactura-2.0.1.xsl (and the parts of the boleta and
// note files that share them), evaluated on the XML alone. Each check cites its code;
// the XPath semantics are kept on purpose, quirks included (an absent total is NaN and never fails a comparison;
// 3103/2993 skip code 15 because the XSL writes `text = '15'`; 3279 only checks IVAP documents since SUNAT's
// change PAS20221U210600205). Tolerances are SUNAT's: ±1 currency unit on most sums, exact where the XSL is exact.
import { missingHotelProperties } from '../../../core/catalogs/index.ts';
import type { XmlElement } from '../../xml.ts';
import {
  AFFECTATIONS,
  ALLOWANCE_REASONS,
  CURRENCIES,
  DETRACTION_CODES,
  DETRACTION_OPERATIONS,
  EXPORT_OPERATIONS,
  IDENTITY_TYPES,
  LEGENDS,
  OPERATION_TYPES,
  PAYMENT_MEANS,
  PRICE_TYPES,
  SCHEME_FLAG,
  TAX_SCHEMES,
} from './catalogs.ts';
import {
  Decimal,
  type Findings,
  ONE,
  PERCENT,
  TEN_DECIMALS,
  TWO_DECIMALS,
  ZERO,
  add,
  all,
  attr,
  eq,
  exists,
  first,
  fmt,
  gt,
  lt,
  mul,
  ne,
  num,
  outside,
  outsideRounded,
  round,
  stringValue,
  sub,
  sum,
  text,
  toNum,
  type Num,
} from './context.ts';

export type InvoiceLikeType = '01' | '03' | '07' | '08';

const SERIES: Record<InvoiceLikeType, RegExp> = {
  '01': /^([F][A-Z0-9]{3}|[0-9]{4})-[0-9]{1,8}$/,
  '03': /^([B][A-Z0-9]{3}|[0-9]{4})-[0-9]{1,8}$/,
  '07': /^([FBS][A-Z0-9]{3}|[0-9]{4})-[0-9]{1,8}$/,
  '08': /^([FBS][A-Z0-9]{3}|[0-9]{4})-[0-9]{1,8}$/,
};

const BOLETA_NO_RUC_OPERATIONS = new Set(['0200', '0201', '0203', '0204', '0205', '0206', '0207', '0208', '0401']);

const SIGNED_TWO_DECIMALS = /^-?[0-9]{1,12}(\.[0-9]{1,2})?$/;
const EIGHTEEN = new Decimal('0.18');
const FOUR = new Decimal('0.04');

interface Shape {
  tipo: InvoiceLikeType;
  isInvoice: boolean;
  lineName: string;
  quantityName: string;
  totalsName: string;
  currency: string | undefined;
  operation: string | undefined;
  lines: XmlElement[];
  totals: XmlElement | undefined;
  /**
   * Notes keep their own arithmetic (NC/ND 3270/3271/3277/3280): rejections when they modify a factura (01),
   * observations (4287/4288/4299/4312) otherwise. Undefined for invoices.
   */
  noteLevel?: 'error' | 'observation';
}

function scheme(subtotal: XmlElement): string {
  return text(subtotal, 'cac:TaxCategory/cac:TaxScheme/cbc:ID') ?? '';
}

function subtotalsOf(taxTotal: XmlElement | undefined, ...schemes: string[]): XmlElement[] {
  return all(taxTotal, 'cac:TaxSubtotal').filter((s) => schemes.includes(scheme(s)));
}

function reasonCode(el: XmlElement): string {
  return text(el, 'cbc:AllowanceChargeReasonCode') ?? '';
}

function allowances(parent: XmlElement | undefined, ...codes: string[]): XmlElement[] {
  return all(parent, 'cac:AllowanceCharge').filter((ac) => codes.includes(reasonCode(ac)));
}

function amountSum(nodes: XmlElement[], path = 'cbc:Amount'): Num {
  return sum(nodes.flatMap((n) => all(n, path)));
}

function twoDecimals(value: string | undefined, greaterThanZero: boolean): boolean {
  if (value === undefined) return true;
  if (!TWO_DECIMALS.test(value)) return false;
  return !greaterThanZero || new Decimal(value).gt(0);
}

/** Lines having an onerous-type subtotal (1000/1016/9995/9997/9998) with TaxableAmount > 0 (free lines excluded). */
function lineHasBase(line: XmlElement, ...schemes: string[]): boolean {
  return subtotalsOf(first(line, 'cac:TaxTotal'), ...schemes).some((s) => gt(num(s, 'cbc:TaxableAmount'), 0));
}

function lineSubtotals(shape: Shape, ...schemes: string[]): XmlElement[] {
  return shape.lines.flatMap((l) => all(l, 'cac:TaxTotal/cac:TaxSubtotal')).filter((s) => schemes.includes(scheme(s)));
}

export function checkInvoiceLike(root: XmlElement, tipo: InvoiceLikeType, f: Findings): void {
  const isInvoice = tipo === '01' || tipo === '03';
  const lineName = tipo === '07' ? 'CreditNoteLine' : tipo === '08' ? 'DebitNoteLine' : 'InvoiceLine';
  const totalsName = tipo === '08' ? 'RequestedMonetaryTotal' : 'LegalMonetaryTotal';
  const shape: Shape = {
    tipo,
    isInvoice,
    lineName,
    quantityName: tipo === '07' ? 'CreditedQuantity' : tipo === '08' ? 'DebitedQuantity' : 'InvoicedQuantity',
    totalsName,
    currency: text(root, 'cbc:DocumentCurrencyCode'),
    operation: isInvoice ? attr(first(root, 'cbc:InvoiceTypeCode'), 'listID') : undefined,
    lines: all(root, `cac:${lineName}`),
    totals: first(root, `cac:${totalsName}`),
    ...(isInvoice
      ? {}
      : {
          noteLevel:
            text(root, 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:DocumentTypeCode') === '01'
              ? ('error' as const)
              : ('observation' as const),
        }),
  };

  header(root, shape, f);
  supplier(root, f);
  customer(root, shape, f);
  if (!isInvoice) discrepancy(root, shape, f);
  references(root, f);
  totalsFormat(root, shape, f);
  headerTaxTotal(root, shape, f);
  globalAllowances(root, shape, f);
  perceptionInInvoice(root, shape, f);
  sums(root, shape, f);
  advances(root, shape, f);
  legends(root, shape, f);
  if (isInvoice) paymentTerms(root, shape, f);
  lines(shape, f);
}

// ---------------------------------------------------------------------------------------------------------------

function header(root: XmlElement, s: Shape, f: Findings): void {
  const ubl = text(root, 'cbc:UBLVersionID');
  f.check(ubl === undefined || ubl === '', '2075', 'cbc:UBLVersionID');
  f.check(ubl !== undefined && ubl !== '' && ubl !== '2.1', '2074', 'cbc:UBLVersionID', ubl); // SUNAT 2074
  const customization = text(root, 'cbc:CustomizationID');
  f.check(customization === undefined || customization === '', '2073', 'cbc:CustomizationID');
  f.check(
    customization !== undefined && customization !== '' && customization !== '2.0',
    '2072',
    'cbc:CustomizationID',
    customization,
  );
  observeAttr(f, first(root, 'cbc:CustomizationID'), 'schemeAgencyName', /^(PE:SUNAT)$/, '4256');

  const id = text(root, 'cbc:ID') ?? '';
  f.check(!SERIES[s.tipo].test(id), '1001', 'cbc:ID', id); // SUNAT 1001: serie-correlativo per document type

  if (s.isInvoice) {
    const typeCode = first(root, 'cbc:InvoiceTypeCode');
    const value = text(typeCode);
    f.check(value === undefined || value === '', '1004', 'cbc:InvoiceTypeCode');
    f.check(value !== undefined && value !== '' && value !== s.tipo, '1003', 'cbc:InvoiceTypeCode', value);
    observeAttr(f, typeCode, 'listAgencyName', /^(PE:SUNAT)$/, '4251');
    observeAttr(f, typeCode, 'listName', /^(Tipo de Documento)$/, '4252');
    observeAttr(f, typeCode, 'listURI', /^(urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo01)$/, '4253');
  }

  const currencyCode = first(root, 'cbc:DocumentCurrencyCode');
  f.check(!currencyCode, '2070', 'cbc:DocumentCurrencyCode');
  f.check(s.currency !== undefined && !CURRENCIES.has(s.currency), '3088', 'cbc:DocumentCurrencyCode', s.currency);
  // SUNAT 2071: every amount in the document currency, except perception (51–53) and payment/delivery terms.
  if (s.currency) {
    const foreign = findForeignCurrency(root, s.currency);
    f.check(foreign !== undefined, '2071', `${foreign?.name ?? ''}/@currencyID`, foreign?.attrs.currencyID);
  }
  observeAttr(f, currencyCode, 'listID', /^(ISO 4217 Alpha)$/, '4254');
  observeAttr(f, currencyCode, 'listName', /^(Currency)$/, '4252');
  observeAttr(f, currencyCode, 'listAgencyName', /^(United Nations Economic Commission for Europe)$/, '4251');
}

function findForeignCurrency(el: XmlElement, currency: string): XmlElement | undefined {
  if (el.local === 'AllowanceCharge' && ['51', '52', '53'].includes(reasonCode(el))) return undefined;
  if (el.local === 'PaymentTerms' && exists(el, 'cbc:Amount')) return undefined;
  if (el.local === 'DeliveryTerms' && exists(el, 'cbc:Amount')) return undefined;
  if (el.local === 'DeclaredForCarriageValueAmount') return undefined;
  if (el.local === 'TaxExclusiveAmount' && el.parent?.local === 'LegalMonetaryTotal') return undefined;
  const own = el.attrs.currencyID;
  if (own !== undefined && own !== currency) return el;
  for (const c of el.children) {
    const hit = findForeignCurrency(c, currency);
    if (hit) return hit;
  }
  return undefined;
}

/** SUNAT's optional-attribute observations (42xx): checked only when the attribute is present. */
function observeAttr(
  f: Findings,
  el: XmlElement | undefined,
  name: string,
  re: RegExp,
  code: string,
  detail?: string,
): void {
  const value = el?.attrs[name];
  if (value !== undefined && !re.test(value)) f.observe(code, `${el!.name}/@${name}`, value, detail);
}

function supplier(root: XmlElement, f: Findings): void {
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

function customer(root: XmlElement, s: Shape, f: Findings): void {
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
  if (name !== undefined) {
    // SUNAT 2022 (facturas, boletas and notes): RegistrationName of 3 to 1,500 characters.
    f.check(
      name.length > 1500 || name.length < 3 || !/^(?!\s*$).{2,}$/s.test(name),
      '2022',
      'cbc:RegistrationName',
      name,
    );
  }
}

function discrepancy(root: XmlElement, s: Shape, f: Findings): void {
  const responses = all(root, 'cac:DiscrepancyResponse/cbc:ResponseCode');
  f.check(responses.length === 0 || text(responses[0]) === '', '2128', 'cac:DiscrepancyResponse/cbc:ResponseCode');
  f.check(responses.length > 1, '3203', 'cac:DiscrepancyResponse/cbc:ResponseCode');
  const description = text(root, 'cac:DiscrepancyResponse/cbc:Description');
  f.check(description === undefined || description === '', '2136', 'cac:DiscrepancyResponse/cbc:Description');
  if (description) f.check(description.length > 500, '2135', 'cac:DiscrepancyResponse/cbc:Description', description);
  const affected = text(root, 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID');
  f.check(!affected, '2524', 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID');
  if (affected)
    f.check(
      !/^([FB][A-Z0-9]{3}|S[A-Z0-9]{3}|[0-9]{4}|E001|EB01)-[0-9]{1,8}$/.test(affected),
      '2117',
      'cac:InvoiceDocumentReference/cbc:ID',
      affected,
    );
  if (s.tipo === '07' && text(responses[0]) === '13') {
    const type = text(root, 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:DocumentTypeCode');
    f.check(type !== '01', '3259', 'cac:InvoiceDocumentReference/cbc:DocumentTypeCode', type);
  }
}

function references(root: XmlElement, f: Findings): void {
  const order = text(root, 'cac:OrderReference/cbc:ID');
  if (order !== undefined)
    f.check(
      order.length > 20 || !/^[^\s]{1,}$/.test(order),
      '4233',
      'cac:OrderReference/cbc:ID',
      order,
      undefined,
      false,
    );

  const despatch = all(root, 'cac:DespatchDocumentReference');
  const seen = new Set<string>();
  for (const d of despatch) {
    const key = `${text(d, 'cbc:DocumentTypeCode')} ${text(d, 'cbc:ID')}`;
    f.check(seen.has(key), '2364', 'cac:DespatchDocumentReference/cbc:ID', text(d, 'cbc:ID'));
    seen.add(key);
    const id = text(d, 'cbc:ID');
    if (id !== undefined)
      f.check(
        !/^(([T][A-Z0-9]{3}-[0-9]{1,8})|([0-9]{4}-[0-9]{1,8})|([E][G][0-9]{2}-[0-9]{1,8})|([G][0-9]{3}-[0-9]{1,8}))$/.test(
          id,
        ),
        '4006',
        'cac:DespatchDocumentReference/cbc:ID',
        id,
        undefined,
        false,
      );
    const type = text(d, 'cbc:DocumentTypeCode');
    f.check(
      type === undefined || !/^(31)|(09)$/.test(type),
      '4005',
      'cac:DespatchDocumentReference/cbc:DocumentTypeCode',
      type,
      undefined,
      false,
    );
  }

  const prepaidIds = all(root, 'cac:PrepaidPayment').map((p) => text(p, 'cbc:ID'));
  const advances = all(root, 'cac:AdditionalDocumentReference').filter((a) =>
    ['02', '03'].includes(text(a, 'cbc:DocumentTypeCode') ?? ''),
  );
  const statusCodes = advances.map((a) => text(a, 'cbc:DocumentStatusCode'));
  for (const a of advances) {
    const status = text(a, 'cbc:DocumentStatusCode');
    f.check(status === undefined, '3216', 'cac:AdditionalDocumentReference/cbc:DocumentStatusCode');
    if (status !== undefined) {
      f.check(!prepaidIds.includes(status), '3214', 'cbc:DocumentStatusCode', status); // SUNAT 3214
      f.check(statusCodes.filter((c) => c === status).length > 1, '3215', 'cbc:DocumentStatusCode', status);
    }
    const id = text(a, 'cbc:ID') ?? '';
    const re =
      text(a, 'cbc:DocumentTypeCode') === '02'
        ? /^(([F][0-9A-Z]{3}-[0-9]{1,8})|([0-9]{1,4}-[0-9]{1,8})|([E][0][0][1]-[0-9]{1,8}))$/
        : /^(([B][0-9A-Z]{3}-[0-9]{1,8})|([0-9]{1,4}-[0-9]{1,8})|([E][B][0][1]-[0-9]{1,8}))$/;
    f.check(!re.test(id), '2521', 'cac:AdditionalDocumentReference/cbc:ID', id);
    observeAttr(f, first(a, 'cbc:DocumentStatusCode'), 'listName', /^(Anticipo)$/, '4252');
    observeAttr(f, first(a, 'cbc:DocumentStatusCode'), 'listAgencyName', /^(PE:SUNAT)$/, '4251');
  }
}

function totalsFormat(root: XmlElement, s: Shape, f: Findings): void {
  const t = s.totals;
  const prefix = `cac:${s.totalsName}`;
  f.check(
    !twoDecimals(text(t, 'cbc:AllowanceTotalAmount'), false),
    '2065',
    `${prefix}/cbc:AllowanceTotalAmount`,
    text(t, 'cbc:AllowanceTotalAmount'),
  );
  f.check(
    !twoDecimals(text(t, 'cbc:ChargeTotalAmount'), false),
    '2064',
    `${prefix}/cbc:ChargeTotalAmount`,
    text(t, 'cbc:ChargeTotalAmount'),
  );
  const payable = text(t, 'cbc:PayableAmount');
  f.check(payable === undefined || !twoDecimals(payable, false), '2062', `${prefix}/cbc:PayableAmount`, payable);
  const lineExtension = text(t, 'cbc:LineExtensionAmount');
  f.check(lineExtension === undefined || lineExtension === '', '3288', `${prefix}/cbc:LineExtensionAmount`); // SUNAT 3288
  f.check(!twoDecimals(lineExtension || undefined, false), '2031', `${prefix}/cbc:LineExtensionAmount`, lineExtension);
  f.check(
    !twoDecimals(text(t, 'cbc:TaxInclusiveAmount'), false),
    '3019',
    `${prefix}/cbc:TaxInclusiveAmount`,
    text(t, 'cbc:TaxInclusiveAmount'),
  );
  const rounding = num(t, 'cbc:PayableRoundingAmount');
  f.check(gt(rounding, 1) || lt(rounding, -1), '3303', `${prefix}/cbc:PayableRoundingAmount`, fmt(rounding)); // SUNAT 3303
  const roundingCurrency = attr(first(t, 'cbc:PayableRoundingAmount'), 'currencyID');
  f.check(
    roundingCurrency !== undefined && s.currency !== undefined && roundingCurrency !== s.currency,
    '2071',
    'cbc:PayableRoundingAmount/@currencyID',
    roundingCurrency,
  );
  const taxInclusive = text(t, 'cbc:TaxInclusiveAmount');
  f.check(taxInclusive === undefined || taxInclusive === '', '3305', `${prefix}/cbc:TaxInclusiveAmount`); // SUNAT 3305
  f.check(all(root, 'cac:TaxTotal').length === 0, '2956', 'cac:TaxTotal'); // SUNAT 2956
  f.check(all(root, 'cac:TaxTotal').length > 1, '3024', 'cac:TaxTotal/cbc:TaxAmount'); // SUNAT 3024
}

function headerTaxTotal(root: XmlElement, s: Shape, f: Findings): void {
  const taxTotal = first(root, 'cac:TaxTotal');
  if (!taxTotal) return;
  const notes = all(root, 'cbc:Note').map((n) => n.attrs.languageLocaleID);
  const amount = text(taxTotal, 'cbc:TaxAmount');
  f.check(amount === undefined || !twoDecimals(amount, false), '3020', 'cac:TaxTotal/cbc:TaxAmount', amount);
  const base = (code: string) => num(subtotalsOf(taxTotal, code)[0], 'cbc:TaxableAmount');
  const tax = (code: string) => num(subtotalsOf(taxTotal, code)[0], 'cbc:TaxAmount');
  const has = (code: string) => subtotalsOf(taxTotal, code).length > 0;

  for (const [legend, code] of [
    ['2001', '3283'],
    ['2002', '3284'],
    ['2003', '3285'],
  ] as const) {
    if (notes.includes(legend)) f.check(!has('9997') || eq(base('9997'), 0), code, 'cac:TaxScheme/cbc:ID', '9997');
  }
  if (notes.includes('2008')) f.check(!(gt(base('9997'), 0) || gt(base('9995'), 0)), '3289', 'cac:TaxScheme/cbc:ID');

  const seen = new Map<string, number>();
  for (const st of all(taxTotal, 'cac:TaxSubtotal')) seen.set(scheme(st), (seen.get(scheme(st)) ?? 0) + 1);
  for (const st of all(taxTotal, 'cac:TaxSubtotal')) {
    const code = scheme(st);
    const detail = `Error Tributo ${code}`;
    if (code !== '7152') {
      const taxable = text(st, 'cbc:TaxableAmount');
      f.check(taxable === undefined, '3003', 'cac:TaxSubtotal/cbc:TaxableAmount', undefined, detail);
      f.check(
        taxable !== undefined && !twoDecimals(taxable, false),
        '2999',
        'cac:TaxSubtotal/cbc:TaxableAmount',
        taxable,
        detail,
      );
    }
    const taxAmount = text(st, 'cbc:TaxAmount');
    f.check(
      taxAmount === undefined || !twoDecimals(taxAmount, false),
      '2048',
      'cac:TaxSubtotal/cbc:TaxAmount',
      taxAmount,
      detail,
    );
    if (code === '9995' || code === '9997' || code === '9998')
      f.check(ne(num(st, 'cbc:TaxAmount'), 0), '3000', 'cac:TaxSubtotal/cbc:TaxAmount', taxAmount, detail);
    const schemeEl = first(st, 'cac:TaxCategory/cac:TaxScheme');
    f.check(code === '', '3059', 'cac:TaxScheme/cbc:ID', undefined, detail);
    const known = TAX_SCHEMES[code];
    f.check(code !== '' && !known, '3007', 'cac:TaxScheme/cbc:ID', code, detail);
    const schemeId = first(schemeEl, 'cbc:ID');
    observeAttr(f, schemeId, 'schemeName', /^(Codigo de tributos)$/, '4255', detail);
    observeAttr(f, schemeId, 'schemeAgencyName', /^(PE:SUNAT)$/, '4256', detail);
    observeAttr(f, schemeId, 'schemeURI', /^(urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo05)$/, '4257', detail);
    const name = text(schemeEl, 'cbc:Name');
    f.check(name === undefined, '2054', 'cac:TaxScheme/cbc:Name', undefined, detail);
    f.check(
      known !== undefined && name !== undefined && name !== known.name,
      '2964',
      'cac:TaxScheme/cbc:Name',
      name,
      detail,
    );
    const typeCode = text(schemeEl, 'cbc:TaxTypeCode');
    f.check(typeCode === undefined, '2052', 'cac:TaxScheme/cbc:TaxTypeCode', undefined, detail);
    f.check(
      known !== undefined && typeCode !== undefined && typeCode !== known.typeCode,
      '2961',
      'cac:TaxScheme/cbc:TaxTypeCode',
      typeCode,
      detail,
    );
    f.check((seen.get(code) ?? 0) > 1, '3068', 'cac:TaxScheme/cbc:ID', code, detail); // SUNAT 3068
  }

  if (s.operation && EXPORT_OPERATIONS.has(s.operation)) {
    f.check(
      subtotalsOf(taxTotal, '1000', '1016', '9997', '9998', '9999', '2000').length > 0,
      '3107',
      'cac:TaxScheme/cbc:ID',
      undefined,
      `Error tipoOperacion ${s.operation}`,
    );
  }
  const ivapLines = s.lines
    .flatMap((l) => all(l, 'cac:TaxTotal/cac:TaxSubtotal'))
    .filter((st) => text(st, 'cac:TaxCategory/cbc:TaxExemptionReasonCode') === '17');
  f.check(
    gt(base('2000'), 0) && ivapLines.some((st) => gt(num(st, 'cbc:TaxableAmount'), 0)),
    '2650',
    'cac:TaxSubtotal/cbc:TaxAmount',
  );
  if (notes.includes('1002')) f.check(has('9996') && eq(base('9996'), 0), '2416', 'cac:TaxSubtotal/cbc:TaxableAmount'); // SUNAT 2416
  // SUNAT 2641: a referential (02) price > 0 needs a free-transfer total.
  const referential = s.lines
    .flatMap((l) => all(l, 'cac:PricingReference/cac:AlternativeConditionPrice'))
    .filter((p) => text(p, 'cbc:PriceTypeCode') === '02');
  f.check(
    referential.some((p) => gt(num(p, 'cbc:PriceAmount'), 0)) && has('9996') && eq(base('9996'), 0),
    '2641',
    'cac:TaxScheme/cbc:ID',
    '9996',
  );

  // Sums of line values against the header subtotals (Excel v7 rejections).
  const lineExtensionOf = (...schemes: string[]) =>
    sum(
      s.lines
        .filter((l) => lineHasBase(l, ...schemes))
        .map((l) => first(l, 'cbc:LineExtensionAmount'))
        .filter((e): e is XmlElement => !!e),
    );
  f.check(
    outside(base('9995'), lineExtensionOf('9995')),
    '3273',
    'cac:TaxSubtotal/cbc:TaxableAmount',
    fmt(base('9995')),
  ); // SUNAT 3273
  const exonerated = sub(lineExtensionOf('9997'), amountSum(allowances(root, '05')));
  f.check(outsideRounded(base('9997'), exonerated), '3275', 'cac:TaxSubtotal/cbc:TaxableAmount', fmt(base('9997'))); // SUNAT 3275
  const unaffected = sub(lineExtensionOf('9998'), amountSum(allowances(root, '06')));
  f.check(outside(base('9998'), unaffected), '3274', 'cac:TaxSubtotal/cbc:TaxableAmount', fmt(base('9998'))); // SUNAT 3274
  f.check(
    outside(base('9996'), lineExtensionOf('9996')),
    '3276',
    'cac:TaxSubtotal/cbc:TaxableAmount',
    fmt(base('9996')),
  ); // SUNAT 3276
  // ISC base: lines with an ISC base > 0 that are not free lines.
  const iscLines = s.lines
    .map((l) => first(l, 'cac:TaxTotal'))
    .filter(
      (tt): tt is XmlElement =>
        !!tt &&
        subtotalsOf(tt, '2000').some((st) => gt(num(st, 'cbc:TaxableAmount'), 0)) &&
        !subtotalsOf(tt, '9996').some((st) => gt(num(st, 'cbc:TaxableAmount'), 0)),
    );
  const iscBase = sum(iscLines.flatMap((tt) => subtotalsOf(tt, '2000').flatMap((st) => all(st, 'cbc:TaxableAmount'))));
  f.check(outside(base('2000'), iscBase), '3296', 'cac:TaxSubtotal/cbc:TaxableAmount', fmt(base('2000'))); // SUNAT 3296
  f.check(
    outside(base('9999'), sum(lineSubtotals(s, '9999').flatMap((st) => all(st, 'cbc:TaxableAmount')))),
    '3297',
    'cac:TaxSubtotal/cbc:TaxableAmount',
    fmt(base('9999')),
  );

  const globalDiscounts = amountSum(allowances(root, '02', '04'));
  const globalCharges = amountSum(allowances(root, '49'));
  const igvBase = sum(subtotalsOf(taxTotal, '1000').flatMap((st) => all(st, 'cbc:TaxableAmount')));
  const ivapBase = sum(subtotalsOf(taxTotal, '1016').flatMap((st) => all(st, 'cbc:TaxableAmount')));
  if (subtotalsOf(taxTotal, '1000').some((st) => gt(num(st, 'cbc:TaxableAmount'), 0))) {
    if (s.noteLevel) {
      // SUNAT 3277 (NC/ND, Excel v7): a note's IGV base = round2(Σ IGV line values), global discounts and charges
      // left out; an observation (4299) when the note modifies a boleta.
      const computed = round(lineExtensionOf('1000'), 2);
      const isError = s.noteLevel === 'error';
      f.check(
        outside(igvBase, computed),
        isError ? '3277' : '4299',
        'cac:TaxSubtotal/cbc:TaxableAmount',
        fmt(igvBase),
        undefined,
        isError,
      );
    } else {
      // SUNAT 3277: header IGV base = Σ IGV line values − global discounts 02/04 + global charges 49 (±1).
      const computed = round(add(sub(lineExtensionOf('1000'), globalDiscounts), globalCharges), 2);
      f.check(outside(igvBase, computed), '3277', 'cac:TaxSubtotal/cbc:TaxableAmount', fmt(igvBase));
    }
  }
  if (subtotalsOf(taxTotal, '1016').some((st) => gt(num(st, 'cbc:TaxableAmount'), 0))) {
    const computed = round(add(sub(lineExtensionOf('1016'), globalDiscounts), globalCharges), 2);
    f.check(outside(ivapBase, computed), '3293', 'cac:TaxSubtotal/cbc:TaxableAmount', fmt(ivapBase)); // SUNAT 3293
  }
  const freeTax = sum(
    lineSubtotals(s, '9996')
      .filter((st) => gt(num(st, 'cbc:TaxableAmount'), 0))
      .flatMap((st) => all(st, 'cbc:TaxAmount')),
  );
  f.check(outside(tax('9996'), freeTax), '3302', 'cac:TaxSubtotal/cbc:TaxAmount', fmt(tax('9996'))); // SUNAT 3302

  // SUNAT 3294: TaxTotal/TaxAmount = Σ subtotals of 1000, 1016, 7152, 9999, 2000 (free-transfer IGV excluded).
  const declared = num(taxTotal, 'cbc:TaxAmount');
  const components = round(
    sum(subtotalsOf(taxTotal, '1000', '1016', '7152', '9999', '2000').flatMap((st) => all(st, 'cbc:TaxAmount'))),
    2,
  );
  f.check(outsideRounded(declared, components), '3294', 'cac:TaxTotal/cbc:TaxAmount', fmt(declared));

  const iscAdvances = amountSum(allowances(root, '20'));
  const iscLineTax = round(
    sub(sum(iscLines.flatMap((tt) => subtotalsOf(tt, '2000').flatMap((st) => all(st, 'cbc:TaxAmount')))), iscAdvances),
    2,
  );
  f.check(
    outside(sum(subtotalsOf(taxTotal, '2000').flatMap((st) => all(st, 'cbc:TaxAmount'))), iscLineTax),
    '3298',
    'cac:TaxSubtotal/cbc:TaxAmount',
  );
  f.check(
    outside(tax('9999'), sum(lineSubtotals(s, '9999').flatMap((st) => all(st, 'cbc:TaxAmount')))),
    '3299',
    'cac:TaxSubtotal/cbc:TaxAmount',
    fmt(tax('9999')),
  );

  // SUNAT 2638: a tax used in the lines must appear in the header.
  for (const code of ['1000', '1016', '9998', '9997', '9995', '9996']) {
    const lineBase = sum(lineSubtotals(s, code).flatMap((st) => all(st, 'cbc:TaxableAmount')));
    if (gt(lineBase, 0))
      f.check(
        !subtotalsOf(taxTotal, code).some((st) => exists(st, 'cbc:TaxableAmount')),
        '2638',
        'cac:TaxSubtotal/cbc:TaxableAmount',
        code,
      );
  }
}

function globalAllowances(root: XmlElement, s: Shape, f: Findings): void {
  const payable = num(s.totals, 'cbc:PayableAmount');
  const prepaid = first(s.totals, 'cbc:PrepaidAmount');
  for (const ac of all(root, 'cac:AllowanceCharge')) {
    const code = reasonCode(ac);
    const detail = `Error Cargo/Descuento ${code}`;
    const indicator = text(ac, 'cbc:ChargeIndicator');
    if (['45', '46', '49', '50', '51', '52', '53'].includes(code))
      f.check(indicator === 'false', '3114', 'cbc:ChargeIndicator', indicator, detail);
    if (['02', '03', '04', '05', '06', '20', '63'].includes(code))
      f.check(indicator === 'true', '3114', 'cbc:ChargeIndicator', indicator, detail);
    if (code === '62') f.check(indicator === 'true', '3114', 'cbc:ChargeIndicator', indicator, detail);
    f.check(!exists(ac, 'cbc:AllowanceChargeReasonCode'), '3072', 'cbc:AllowanceChargeReasonCode', undefined, detail);
    f.check(['00', '01', '47', '48'].includes(code), '4291', 'cbc:ChargeIndicator', code, detail, false);
    f.check(
      exists(ac, 'cbc:AllowanceChargeReasonCode') && !ALLOWANCE_REASONS[code],
      '3071',
      'cbc:AllowanceChargeReasonCode',
      code,
      detail,
    );
    const reasonEl = first(ac, 'cbc:AllowanceChargeReasonCode');
    observeAttr(f, reasonEl, 'listAgencyName', /^(PE:SUNAT)$/, '4251', detail);
    observeAttr(f, reasonEl, 'listName', /^(Cargo\/descuento)$/, '4252', detail);
    observeAttr(f, reasonEl, 'listURI', /^(urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo53)$/, '4253', detail);

    const factorText = text(ac, 'cbc:MultiplierFactorNumeric');
    const amountText = text(ac, 'cbc:Amount');
    if (['62', '51', '52', '53'].includes(code)) {
      if (factorText !== undefined)
        f.check(
          !/^(?=.*[1-9])[0-9]{1,3}(\.[0-9]{1,5})?$/.test(factorText),
          '3025',
          'cbc:MultiplierFactorNumeric',
          factorText,
          detail,
        );
      f.check(!twoDecimals(amountText, true), '2968', 'cbc:Amount', amountText, detail);
    } else if (code === '63') {
      f.check(!twoDecimals(amountText, true), '2968', 'cbc:Amount', amountText, detail);
    } else {
      if (factorText !== undefined)
        f.check(!PERCENT.test(factorText), '3025', 'cbc:MultiplierFactorNumeric', factorText, detail);
      f.check(!twoDecimals(amountText, false), '2968', 'cbc:Amount', amountText, detail);
    }
    const amount = num(ac, 'cbc:Amount');
    const base = num(ac, 'cbc:BaseAmount');
    const factor = num(ac, 'cbc:MultiplierFactorNumeric');
    if (['51', '52', '53'].includes(code)) {
      const currency = attr(first(ac, 'cbc:Amount'), 'currencyID');
      if (currency !== undefined) f.check(currency !== 'PEN', '2792', 'cbc:Amount/@currencyID', currency, detail);
    }
    if (!['45', '51', '52', '53', '62'].includes(code)) {
      // SUNAT 3307: Amount = BaseAmount × factor (±1) when a factor is given; absent parts count as 0.
      const computed = mul(
        toNum(`0${text(ac, 'cbc:BaseAmount') ?? ''}`) ?? ZERO,
        toNum(`0${factorText ?? ''}`) ?? ZERO,
      );
      f.check(gt(factor, 0) && outside(computed, amount), '3307', 'cbc:Amount', amountText, detail);
    }
    if (code === '45' && s.isInvoice) {
      // SUNAT 3074/3092 are in the factura and boleta files only (NC/ND check neither).
      f.check(eq(amount, 0), '3074', 'cbc:Amount', amountText, detail);
      f.check(!exists(ac, 'cbc:BaseAmount'), '3092', 'cbc:BaseAmount', undefined, detail);
      f.check(eq(base, 0), '3092', 'cbc:BaseAmount', fmt(base), detail);
    }
    const baseText = text(ac, 'cbc:BaseAmount');
    if (code === '62') {
      f.check(!twoDecimals(baseText, true), '3016', 'cbc:BaseAmount', baseText, detail);
    } else if (code === '63') {
      f.check(baseText === undefined, '3318', 'cbc:BaseAmount', undefined, detail);
      f.check(!twoDecimals(baseText, true), '3016', 'cbc:BaseAmount', baseText, detail);
    } else {
      f.check(!twoDecimals(baseText, false), '3016', 'cbc:BaseAmount', baseText, detail);
    }
    if (['51', '52', '53'].includes(code)) {
      f.check(baseText === undefined, '3233', 'cbc:BaseAmount', undefined, detail);
      f.check(eq(base, 0), '3233', 'cbc:BaseAmount', baseText, detail);
      if (s.currency === 'PEN')
        f.check(base !== null && payable !== null && base.gt(payable), '2797', 'cbc:BaseAmount', baseText, detail);
      f.check(outside(mul(base, factor), amount), '2798', 'cbc:Amount', amountText, detail); // SUNAT 2798
      const baseCurrency = attr(first(ac, 'cbc:BaseAmount'), 'currencyID');
      if (baseCurrency !== undefined)
        f.check(baseCurrency !== 'PEN', '2788', 'cbc:BaseAmount/@currencyID', baseCurrency, detail);
    }
    if (['04', '05', '06', '20'].includes(code)) {
      f.check(gt(amount, 0) && (!prepaid || !gt(num(prepaid), 0)), '3282', 'cbc:Amount', amountText, detail); // SUNAT 3282
    }
  }
}

function perceptionInInvoice(root: XmlElement, s: Shape, f: Findings): void {
  if (!s.isInvoice) return;
  const perceptionCharges = allowances(root, '51', '52', '53');
  const perceptionTerms = all(root, 'cac:PaymentTerms').filter((t) => text(t, 'cbc:ID') === 'Percepcion');
  const formaPago = all(root, 'cac:PaymentTerms').filter((t) => text(t, 'cbc:ID') === 'FormaPago');
  if (s.operation === '2001') {
    if (formaPago.some((t) => text(t, 'cbc:PaymentMeansID') === 'Contado')) {
      f.check(perceptionCharges.length === 0, '3093', 'cbc:AllowanceChargeReasonCode');
      f.check(perceptionTerms.length === 0, '3309', 'cac:PaymentTerms/cbc:ID');
    }
    if (formaPago.some((t) => text(t, 'cbc:PaymentMeansID') !== 'Contado')) {
      f.check(perceptionCharges.length > 0, '3330', 'cbc:AllowanceChargeReasonCode');
      f.check(perceptionTerms.length > 0, '3330', 'cac:PaymentTerms/cbc:ID');
    }
  } else {
    f.check(perceptionCharges.length > 0, '3308', 'cbc:AllowanceChargeReasonCode'); // SUNAT 3308
    f.check(perceptionTerms.length > 0, '3308', 'cac:PaymentTerms/cbc:ID');
  }
  const secondCategory = allowances(root, '63');
  if (s.operation === '2002') f.check(secondCategory.length === 0, '3316', 'cbc:AllowanceChargeReasonCode');
  else f.check(secondCategory.length > 0, '3317', 'cbc:AllowanceChargeReasonCode', '63');
}

function sums(root: XmlElement, s: Shape, f: Findings): void {
  const t = s.totals;
  const prefix = `cac:${s.totalsName}`;
  const lineAllowances = (code: string) => amountSum(s.lines.flatMap((l) => allowances(l, code)));
  const total = (name: string) => sum(all(t, `cbc:${name}`));

  // SUNAT 3300: AllowanceTotalAmount = global discounts 03 (and 63) + line discounts 01.
  const discounts = add(amountSum(allowances(root, '03', '63')), lineAllowances('01'));
  f.check(
    outside(total('AllowanceTotalAmount'), discounts),
    '3300',
    `${prefix}/cbc:AllowanceTotalAmount`,
    fmt(total('AllowanceTotalAmount')),
  );
  // SUNAT 3301: ChargeTotalAmount = global charges 45, 46, 50 + line charges 48.
  const charges = add(amountSum(allowances(root, '45', '46', '50')), lineAllowances('48'));
  f.check(
    outside(total('ChargeTotalAmount'), charges),
    '3301',
    `${prefix}/cbc:ChargeTotalAmount`,
    fmt(total('ChargeTotalAmount')),
  );

  // SUNAT 3280: PayableAmount = round2(TaxInclusive + ChargeTotal − AllowanceTotal − Prepaid + Rounding) ±1.
  const payableComputed = round(
    sub(
      sub(add(total('TaxInclusiveAmount'), total('ChargeTotalAmount')), total('AllowanceTotalAmount')),
      sub(total('PrepaidAmount'), total('PayableRoundingAmount')),
    ),
    2,
  );
  if (s.noteLevel) {
    // SUNAT 3280 (NC/ND): PayableAmount = round2(Σ TaxableAmount 1000/1016/9995/9997/9998 + IGV + ICBPER + ISC +
    // IVAP + other taxes + ChargeTotalAmount + rounding), ±1; an observation (4312) for notes of boletas.
    const taxTotal = first(root, 'cac:TaxTotal');
    const headerSum = (path: string, ...schemes: string[]) =>
      sum(subtotalsOf(taxTotal, ...schemes).flatMap((st) => all(st, path)));
    const notePayable = round(
      add(
        add(
          add(
            headerSum('cbc:TaxableAmount', '1000', '1016', '9995', '9997', '9998'),
            headerSum('cbc:TaxAmount', '1000', '7152', '2000', '1016', '9999'),
          ),
          total('ChargeTotalAmount'),
        ),
        total('PayableRoundingAmount'),
      ),
      2,
    );
    const isError = s.noteLevel === 'error';
    f.check(
      outside(total('PayableAmount'), notePayable),
      isError ? '3280' : '4312',
      `${prefix}/cbc:PayableAmount`,
      fmt(total('PayableAmount')),
      undefined,
      isError,
    );
  } else {
    f.check(
      exists(t, 'cbc:TaxInclusiveAmount') && outside(total('PayableAmount'), payableComputed),
      '3280',
      `${prefix}/cbc:PayableAmount`,
      fmt(total('PayableAmount')),
    );
  }

  // SUNAT 3278: LineExtensionAmount = Σ line values of non-free lines − global discounts 02 + global charges 49.
  const lineValues = sum(
    s.lines
      .filter((l) => lineHasBase(l, '1000', '1016', '9995', '9997', '9998'))
      .map((l) => first(l, 'cbc:LineExtensionAmount'))
      .filter((e): e is XmlElement => !!e),
  );
  const valueComputed = add(sub(lineValues, amountSum(allowances(root, '02'))), amountSum(allowances(root, '49')));
  f.check(
    outside(total('LineExtensionAmount'), valueComputed),
    '3278',
    `${prefix}/cbc:LineExtensionAmount`,
    fmt(total('LineExtensionAmount')),
  );

  const taxTotal = first(root, 'cac:TaxTotal');
  const headerSum = (code: string) => sum(subtotalsOf(taxTotal, code).flatMap((st) => all(st, 'cbc:TaxAmount')));
  const lineBase = (code: string) => sum(lineSubtotals(s, code).flatMap((st) => all(st, 'cbc:TaxableAmount')));
  if (subtotalsOf(taxTotal, '7152').length > 0) {
    // SUNAT 3306: header ICBPER = Σ line ICBPER, exact after rounding.
    const headerIcbper = num(subtotalsOf(taxTotal, '7152')[0], 'cbc:TaxAmount');
    const lines = round(sum(lineSubtotals(s, '7152').flatMap((st) => all(st, 'cbc:TaxAmount'))), 2);
    f.check(ne(headerIcbper, lines), '3306', 'cac:TaxSubtotal/cbc:TaxAmount', fmt(headerIcbper));
  }
  const d02 = amountSum(allowances(root, '02'));
  const d04 = amountSum(allowances(root, '04'));
  const c49 = amountSum(allowances(root, '49'));
  if (subtotalsOf(taxTotal, '1016').length > 0) {
    const computed = mul(add(sub(sub(lineBase('1016'), d02), d04), c49), FOUR);
    f.check(outside(headerSum('1016'), computed), '3295', 'cac:TaxSubtotal/cbc:TaxAmount', fmt(headerSum('1016'))); // SUNAT 3295
  }
  if (exists(t, 'cbc:TaxInclusiveAmount') && gt(lineBase('1016'), 0)) {
    const computed = add(
      total('LineExtensionAmount'),
      headerSum('7152'),
      headerSum('9999'),
      mul(add(sub(lineBase('1016'), d02), c49), FOUR),
    );
    f.check(
      outside(total('TaxInclusiveAmount'), computed),
      '3279',
      `${prefix}/cbc:TaxInclusiveAmount`,
      fmt(total('TaxInclusiveAmount')),
    ); // SUNAT 3279
  }
  void EIGHTEEN; // the IGV variant of 3279 (× 0.18) is disabled in SUNAT's current XSL (PAS20221U210600205)
}

function advances(root: XmlElement, s: Shape, f: Findings): void {
  const prepaidAmount = num(s.totals, 'cbc:PrepaidAmount');
  const payments = all(root, 'cac:PrepaidPayment');
  const ids = payments.map((p) => text(p, 'cbc:ID') ?? '');
  const advanceStatus = all(root, 'cac:AdditionalDocumentReference')
    .filter((a) => ['02', '03'].includes(text(a, 'cbc:DocumentTypeCode') ?? ''))
    .map((a) => text(a, 'cbc:DocumentStatusCode'));
  for (const p of payments) {
    const id = text(p, 'cbc:ID') ?? '';
    const detail = `Identificador de anticipo : ${id}`;
    f.check(exists(p, 'cbc:PaidAmount') && id === '', '3211', 'cac:PrepaidPayment/cbc:ID', id, detail);
    f.check(ids.filter((x) => x === id).length > 1, '3212', 'cac:PrepaidPayment/cbc:ID', id, detail);
    f.check(!advanceStatus.includes(id), '3213', 'cac:PrepaidPayment/cbc:ID', id, detail);
    observeAttr(f, first(p, 'cbc:ID'), 'schemeName', /^(Anticipo)$/, '4255', detail);
    observeAttr(f, first(p, 'cbc:ID'), 'schemeAgencyName', /^(PE:SUNAT)$/, '4256', detail);
    const paid = num(p, 'cbc:PaidAmount');
    f.check(
      exists(p, 'cbc:PaidAmount') && paid?.lte(0) === true,
      '2503',
      'cac:PrepaidPayment/cbc:PaidAmount',
      fmt(paid),
      detail,
    );
    if (gt(paid, 0)) f.check(!gt(prepaidAmount, 0), '3220', `cac:${s.totalsName}/cbc:PrepaidAmount`); // SUNAT 3220
  }
  const advanceDiscounts = allowances(root, '04', '05', '06').filter((ac) => gt(num(ac, 'cbc:Amount'), 0));
  f.check(gt(prepaidAmount, 0) && advanceDiscounts.length < 1, '3287', 'cac:PrepaidPayment/cbc:PaidAmount'); // SUNAT 3287
  // SUNAT 2509: PrepaidAmount = Σ PrepaidPayment/PaidAmount, exact at 2 decimals.
  const paidSum = round(sum(payments.flatMap((p) => all(p, 'cbc:PaidAmount'))), 2);
  f.check(
    gt(prepaidAmount, 0) && ne(paidSum, prepaidAmount),
    '2509',
    'cac:PrepaidPayment/cbc:PaidAmount',
    fmt(paidSum),
  );
}

function legends(root: XmlElement, s: Shape, f: Findings): void {
  const notes = all(root, 'cbc:Note');
  for (const note of notes) {
    const locale = note.attrs.languageLocaleID;
    const detail = `Leyenda : ${locale ?? ''}`;
    if (locale !== undefined) f.check(!LEGENDS.has(locale), '3027', 'cbc:Note/@languageLocaleID', locale, detail); // SUNAT 3027
    const value = note.text;
    f.check(
      value.length > 200 || value.length < 1 || !/^(?!\s*$).{0,}$/s.test(value),
      '3006',
      'cbc:Note',
      value.slice(0, 60),
      detail,
    ); // SUNAT 3006
  }
  const codes = notes.map((n) => n.attrs.languageLocaleID).filter((c): c is string => c !== undefined);
  const dup = ['1000', '1002', '2000', '2001', '2002', '2003', '2004', '2005', '2006', '2007', '2008', '2009'].find(
    (c) => codes.filter((x) => x === c).length > 1,
  );
  f.check(dup !== undefined, '3014', 'cbc:ID', dup); // SUNAT 3014

  const ivap = s.lines
    .flatMap((l) => all(l, 'cac:TaxTotal/cac:TaxSubtotal'))
    .some(
      (st) => text(st, 'cac:TaxCategory/cbc:TaxExemptionReasonCode') === '17' && gt(num(st, 'cbc:TaxableAmount'), 0),
    );
  f.check(ivap && !codes.includes('2007'), '4264', "cbc:Note[@languageLocaleID='2007']", undefined, undefined, false);
  f.check(
    exists(root, 'cac:Delivery/cac:DeliveryLocation/cac:Address/cac:AddressLine/cbc:Line') && !codes.includes('2005'),
    '4266',
    "cbc:Note[@languageLocaleID='2005']",
    undefined,
    undefined,
    false,
  );
  if (s.operation && DETRACTION_OPERATIONS.has(s.operation)) {
    f.check(!codes.includes('2006'), '4265', "cbc:Note[@languageLocaleID='2006']", undefined, undefined, false);
  }

  if (s.isInvoice) {
    const typeCode = first(root, 'cbc:InvoiceTypeCode');
    f.check(s.operation === undefined, '3205', 'cbc:InvoiceTypeCode/@listID'); // SUNAT 3205
    if (s.operation !== undefined) {
      const entry = OPERATION_TYPES[s.operation];
      const allowed = entry && (s.tipo === '01' ? entry.factura : entry.boleta);
      f.check(!allowed, '3206', 'cbc:InvoiceTypeCode/@listID', s.operation); // SUNAT 3206
    }
    observeAttr(f, typeCode, 'name', /^(Tipo de Operacion)$/, '4260');
    observeAttr(f, typeCode, 'listSchemeURI', /^(urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo51)$/, '4261');
  }
}

function paymentTerms(root: XmlElement, s: Shape, f: Findings): void {
  const terms = all(root, 'cac:PaymentTerms');
  const formaPago = terms.filter((t) => text(t, 'cbc:ID') === 'FormaPago');
  const means = (t: XmlElement) => text(t, 'cbc:PaymentMeansID');
  const customerScheme = attr(
    first(root, 'cac:AccountingCustomerParty/cac:Party/cac:PartyIdentification/cbc:ID'),
    'schemeID',
  );
  const payable = num(s.totals, 'cbc:PayableAmount');
  const issueDate = text(root, 'cbc:IssueDate');

  if (s.tipo === '01') {
    f.check(formaPago.length < 1, '3244', 'cac:PaymentTerms/cbc:ID'); // SUNAT 3244: FormaPago is mandatory
    f.check(
      formaPago.some((t) => means(t) === 'Contado') && formaPago.some((t) => means(t) === 'Credito'),
      '3247',
      'cac:PaymentTerms/cbc:ID',
    );
  }
  if (s.operation && DETRACTION_OPERATIONS.has(s.operation)) {
    f.check(!terms.some((t) => text(t, 'cbc:ID') === 'Detraccion'), '3127', 'cac:PaymentTerms/cbc:ID'); // SUNAT 3127
    f.check(
      !all(root, 'cac:PaymentMeans').some((m) => text(m, 'cbc:ID') === 'Detraccion'),
      '3034',
      'cac:PaymentMeans/cbc:ID',
    ); // SUNAT 3034
  }

  for (const t of terms) {
    const id = text(t, 'cbc:ID');
    const meansId = means(t);
    if (!(s.operation && DETRACTION_OPERATIONS.has(s.operation)))
      f.check(id === 'Detraccion', '3128', 'cac:PaymentTerms/cbc:ID', id); // SUNAT 3128
    f.check(
      meansId !== undefined && formaPago.filter((x) => means(x) === meansId).length > 1,
      '3248',
      'cbc:PaymentMeansID',
      meansId,
    ); // SUNAT 3248
    if (id === 'FormaPago') {
      f.check(all(t, 'cbc:PaymentMeansID').length > 1, '3461', 'cbc:PaymentMeansID');
      f.check(!meansId, '3245', 'cbc:PaymentMeansID');
      f.check(
        meansId !== undefined && meansId !== '' && !/^((Contado)|(Credito)|(Cuota[0-9]{3}))$/.test(meansId),
        '3246',
        'cbc:PaymentMeansID',
        meansId,
      ); // SUNAT 3246
      if (customerScheme === '6') {
        const amountText = text(t, 'cbc:Amount');
        const amount = num(t, 'cbc:Amount');
        const currency = attr(first(t, 'cbc:Amount'), 'currencyID');
        if (meansId === 'Credito') {
          f.check(!formaPago.some((x) => (means(x) ?? '').startsWith('Cuota')), '3249', 'cac:PaymentTerms/cbc:ID'); // SUNAT 3249
          f.check(amountText === undefined, '3251', 'cbc:Amount'); // SUNAT 3251
          f.check(!twoDecimals(amountText, true), '3250', 'cbc:Amount', amountText);
          f.check(lt(payable, amount), '3265', 'cbc:Amount', amountText); // SUNAT 3265
          f.check(currency !== undefined && s.currency !== currency, '2071', 'cbc:Amount/@currencyID', currency);
        }
        if ((meansId ?? '').startsWith('Cuota')) {
          const detail = `Error en ${meansId}`;
          f.check(!formaPago.some((x) => means(x) === 'Credito'), '3252', 'cac:PaymentTerms/cbc:ID', undefined, detail); // SUNAT 3252
          f.check(amountText === undefined, '3254', 'cbc:Amount', undefined, detail); // SUNAT 3254
          f.check(!twoDecimals(amountText, true), '3253', 'cbc:Amount', amountText, detail);
          f.check(lt(payable, amount), '3266', 'cbc:Amount', amountText, detail); // SUNAT 3266
          f.check(
            currency !== undefined && s.currency !== currency,
            '2071',
            'cbc:Amount/@currencyID',
            currency,
            detail,
          );
          const due = text(t, 'cbc:PaymentDueDate');
          f.check(due === undefined, '3256', 'cbc:PaymentDueDate', undefined, detail); // SUNAT 3256
          if (due !== undefined) {
            f.check(!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(due), '3255', 'cbc:PaymentDueDate', due, detail);
            f.check(issueDate !== undefined && issueDate >= due, '3267', 'cbc:PaymentDueDate', due, detail); // SUNAT 3267
          }
        }
      }
    }
    if (id === 'Detraccion') {
      const code = meansId;
      f.check(code === undefined, '3127', 'cbc:PaymentMeansID');
      f.check(code !== undefined && !DETRACTION_CODES[code], '3033', 'cbc:PaymentMeansID', code); // SUNAT 3033
      const expected =
        s.operation === '1002' ? '004' : s.operation === '1003' ? '028' : s.operation === '1004' ? '027' : undefined;
      f.check(expected !== undefined && code !== undefined && code !== expected, '3129', 'cbc:PaymentMeansID', code); // SUNAT 3129
      const amountText = text(t, 'cbc:Amount');
      f.check(amountText === undefined, '3035', 'cbc:Amount');
      f.check(amountText !== undefined && !twoDecimals(amountText, true), '3037', 'cbc:Amount', amountText);
      const currency = attr(first(t, 'cbc:Amount'), 'currencyID');
      f.check(currency !== undefined && currency !== 'PEN', '3208', 'cbc:Amount/@currencyID', currency); // SUNAT 3208
      const meansEl = first(t, 'cbc:PaymentMeansID');
      observeAttr(f, meansEl, 'schemeName', /^(Codigo de detraccion)$/, '4255');
      observeAttr(f, meansEl, 'schemeAgencyName', /^(PE:SUNAT)$/, '4256');
      observeAttr(f, meansEl, 'schemeURI', /^(urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo54)$/, '4257');
    }
    if (id === 'Percepcion') {
      const amountText = text(t, 'cbc:Amount');
      f.check(amountText === undefined, '3310', 'cbc:Amount');
      f.check(amountText !== undefined && !twoDecimals(amountText, true), '3311', 'cbc:Amount', amountText);
      const currency = attr(first(t, 'cbc:Amount'), 'currencyID');
      f.check(
        amountText !== undefined && currency !== undefined && currency !== 'PEN',
        '2788',
        'cbc:Amount/@currencyID',
        currency,
      );
    }
  }

  if (s.tipo === '01' && customerScheme === '6') {
    // SUNAT 3319: Σ cuotas = monto neto pendiente (Credito), compared at 5 decimals.
    const credit = round(sum(terms.filter((t) => means(t) === 'Credito').flatMap((t) => all(t, 'cbc:Amount'))), 5);
    const instalments = round(
      sum(terms.filter((t) => (means(t) ?? '').startsWith('Cuota')).flatMap((t) => all(t, 'cbc:Amount'))),
      5,
    );
    f.check(ne(credit, instalments), '3319', 'cbc:Amount', fmt(instalments));
  }

  for (const m of all(root, 'cac:PaymentMeans')) {
    if (text(m, 'cbc:ID') === 'Detraccion')
      f.check(!exists(m, 'cac:PayeeFinancialAccount/cbc:ID'), '3034', 'cac:PayeeFinancialAccount/cbc:ID'); // SUNAT 3034
    const code = text(m, 'cbc:PaymentMeansCode');
    f.check(code !== undefined && !PAYMENT_MEANS.has(code), '3174', 'cbc:PaymentMeansCode', code);
    const codeEl = first(m, 'cbc:PaymentMeansCode');
    observeAttr(f, codeEl, 'listName', /^(Medio de pago)$/, '4252');
    observeAttr(f, codeEl, 'listAgencyName', /^(PE:SUNAT)$/, '4251');
    observeAttr(f, codeEl, 'listURI', /^(urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo59)$/, '4253');
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Lines

const ONEROUS_SCHEMES = ['1000', '1016', '9995', '9996', '9997', '9998'];

function lines(s: Shape, f: Findings): void {
  const ids = s.lines.map((l) => text(l, 'cbc:ID'));
  const anyNonIvap = s.lines
    .flatMap((l) => all(l, 'cac:TaxTotal/cac:TaxSubtotal'))
    .some((st) => {
      const code = text(st, 'cac:TaxCategory/cbc:TaxExemptionReasonCode');
      return code !== undefined && code !== '17' && gt(num(st, 'cbc:TaxableAmount'), 0);
    });
  s.lines.forEach((line, index) => {
    const nro = text(line, 'cbc:ID') ?? String(index + 1);
    const detail = `Error en la linea: ${nro}`;
    const id = text(line, 'cbc:ID');
    f.check(id === undefined || !/^(?!0*$)\d{1,3}$/.test(id), '2023', `cac:${s.lineName}/cbc:ID`, id, detail); // SUNAT 2023
    f.check(
      id !== undefined &&
        /^\d+$/.test(id) &&
        ids.filter((x) => x !== undefined && /^\d+$/.test(x) && Number(x) === Number(id)).length > 1,
      '2752',
      `cac:${s.lineName}/cbc:ID`,
      id,
      detail,
    );

    const quantityEl = first(line, `cbc:${s.quantityName}`);
    if (quantityEl)
      f.check(attr(quantityEl, 'unitCode') === undefined, '2883', `cbc:${s.quantityName}/@unitCode`, undefined, detail);
    observeAttr(f, quantityEl, 'unitCodeListID', /^(UN\/ECE rec 20)$/, '4258', detail);
    observeAttr(
      f,
      quantityEl,
      'unitCodeListAgencyName',
      /^(United Nations Economic Commission for Europe)$/,
      '4259',
      detail,
    );
    const quantity = num(quantityEl);
    f.check(eq(quantity, 0), '2024', `cbc:${s.quantityName}`, text(quantityEl), detail);
    f.check(!quantityEl, '2024', `cbc:${s.quantityName}`, undefined, detail);
    f.check(
      !!quantityEl && !TEN_DECIMALS.test(text(quantityEl) ?? ''),
      '2025',
      `cbc:${s.quantityName}`,
      text(quantityEl),
      detail,
    );

    const sellersId = text(line, 'cac:Item/cac:SellersItemIdentification/cbc:ID');
    if (sellersId !== undefined)
      f.check(
        sellersId.length > 30 || sellersId.length < 1 || /^\s*$/.test(sellersId),
        '4269',
        'cac:SellersItemIdentification/cbc:ID',
        sellersId,
        detail,
        false,
      );
    const classification = first(line, 'cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode');
    const classValue = text(classification);
    if (classValue !== undefined && classValue.length === 8) {
      f.check(
        classValue.slice(2) === '000000' || classValue.slice(4) === '0000',
        '4337',
        'cbc:ItemClassificationCode',
        classValue,
        detail,
        false,
      );
    }
    observeAttr(f, classification, 'listID', /^(UNSPSC)$/, '4254', detail);
    observeAttr(f, classification, 'listAgencyName', /^(GS1 US)$/, '4251', detail);
    observeAttr(f, classification, 'listName', /^(Item Classification)$/, '4252', detail);
    const gtin = first(line, 'cac:Item/cac:StandardItemIdentification/cbc:ID');
    if (gtin) {
      const schemeId = attr(gtin, 'schemeID');
      f.check(!schemeId, '4333', 'cac:StandardItemIdentification/cbc:ID/@schemeID', undefined, detail, false);
      if (schemeId !== undefined)
        f.check(
          !/^(GTIN-8|GTIN-12|GTIN-13|GTIN-14)$/.test(schemeId),
          '4335',
          'cbc:ID/@schemeID',
          schemeId,
          detail,
          false,
        );
      const length = schemeId ? Number(schemeId.replace('GTIN-', '')) : NaN;
      if (Number.isFinite(length))
        f.check(
          (text(gtin) ?? '').length !== length,
          '4334',
          'cac:StandardItemIdentification/cbc:ID',
          text(gtin),
          detail,
          false,
        );
    }

    const description = first(line, 'cac:Item/cbc:Description');
    f.check(!description, '2026', 'cac:Item/cbc:Description', undefined, detail); // SUNAT 2026
    if (description) {
      const value = stringValue(description);
      f.check(
        value.length > 500 || /^\s*$/.test(value),
        '2027',
        'cac:Item/cbc:Description',
        value.slice(0, 60),
        detail,
      );
    }

    const priceText = text(line, 'cac:Price/cbc:PriceAmount');
    f.check(priceText === undefined, '2068', 'cac:Price/cbc:PriceAmount', undefined, detail); // SUNAT 2068
    f.check(
      priceText !== undefined && !TEN_DECIMALS.test(priceText),
      '2369',
      'cac:Price/cbc:PriceAmount',
      priceText,
      detail,
    );
    const taxTotal = first(line, 'cac:TaxTotal');
    const freeBase = subtotalsOf(taxTotal, '9996').some((st) => gt(num(st, 'cbc:TaxableAmount'), 0));
    f.check(
      freeBase && gt(num(line, 'cac:Price/cbc:PriceAmount'), 0),
      '2640',
      'cac:Price/cbc:PriceAmount',
      priceText,
      detail,
    ); // SUNAT 2640

    const prices = all(line, 'cac:PricingReference/cac:AlternativeConditionPrice');
    f.check(
      !prices.some((p) => exists(p, 'cbc:PriceAmount')),
      '2028',
      'cac:AlternativeConditionPrice/cbc:PriceAmount',
      undefined,
      detail,
    ); // SUNAT 2028
    for (const p of prices) {
      const amount = text(p, 'cbc:PriceAmount');
      f.check(
        amount === undefined || !TEN_DECIMALS.test(amount),
        '2367',
        'cac:AlternativeConditionPrice/cbc:PriceAmount',
        amount,
        detail,
      );
      const type = text(p, 'cbc:PriceTypeCode');
      f.check(type === undefined || !PRICE_TYPES.has(type), '2410', 'cbc:PriceTypeCode', type, detail); // SUNAT 2410
      const typeEl = first(p, 'cbc:PriceTypeCode');
      observeAttr(f, typeEl, 'listName', /^(Tipo de Precio)$/, '4252', detail);
      observeAttr(f, typeEl, 'listAgencyName', /^(PE:SUNAT)$/, '4251', detail);
      observeAttr(f, typeEl, 'listURI', /^(urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo16)$/, '4253', detail);
    }
    const priceTypes = prices.map((p) => text(p, 'cbc:PriceTypeCode'));
    f.check(
      priceTypes.filter((x) => x === '01').length > 1 || priceTypes.filter((x) => x === '02').length > 1,
      '2409',
      'cbc:PriceTypeCode',
      undefined,
      detail,
    ); // SUNAT 2409
    const referential = prices.filter((p) => text(p, 'cbc:PriceTypeCode') === '02');
    const onerousPrices = prices.filter((p) => text(p, 'cbc:PriceTypeCode') !== '02');
    f.check(
      referential.some((p) => gt(num(p, 'cbc:PriceAmount'), 0)) && !freeBase,
      '3224',
      'cac:AlternativeConditionPrice/cbc:PriceAmount',
      undefined,
      detail,
    ); // SUNAT 3224
    f.check(
      onerousPrices.some((p) => gt(num(p, 'cbc:PriceAmount'), 0)) && freeBase,
      '3234',
      'cac:AlternativeConditionPrice/cbc:PriceAmount',
      undefined,
      detail,
    ); // SUNAT 3234

    const taxTotals = all(line, 'cac:TaxTotal');
    f.check(taxTotals.length === 0, '3195', 'cac:TaxTotal', undefined, detail); // SUNAT 3195
    f.check(taxTotals.length > 1, '3026', 'cac:TaxTotal/cbc:TaxAmount', undefined, detail); // SUNAT 3026
    if (taxTotal) lineTaxTotal(line, taxTotal, s, f, nro, quantity, anyNonIvap);

    const extensionText = text(line, 'cbc:LineExtensionAmount');
    f.check(
      extensionText === undefined || !SIGNED_TWO_DECIMALS.test(extensionText),
      '2370',
      'cbc:LineExtensionAmount',
      extensionText,
      detail,
    );

    for (const ac of all(line, 'cac:AllowanceCharge')) {
      const code = reasonCode(ac);
      const acDetail = `${detail} Cargo/Descuento: ${code}`;
      const indicator = text(ac, 'cbc:ChargeIndicator');
      if (code === '47' || code === '48')
        f.check(indicator === 'false', '3114', 'cbc:ChargeIndicator', indicator, acDetail);
      if (code === '00' || code === '01')
        f.check(indicator === 'true', '3114', 'cbc:ChargeIndicator', indicator, acDetail);
      f.check(
        !exists(ac, 'cbc:AllowanceChargeReasonCode'),
        '3073',
        'cbc:AllowanceChargeReasonCode',
        undefined,
        acDetail,
      );
      f.check(code !== '' && !ALLOWANCE_REASONS[code], '2954', 'cbc:AllowanceChargeReasonCode', code, acDetail);
      f.check(
        ALLOWANCE_REASONS[code] !== undefined && !ALLOWANCE_REASONS[code].item,
        '4268',
        'cbc:AllowanceChargeReasonCode',
        code,
        acDetail,
        false,
      );
      const factorText = text(ac, 'cbc:MultiplierFactorNumeric');
      if (factorText !== undefined)
        f.check(!PERCENT.test(factorText), '3052', 'cbc:MultiplierFactorNumeric', factorText, acDetail);
      const factor = num(ac, 'cbc:MultiplierFactorNumeric');
      const computed = mul(
        toNum(`0${text(ac, 'cbc:BaseAmount') ?? ''}`) ?? ZERO,
        toNum(`0${factorText ?? ''}`) ?? ZERO,
      );
      f.check(
        gt(factor, 0) && outside(computed, num(ac, 'cbc:Amount')),
        '3290',
        'cbc:Amount',
        text(ac, 'cbc:Amount'),
        acDetail,
      ); // SUNAT 3290
    }

    // Line arithmetic (Excel v7 rejections 3270 / 3271).
    const lineValue = num(line, 'cbc:LineExtensionAmount');
    const lineTax = num(taxTotal, 'cbc:TaxAmount');
    const acSum = (code: string) => amountSum(allowances(line, code));
    const unitPrice = sum(
      prices.filter((p) => text(p, 'cbc:PriceTypeCode') === '01').flatMap((p) => all(p, 'cbc:PriceAmount')),
    );
    const referentialPrice = sum(referential.flatMap((p) => all(p, 'cbc:PriceAmount')));
    if (quantity !== null && !quantity.isZero()) {
      // Debit notes (ND 3270): (value + taxes) ÷ quantity, no line discounts 01 nor charges 48.
      const priceComputed = round(
        (s.tipo === '08' ? add(lineValue, lineTax) : add(sub(add(lineValue, lineTax), acSum('01')), acSum('48')))?.div(
          quantity,
        ) ?? null,
        5,
      );
      // SUNAT 3270 (its XPath precedence kept: the second comparison also runs on free lines).
      f.check(
        (!freeBase && unitPrice !== null && priceComputed !== null && unitPrice.plus(1).lt(priceComputed)) ||
          (unitPrice !== null && priceComputed !== null && unitPrice.minus(1).gt(priceComputed)),
        s.noteLevel === 'observation' ? '4287' : '3270',
        'cac:AlternativeConditionPrice/cbc:PriceAmount',
        fmt(unitPrice),
        detail,
        s.noteLevel !== 'observation',
      );
    }
    const referentialValue = round(add(sub(mul(referentialPrice, quantity), acSum('00')), acSum('47')), 2);
    // Notes (NC/ND 3271): LineExtensionAmount = round2(Price × quantity), no discounts 00 nor charges 47.
    const priceTimesQuantity = mul(num(line, 'cac:Price/cbc:PriceAmount'), quantity);
    const value = round(s.noteLevel ? priceTimesQuantity : add(sub(priceTimesQuantity, acSum('00')), acSum('47')), 2);
    f.check(
      freeBase && outside(lineValue, referentialValue),
      '3271',
      'cbc:LineExtensionAmount',
      fmt(lineValue),
      detail,
    ); // SUNAT 3271 (free)
    f.check(
      !freeBase && outside(lineValue, value),
      s.noteLevel === 'observation' ? '4288' : '3271',
      'cbc:LineExtensionAmount',
      fmt(lineValue),
      detail,
      s.noteLevel !== 'observation',
    ); // SUNAT 3271

    // SUNAT 3136–3145 (hospedaje 0202/0205): each line carries the item properties of catalog 55.
    const nameCodes = all(line, 'cac:Item/cac:AdditionalItemProperty/cbc:NameCode').map((n) => text(n));
    for (const [concept, code] of missingHotelProperties(s.isInvoice ? s.operation : undefined, nameCodes))
      f.error(code, 'cac:AdditionalItemProperty/cbc:NameCode', undefined, `${detail} Concepto: ${concept}`);
    if (s.operation === '1002') {
      const nameCodes = all(line, 'cac:Item/cac:AdditionalItemProperty/cbc:NameCode').map((n) => text(n));
      for (const [concept, code] of [
        ['3001', '3063'],
        ['3002', '3130'],
        ['3003', '3131'],
        ['3004', '3132'],
        ['3005', '3134'],
        ['3006', '3133'],
      ] as const) {
        f.check(
          !nameCodes.includes(concept),
          code,
          'cac:AdditionalItemProperty/cbc:NameCode',
          undefined,
          `${detail} Concepto: ${concept}`,
        );
      }
    }
  });
}

function lineTaxTotal(
  line: XmlElement,
  taxTotal: XmlElement,
  s: Shape,
  f: Findings,
  nro: string,
  quantity: Num,
  anyNonIvap: boolean,
): void {
  const detail = `Error en la linea: ${nro}`;
  const amountText = text(taxTotal, 'cbc:TaxAmount');
  f.check(
    amountText === undefined || !twoDecimals(amountText, false),
    '3021',
    'cac:TaxTotal/cbc:TaxAmount',
    amountText,
    detail,
  );
  const subtotals = all(taxTotal, 'cac:TaxSubtotal');
  const schemeCount = new Map<string, number>();
  for (const st of subtotals) schemeCount.set(scheme(st), (schemeCount.get(scheme(st)) ?? 0) + 1);

  for (const st of subtotals) {
    const code = scheme(st);
    const stDetail = `${detail} Tributo: ${code}`;
    const taxAmount = exists(st, 'cbc:TaxAmount') ? num(st, 'cbc:TaxAmount') : ZERO;
    const baseValue = exists(st, 'cbc:TaxableAmount')
      ? num(st, 'cbc:TaxableAmount')
      : exists(st, 'cbc:TaxAmount')
        ? num(st, 'cbc:TaxAmount')
        : ZERO;
    const rate = exists(st, 'cac:TaxCategory/cbc:Percent') ? num(st, 'cac:TaxCategory/cbc:Percent') : ZERO;
    const computed = mul(mul(baseValue, rate), new Decimal('0.01'));
    const reason = text(st, 'cac:TaxCategory/cbc:TaxExemptionReasonCode');
    const taxable = num(st, 'cbc:TaxableAmount');

    if (code === '7152') {
      const bags = num(st, 'cbc:BaseUnitMeasure');
      const perUnit = num(st, 'cac:TaxCategory/cbc:PerUnitAmount');
      if (gt(bags, 0)) {
        f.check(
          ne(round(mul(bags, perUnit), 2), round(num(st, 'cbc:TaxAmount'), 2)),
          '4318',
          'cbc:TaxAmount',
          text(st, 'cbc:TaxAmount'),
          stDetail,
          false,
        );
        f.check(ne(bags, round(quantity, 0)), '3236', 'cbc:BaseUnitMeasure', text(st, 'cbc:BaseUnitMeasure'), stDetail); // SUNAT 3236
        f.check(
          eq(round(perUnit, 5), 0),
          '3238',
          'cac:TaxCategory/cbc:PerUnitAmount',
          text(st, 'cac:TaxCategory/cbc:PerUnitAmount'),
          stDetail,
        ); // SUNAT 3238
      }
      const bagsText = text(st, 'cbc:BaseUnitMeasure');
      f.check(bagsText === undefined, '3237', 'cbc:BaseUnitMeasure', undefined, stDetail);
      if (bagsText !== undefined)
        f.check(!/^([0-9]{1,5})?$/.test(bagsText), '2892', 'cbc:BaseUnitMeasure', bagsText, stDetail);
      const unit = attr(first(st, 'cbc:BaseUnitMeasure'), 'unitCode');
      f.check(unit !== undefined && unit !== 'NIU', '4320', 'cbc:BaseUnitMeasure/@unitCode', unit, stDetail, false);
      const perUnitText = text(st, 'cac:TaxCategory/cbc:PerUnitAmount');
      if (perUnitText !== undefined)
        f.check(!PERCENT.test(perUnitText), '2892', 'cbc:PerUnitAmount', perUnitText, stDetail);
    } else {
      const taxableText = text(st, 'cbc:TaxableAmount');
      f.check(
        taxableText !== undefined && !twoDecimals(taxableText, false),
        '3031',
        'cbc:TaxableAmount',
        taxableText,
        stDetail,
      );
    }
    f.check(code === '', '2037', 'cac:TaxScheme/cbc:ID', undefined, stDetail);
    const known = TAX_SCHEMES[code];
    f.check(code !== '' && !known, '2036', 'cac:TaxScheme/cbc:ID', code, stDetail); // SUNAT 2036
    // SUNAT 3103: line IGV/IVAP = base × rate (±1). The XSL's list skips 15 (it writes `text = '15'`).
    if (reason !== undefined && ['10', '11', '12', '13', '14', '16', '17'].includes(reason)) {
      f.check(
        outside(taxAmount, computed),
        '3103',
        'cac:TaxSubtotal/cbc:TaxAmount',
        fmt(taxAmount),
        `${stDetail}, MontoTributoCalculado: ${fmt(computed)}`,
      );
    }
    const taxAmountText = text(st, 'cbc:TaxAmount');
    f.check(
      taxAmountText === undefined || !twoDecimals(taxAmountText, false),
      '2033',
      'cac:TaxSubtotal/cbc:TaxAmount',
      taxAmountText,
      stDetail,
    );
    if (code === '9995' || code === '9997' || code === '9998')
      f.check(ne(num(st, 'cbc:TaxAmount'), 0), '3110', 'cbc:TaxAmount', taxAmountText, stDetail); // SUNAT 3110
    if (code === '9996') {
      f.check(
        gt(taxable, new Decimal('0.06')) &&
          ['11', '12', '13', '14', '15', '16', '17'].includes(reason ?? '') &&
          eq(num(st, 'cbc:TaxAmount'), 0),
        '3111',
        'cbc:TaxAmount',
        taxAmountText,
        stDetail,
      ); // SUNAT 3111
      f.check(
        gt(taxable, 0) &&
          ['21', '31', '32', '33', '34', '35', '36', '37', '40'].includes(reason ?? '') &&
          ne(num(st, 'cbc:TaxAmount'), 0),
        '3110',
        'cbc:TaxAmount',
        taxAmountText,
        stDetail,
      );
    }
    if (code === '1000' || code === '1016')
      f.check(
        gt(taxable, new Decimal('0.06')) && eq(num(st, 'cbc:TaxAmount'), 0),
        '3111',
        'cbc:TaxAmount',
        taxAmountText,
        stDetail,
      );
    const percentText = text(st, 'cac:TaxCategory/cbc:Percent');
    if (percentText !== undefined)
      f.check(!PERCENT.test(percentText), '3102', 'cac:TaxCategory/cbc:Percent', percentText, stDetail); // SUNAT 3102
    const percent = num(st, 'cac:TaxCategory/cbc:Percent');
    if (code === '9996')
      f.check(
        gt(taxable, 0) && ['11', '12', '13', '14', '16', '17'].includes(reason ?? '') && eq(percent, 0),
        '2993',
        'cbc:Percent',
        percentText,
        stDetail,
      );
    if (code === '2000') f.check(gt(taxable, 0) && eq(percent, 0), '3104', 'cbc:Percent', percentText, stDetail);
    // SUNAT 3101 (ValidaExprRegND; commented out in the factura and NC files): no IGV rate on 9995/9997/9998.
    if (s.tipo === '08' && (code === '9995' || code === '9997' || code === '9998'))
      f.check(percent !== null && !eq(percent, 0), '3101', 'cac:TaxCategory/cbc:Percent', percentText, stDetail);
    if (code === '1000' || code === '1016')
      f.check(gt(taxable, 0) && eq(percent, 0), '2993', 'cbc:Percent', percentText, stDetail); // SUNAT 2993
    const tier = text(st, 'cac:TaxCategory/cbc:TierRange');
    if (code === '2000' && tier !== '02' && tier !== '03')
      f.check(outside(taxAmount, computed), '3108', 'cbc:TaxAmount', fmt(taxAmount), stDetail);
    if (code === '9999') f.check(outside(taxAmount, computed), '3109', 'cbc:TaxAmount', fmt(taxAmount), stDetail);
    if (code !== '7152' && code !== '2000' && code !== '9999' && gt(taxable, 0)) {
      f.check(reason === undefined, '2371', 'cbc:TaxExemptionReasonCode', undefined, stDetail); // SUNAT 2371
      const flag = SCHEME_FLAG[code];
      f.check(
        reason !== undefined && flag !== undefined && !(AFFECTATIONS[reason]?.has(flag) ?? false),
        '2040',
        'cbc:TaxExemptionReasonCode',
        reason,
        stDetail,
      );
    }
    if (code === '2000' || code === '9999')
      f.check(reason !== undefined, '3050', 'cbc:TaxExemptionReasonCode', reason, stDetail);
    if (s.operation && EXPORT_OPERATIONS.has(s.operation))
      f.check(
        gt(taxable, 0) && reason !== undefined && reason !== '40',
        '2642',
        'cbc:TaxExemptionReasonCode',
        reason,
        stDetail,
      ); // SUNAT 2642
    const reasonEl = first(st, 'cac:TaxCategory/cbc:TaxExemptionReasonCode');
    observeAttr(f, reasonEl, 'listAgencyName', /^(PE:SUNAT)$/, '4251', stDetail);
    observeAttr(f, reasonEl, 'listName', /^(Afectacion del IGV)$/, '4252', stDetail);
    observeAttr(f, reasonEl, 'listURI', /^(urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo07)$/, '4253', stDetail);
    if (code === '2000' && gt(taxable, 0)) {
      f.check(tier === undefined, '2373', 'cbc:TierRange', undefined, stDetail);
      f.check(tier !== undefined && !['01', '02', '03'].includes(tier), '2041', 'cbc:TierRange', tier, stDetail);
    }
    if (code !== '2000') f.check(tier !== undefined, '3210', 'cbc:TierRange', tier, stDetail);
    if (code !== '7152') f.check(percentText === undefined, '2992', 'cac:TaxCategory/cbc:Percent', undefined, stDetail); // SUNAT 2992
    f.check((schemeCount.get(code) ?? 0) > 1, '3067', 'cac:TaxScheme/cbc:ID', code, stDetail); // SUNAT 3067
    const schemeIdEl = first(st, 'cac:TaxCategory/cac:TaxScheme/cbc:ID');
    observeAttr(f, schemeIdEl, 'schemeName', /^(Codigo de tributos)$/, '4255', stDetail);
    observeAttr(f, schemeIdEl, 'schemeAgencyName', /^(PE:SUNAT)$/, '4256', stDetail);
    observeAttr(f, schemeIdEl, 'schemeURI', /^(urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo05)$/, '4257', stDetail);
    const name = text(st, 'cac:TaxCategory/cac:TaxScheme/cbc:Name');
    f.check(name === undefined, '2996', 'cac:TaxScheme/cbc:Name', undefined, stDetail);
    f.check(
      known !== undefined && name !== undefined && name !== known.name,
      '3051',
      'cac:TaxScheme/cbc:Name',
      name,
      stDetail,
    );
    const typeCode = text(st, 'cac:TaxCategory/cac:TaxScheme/cbc:TaxTypeCode');
    f.check(
      known !== undefined && typeCode !== known.typeCode,
      '2377',
      'cac:TaxScheme/cbc:TaxTypeCode',
      typeCode,
      stDetail,
    ); // SUNAT 2377
  }

  // SUNAT 2644: an IVAP line (17) cannot share the document with other affectations.
  f.check(
    subtotals.some(
      (st) => text(st, 'cac:TaxCategory/cbc:TaxExemptionReasonCode') === '17' && gt(num(st, 'cbc:TaxableAmount'), 0),
    ) && anyNonIvap,
    '2644',
    'cbc:TaxExemptionReasonCode',
    undefined,
    detail,
  );

  // SUNAT 3292: line TaxAmount = Σ 1000/7152/1016/2000/9999 subtotal amounts (±1), when one of them is present.
  const counted = subtotals.filter((st) => ['1000', '7152', '1016', '2000', '9999'].includes(scheme(st)));
  if (counted.length > 0) {
    const declared = num(taxTotal, 'cbc:TaxAmount');
    const components = sum(counted.flatMap((st) => all(st, 'cbc:TaxAmount')));
    f.check(outsideRounded(declared, components), '3292', 'cac:TaxTotal/cbc:TaxAmount', fmt(declared), detail);
  }
  // SUNAT 3272: the IGV-type base = line value (+ ISC): exact without ISC, ±1 with it.
  const isc = subtotals.find(
    (st) => scheme(st) === '2000' && exists(st, 'cbc:TaxAmount') && gt(num(st, 'cbc:TaxableAmount'), 0),
  );
  const iscAmount = isc ? num(isc, 'cbc:TaxAmount') : ZERO;
  const bases = subtotals.filter((st) => ONEROUS_SCHEMES.includes(scheme(st)) && gt(num(st, 'cbc:TaxableAmount'), 0));
  if (bases.length > 0) {
    const computed = add(num(line, 'cbc:LineExtensionAmount'), iscAmount);
    f.check(
      gt(iscAmount, 0) && outside(num(bases[0], 'cbc:TaxableAmount'), computed),
      '3272',
      'cac:TaxSubtotal/cbc:TaxableAmount',
      text(bases[0], 'cbc:TaxableAmount'),
      detail,
    );
    f.check(
      eq(iscAmount, 0) && bases.some((st) => ne(num(st, 'cbc:TaxableAmount'), computed)),
      '3272',
      'cac:TaxSubtotal/cbc:TaxableAmount',
      text(bases[0], 'cbc:TaxableAmount'),
      detail,
    );
  }
  // SUNAT 3105: at least one IGV-type subtotal with a base > 0 (banking operation types excepted).
  if (!['2100', '2101', '2102', '2103', '2104', '0112'].includes(s.operation ?? '')) {
    // NC/ND only ask for one of the schemes 1000/1016/9995–9998 on the line, whatever its base (an NC 13 is 0.00).
    const noteSchemes = subtotals.filter((st) => ['1000', '1016', '9995', '9996', '9997', '9998'].includes(scheme(st)));
    f.check(s.isInvoice ? bases.length < 1 : noteSchemes.length < 1, '3105', 'cac:TaxScheme/cbc:ID', undefined, detail);
  }
  // SUNAT 3223: only some combinations of taxes with a base may share a line.
  const withBase = subtotals
    .filter((st) => gt(num(st, 'cbc:TaxableAmount'), 0))
    .map(scheme)
    .sort()
    .join('+');
  if (subtotals.filter((st) => gt(num(st, 'cbc:TaxableAmount'), 0)).length > 1) {
    const allowed = new Set([
      '1000+2000',
      '1000+9999',
      '1000+2000+9999',
      '1016+9999',
      '9995+9999',
      '2000+9996',
      '2000+9996+9999',
      '9996+9999',
      '2000+9997',
      '2000+9997+9999',
      '9997+9999',
      '2000+9998',
      '2000+9998+9999',
      '9998+9999',
    ]);
    f.check(!allowed.has(withBase), '3223', 'cac:TaxScheme/cbc:ID', withBase, detail);
  }
  void ONE;
}
