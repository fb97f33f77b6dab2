// The retention voucher (type 20), mirror of the perception rules (perception.ts): header data, agent and supplier
// (2620, 2723/2724), regime and rate from catalog 23 (2618/2619, 2985), each related document (2733–2749) with its
// amounts (2623) and payment period (2661), and the totals (2628/2629 exact at 2 decimals). Each part is a table of
// rules (rule-table.ts) in the XSL's order.
import type { XmlElement } from '../../sunat/xml.ts';
import { RETENTION_REGIMES } from './catalogs.ts';
import type { Findings } from './context.ts';
import { all, attr, first, num, text } from './xpath.ts';
import { Decimal, add, outside, round, type Num } from './numbers.ts';
import {
  checkAgentParty,
  checkVoucherHeader,
  counterpartNameRules,
  regimeRules,
  type VoucherPartyView,
  chargeInformationRules,
  DATE,
  fieldRules,
  requiredExchangeRateRules,
  sourceIsDocumentCurrency,
  voucherAmountRules,
  POSITIVE_AMOUNT,
  type RelatedDocumentView,
  relatedDocumentRules,
  relatedDocumentViews,
  relatedTypeRules,
  voucherTotalsRules,
  voucherTotalsView,
} from './other-cpe.ts';
import { applyRules, existAndMatchRules, type Rule } from './rule-table.ts';

const CENT = new Decimal('0.01');
/** SUNAT 2985: the 6 % regime only for documents issued up to this day. */
const SIX_PERCENT_LAST_DATE = '2014-02-28';
const SUPPLIER_ID = 'cac:ReceiverParty/cac:PartyIdentification/cbc:ID';

export function checkRetention(root: XmlElement, f: Findings): void {
  checkVoucherHeader(root, f, 'R');
  const agentId = checkAgentParty(root, f);
  const voucher = voucherView(root, agentId);
  applyRules(VOUCHER_RULES, voucher, f);
  const references = all(root, 'sac:SUNATRetentionDocumentReference');
  for (const related of relatedDocumentViews(references)) {
    const v = referenceView(related, voucher);
    applyRules(REFERENCE_RULES, v, f);
    if (v.type === '07') continue; // credit notes may omit payment and retention data
    applyRules(PAYMENT_RULES, v, f);
    if (v.docCurrency !== 'PEN') applyRules(FOREIGN_EXCHANGE_RULES, v, f);
    applyRules(RETAINED_RULES, v, f);
  }
  const totals = voucherTotalsView(root, references, {
    excluded: ['07', '20'],
    charged: 'sac:SUNATRetentionInformation/sac:SUNATRetentionAmount',
    net: 'sac:SUNATRetentionInformation/sac:SUNATNetTotalPaid',
  });
  applyRules(TOTALS_RULES, totals, f);
}

/** The voucher's parties, regime and header amounts, as their rules read them. */
interface VoucherView extends VoucherPartyView {
  root: XmlElement;
  agentId: XmlElement | undefined;
  supplierId: XmlElement | undefined;
  supplier: string | undefined;
}

function voucherView(root: XmlElement, agentId: XmlElement | undefined): VoucherView {
  const supplierId = first(root, SUPPLIER_ID);
  const regime = text(root, 'sac:SUNATRetentionSystemCode') ?? '';
  return {
    root,
    agentId,
    supplierId,
    supplier: text(supplierId),
    name: text(root, 'cac:ReceiverParty/cac:PartyLegalEntity/cbc:RegistrationName'),
    regime,
    catalogRate: RETENTION_REGIMES[regime],
    sentRate: num(root, 'sac:SUNATRetentionPercent'),
  };
}

const VOUCHER_RULES: readonly Rule<VoucherView>[] = [
  // SUNAT 2723/2724: the supplier's RUC, of 11 digits and type 6…
  ...existAndMatchRules<VoucherView>(
    (v) => v.supplier,
    /^[0-9]{11}$/,
    { missing: '2723', invalid: '2724' },
    SUPPLIER_ID,
  ),
  {
    code: '2724',
    node: `${SUPPLIER_ID}/@schemeID`,
    when: (v) => attr(v.supplierId, 'schemeID') !== '6',
    value: (v) => attr(v.supplierId, 'schemeID'),
  },
  // SUNAT 2620: … not the agent's own.
  {
    code: '2620',
    node: SUPPLIER_ID,
    when: (v) => v.supplier !== undefined && v.supplier === text(v.agentId),
    value: (v) => v.supplier,
  },
  // SUNAT 2134 / 2133: the supplier's name, of up to 1,500 characters, not blank.
  ...counterpartNameRules<VoucherView>((name) => name.length > 1500 || name.trim() === ''),
  // SUNAT 2618: the regime from catalog 23; 2619: the rate that regime fixes.
  ...regimeRules<VoucherView>(
    { code: '2618', node: 'sac:SUNATRetentionSystemCode' },
    { code: '2619', node: 'sac:SUNATRetentionPercent' },
  ),
  // SUNAT 2725/2669, 2726/2728: the total retained; 2729/2730, 2731/2732: the total paid.
  ...voucherAmountRules<VoucherView>(['2725', '2669', '2726', '2728'], {
    node: 'sac:SUNATTotalPaid',
    codes: ['2729', '2730', '2731', '2732'],
  }),
];

/** One related document as its rules read it. */
interface ReferenceView extends RelatedDocumentView {
  regime: string;
  /** The regime's rate as a fraction, when known. */
  rate: Decimal | undefined;
  /** The voucher's issue date. */
  issueDate: string | undefined;
  info: XmlElement | undefined;
  exchange: XmlElement | undefined;
}

function referenceView(related: RelatedDocumentView, voucher: VoucherView): ReferenceView {
  const info = first(related.ref, 'sac:SUNATRetentionInformation');
  return {
    ...related,
    regime: voucher.regime,
    rate: voucher.catalogRate === undefined ? undefined : new Decimal(voucher.catalogRate).div(100),
    issueDate: text(voucher.root, 'cbc:IssueDate'),
    info,
    exchange: first(info, 'cac:ExchangeRate'),
  };
}

const issued = (v: ReferenceView) => text(v.ref, 'cbc:IssueDate');

/** The related document: its payment declared once, type, number, date, total and currency (credit notes too). */
const REFERENCE_RULES: readonly Rule<ReferenceView>[] = [
  // SUNAT 2626: a payment of a document declared once.
  {
    code: '2626',
    node: 'cac:Payment/cbc:ID',
    when: (v) => v.paymentRepeated,
    value: (v) => text(v.ref, 'cac:Payment/cbc:ID'),
  },
  ...relatedTypeRules<ReferenceView>(/^(01|07|08|12|20)$/),
  // SUNAT 2693/2694, 1010/1009, 2695/2696, 2701/2718: its number (a ticket's of type 12, a series-number
  // otherwise), issue date, total and currency.
  ...relatedDocumentRules<ReferenceView>((type) =>
    type === '12' ? /^[a-zA-Z0-9-]{1,20}(-[0-9]{1,20})$/ : /^(E001|((F|R)[A-Z0-9]{3})|(\d{4}))-(?!0+$)([0-9]{1,8})$/,
  ),
  // SUNAT 2985: the 6 % regime (02) only for documents issued up to 2014-02-28.
  {
    code: '2985',
    node: 'cbc:IssueDate',
    when: (v) => v.regime === '02' && !!issued(v) && DATE.test(issued(v)!) && issued(v)! > SIX_PERCENT_LAST_DATE,
    value: issued,
  },
];

const paidCurrency = (v: ReferenceView) => attr(first(v.ref, 'cac:Payment/cbc:PaidAmount'), 'currencyID');
const paidDate = (v: ReferenceView) => text(v.ref, 'cac:Payment/cbc:PaidDate');

/** The payment and the retention on it (every related document but a credit note). */
const PAYMENT_RULES: readonly Rule<ReferenceView>[] = [
  // SUNAT 2733/2734: the payment's number.
  ...existAndMatchRules<ReferenceView>(
    (v) => text(v.ref, 'cac:Payment/cbc:ID'),
    /^[0-9]{1,9}$/,
    { missing: '2733', invalid: '2734' },
    'cac:Payment/cbc:ID',
  ),
  // SUNAT 2735/2736: the amount paid…
  ...fieldRules<ReferenceView>((v) => v.ref, 'cac:Payment/cbc:PaidAmount', POSITIVE_AMOUNT, {
    missing: '2735',
    invalid: '2736',
  }),
  // SUNAT 2622: … in the document's currency.
  {
    code: '2622',
    node: 'cac:Payment/cbc:PaidAmount/@currencyID',
    when: (v) => paidCurrency(v) !== undefined && paidCurrency(v) !== v.docCurrency,
    value: paidCurrency,
  },
  // SUNAT 2737/2738: the payment's date…
  ...existAndMatchRules<ReferenceView>(
    paidDate,
    DATE,
    { missing: '2737', invalid: '2738' },
    'cac:Payment/cbc:PaidDate',
  ),
  // SUNAT 2661: … in the voucher's month, not after it.
  {
    code: '2661',
    node: 'cac:Payment/cbc:PaidDate',
    when: (v) => {
      const paid = paidDate(v);
      if (!paid || !v.issueDate || !DATE.test(paid)) return false;
      return paid > v.issueDate || paid.slice(0, 7) !== v.issueDate.slice(0, 7);
    },
    value: paidDate,
  },
  // SUNAT 2739–2742: the amount retained; 2743/2744: the retention's date; 2745–2748: the net amount paid.
  ...chargeInformationRules<ReferenceView>(
    { amount: 'sac:SUNATRetentionAmount', date: 'sac:SUNATRetentionDate', net: 'sac:SUNATNetTotalPaid' },
    {
      amount: ['2739', '2740', '2741', '2742'],
      date: { missing: '2743', invalid: '2744' },
      net: ['2745', '2746', '2747', '2748'],
    },
  ),
  sourceIsDocumentCurrency((v) => v.exchange),
];

/** A document in another currency than PEN: the exchange rate is required (2719–2722, 2714–2717). */
const FOREIGN_EXCHANGE_RULES = requiredExchangeRateRules<ReferenceView>((v) => v.exchange);

/** The amount paid in PEN (× the exchange rate of a foreign document), at 2 decimals. */
function paidInPen(v: ReferenceView): Num {
  const paid = num(v.ref, 'cac:Payment/cbc:PaidAmount');
  const factor = v.docCurrency === 'PEN' ? null : num(v.exchange, 'cbc:CalculationRate');
  return paid === null ? null : round(paid.times(factor ?? 1), 2);
}
/** The retention is computed when its block, the amount paid and the regime's rate are known. */
const computable = (v: ReferenceView) =>
  !!v.info && num(v.ref, 'cac:Payment/cbc:PaidAmount') !== null && v.rate !== undefined;
const retained = (v: ReferenceView) => num(v.info, 'sac:SUNATRetentionAmount');

/** SUNAT 2623: retained = paid in PEN × rate and net = paid in PEN − retained, each at 2 decimals (±0.01). */
const RETAINED_RULES: readonly Rule<ReferenceView>[] = [
  {
    code: '2623',
    node: 'sac:SUNATRetentionAmount',
    when: (v) => computable(v) && outside(retained(v), round(paidInPen(v)?.times(v.rate!) ?? null, 2), CENT),
    value: (v) => text(v.info, 'sac:SUNATRetentionAmount'),
  },
  {
    code: '2623',
    node: 'sac:SUNATNetTotalPaid',
    when: (v) => computable(v) && outside(add(retained(v), num(v.info, 'sac:SUNATNetTotalPaid')), paidInPen(v), CENT),
    value: (v) => text(v.info, 'sac:SUNATNetTotalPaid'),
  },
];

/** SUNAT 2628/2629: the totals against the related documents other than 07 and 20. */
const TOTALS_RULES = voucherTotalsRules({
  total: '2628',
  net: { code: '2629', node: 'sac:SUNATTotalPaid' },
  roundingCurrencyOptional: false,
});
