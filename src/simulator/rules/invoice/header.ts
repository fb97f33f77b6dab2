// Header rules: series (1001), versions, dates, currency (2071/3088), operation type (3205/3206), references.
import type { XmlElement } from '../../../sunat/xml.ts';
import { CURRENCIES } from '../catalogs.ts';
import type { Findings } from '../context.ts';
import { all, exists, first, text } from '../xpath.ts';
import { type InvoiceLikeType, type Shape, reasonCode, observeAttr } from './shape.ts';

const SERIES: Record<InvoiceLikeType, RegExp> = {
  '01': /^([F][A-Z0-9]{3}|[0-9]{4})-[0-9]{1,8}$/,
  '03': /^([B][A-Z0-9]{3}|[0-9]{4})-[0-9]{1,8}$/,
  '07': /^([FBS][A-Z0-9]{3}|[0-9]{4})-[0-9]{1,8}$/,
  '08': /^([FBS][A-Z0-9]{3}|[0-9]{4})-[0-9]{1,8}$/,
};

export function header(root: XmlElement, s: Shape, f: Findings): void {
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

export function references(root: XmlElement, f: Findings): void {
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
