// What every invoice-like rule group reads: the document's shape (type, lines, totals, the note level) and the
// XPath-like helpers over tax subtotals and allowances, with SUNAT's number semantics (context.ts).
import type { XmlElement } from '../../../sunat/xml.ts';
import type { Findings } from '../context.ts';
import { observedAttribute, type Rule } from '../rule-table.ts';
import { attr, all, first, num, sum, text } from '../xpath.ts';
import { Decimal, TWO_DECIMALS, gt, type Num } from '../numbers.ts';

export type InvoiceLikeType = '01' | '03' | '07' | '08';

export const SIGNED_TWO_DECIMALS = /^-?[0-9]{1,12}(\.[0-9]{1,2})?$/;
export const FOUR = new Decimal('0.04');

export interface Shape {
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

export function scheme(subtotal: XmlElement): string {
  return text(subtotal, 'cac:TaxCategory/cac:TaxScheme/cbc:ID') ?? '';
}

export function subtotalsOf(taxTotal: XmlElement | undefined, ...schemes: string[]): XmlElement[] {
  return all(taxTotal, 'cac:TaxSubtotal').filter((s) => schemes.includes(scheme(s)));
}

export function reasonCode(el: XmlElement): string {
  return text(el, 'cbc:AllowanceChargeReasonCode') ?? '';
}

export function allowances(parent: XmlElement | undefined, ...codes: string[]): XmlElement[] {
  return all(parent, 'cac:AllowanceCharge').filter((ac) => codes.includes(reasonCode(ac)));
}

export function amountSum(nodes: XmlElement[], path = 'cbc:Amount'): Num {
  return sum(nodes.flatMap((n) => all(n, path)));
}

/** Σ cbc:Amount of the AllowanceCharges of `parent` (the document or a line) with these reason codes (catalog 53). */
export function allowanceSum(parent: XmlElement | undefined, ...codes: string[]): Num {
  return amountSum(allowances(parent, ...codes));
}

export function twoDecimals(value: string | undefined, greaterThanZero: boolean): boolean {
  if (value === undefined) return true;
  if (!TWO_DECIMALS.test(value)) return false;
  return !greaterThanZero || new Decimal(value).gt(0);
}

/** Lines having an onerous-type subtotal (1000/1016/9995/9997/9998) with TaxableAmount > 0 (free lines excluded). */
export function lineHasBase(line: XmlElement, ...schemes: string[]): boolean {
  return subtotalsOf(first(line, 'cac:TaxTotal'), ...schemes).some((s) => gt(num(s, 'cbc:TaxableAmount'), 0));
}

/** XPath sum() of one field over some subtotals (e.g. Σ cbc:TaxAmount of the lines' 9999 subtotals). */
export function subtotalSum(subtotals: XmlElement[], path: string): Num {
  return sum(subtotals.flatMap((st) => all(st, path)));
}

export function lineSubtotals(shape: Shape, ...schemes: string[]): XmlElement[] {
  return shape.lines.flatMap((l) => all(l, 'cac:TaxTotal/cac:TaxSubtotal')).filter((s) => schemes.includes(scheme(s)));
}

/** SUNAT's optional-attribute observations (42xx): checked only when the attribute is present. */
export function observeAttr(
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

export const ONEROUS_SCHEMES = ['1000', '1016', '9995', '9996', '9997', '9998'];

/** The document's shape as the rule groups read it: invoices and notes differ in line, quantity and totals names. */
export function shapeOf(root: XmlElement, tipo: InvoiceLikeType): Shape {
  const isInvoice = tipo === '01' || tipo === '03';
  const lineName = tipo === '07' ? 'CreditNoteLine' : tipo === '08' ? 'DebitNoteLine' : 'InvoiceLine';
  const totalsName = tipo === '08' ? 'RequestedMonetaryTotal' : 'LegalMonetaryTotal';
  return {
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
}

/** SUNAT's codes for a tax scheme's name and type, at header level or on a line. */
export interface SchemeIdentityCodes {
  nameMissing: string;
  nameWrong: string;
  /** Header only: a missing TaxTypeCode has its own code; on a line a missing one is simply wrong. */
  typeMissing?: string;
  typeWrong: string;
}

/** A tax subtotal as the scheme-identity rules read it. */
export interface SchemeView {
  st: XmlElement;
  /** The scheme's catalog-05 entry (undefined: not in the catalog). */
  known: { name: string; typeCode: string } | undefined;
}

const schemeOf = (v: SchemeView) => first(v.st, 'cac:TaxCategory/cac:TaxScheme');
const schemeIdOf = (v: SchemeView) => first(schemeOf(v), 'cbc:ID');
const schemeName = (v: SchemeView) => text(schemeOf(v), 'cbc:Name');
const taxTypeCode = (v: SchemeView) => text(schemeOf(v), 'cbc:TaxTypeCode');

/**
 * A tax scheme (catalog 05) names itself as the catalog does: the ID's optional attributes (4255–4257), its Name
 * and TaxTypeCode — rows of a subtotal's table, with the codes of the header's or a line's rules.
 */
export function schemeIdentityRules<V extends SchemeView>(codes: SchemeIdentityCodes): Rule<V>[] {
  const { typeMissing } = codes;
  return [
    observedAttribute(schemeIdOf, 'schemeName', /^(Codigo de tributos)$/, '4255'),
    observedAttribute(schemeIdOf, 'schemeAgencyName', /^(PE:SUNAT)$/, '4256'),
    observedAttribute(schemeIdOf, 'schemeURI', /^(urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo05)$/, '4257'),
    { code: codes.nameMissing, node: 'cac:TaxScheme/cbc:Name', when: (v) => schemeName(v) === undefined },
    {
      code: codes.nameWrong,
      node: 'cac:TaxScheme/cbc:Name',
      when: (v) => v.known !== undefined && schemeName(v) !== undefined && schemeName(v) !== v.known.name,
      value: schemeName,
    },
    // Header only: a missing TaxTypeCode has its own code; on a line a missing one is simply wrong.
    ...(typeMissing
      ? [{ code: typeMissing, node: 'cac:TaxScheme/cbc:TaxTypeCode', when: (v: V) => taxTypeCode(v) === undefined }]
      : []),
    {
      code: codes.typeWrong,
      node: 'cac:TaxScheme/cbc:TaxTypeCode',
      when: (v) =>
        v.known !== undefined && (taxTypeCode(v) === undefined ? !typeMissing : taxTypeCode(v) !== v.known.typeCode),
      value: taxTypeCode,
    },
  ];
}
