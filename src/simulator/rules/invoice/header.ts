// Header rules: series (1001), versions, type code (1003/1004), currency (2070/2071/3088), and the references
// (purchase order, dispatch guides, advances); each a table (rule-table.ts) in the XSL's order.
import type { XmlElement } from '../../../sunat/xml.ts';
import { CURRENCIES } from '../catalogs.ts';
import type { Findings } from '../context.ts';
import { applyRules, observedAttribute, type Rule } from '../rule-table.ts';
import { all, exists, first, text } from '../xpath.ts';
import { type InvoiceLikeType, type Shape, reasonCode } from './shape.ts';

const SERIES: Record<InvoiceLikeType, RegExp> = {
  '01': /^([F][A-Z0-9]{3}|[0-9]{4})-[0-9]{1,8}$/,
  '03': /^([B][A-Z0-9]{3}|[0-9]{4})-[0-9]{1,8}$/,
  '07': /^([FBS][A-Z0-9]{3}|[0-9]{4})-[0-9]{1,8}$/,
  '08': /^([FBS][A-Z0-9]{3}|[0-9]{4})-[0-9]{1,8}$/,
};

export function header(root: XmlElement, s: Shape, f: Findings): void {
  const typeCode = s.isInvoice ? first(root, 'cbc:InvoiceTypeCode') : undefined;
  applyRules(
    HEADER_RULES,
    {
      root,
      s,
      ubl: text(root, 'cbc:UBLVersionID'),
      customization: text(root, 'cbc:CustomizationID'),
      typeCode,
      typeValue: text(typeCode),
      currencyCode: first(root, 'cbc:DocumentCurrencyCode'),
      foreign: s.currency ? findForeignCurrency(root, s.currency) : undefined,
    },
    f,
  );
}

interface HeaderView {
  root: XmlElement;
  s: Shape;
  ubl: string | undefined;
  customization: string | undefined;
  /** Invoices only: their type code. */
  typeCode: XmlElement | undefined;
  typeValue: string | undefined;
  currencyCode: XmlElement | undefined;
  /** The first amount in another currency than the document's (SUNAT 2071). */
  foreign: XmlElement | undefined;
}

const HEADER_RULES: readonly Rule<HeaderView>[] = [
  // SUNAT 2075 / 2074: UBL 2.1.
  { code: '2075', node: 'cbc:UBLVersionID', when: (v) => v.ubl === undefined || v.ubl === '' },
  {
    code: '2074',
    node: 'cbc:UBLVersionID',
    when: (v) => v.ubl !== undefined && v.ubl !== '' && v.ubl !== '2.1',
    value: (v) => v.ubl,
  },
  // SUNAT 2073 / 2072: customization 2.0.
  {
    code: '2073',
    node: 'cbc:CustomizationID',
    when: (v) => v.customization === undefined || v.customization === '',
  },
  {
    code: '2072',
    node: 'cbc:CustomizationID',
    when: (v) => v.customization !== undefined && v.customization !== '' && v.customization !== '2.0',
    value: (v) => v.customization,
  },
  observedAttribute((v) => first(v.root, 'cbc:CustomizationID'), 'schemeAgencyName', /^(PE:SUNAT)$/, '4256'),
  // SUNAT 1001: serie-correlativo per document type.
  {
    code: '1001',
    node: 'cbc:ID',
    when: (v) => !SERIES[v.s.tipo].test(text(v.root, 'cbc:ID') ?? ''),
    value: (v) => text(v.root, 'cbc:ID') ?? '',
  },
  // SUNAT 1004 / 1003 (invoices): the type code, the file's.
  {
    code: '1004',
    node: 'cbc:InvoiceTypeCode',
    when: (v) => v.s.isInvoice && (v.typeValue === undefined || v.typeValue === ''),
  },
  {
    code: '1003',
    node: 'cbc:InvoiceTypeCode',
    when: (v) => v.s.isInvoice && v.typeValue !== undefined && v.typeValue !== '' && v.typeValue !== v.s.tipo,
    value: (v) => v.typeValue,
  },
  observedAttribute((v) => v.typeCode, 'listAgencyName', /^(PE:SUNAT)$/, '4251'),
  observedAttribute((v) => v.typeCode, 'listName', /^(Tipo de Documento)$/, '4252'),
  observedAttribute((v) => v.typeCode, 'listURI', /^(urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo01)$/, '4253'),
  // SUNAT 2070 / 3088: the document's currency, from ISO 4217.
  { code: '2070', node: 'cbc:DocumentCurrencyCode', when: (v) => !v.currencyCode },
  {
    code: '3088',
    node: 'cbc:DocumentCurrencyCode',
    when: (v) => v.s.currency !== undefined && !CURRENCIES.has(v.s.currency),
    value: (v) => v.s.currency,
  },
  // SUNAT 2071: every amount in the document currency, except perception (51–53) and payment/delivery terms.
  {
    code: '2071',
    node: (v) => `${v.foreign?.name ?? ''}/@currencyID`,
    when: (v) => v.foreign !== undefined,
    value: (v) => v.foreign?.attrs.currencyID,
  },
  observedAttribute((v) => v.currencyCode, 'listID', /^(ISO 4217 Alpha)$/, '4254'),
  observedAttribute((v) => v.currencyCode, 'listName', /^(Currency)$/, '4252'),
  observedAttribute(
    (v) => v.currencyCode,
    'listAgencyName',
    /^(United Nations Economic Commission for Europe)$/,
    '4251',
  ),
];

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
  applyRules(ORDER_RULES, { order: text(root, 'cac:OrderReference/cbc:ID') }, f);

  const despatchKeys = all(root, 'cac:DespatchDocumentReference').map(
    (d) => `${text(d, 'cbc:DocumentTypeCode')} ${text(d, 'cbc:ID')}`,
  );
  all(root, 'cac:DespatchDocumentReference').forEach((d, index) => {
    const repeated = despatchKeys.slice(0, index).includes(despatchKeys[index]);
    applyRules(DESPATCH_RULES, { d, id: text(d, 'cbc:ID'), repeated }, f);
  });

  const prepaidIds = all(root, 'cac:PrepaidPayment').map((p) => text(p, 'cbc:ID'));
  const advances = all(root, 'cac:AdditionalDocumentReference').filter((a) =>
    ['02', '03'].includes(text(a, 'cbc:DocumentTypeCode') ?? ''),
  );
  const statusCodes = advances.map((a) => text(a, 'cbc:DocumentStatusCode'));
  for (const a of advances) {
    const status = text(a, 'cbc:DocumentStatusCode');
    applyRules(ADVANCE_RULES, { a, status, prepaidIds, statusCodes }, f);
  }
}

/** SUNAT 4233 (observation): a purchase order's number of up to 20 characters, no spaces. */
const ORDER_RULES: readonly Rule<{ order: string | undefined }>[] = [
  {
    code: '4233',
    observation: true,
    node: 'cac:OrderReference/cbc:ID',
    when: ({ order }) => order !== undefined && (order.length > 20 || !/^[^\s]{1,}$/.test(order)),
    value: (v) => v.order,
  },
];

interface DespatchView {
  d: XmlElement;
  id: string | undefined;
  /** An earlier reference names the same guide. */
  repeated: boolean;
}

const DESPATCH_RULES: readonly Rule<DespatchView>[] = [
  // SUNAT 2364: each dispatch guide once.
  { code: '2364', node: 'cac:DespatchDocumentReference/cbc:ID', when: (v) => v.repeated, value: (v) => v.id },
  // SUNAT 4006 (observation): a guide's series-number.
  {
    code: '4006',
    observation: true,
    node: 'cac:DespatchDocumentReference/cbc:ID',
    when: ({ id }) =>
      id !== undefined &&
      !/^(([T][A-Z0-9]{3}-[0-9]{1,8})|([0-9]{4}-[0-9]{1,8})|([E][G][0-9]{2}-[0-9]{1,8})|([G][0-9]{3}-[0-9]{1,8}))$/.test(
        id,
      ),
    value: (v) => v.id,
  },
  // SUNAT 4005 (observation): a guide's type, 09 or 31.
  {
    code: '4005',
    observation: true,
    node: 'cac:DespatchDocumentReference/cbc:DocumentTypeCode',
    when: (v) => {
      const type = text(v.d, 'cbc:DocumentTypeCode');
      return type === undefined || !/^(31)|(09)$/.test(type);
    },
    value: (v) => text(v.d, 'cbc:DocumentTypeCode'),
  },
];

interface AdvanceView {
  /** An advance's document (an AdditionalDocumentReference of type 02 or 03). */
  a: XmlElement;
  status: string | undefined;
  prepaidIds: (string | undefined)[];
  statusCodes: (string | undefined)[];
}

const ADVANCE_RULES: readonly Rule<AdvanceView>[] = [
  // SUNAT 3216: the advance's identifier (DocumentStatusCode).
  {
    code: '3216',
    node: 'cac:AdditionalDocumentReference/cbc:DocumentStatusCode',
    when: (v) => v.status === undefined,
  },
  // SUNAT 3214: a PrepaidPayment of that identifier.
  {
    code: '3214',
    node: 'cbc:DocumentStatusCode',
    when: (v) => v.status !== undefined && !v.prepaidIds.includes(v.status),
    value: (v) => v.status,
  },
  // SUNAT 3215: each identifier once.
  {
    code: '3215',
    node: 'cbc:DocumentStatusCode',
    when: (v) => v.status !== undefined && v.statusCodes.filter((c) => c === v.status).length > 1,
    value: (v) => v.status,
  },
  // SUNAT 2521: the advance's number, a factura's (02) or a boleta's (03).
  {
    code: '2521',
    node: 'cac:AdditionalDocumentReference/cbc:ID',
    when: (v) => {
      const re =
        text(v.a, 'cbc:DocumentTypeCode') === '02'
          ? /^(([F][0-9A-Z]{3}-[0-9]{1,8})|([0-9]{1,4}-[0-9]{1,8})|([E][0][0][1]-[0-9]{1,8}))$/
          : /^(([B][0-9A-Z]{3}-[0-9]{1,8})|([0-9]{1,4}-[0-9]{1,8})|([E][B][0][1]-[0-9]{1,8}))$/;
      return !re.test(text(v.a, 'cbc:ID') ?? '');
    },
    value: (v) => text(v.a, 'cbc:ID') ?? '',
  },
  observedAttribute((v) => first(v.a, 'cbc:DocumentStatusCode'), 'listName', /^(Anticipo)$/, '4252'),
  observedAttribute((v) => first(v.a, 'cbc:DocumentStatusCode'), 'listAgencyName', /^(PE:SUNAT)$/, '4251'),
];
