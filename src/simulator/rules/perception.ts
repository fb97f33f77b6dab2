// Port of SUNAT's ValidaExprRegPercepcion-1.0.2.xsl (perception voucher, type 40): header data, the receiver,
// regime and rate (2602/2603), each related document, and the totals (2667/2668 exact at 2 decimals). Each part is a
// table of rules (rule-table.ts) in the XSL's order.
import type { XmlElement } from '../../sunat/xml.ts';
import { PERCEPTION_REGIMES } from './catalogs.ts';
import type { Findings } from './context.ts';
import { all, attr, first, num, text } from './xpath.ts';
import {
  checkAgentParty,
  checkVoucherHeader,
  counterpartNameRules,
  regimeRules,
  type VoucherPartyView,
  chargeInformationRules,
  CURRENCY,
  DATE,
  EXCHANGE_RATE,
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

const RECEIVER_ID = 'cac:ReceiverParty/cac:PartyIdentification/cbc:ID';

export function checkPerception(root: XmlElement, f: Findings): void {
  checkVoucherHeader(root, f, 'P');
  const exceptional = text(root, 'sac:ExceptionalIndicator');
  applyRules(EXCEPTIONAL_RULES, { exceptional }, f);
  checkAgentParty(root, f);
  applyRules(VOUCHER_RULES, voucherView(root), f);

  const references = all(root, 'sac:SUNATPerceptionDocumentReference');
  applyRules(SINGLE_REFERENCE_RULES, { exceptional, references }, f);
  for (const related of relatedDocumentViews(references)) {
    const v = referenceView(related, exceptional);
    applyRules(REFERENCE_RULES, v, f);
    if (v.type === '07') continue; // credit notes may omit payment and perception data
    applyRules(PAYMENT_RULES, v, f);
    applyRules(v.docCurrency === 'PEN' ? PEN_EXCHANGE_RULES : FOREIGN_EXCHANGE_RULES, v, f);
  }

  const totals = voucherTotalsView(root, references, {
    excluded: ['07', '40'],
    charged: 'sac:SUNATPerceptionInformation/sac:SUNATPerceptionAmount',
    net: 'sac:SUNATPerceptionInformation/sac:SUNATNetTotalCashed',
  });
  applyRules(TOTALS_RULES, totals, f);
}

/** SUNAT 3322: the exceptional indicator, when present, is 01. */
const EXCEPTIONAL_RULES: readonly Rule<{ exceptional: string | undefined }>[] = [
  {
    code: '3322',
    node: 'sac:ExceptionalIndicator',
    when: (v) => v.exceptional !== undefined && v.exceptional !== '01',
    value: (v) => v.exceptional,
  },
];

/** The voucher's receiver, regime and header amounts, as their rules read them. */
interface VoucherView extends VoucherPartyView {
  root: XmlElement;
  receiverValue: string | undefined;
  receiverScheme: string | undefined;
}

function voucherView(root: XmlElement): VoucherView {
  const receiver = first(root, 'cac:ReceiverParty');
  const receiverId = first(receiver, 'cac:PartyIdentification/cbc:ID');
  const regime = text(root, 'sac:SUNATPerceptionSystemCode') ?? '';
  return {
    root,
    receiverValue: text(receiverId),
    receiverScheme: attr(receiverId, 'schemeID'),
    name: text(receiver, 'cac:PartyLegalEntity/cbc:RegistrationName'),
    regime,
    catalogRate: PERCEPTION_REGIMES[regime],
    sentRate: num(root, 'sac:SUNATPerceptionPercent'),
  };
}

const VOUCHER_RULES: readonly Rule<VoucherView>[] = [
  // SUNAT 2679: the receiver's number.
  { code: '2679', node: RECEIVER_ID, when: (v) => v.receiverValue === undefined || v.receiverValue === '' },
  // SUNAT 2516: the receiver's document type.
  {
    code: '2516',
    node: `${RECEIVER_ID}/@schemeID`,
    when: (v) => v.receiverScheme === undefined || v.receiverScheme === '',
  },
  // SUNAT 2680: a RUC of 11 digits…
  {
    code: '2680',
    node: RECEIVER_ID,
    when: (v) => !!v.receiverValue && v.receiverScheme === '6' && !/^\d{11}$/.test(v.receiverValue),
    value: (v) => v.receiverValue,
  },
  // … a DNI of 8.
  {
    code: '2680',
    node: RECEIVER_ID,
    when: (v) => !!v.receiverValue && v.receiverScheme === '1' && !/^\d{8}$/.test(v.receiverValue),
    value: (v) => v.receiverValue,
  },
  // SUNAT 2134: the receiver's name is there; 2133: of 1 to 1,500 characters, not blank.
  ...counterpartNameRules<VoucherView>(
    (name) => name.length > 1500 || name.length < 1 || !/^(?!\s*$)[ \S]{0,}$/.test(name),
  ),
  // SUNAT 2602: the regime from catalog 22; 2603: the rate that regime fixes.
  ...regimeRules<VoucherView>(
    { code: '2602', node: 'sac:SUNATPerceptionSystemCode' },
    { code: '2603', node: 'sac:SUNATPerceptionPercent' },
  ),
  // SUNAT 2683/2669, 2684/2685: the total perceived; 2686/2687, 2689/2690: the total cashed.
  ...voucherAmountRules<VoucherView>(['2683', '2669', '2684', '2685'], {
    node: 'sac:SUNATTotalCashed',
    codes: ['2686', '2687', '2689', '2690'],
  }),
];

/** SUNAT 3323: an exceptional (01) voucher relates a single document. */
const SINGLE_REFERENCE_RULES: readonly Rule<{ exceptional: string | undefined; references: XmlElement[] }>[] = [
  {
    code: '3323',
    node: 'sac:ExceptionalIndicator',
    when: (v) => v.exceptional === '01' && v.references.length > 1,
  },
];

/** One related document as its rules read it. */
interface ReferenceView extends RelatedDocumentView {
  exceptional: string | undefined;
  info: XmlElement | undefined;
  rate: XmlElement | undefined;
}

function referenceView(related: RelatedDocumentView, exceptional: string | undefined): ReferenceView {
  const info = first(related.ref, 'sac:SUNATPerceptionInformation');
  return { ...related, exceptional, info, rate: first(info, 'cac:ExchangeRate') };
}

/** The related document: its type, number, date, total and currency (every type, credit notes included). */
const REFERENCE_RULES: readonly Rule<ReferenceView>[] = [
  ...relatedTypeRules<ReferenceView>(/^(01|03|12|07|08|40|41)$/),
  // SUNAT 3324: an exceptional voucher relates facturas only.
  {
    code: '3324',
    node: 'cbc:ID/@schemeID',
    when: (v) => v.exceptional === '01' && v.type !== undefined && v.type !== '01',
    value: (v) => v.type,
  },
  // SUNAT 2693/2694, 1010/1009, 2695/2696, 2701/2718: its number (a ticket's of type 12, a series-number
  // otherwise), issue date, total and currency.
  ...relatedDocumentRules<ReferenceView>((type) =>
    type === '12'
      ? /^[a-zA-Z0-9-]{1,20}(-[0-9]{1,20})$/
      : /^(E001|EB01|((F|B|P)[A-Z0-9]{3})|(\d{4}))-(?!0+$)([0-9]{1,8})$/,
  ),
];

/** The payment and the perception on it (every related document but a credit note). */
const PAYMENT_RULES: readonly Rule<ReferenceView>[] = [
  // SUNAT 2697/2698: the payment's number.
  ...existAndMatchRules<ReferenceView>(
    (v) => text(v.ref, 'cac:Payment/cbc:ID'),
    /^[0-9]{1,9}$/,
    { missing: '2697', invalid: '2698' },
    'cac:Payment/cbc:ID',
  ),
  // SUNAT 2626: a payment of a document declared once.
  {
    code: '2626',
    node: 'cac:Payment/cbc:ID',
    when: (v) => v.paymentRepeated,
    value: (v) => text(v.ref, 'cac:Payment/cbc:ID'),
  },
  // SUNAT 2699/2700: the amount paid.
  ...fieldRules<ReferenceView>((v) => v.ref, 'cac:Payment/cbc:PaidAmount', POSITIVE_AMOUNT, {
    missing: '2699',
    invalid: '2700',
  }),
  // SUNAT 2607: paid in the document's currency.
  {
    code: '2607',
    node: 'cac:Payment/cbc:PaidAmount/@currencyID',
    when: (v) => {
      const paid = attr(first(v.ref, 'cac:Payment/cbc:PaidAmount'), 'currencyID');
      return v.docCurrency !== undefined && paid !== undefined && v.docCurrency !== paid;
    },
    value: (v) => attr(first(v.ref, 'cac:Payment/cbc:PaidAmount'), 'currencyID'),
  },
  // SUNAT 2702/2703: the payment's date.
  ...fieldRules<ReferenceView>((v) => v.ref, 'cac:Payment/cbc:PaidDate', DATE, { missing: '2702', invalid: '2703' }),
  // SUNAT 2704–2707: the amount perceived; 2708/2709: the perception's date; 2710–2713: the net amount cashed.
  ...chargeInformationRules<ReferenceView>(
    { amount: 'sac:SUNATPerceptionAmount', date: 'sac:SUNATPerceptionDate', net: 'sac:SUNATNetTotalCashed' },
    {
      amount: ['2704', '2705', '2706', '2707'],
      date: { missing: '2708', invalid: '2709' },
      net: ['2710', '2711', '2712', '2713'],
    },
  ),
];

const source = (v: ReferenceView) => text(v.rate, 'cbc:SourceCurrencyCode');
const target = (v: ReferenceView) => text(v.rate, 'cbc:TargetCurrencyCode');
const calculation = (v: ReferenceView) => text(v.rate, 'cbc:CalculationRate');
const rateDate = (v: ReferenceView) => text(v.rate, 'cbc:Date');

const SOURCE_IS_DOCUMENT_CURRENCY = sourceIsDocumentCurrency<ReferenceView>((v) => v.rate);

/** A document in PEN: the exchange rate is optional, each part checked when present (2714–2717). */
const PEN_EXCHANGE_RULES: readonly Rule<ReferenceView>[] = [
  {
    code: '2714',
    node: 'cbc:SourceCurrencyCode',
    when: (v) => source(v) !== undefined && !CURRENCY.test(source(v)!),
    value: source,
  },
  SOURCE_IS_DOCUMENT_CURRENCY,
  {
    code: '2715',
    node: 'cbc:TargetCurrencyCode',
    when: (v) => target(v) !== undefined && target(v) !== 'PEN',
    value: target,
  },
  {
    code: '2716',
    node: 'cbc:CalculationRate',
    when: (v) => calculation(v) !== undefined && !EXCHANGE_RATE.test(calculation(v)!),
    value: calculation,
  },
  {
    code: '2717',
    node: 'cbc:Date',
    when: (v) => rateDate(v) !== undefined && !DATE.test(rateDate(v)!),
    value: rateDate,
  },
];

/** A document in another currency: the exchange rate is required (2719–2722, 2714–2717). */
const FOREIGN_EXCHANGE_RULES = requiredExchangeRateRules<ReferenceView>((v) => v.rate, [SOURCE_IS_DOCUMENT_CURRENCY]);

/** SUNAT 2667/2668: the totals against the related documents other than 07 and 40. */
const TOTALS_RULES = voucherTotalsRules({
  total: '2667',
  net: { code: '2668', node: 'sac:SUNATTotalCashed' },
  roundingCurrencyOptional: true,
});
