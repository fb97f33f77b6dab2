// Port of SUNAT's ValidaExprRegPercepcion-1.0.2.xsl (perception voucher, type 40): header data,
// regime and rate (2602/2603), each related document, and the totals (2667/2668 exact at 2 decimals).
import type { XmlElement } from '../../sunat/xml.ts';
import { PERCEPTION_REGIMES } from './catalogs.ts';
import type { Findings } from './context.ts';
import { all, attr, first, num, sum, text } from './xpath.ts';
import { Decimal, add, fmt, gt, lt, ne, round } from './numbers.ts';
import { checkAgentParty, checkVoucherHeader, DATE, existAndMatch, matchAt, POSITIVE_AMOUNT } from './other-cpe.ts';

export function checkPerception(root: XmlElement, f: Findings): void {
  checkVoucherHeader(root, f, 'P');
  const exceptional = text(root, 'sac:ExceptionalIndicator');
  if (exceptional !== undefined) f.check(exceptional !== '01', '3322', 'sac:ExceptionalIndicator', exceptional);

  checkAgentParty(root, f);

  const receiver = first(root, 'cac:ReceiverParty');
  const receiverId = first(receiver, 'cac:PartyIdentification/cbc:ID');
  const receiverValue = text(receiverId);
  f.check(
    receiverValue === undefined || receiverValue === '',
    '2679',
    'cac:ReceiverParty/cac:PartyIdentification/cbc:ID',
  );
  const receiverScheme = attr(receiverId, 'schemeID');
  f.check(
    receiverScheme === undefined || receiverScheme === '',
    '2516',
    'cac:ReceiverParty/cac:PartyIdentification/cbc:ID/@schemeID',
  );
  if (receiverValue && receiverScheme === '6')
    f.check(!/^\d{11}$/.test(receiverValue), '2680', 'cac:ReceiverParty/cac:PartyIdentification/cbc:ID', receiverValue);
  if (receiverValue && receiverScheme === '1')
    f.check(!/^\d{8}$/.test(receiverValue), '2680', 'cac:ReceiverParty/cac:PartyIdentification/cbc:ID', receiverValue);
  const receiverName = text(receiver, 'cac:PartyLegalEntity/cbc:RegistrationName');
  f.check(receiverName === undefined, '2134', 'cac:ReceiverParty/cac:PartyLegalEntity/cbc:RegistrationName');
  if (receiverName !== undefined)
    f.check(
      receiverName.length > 1500 || receiverName.length < 1 || !/^(?!\s*$)[ \S]{0,}$/.test(receiverName),
      '2133',
      'cbc:RegistrationName',
      receiverName,
    );

  // SUNAT 2602/2603: regime from catalog 22 and the rate that regime fixes.
  const regime = text(root, 'sac:SUNATPerceptionSystemCode') ?? '';
  const rate = PERCEPTION_REGIMES[regime];
  f.check(rate === undefined, '2602', 'sac:SUNATPerceptionSystemCode', regime);
  const percent = num(root, 'sac:SUNATPerceptionPercent');
  f.check(
    rate !== undefined && (percent === null || !percent.eq(new Decimal(rate))),
    '2603',
    'sac:SUNATPerceptionPercent',
    fmt(percent),
  );

  const totalText = text(root, 'cbc:TotalInvoiceAmount');
  existAndMatch(f, totalText, POSITIVE_AMOUNT, '2683', '2669', 'cbc:TotalInvoiceAmount');
  matchAt(f, root, 'cbc:TotalInvoiceAmount/@currencyID', /^(PEN)$/, '2684', '2685');
  const cashedText = text(root, 'sac:SUNATTotalCashed');
  existAndMatch(f, cashedText, POSITIVE_AMOUNT, '2686', '2687', 'sac:SUNATTotalCashed');
  matchAt(f, root, 'sac:SUNATTotalCashed/@currencyID', /^(PEN)$/, '2689', '2690');

  const references = all(root, 'sac:SUNATPerceptionDocumentReference');
  if (exceptional === '01') f.check(references.length > 1, '3323', 'sac:ExceptionalIndicator');
  const paymentKeys = references.map(
    (r) => `${attr(first(r, 'cbc:ID'), 'schemeID')} ${text(r, 'cbc:ID')} ${text(r, 'cac:Payment/cbc:ID')}`,
  );
  references.forEach((ref, index) => {
    const detail = `Error en la linea ${index + 1}`;
    const idEl = first(ref, 'cbc:ID');
    const type = attr(idEl, 'schemeID');
    existAndMatch(f, type, /^(01|03|12|07|08|40|41)$/, '2691', '2692', 'cbc:ID/@schemeID', detail);
    if (exceptional === '01' && type !== undefined) f.check(type !== '01', '3324', 'cbc:ID/@schemeID', type, detail);
    const number = text(idEl);
    existAndMatch(
      f,
      number,
      type === '12'
        ? /^[a-zA-Z0-9-]{1,20}(-[0-9]{1,20})$/
        : /^(E001|EB01|((F|B|P)[A-Z0-9]{3})|(\d{4}))-(?!0+$)([0-9]{1,8})$/,
      '2693',
      '2694',
      'cbc:ID',
      detail,
    );
    matchAt(f, ref, 'cbc:IssueDate', DATE, '1010', '1009', detail);
    matchAt(f, ref, 'cbc:TotalInvoiceAmount', POSITIVE_AMOUNT, '2695', '2696', detail);
    const docCurrency = attr(first(ref, 'cbc:TotalInvoiceAmount'), 'currencyID');
    existAndMatch(f, docCurrency, /^[A-Z]{3}$/, '2701', '2718', 'cbc:TotalInvoiceAmount/@currencyID', detail);
    if (type === '07') return; // credit notes may omit payment and perception data

    existAndMatch(f, text(ref, 'cac:Payment/cbc:ID'), /^[0-9]{1,9}$/, '2697', '2698', 'cac:Payment/cbc:ID', detail);
    f.check(
      paymentKeys.filter((k) => k === paymentKeys[index]).length > 1,
      '2626',
      'cac:Payment/cbc:ID',
      text(ref, 'cac:Payment/cbc:ID'),
      detail,
    );
    matchAt(f, ref, 'cac:Payment/cbc:PaidAmount', POSITIVE_AMOUNT, '2699', '2700', detail);
    const paidCurrency = attr(first(ref, 'cac:Payment/cbc:PaidAmount'), 'currencyID');
    f.check(
      docCurrency !== undefined && paidCurrency !== undefined && docCurrency !== paidCurrency,
      '2607',
      'cac:Payment/cbc:PaidAmount/@currencyID',
      paidCurrency,
      detail,
    );
    matchAt(f, ref, 'cac:Payment/cbc:PaidDate', DATE, '2702', '2703', detail);

    const info = first(ref, 'sac:SUNATPerceptionInformation');
    matchAt(f, info, 'sac:SUNATPerceptionAmount', POSITIVE_AMOUNT, '2704', '2705', detail);
    matchAt(f, info, 'sac:SUNATPerceptionAmount/@currencyID', /^(PEN)$/, '2706', '2707', detail);
    matchAt(f, info, 'sac:SUNATPerceptionDate', DATE, '2708', '2709', detail);
    matchAt(f, info, 'sac:SUNATNetTotalCashed', POSITIVE_AMOUNT, '2710', '2711', detail);
    matchAt(f, info, 'sac:SUNATNetTotalCashed/@currencyID', /^(PEN)$/, '2712', '2713', detail);

    const rateEl = first(info, 'cac:ExchangeRate');
    const source = text(rateEl, 'cbc:SourceCurrencyCode');
    const target = text(rateEl, 'cbc:TargetCurrencyCode');
    const calculation = text(rateEl, 'cbc:CalculationRate');
    const date = text(rateEl, 'cbc:Date');
    const rateRe = /(?!(^0+(\.0+)?$))(^\d{1,4}(\.\d{1,6})?$)/;
    if (docCurrency === 'PEN') {
      if (source !== undefined) f.check(!/^[A-Z]{3}$/.test(source), '2714', 'cbc:SourceCurrencyCode', source, detail);
      f.check(source !== undefined && source !== docCurrency, '2749', 'cbc:SourceCurrencyCode', source, detail); // SUNAT 2749
      if (target !== undefined) f.check(target !== 'PEN', '2715', 'cbc:TargetCurrencyCode', target, detail);
      if (calculation !== undefined)
        f.check(!rateRe.test(calculation), '2716', 'cbc:CalculationRate', calculation, detail);
      if (date !== undefined) f.check(!DATE.test(date), '2717', 'cbc:Date', date, detail);
    } else {
      existAndMatch(f, source, /^[A-Z]{3}$/, '2719', '2714', 'cbc:SourceCurrencyCode', detail);
      f.check(source !== undefined && source !== docCurrency, '2749', 'cbc:SourceCurrencyCode', source, detail); // SUNAT 2749
      existAndMatch(f, target, /^(PEN)$/, '2720', '2715', 'cbc:TargetCurrencyCode', detail);
      existAndMatch(f, calculation, rateRe, '2721', '2716', 'cbc:CalculationRate', detail);
      existAndMatch(f, date, DATE, '2722', '2717', 'cbc:Date', detail);
    }
  });

  // SUNAT 2667/2668: totals = Σ over related documents other than 07 and 40, exact after rounding to 2 decimals.
  const counted = references.filter((r) => !['07', '40'].includes(attr(first(r, 'cbc:ID'), 'schemeID') ?? ''));
  const perceived = round(
    sum(counted.flatMap((r) => all(r, 'sac:SUNATPerceptionInformation/sac:SUNATPerceptionAmount'))),
    2,
  );
  f.check(ne(num(root, 'cbc:TotalInvoiceAmount'), perceived), '2667', 'cbc:TotalInvoiceAmount', totalText);
  const cashed = round(
    sum(counted.flatMap((r) => all(r, 'sac:SUNATPerceptionInformation/sac:SUNATNetTotalCashed'))),
    2,
  );
  const roundingEl = first(root, 'cbc:PayableRoundingAmount');
  if (roundingEl) {
    const rounding = num(roundingEl);
    f.check(gt(rounding, 1) || lt(rounding, -1), '3303', 'cbc:PayableRoundingAmount', text(roundingEl)); // SUNAT 3303
    const currency = attr(roundingEl, 'currencyID');
    if (currency !== undefined) f.check(currency !== 'PEN', '3304', 'cbc:PayableRoundingAmount/@currencyID', currency);
    f.check(
      ne(num(root, 'sac:SUNATTotalCashed'), round(add(cashed, rounding), 2)),
      '2668',
      'sac:SUNATTotalCashed',
      cashedText,
    );
  } else {
    f.check(ne(num(root, 'sac:SUNATTotalCashed'), cashed), '2668', 'sac:SUNATTotalCashed', cashedText);
  }
}
