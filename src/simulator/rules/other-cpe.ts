// What SUNAT's perception (ValidaExprRegPercepcion) and retention (ValidaExprRegRetencion) XSLs check alike: the
// way a field is looked at (existAndMatch), the voucher's header, the agent's identification, the related documents'
// identity and the totals against them.
import type { XmlElement } from '../../sunat/xml.ts';
import type { Findings } from './context.ts';
import { add, gt, lt, ne, round, type Num } from './numbers.ts';
import { existAndMatchRules, type Rule } from './rule-table.ts';
import { all, attr, first, num, sum, text } from './xpath.ts';

export const POSITIVE_AMOUNT = /(?!(^0+(\.0+)?$))(^\d{1,12}(\.\d{1,2})?$)/;
export const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

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

/** The value at `path` below `from`: an element's text ("cac:Payment/cbc:PaidAmount") or an attribute
 *  ("sac:SUNATPerceptionAmount/@currencyID"). */
export function valueAt(from: XmlElement | undefined, path: string): string | undefined {
  const [element, attribute] = path.split('/@');
  return attribute === undefined ? text(from, element) : attr(first(from, element), attribute);
}

/** A related document (a perception's or retention's DocumentReference) as the shared rows read it. */
export interface RelatedDocumentView {
  ref: XmlElement;
  /** Its type (cbc:ID/@schemeID). */
  type: string | undefined;
  /** Its currency (cbc:TotalInvoiceAmount/@currencyID). */
  docCurrency: string | undefined;
  detail: string;
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
      /^[A-Z]{3}$/,
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
