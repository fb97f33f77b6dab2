// Port of SUNAT's ValidaExprRegPercepcion-1.0.2.xsl (perception voucher, type 40): header data, the receiver,
// regime and rate (2602/2603), each related document, and the totals (2667/2668 exact at 2 decimals). Each part is a
// table of rules (rule-table.ts) in the XSL's order.
import type { XmlElement } from '../../sunat/xml.ts';
import { PERCEPTION_REGIMES } from './catalogs.ts';
import type { Findings } from './context.ts';
import { all, attr, first, num, text } from './xpath.ts';
import { Decimal, fmt, type Num } from './numbers.ts';
import {
  checkAgentParty,
  checkVoucherHeader,
  DATE,
  POSITIVE_AMOUNT,
  relatedDocumentRules,
  relatedTypeRules,
  valueAt,
  voucherTotalsRules,
  voucherTotalsView,
} from './other-cpe.ts';
import { applyRules, existAndMatchRules, type Rule } from './rule-table.ts';

const RECEIVER_ID = 'cac:ReceiverParty/cac:PartyIdentification/cbc:ID';
const CURRENCY = /^[A-Z]{3}$/;
const PEN = /^(PEN)$/;
const EXCHANGE_RATE = /(?!(^0+(\.0+)?$))(^\d{1,4}(\.\d{1,6})?$)/;

export function checkPerception(root: XmlElement, f: Findings): void {
  checkVoucherHeader(root, f, 'P');
  const exceptional = text(root, 'sac:ExceptionalIndicator');
  applyRules(EXCEPTIONAL_RULES, { exceptional }, f);
  checkAgentParty(root, f);
  applyRules(VOUCHER_RULES, voucherView(root), f);

  const references = all(root, 'sac:SUNATPerceptionDocumentReference');
  applyRules(SINGLE_REFERENCE_RULES, { exceptional, references }, f);
  const paymentKeys = references.map(
    (r) => `${attr(first(r, 'cbc:ID'), 'schemeID')} ${text(r, 'cbc:ID')} ${text(r, 'cac:Payment/cbc:ID')}`,
  );
  references.forEach((ref, index) => {
    const v = referenceView(ref, index, exceptional, paymentKeys);
    applyRules(REFERENCE_RULES, v, f);
    if (v.type === '07') return; // credit notes may omit payment and perception data
    applyRules(PAYMENT_RULES, v, f);
    applyRules(v.docCurrency === 'PEN' ? PEN_EXCHANGE_RULES : FOREIGN_EXCHANGE_RULES, v, f);
  });

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
interface VoucherView {
  root: XmlElement;
  receiverValue: string | undefined;
  receiverScheme: string | undefined;
  receiverName: string | undefined;
  regime: string;
  /** The rate catalog 22 fixes for the regime (undefined: not in the catalog). */
  rate: string | undefined;
  percent: Num;
}

function voucherView(root: XmlElement): VoucherView {
  const receiver = first(root, 'cac:ReceiverParty');
  const receiverId = first(receiver, 'cac:PartyIdentification/cbc:ID');
  const regime = text(root, 'sac:SUNATPerceptionSystemCode') ?? '';
  return {
    root,
    receiverValue: text(receiverId),
    receiverScheme: attr(receiverId, 'schemeID'),
    receiverName: text(receiver, 'cac:PartyLegalEntity/cbc:RegistrationName'),
    regime,
    rate: PERCEPTION_REGIMES[regime],
    percent: num(root, 'sac:SUNATPerceptionPercent'),
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
  // SUNAT 2134: the receiver's name is there…
  {
    code: '2134',
    node: 'cac:ReceiverParty/cac:PartyLegalEntity/cbc:RegistrationName',
    when: (v) => v.receiverName === undefined,
  },
  // SUNAT 2133: … of 1 to 1,500 characters, not blank.
  {
    code: '2133',
    node: 'cbc:RegistrationName',
    when: ({ receiverName: name }) =>
      name !== undefined && (name.length > 1500 || name.length < 1 || !/^(?!\s*$)[ \S]{0,}$/.test(name)),
    value: (v) => v.receiverName,
  },
  // SUNAT 2602: the regime from catalog 22.
  {
    code: '2602',
    node: 'sac:SUNATPerceptionSystemCode',
    when: (v) => v.rate === undefined,
    value: (v) => v.regime,
  },
  // SUNAT 2603: the rate that regime fixes.
  {
    code: '2603',
    node: 'sac:SUNATPerceptionPercent',
    when: (v) => v.rate !== undefined && (v.percent === null || !v.percent.eq(new Decimal(v.rate))),
    value: (v) => fmt(v.percent),
  },
  // SUNAT 2683/2669, 2684/2685: the total perceived, in PEN.
  ...existAndMatchRules<VoucherView>(
    (v) => text(v.root, 'cbc:TotalInvoiceAmount'),
    POSITIVE_AMOUNT,
    { missing: '2683', invalid: '2669' },
    'cbc:TotalInvoiceAmount',
  ),
  ...existAndMatchRules<VoucherView>(
    (v) => valueAt(v.root, 'cbc:TotalInvoiceAmount/@currencyID'),
    PEN,
    { missing: '2684', invalid: '2685' },
    'cbc:TotalInvoiceAmount/@currencyID',
  ),
  // SUNAT 2686/2687, 2689/2690: the total cashed, in PEN.
  ...existAndMatchRules<VoucherView>(
    (v) => text(v.root, 'sac:SUNATTotalCashed'),
    POSITIVE_AMOUNT,
    { missing: '2686', invalid: '2687' },
    'sac:SUNATTotalCashed',
  ),
  ...existAndMatchRules<VoucherView>(
    (v) => valueAt(v.root, 'sac:SUNATTotalCashed/@currencyID'),
    PEN,
    { missing: '2689', invalid: '2690' },
    'sac:SUNATTotalCashed/@currencyID',
  ),
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
interface ReferenceView {
  ref: XmlElement;
  detail: string;
  exceptional: string | undefined;
  type: string | undefined;
  docCurrency: string | undefined;
  /** Another related document has the same type, number and payment number (SUNAT 2626). */
  paymentRepeated: boolean;
  info: XmlElement | undefined;
  rate: XmlElement | undefined;
}

function referenceView(
  ref: XmlElement,
  index: number,
  exceptional: string | undefined,
  paymentKeys: string[],
): ReferenceView {
  const info = first(ref, 'sac:SUNATPerceptionInformation');
  return {
    ref,
    detail: `Error en la linea ${index + 1}`,
    exceptional,
    type: attr(first(ref, 'cbc:ID'), 'schemeID'),
    docCurrency: attr(first(ref, 'cbc:TotalInvoiceAmount'), 'currencyID'),
    paymentRepeated: paymentKeys.filter((k) => k === paymentKeys[index]).length > 1,
    info,
    rate: first(info, 'cac:ExchangeRate'),
  };
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
  ...existAndMatchRules<ReferenceView>(
    (v) => valueAt(v.ref, 'cac:Payment/cbc:PaidAmount'),
    POSITIVE_AMOUNT,
    { missing: '2699', invalid: '2700' },
    'cac:Payment/cbc:PaidAmount',
  ),
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
  ...existAndMatchRules<ReferenceView>(
    (v) => valueAt(v.ref, 'cac:Payment/cbc:PaidDate'),
    DATE,
    { missing: '2702', invalid: '2703' },
    'cac:Payment/cbc:PaidDate',
  ),
  // SUNAT 2704–2707: the amount perceived, in PEN.
  ...existAndMatchRules<ReferenceView>(
    (v) => valueAt(v.info, 'sac:SUNATPerceptionAmount'),
    POSITIVE_AMOUNT,
    { missing: '2704', invalid: '2705' },
    'sac:SUNATPerceptionAmount',
  ),
  ...existAndMatchRules<ReferenceView>(
    (v) => valueAt(v.info, 'sac:SUNATPerceptionAmount/@currencyID'),
    PEN,
    { missing: '2706', invalid: '2707' },
    'sac:SUNATPerceptionAmount/@currencyID',
  ),
  // SUNAT 2708/2709: the perception's date.
  ...existAndMatchRules<ReferenceView>(
    (v) => valueAt(v.info, 'sac:SUNATPerceptionDate'),
    DATE,
    { missing: '2708', invalid: '2709' },
    'sac:SUNATPerceptionDate',
  ),
  // SUNAT 2710–2713: the net amount cashed, in PEN.
  ...existAndMatchRules<ReferenceView>(
    (v) => valueAt(v.info, 'sac:SUNATNetTotalCashed'),
    POSITIVE_AMOUNT,
    { missing: '2710', invalid: '2711' },
    'sac:SUNATNetTotalCashed',
  ),
  ...existAndMatchRules<ReferenceView>(
    (v) => valueAt(v.info, 'sac:SUNATNetTotalCashed/@currencyID'),
    PEN,
    { missing: '2712', invalid: '2713' },
    'sac:SUNATNetTotalCashed/@currencyID',
  ),
];

const source = (v: ReferenceView) => text(v.rate, 'cbc:SourceCurrencyCode');
const target = (v: ReferenceView) => text(v.rate, 'cbc:TargetCurrencyCode');
const calculation = (v: ReferenceView) => text(v.rate, 'cbc:CalculationRate');
const rateDate = (v: ReferenceView) => text(v.rate, 'cbc:Date');

/** SUNAT 2749: the exchange rate converts from the document's currency. */
const SOURCE_IS_DOCUMENT_CURRENCY: Rule<ReferenceView> = {
  code: '2749',
  node: 'cbc:SourceCurrencyCode',
  when: (v) => source(v) !== undefined && source(v) !== v.docCurrency,
  value: source,
};

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
const FOREIGN_EXCHANGE_RULES: readonly Rule<ReferenceView>[] = [
  ...existAndMatchRules(source, CURRENCY, { missing: '2719', invalid: '2714' }, 'cbc:SourceCurrencyCode'),
  SOURCE_IS_DOCUMENT_CURRENCY,
  ...existAndMatchRules(target, PEN, { missing: '2720', invalid: '2715' }, 'cbc:TargetCurrencyCode'),
  ...existAndMatchRules(calculation, EXCHANGE_RATE, { missing: '2721', invalid: '2716' }, 'cbc:CalculationRate'),
  ...existAndMatchRules(rateDate, DATE, { missing: '2722', invalid: '2717' }, 'cbc:Date'),
];

/** SUNAT 2667/2668: the totals against the related documents other than 07 and 40. */
const TOTALS_RULES = voucherTotalsRules({
  total: '2667',
  net: { code: '2668', node: 'sac:SUNATTotalCashed' },
  roundingCurrencyOptional: true,
});
