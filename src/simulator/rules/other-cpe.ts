// What SUNAT's perception (ValidaExprRegPercepcion) and retention (ValidaExprRegRetencion) XSLs check alike: the
// way a field is looked at (existAndMatch), the voucher's header, the agent's identification, the related documents'
// identity and the totals against them.
import type { XmlElement } from '../../sunat/xml.ts';
import type { Findings } from './context.ts';
import { add, Decimal, fmt, gt, lt, ne, round, type Num } from './numbers.ts';
import { existAndMatchRules, type Rule } from './rule-table.ts';
import { all, attr, first, num, sum, text } from './xpath.ts';

export const POSITIVE_AMOUNT = /(?!(^0+(\.0+)?$))(^\d{1,12}(\.\d{1,2})?$)/;
export const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
export const PEN = /^(PEN)$/;
export const CURRENCY = /^[A-Z]{3}$/;
export const EXCHANGE_RATE = /(?!(^0+(\.0+)?$))(^\d{1,4}(\.\d{1,6})?$)/;

/** SUNAT's existAndRegexpValidateElement: missing → `missing`, present but not matching → `invalid`. */
export function existAndMatch(
  f: Findings,
  value: string | undefined,
  re: RegExp,
  missing: string,
  invalid: string,
  node: string,
  detail?: string,
): void {
  if (value === undefined || value === '') f.error(missing, node, undefined, detail);
  else if (!re.test(value)) f.error(invalid, node, value, detail);
}

/** UBL 2.0, customization 1.0, the series of the voucher's letter (P, R) or a 4-digit one (SUNAT 1001), date. */
export function checkVoucherHeader(root: XmlElement, f: Findings, letter: 'P' | 'R'): void {
  existAndMatch(f, text(root, 'cbc:UBLVersionID'), /^(2\.0)$/, '2111', '2110', 'cbc:UBLVersionID');
  existAndMatch(f, text(root, 'cbc:CustomizationID'), /^(1\.0)$/, '2113', '2112', 'cbc:CustomizationID');
  const id = new RegExp(`^([${letter}][A-Z0-9]{3}|[\\d]{4})-[0-9]{1,8}$`);
  existAndMatch(f, text(root, 'cbc:ID'), id, '1002', '1001', 'cbc:ID');
  existAndMatch(f, text(root, 'cbc:IssueDate'), DATE, '1010', '1009', 'cbc:IssueDate');
}

/** The agent (the issuer): an 11-digit RUC of scheme 6 (SUNAT 2676/0154, 2678/2511) and a legal name (1037). */
export function checkAgentParty(root: XmlElement, f: Findings): XmlElement | undefined {
  const agentId = first(root, 'cac:AgentParty/cac:PartyIdentification/cbc:ID');
  existAndMatch(f, text(agentId), /^[0-9]{11}$/, '2676', '0154', 'cac:AgentParty/cac:PartyIdentification/cbc:ID');
  const scheme = attr(agentId, 'schemeID');
  existAndMatch(f, scheme, /^(6)$/, '2678', '2511', 'cac:AgentParty/cac:PartyIdentification/cbc:ID/@schemeID');
  const name = 'cac:AgentParty/cac:PartyLegalEntity/cbc:RegistrationName';
  f.check(text(root, name) === undefined, '1037', name);
  return agentId;
}

/** The voucher's counterpart (the perception's receiver, the retention's supplier) and regime, as the shared rows
 *  read them. */
export interface VoucherPartyView {
  /** The counterpart's RegistrationName. */
  name: string | undefined;
  regime: string;
  /** The rate the regime's catalog (22, 23) fixes, in percent (undefined: not in the catalog). */
  catalogRate: string | undefined;
  /** The rate the voucher states. */
  sentRate: Num;
}

/** SUNAT 2134: the counterpart's name is there; 2133: not `invalid` (each XSL words its length and blank test). */
export function counterpartNameRules<V extends VoucherPartyView>(invalid: (name: string) => boolean): Rule<V>[] {
  return [
    {
      code: '2134',
      node: 'cac:ReceiverParty/cac:PartyLegalEntity/cbc:RegistrationName',
      when: (v) => v.name === undefined,
    },
    {
      code: '2133',
      node: 'cbc:RegistrationName',
      when: ({ name }) => name !== undefined && invalid(name),
      value: (v) => v.name,
    },
  ];
}

/** The regime from its catalog (`regime`: 2602, 2618) and the rate that regime fixes (`rate`: 2603, 2619). */
export function regimeRules<V extends VoucherPartyView>(
  regime: { code: string; node: string },
  rate: { code: string; node: string },
): Rule<V>[] {
  return [
    { code: regime.code, node: regime.node, when: (v) => v.catalogRate === undefined, value: (v) => v.regime },
    {
      code: rate.code,
      node: rate.node,
      when: (v) => v.catalogRate !== undefined && (v.sentRate === null || !v.sentRate.eq(new Decimal(v.catalogRate))),
      value: (v) => fmt(v.sentRate),
    },
  ];
}

/** The value at `path` below `from`: an element's text ("cac:Payment/cbc:PaidAmount") or an attribute
 *  ("sac:SUNATPerceptionAmount/@currencyID"). */
export function valueAt(from: XmlElement | undefined, path: string): string | undefined {
  const [element, attribute] = path.split('/@');
  return attribute === undefined ? text(from, element) : attr(first(from, element), attribute);
}

type Codes = { missing: string; invalid: string };

/** existAndMatch on the value at `path` (see valueAt) below the element `at` picks, reported under `path`. */
export function fieldRules<V extends object>(
  at: (v: V) => XmlElement | undefined,
  path: string,
  re: RegExp,
  codes: Codes,
): Rule<V>[] {
  return existAndMatchRules<V>((v) => valueAt(at(v), path), re, codes, path);
}

/** SUNAT's codes for an amount in PEN: missing and invalid amount, then missing and invalid currencyID. */
export type PenAmountCodes = readonly [string, string, string, string];

/** An amount in PEN at `path`: positive with up to 2 decimals, its currencyID PEN. */
function penAmountRules<V extends object>(
  at: (v: V) => XmlElement | undefined,
  path: string,
  [missing, invalid, currencyMissing, currencyInvalid]: PenAmountCodes,
): Rule<V>[] {
  return [
    ...fieldRules(at, path, POSITIVE_AMOUNT, { missing, invalid }),
    ...fieldRules(at, `${path}/@currencyID`, PEN, { missing: currencyMissing, invalid: currencyInvalid }),
  ];
}

/** The voucher's total (cbc:TotalInvoiceAmount) and its total cashed or paid (`net.node`), amounts in PEN. */
export function voucherAmountRules<V extends { root: XmlElement }>(
  total: PenAmountCodes,
  net: { node: string; codes: PenAmountCodes },
): Rule<V>[] {
  return [
    ...penAmountRules<V>((v) => v.root, 'cbc:TotalInvoiceAmount', total),
    ...penAmountRules<V>((v) => v.root, net.node, net.codes),
  ];
}

/** A payment's perception or retention block (`info`): the amount charged and the net, in PEN, and the date. */
export function chargeInformationRules<V extends { info: XmlElement | undefined }>(
  nodes: { amount: string; date: string; net: string },
  codes: { amount: PenAmountCodes; date: Codes; net: PenAmountCodes },
): Rule<V>[] {
  return [
    ...penAmountRules<V>((v) => v.info, nodes.amount, codes.amount),
    ...fieldRules<V>((v) => v.info, nodes.date, DATE, codes.date),
    ...penAmountRules<V>((v) => v.info, nodes.net, codes.net),
  ];
}

/** A related document (a perception's or retention's DocumentReference) as the shared rows read it. */
export interface RelatedDocumentView {
  ref: XmlElement;
  /** Its type (cbc:ID/@schemeID). */
  type: string | undefined;
  /** Its currency (cbc:TotalInvoiceAmount/@currencyID). */
  docCurrency: string | undefined;
  detail: string;
  /** Another related document has the same type, number and payment number (SUNAT 2626). */
  paymentRepeated: boolean;
}

/** The related documents as the shared rows read them, in their order (`detail` names the line). */
export function relatedDocumentViews(references: XmlElement[]): RelatedDocumentView[] {
  const keys = references.map(
    (r) => `${attr(first(r, 'cbc:ID'), 'schemeID')} ${text(r, 'cbc:ID')} ${text(r, 'cac:Payment/cbc:ID')}`,
  );
  return references.map((ref, index) => ({
    ref,
    detail: `Error en la linea ${index + 1}`,
    type: attr(first(ref, 'cbc:ID'), 'schemeID'),
    docCurrency: attr(first(ref, 'cbc:TotalInvoiceAmount'), 'currencyID'),
    paymentRepeated: keys.filter((k) => k === keys[index]).length > 1,
  }));
}

/** SUNAT 2691/2692: the related document's type, one of `types`. */
export function relatedTypeRules<V extends RelatedDocumentView>(types: RegExp): Rule<V>[] {
  return existAndMatchRules<V>((v) => v.type, types, { missing: '2691', invalid: '2692' }, 'cbc:ID/@schemeID');
}

/** The related document's number (2693/2694, by type), issue date (1010/1009), total (2695/2696) and currency
 *  (2701/2718). */
export function relatedDocumentRules<V extends RelatedDocumentView>(
  numberOf: (type: string | undefined) => RegExp,
): Rule<V>[] {
  return [
    ...existAndMatchRules<V>(
      (v) => text(v.ref, 'cbc:ID'),
      (v) => numberOf(v.type),
      { missing: '2693', invalid: '2694' },
      'cbc:ID',
    ),
    ...existAndMatchRules<V>(
      (v) => valueAt(v.ref, 'cbc:IssueDate'),
      DATE,
      { missing: '1010', invalid: '1009' },
      'cbc:IssueDate',
    ),
    ...existAndMatchRules<V>(
      (v) => valueAt(v.ref, 'cbc:TotalInvoiceAmount'),
      POSITIVE_AMOUNT,
      { missing: '2695', invalid: '2696' },
      'cbc:TotalInvoiceAmount',
    ),
    ...existAndMatchRules<V>(
      (v) => v.docCurrency,
      CURRENCY,
      { missing: '2701', invalid: '2718' },
      'cbc:TotalInvoiceAmount/@currencyID',
    ),
  ];
}

/** The voucher's totals against its related documents (other than credit notes and vouchers of its own type). */
export interface VoucherTotalsView {
  root: XmlElement;
  /** Σ perceived or retained, at 2 decimals. */
  charged: Num;
  /** Σ net cashed or paid, at 2 decimals. */
  net: Num;
  rounding: XmlElement | undefined;
}

export function voucherTotalsView(
  root: XmlElement,
  references: XmlElement[],
  paths: { excluded: string[]; charged: string; net: string },
): VoucherTotalsView {
  const counted = references.filter((r) => !paths.excluded.includes(attr(first(r, 'cbc:ID'), 'schemeID') ?? ''));
  const sumOf = (path: string) => round(sum(counted.flatMap((r) => all(r, path))), 2);
  return {
    root,
    charged: sumOf(paths.charged),
    net: sumOf(paths.net),
    rounding: first(root, 'cbc:PayableRoundingAmount'),
  };
}

/**
 * The totals, exact after rounding to 2 decimals: TotalInvoiceAmount = Σ charged (`total`: 2667, 2628), the rounding
 * at most 1 (3303) in PEN (3304; a perception checks the currency only when given), the net total (`net`: 2668 on
 * SUNATTotalCashed, 2629 on SUNATTotalPaid) = Σ net + the rounding.
 */
export function voucherTotalsRules(codes: {
  total: string;
  net: { code: string; node: string };
  roundingCurrencyOptional: boolean;
}): Rule<VoucherTotalsView>[] {
  const currency = (v: VoucherTotalsView) => attr(v.rounding, 'currencyID');
  return [
    {
      code: codes.total,
      node: 'cbc:TotalInvoiceAmount',
      when: (v) => ne(num(v.root, 'cbc:TotalInvoiceAmount'), v.charged),
      value: (v) => text(v.root, 'cbc:TotalInvoiceAmount'),
    },
    {
      code: '3303',
      node: 'cbc:PayableRoundingAmount',
      when: (v) => !!v.rounding && (gt(num(v.rounding), 1) || lt(num(v.rounding), -1)),
      value: (v) => text(v.rounding),
    },
    {
      code: '3304',
      node: 'cbc:PayableRoundingAmount/@currencyID',
      when: (v) =>
        !!v.rounding && !(codes.roundingCurrencyOptional && currency(v) === undefined) && currency(v) !== 'PEN',
      value: currency,
    },
    {
      code: codes.net.code,
      node: codes.net.node,
      when: (v) => ne(num(v.root, codes.net.node), v.rounding ? round(add(v.net, num(v.rounding)), 2) : v.net),
      value: (v) => text(v.root, codes.net.node),
    },
  ];
}

/** SUNAT 2749: the exchange rate (`at`) converts from the related document's currency. */
export function sourceIsDocumentCurrency<V extends RelatedDocumentView>(at: (v: V) => XmlElement | undefined): Rule<V> {
  const source = (v: V) => text(at(v), 'cbc:SourceCurrencyCode');
  return {
    code: '2749',
    node: 'cbc:SourceCurrencyCode',
    when: (v) => source(v) !== undefined && source(v) !== v.docCurrency,
    value: source,
  };
}

/**
 * A related document in another currency than PEN: its exchange rate (`at`) required, source currency (2719/2714),
 * the rows `afterSource`, target PEN (2720/2715), rate (2721/2716) and date (2722/2717).
 */
export function requiredExchangeRateRules<V extends object>(
  at: (v: V) => XmlElement | undefined,
  afterSource: Rule<V>[] = [],
): Rule<V>[] {
  return [
    ...fieldRules(at, 'cbc:SourceCurrencyCode', CURRENCY, { missing: '2719', invalid: '2714' }),
    ...afterSource,
    ...fieldRules(at, 'cbc:TargetCurrencyCode', PEN, { missing: '2720', invalid: '2715' }),
    ...fieldRules(at, 'cbc:CalculationRate', EXCHANGE_RATE, { missing: '2721', invalid: '2716' }),
    ...fieldRules(at, 'cbc:Date', DATE, { missing: '2722', invalid: '2717' }),
  ];
}
