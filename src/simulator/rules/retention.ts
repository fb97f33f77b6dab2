// The retention voucher (type 20), mirror of the perception rules (perception.ts): header data, agent and supplier
// (2620, 2723/2724), regime and rate from catalog 23 (2618/2619, 2985), each related document (2733–2749) with its
// amounts (2623) and payment period (2661), and the totals (2628/2629 exact at 2 decimals).
import type { XmlElement } from '../../sunat/xml.ts';
import { RETENTION_REGIMES } from './catalogs.ts';
import type { Findings } from './context.ts';
import { all, attr, first, num, sum, text } from './xpath.ts';
import { Decimal, add, fmt, gt, lt, ne, outside, round } from './numbers.ts';
import { checkAgentParty, checkVoucherHeader, DATE, existAndMatch, matchAt, POSITIVE_AMOUNT } from './other-cpe.ts';

const RATE = /(?!(^0+(\.0+)?$))(^\d{1,4}(\.\d{1,6})?$)/;
const CENT = new Decimal('0.01');
/** SUNAT 2985: the 6 % regime only for documents issued up to this day. */
const SIX_PERCENT_LAST_DATE = '2014-02-28';

function parties(root: XmlElement, f: Findings): void {
  const agentId = checkAgentParty(root, f);
  const supplierId = first(root, 'cac:ReceiverParty/cac:PartyIdentification/cbc:ID');
  const supplier = text(supplierId);
  const node = 'cac:ReceiverParty/cac:PartyIdentification/cbc:ID';
  existAndMatch(f, supplier, /^[0-9]{11}$/, '2723', '2724', node);
  f.check(attr(supplierId, 'schemeID') !== '6', '2724', `${node}/@schemeID`, attr(supplierId, 'schemeID'));
  f.check(supplier !== undefined && supplier === text(agentId), '2620', node, supplier);
  const name = text(root, 'cac:ReceiverParty/cac:PartyLegalEntity/cbc:RegistrationName');
  f.check(name === undefined, '2134', 'cac:ReceiverParty/cac:PartyLegalEntity/cbc:RegistrationName');
  if (name !== undefined) f.check(name.length > 1500 || name.trim() === '', '2133', 'cbc:RegistrationName', name);
}

/** SUNAT 2618/2619: regime from catalog 23 and the rate it fixes; the rate as a Decimal fraction, when known. */
function regime(root: XmlElement, f: Findings): { code: string; rate?: Decimal } {
  const code = text(root, 'sac:SUNATRetentionSystemCode') ?? '';
  const percent = RETENTION_REGIMES[code];
  f.check(percent === undefined, '2618', 'sac:SUNATRetentionSystemCode', code);
  const sent = num(root, 'sac:SUNATRetentionPercent');
  const wrong = percent !== undefined && (sent === null || !sent.eq(new Decimal(percent)));
  f.check(wrong, '2619', 'sac:SUNATRetentionPercent', fmt(sent));
  return { code, rate: percent === undefined ? undefined : new Decimal(percent).div(100) };
}

function headerAmounts(root: XmlElement, f: Findings): void {
  const total = first(root, 'cbc:TotalInvoiceAmount');
  existAndMatch(f, text(total), POSITIVE_AMOUNT, '2725', '2669', 'cbc:TotalInvoiceAmount');
  existAndMatch(f, attr(total, 'currencyID'), /^(PEN)$/, '2726', '2728', 'cbc:TotalInvoiceAmount/@currencyID');
  const paid = first(root, 'sac:SUNATTotalPaid');
  existAndMatch(f, text(paid), POSITIVE_AMOUNT, '2729', '2730', 'sac:SUNATTotalPaid');
  existAndMatch(f, attr(paid, 'currencyID'), /^(PEN)$/, '2731', '2732', 'sac:SUNATTotalPaid/@currencyID');
}

/** The exchange rate block: optional for PEN documents, required otherwise (2719–2722, 2714–2717, 2749). */
function exchangeRate(
  info: XmlElement | undefined,
  docCurrency: string | undefined,
  f: Findings,
  detail: string,
): Decimal | null {
  const rateEl = first(info, 'cac:ExchangeRate');
  const source = text(rateEl, 'cbc:SourceCurrencyCode');
  const calculation = text(rateEl, 'cbc:CalculationRate');
  f.check(source !== undefined && source !== docCurrency, '2749', 'cbc:SourceCurrencyCode', source, detail); // SUNAT 2749
  if (docCurrency === 'PEN') return null;
  existAndMatch(f, source, /^[A-Z]{3}$/, '2719', '2714', 'cbc:SourceCurrencyCode', detail);
  matchAt(f, rateEl, 'cbc:TargetCurrencyCode', /^(PEN)$/, '2720', '2715', detail);
  existAndMatch(f, calculation, RATE, '2721', '2716', 'cbc:CalculationRate', detail);
  matchAt(f, rateEl, 'cbc:Date', DATE, '2722', '2717', detail);
  return num(rateEl, 'cbc:CalculationRate');
}

function referenceId(ref: XmlElement, f: Findings, detail: string): string | undefined {
  const idEl = first(ref, 'cbc:ID');
  const type = attr(idEl, 'schemeID');
  existAndMatch(f, type, /^(01|07|08|12|20)$/, '2691', '2692', 'cbc:ID/@schemeID', detail);
  const numberRe =
    type === '12' ? /^[a-zA-Z0-9-]{1,20}(-[0-9]{1,20})$/ : /^(E001|((F|R)[A-Z0-9]{3})|(\d{4}))-(?!0+$)([0-9]{1,8})$/;
  existAndMatch(f, text(idEl), numberRe, '2693', '2694', 'cbc:ID', detail);
  matchAt(f, ref, 'cbc:IssueDate', DATE, '1010', '1009', detail);
  const total = first(ref, 'cbc:TotalInvoiceAmount');
  existAndMatch(f, text(total), POSITIVE_AMOUNT, '2695', '2696', 'cbc:TotalInvoiceAmount', detail);
  existAndMatch(
    f,
    attr(total, 'currencyID'),
    /^[A-Z]{3}$/,
    '2701',
    '2718',
    'cbc:TotalInvoiceAmount/@currencyID',
    detail,
  );
  return type;
}

function payment(ref: XmlElement, issueDate: string | undefined, f: Findings, detail: string): void {
  existAndMatch(f, text(ref, 'cac:Payment/cbc:ID'), /^[0-9]{1,9}$/, '2733', '2734', 'cac:Payment/cbc:ID', detail);
  const paid = first(ref, 'cac:Payment/cbc:PaidAmount');
  existAndMatch(f, text(paid), POSITIVE_AMOUNT, '2735', '2736', 'cac:Payment/cbc:PaidAmount', detail);
  const docCurrency = attr(first(ref, 'cbc:TotalInvoiceAmount'), 'currencyID');
  const paidCurrency = attr(paid, 'currencyID');
  f.check(
    paidCurrency !== undefined && paidCurrency !== docCurrency,
    '2622',
    'cac:Payment/cbc:PaidAmount/@currencyID',
    paidCurrency,
    detail,
  );
  const paidDate = text(ref, 'cac:Payment/cbc:PaidDate');
  existAndMatch(f, paidDate, DATE, '2737', '2738', 'cac:Payment/cbc:PaidDate', detail);
  if (paidDate && issueDate && DATE.test(paidDate)) {
    const outOfPeriod = paidDate > issueDate || paidDate.slice(0, 7) !== issueDate.slice(0, 7);
    f.check(outOfPeriod, '2661', 'cac:Payment/cbc:PaidDate', paidDate, detail); // SUNAT 2661
  }
}

function information(ref: XmlElement, rate: Decimal | undefined, f: Findings, detail: string): void {
  const info = first(ref, 'sac:SUNATRetentionInformation');
  const amount = first(info, 'sac:SUNATRetentionAmount');
  existAndMatch(f, text(amount), POSITIVE_AMOUNT, '2739', '2740', 'sac:SUNATRetentionAmount', detail);
  existAndMatch(
    f,
    attr(amount, 'currencyID'),
    /^(PEN)$/,
    '2741',
    '2742',
    'sac:SUNATRetentionAmount/@currencyID',
    detail,
  );
  matchAt(f, info, 'sac:SUNATRetentionDate', DATE, '2743', '2744', detail);
  const net = first(info, 'sac:SUNATNetTotalPaid');
  existAndMatch(f, text(net), POSITIVE_AMOUNT, '2745', '2746', 'sac:SUNATNetTotalPaid', detail);
  existAndMatch(f, attr(net, 'currencyID'), /^(PEN)$/, '2747', '2748', 'sac:SUNATNetTotalPaid/@currencyID', detail);
  const factor = exchangeRate(info, attr(first(ref, 'cbc:TotalInvoiceAmount'), 'currencyID'), f, detail);
  const paid = num(ref, 'cac:Payment/cbc:PaidAmount');
  if (!info || paid === null || rate === undefined) return;
  // SUNAT 2623: retained = paid in PEN × rate and net = paid in PEN − retained, each at 2 decimals (±0.01).
  const basePen = round(paid.times(factor ?? 1), 2);
  const retained = num(amount);
  f.check(
    outside(retained, round(basePen?.times(rate) ?? null, 2), CENT),
    '2623',
    'sac:SUNATRetentionAmount',
    text(amount),
    detail,
  );
  f.check(outside(add(retained, num(net)), basePen, CENT), '2623', 'sac:SUNATNetTotalPaid', text(net), detail);
}

function reference(
  ref: XmlElement,
  index: number,
  root: XmlElement,
  regimeOf: { code: string; rate?: Decimal },
  f: Findings,
): void {
  const detail = `Error en la linea ${index + 1}`;
  const type = referenceId(ref, f, detail);
  const issued = text(ref, 'cbc:IssueDate');
  if (regimeOf.code === '02' && issued && DATE.test(issued))
    f.check(issued > SIX_PERCENT_LAST_DATE, '2985', 'cbc:IssueDate', issued, detail);
  if (type === '07') return; // credit notes may omit payment and retention data
  payment(ref, text(root, 'cbc:IssueDate'), f, detail);
  information(ref, regimeOf.rate, f, detail);
}

/** SUNAT 2628/2629: totals = Σ over related documents other than 07 and 20, exact after rounding to 2 decimals. */
function sums(root: XmlElement, references: XmlElement[], f: Findings): void {
  const counted = references.filter((r) => !['07', '20'].includes(attr(first(r, 'cbc:ID'), 'schemeID') ?? ''));
  const retained = round(
    sum(counted.flatMap((r) => all(r, 'sac:SUNATRetentionInformation/sac:SUNATRetentionAmount'))),
    2,
  );
  f.check(
    ne(num(root, 'cbc:TotalInvoiceAmount'), retained),
    '2628',
    'cbc:TotalInvoiceAmount',
    text(root, 'cbc:TotalInvoiceAmount'),
  );
  const paid = round(sum(counted.flatMap((r) => all(r, 'sac:SUNATRetentionInformation/sac:SUNATNetTotalPaid'))), 2);
  const roundingEl = first(root, 'cbc:PayableRoundingAmount');
  const rounding = roundingEl ? num(roundingEl) : null;
  if (roundingEl) {
    f.check(gt(rounding, 1) || lt(rounding, -1), '3303', 'cbc:PayableRoundingAmount', text(roundingEl)); // SUNAT 3303
    f.check(
      attr(roundingEl, 'currencyID') !== 'PEN',
      '3304',
      'cbc:PayableRoundingAmount/@currencyID',
      attr(roundingEl, 'currencyID'),
    );
  }
  const expected = roundingEl ? round(add(paid, rounding), 2) : paid;
  f.check(
    ne(num(root, 'sac:SUNATTotalPaid'), expected),
    '2629',
    'sac:SUNATTotalPaid',
    text(root, 'sac:SUNATTotalPaid'),
  );
}

export function checkRetention(root: XmlElement, f: Findings): void {
  checkVoucherHeader(root, f, 'R');
  parties(root, f);
  const regimeOf = regime(root, f);
  headerAmounts(root, f);
  const references = all(root, 'sac:SUNATRetentionDocumentReference');
  const paymentKeys = references.map(
    (r) => `${attr(first(r, 'cbc:ID'), 'schemeID')} ${text(r, 'cbc:ID')} ${text(r, 'cac:Payment/cbc:ID')}`,
  );
  references.forEach((ref, index) => {
    const duplicated = paymentKeys.filter((k) => k === paymentKeys[index]).length > 1;
    f.check(
      duplicated,
      '2626',
      'cac:Payment/cbc:ID',
      text(ref, 'cac:Payment/cbc:ID'),
      `Error en la linea ${index + 1}`,
    );
    reference(ref, index, root, regimeOf, f);
  });
  sums(root, references, f);
}
