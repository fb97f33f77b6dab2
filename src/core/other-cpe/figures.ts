// The figures of a perception (40) and a retention (20), computed by one piece: SUNAT defines both alike. Per related
// document in the sums:
//   base in PEN = round2(paid × exchange rate)         (rate 1 when the document is in PEN)
//   amount      = round2(base in PEN × regime percent) (perceived or retained)
//   net         = base in PEN ± amount                 (perception: + (net cashed); retention: − (net paid))
// Header: Σ amounts (TotalInvoiceAmount) and Σ nets (SUNATTotalCashed / SUNATTotalPaid). Amounts the client sent are
// checked (±0.01, the rounding-order difference between clients) and kept; what is missing is filled. Figures are at
// most 12 integer digits (SUNAT's format; the database's columns too).
import { exceeds, outOfRangeMessage } from '../invoice/rules/magnitudes.ts';
import { issue, warning } from '../issues.ts';
import { Decimal, formatAmount, round2, sum, ZERO } from '../money.ts';
import type { Findings, RelatedDocumentBody, VoucherTotals } from './compute.ts';
import type { RelatedDocumentRow, VoucherExchangeRate, VoucherFigures } from './types.ts';

const TOLERANCE = new Decimal('0.01');

/** What tells the perception's figures from the retention's. */
export interface FigureRules {
  /** +1: net = base + amount (perception); −1: net = base − amount (retention). */
  sign: 1 | -1;
  /** The body's field of a document's amount, and the header's: total_percibido or total_retenido. */
  amountField: 'total_percibido' | 'total_retenido';
  /** The adjective of a positive total's message: percibido or retenido. */
  amountWord: 'percibido' | 'retenido';
  /** SUNAT's rule of a document's three amounts (retention 2623); none: checked without one. */
  documentRule?: string;
  /** SUNAT's rules of the header: Σ amounts, Σ nets, a total amount above zero. */
  totalRules: { amount: string; net: string; positive: string };
  /** Whether a mismatch's message names its rule, "(SUNAT 2628)". */
  citesRule: boolean;
  /** The message when no related document is in the sums. */
  noneCounted: string;
  /** A payment's wording, "cobro" or "pago", and SUNAT's rule of its currency (retention 2622). */
  payment: { act: 'cobro' | 'pago'; currencyRule?: string };
  /** SUNAT's rules of a missing exchange rate and of one that is not document currency → PEN. */
  exchange: { missing: string; pair: string };
}

/** The expected figure when none was sent; else the sent one (rounded when within ±0.01), a mismatch reported. */
function checked(
  path: string,
  sent: Decimal | undefined,
  expected: Decimal,
  f: Findings,
  rules: FigureRules,
  sunatRule?: string,
): Decimal {
  if (sent === undefined) return expected;
  if (sent.minus(expected).abs().lte(TOLERANCE)) return round2(sent);
  const cited = sunatRule && rules.citesRule ? ` (SUNAT ${sunatRule})` : '';
  const message = `${path}: se esperaba ${formatAmount(expected)} y se recibió ${formatAmount(sent)}${cited}.`;
  const detail = {
    expected: formatAmount(expected),
    received: formatAmount(sent),
    ...(sunatRule ? { sunatRule } : {}),
  };
  f.issues.push(issue(path, 'totals_mismatch', message, detail));
  return sent;
}

/** The figures the client may send for a related document. */
export interface SentFigures {
  amount?: Decimal;
  total_a_pagar?: Decimal;
  total_pagado?: Decimal;
}

/** A related document's amount and net from its base in PEN, or undefined when a figure is out of range. */
export function documentFigures(
  sent: SentFigures,
  basePen: Decimal,
  rate: Decimal,
  path: string,
  f: Findings,
  rules: FigureRules,
): { amount: Decimal; net: Decimal } | undefined {
  const expectedAmount = round2(basePen.times(rate));
  const largest = rules.sign > 0 ? basePen.plus(expectedAmount) : basePen;
  if (exceeds(largest, 2)) {
    f.issues.push(issue(`${path}.total_a_pagar`, 'amount_out_of_range', outOfRangeMessage(largest)));
    return undefined;
  }
  const rule = rules.documentRule;
  const amount = checked(`${path}.${rules.amountField}`, sent.amount, expectedAmount, f, rules, rule);
  const net = rules.sign > 0 ? basePen.plus(amount) : basePen.minus(amount);
  checked(`${path}.total_a_pagar`, sent.total_a_pagar, net, f, rules, rule);
  checked(`${path}.total_pagado`, sent.total_pagado, net, f, rules, rule);
  return { amount, net };
}

/** Σ amounts and Σ nets over the documents in the sums (`figures`: a row's, or false when it is not counted), or undefined when too large. */
export function voucherTotals(
  sent: { amount?: Decimal; total_pagado?: Decimal },
  figures: ReadonlyArray<{ amount: string; net: string } | false | undefined>,
  f: Findings,
  rules: FigureRules,
): VoucherTotals | undefined {
  const counted = figures.filter((x) => x !== false && x !== undefined);
  if (counted.length === 0) f.issues.push(issue('documentos', 'validation_failed', rules.noneCounted));
  const amountSum = sum(counted.map((d) => d.amount));
  const netSum = sum(counted.map((d) => d.net));
  if (exceeds(netSum, 2)) {
    f.issues.push(issue('totales.total_pagado', 'amount_out_of_range', outOfRangeMessage(netSum)));
    return undefined;
  }
  const { amount: amountRule, net: netRule, positive } = rules.totalRules;
  const amount = checked(`totales.${rules.amountField}`, sent.amount, amountSum, f, rules, amountRule);
  const net = checked('totales.total_pagado', sent.total_pagado, netSum, f, rules, netRule);
  if (amount.lte(ZERO) && counted.length > 0) {
    const message = `El total ${rules.amountWord} debe ser mayor que cero (SUNAT ${positive}).`;
    f.issues.push(issue(`totales.${rules.amountField}`, 'totals_mismatch', message, { sunatRule: positive }));
  }
  return { amount, net };
}

/** A related document with the figures the client may send for it. */
export interface RelatedFiguresBody extends RelatedDocumentBody {
  total_a_pagar?: Decimal;
  total_pagado?: Decimal;
}

/** A related document's payment and figures (PEN) as its row stores them; `net` is named by each type. */
export interface RelatedPayment {
  payment: NonNullable<RelatedDocumentRow['payment']>;
  figures: VoucherFigures & { net: string };
}

/**
 * The payment of a related document (its first one, else its total) and its figures, dated `date` unless the body
 * says otherwise; undefined for a row out of the sums listed without payment, or when a figure is out of range.
 * `checkPaidOn` adds the checks of the payment's date that only one type makes.
 */
export function relatedPayment(
  d: RelatedFiguresBody,
  row: { inSums: boolean; sentAmount?: Decimal; date: string; path: string },
  rate: Decimal,
  f: Findings,
  rules: FigureRules,
  checkPaidOn?: (paidOn: string) => void,
): RelatedPayment | undefined {
  const { date, path } = row;
  const payment = d.pagos?.[0];
  if (!payment && !row.inSums) return undefined; // credit notes may be listed without payment (SUNAT leaves them out of the sums)
  const paid = payment ? payment.total_pago : d.total_documento;
  const paidOn = payment?.fecha_de_pago ?? date;
  checkPayment(d, paid, path, f, rules.payment);
  checkPaidOn?.(paidOn);
  const { factor, rate: exchangeRate } = exchangeOf(d, path, date, f, rules.exchange);
  const basePen = round2(paid.times(factor));
  const sent = { amount: row.sentAmount, total_a_pagar: d.total_a_pagar, total_pagado: d.total_pagado };
  const figures = documentFigures(sent, basePen, rate, path, f, rules);
  if (!figures) return undefined;
  return {
    payment: { number: 1, amount: formatAmount(paid), date: paidOn },
    figures: {
      amount: formatAmount(figures.amount),
      date,
      net: formatAmount(figures.net),
      basePen: formatAmount(basePen),
      exchangeRate,
    },
  };
}

/** The figures under the type's own name of the net (netCashed, netPaid), in the order the stored JSON has them. */
export function namedNet<K extends string>(
  figures: RelatedPayment['figures'],
  key: K,
): VoucherFigures & { [P in K]: string } {
  const { amount, date, net, basePen, exchangeRate } = figures;
  return { amount, date, [key]: net, basePen, exchangeRate } as VoucherFigures & { [P in K]: string };
}

/** The payment is in the document's currency and not above its total; `act` is "cobro" or "pago". */
export function checkPayment(
  d: RelatedDocumentBody,
  paid: Decimal,
  path: string,
  f: Findings,
  wording: { act: 'cobro' | 'pago'; currencyRule?: string },
): void {
  const payment = d.pagos?.[0];
  if (payment && payment.codigo_tipo_moneda !== d.codigo_tipo_moneda) {
    const rule = wording.currencyRule;
    const message = `El ${wording.act} debe estar en la moneda del documento relacionado${rule ? ` (SUNAT ${rule})` : ''}.`;
    f.issues.push(
      issue(`${path}.pagos[0].codigo_tipo_moneda`, 'validation_failed', message, rule ? { sunatRule: rule } : {}),
    );
  }
  if (paid.gt(d.total_documento)) {
    const message = `El ${wording.act} (${formatAmount(paid)}) supera el total del documento (${formatAmount(d.total_documento)}).`;
    f.issues.push(issue(`${path}.pagos[0].total_pago`, 'validation_failed', message));
  }
}

/**
 * The factor to PEN of a related document and the exchange rate to write, checked as SUNAT does (2716, 2749):
 * `rules.missing` is the rule of a missing rate (2715 perception, 2721 retention), `rules.pair` the one reported for
 * a rate that is not document currency → PEN.
 */
export function exchangeOf(
  d: RelatedDocumentBody,
  path: string,
  date: string,
  f: Findings,
  rules: { missing: string; pair: string },
): { factor: Decimal; rate?: VoucherExchangeRate } {
  const fx = d.tipo_de_cambio;
  if (d.codigo_tipo_moneda === 'PEN') {
    if (fx && !fx.factor.eq(1)) {
      const message = 'Documento en soles: el tipo de cambio se toma como 1.';
      f.warnings.push(warning(`${path}.tipo_de_cambio.factor`, 'value_normalized', message));
    }
    return { factor: new Decimal(1) };
  }
  if (!fx) {
    const message = `Falta el tipo de cambio: el documento no está en soles (SUNAT ${rules.missing}).`;
    f.issues.push(issue(`${path}.tipo_de_cambio`, 'validation_failed', message, { sunatRule: rules.missing }));
    return { factor: new Decimal(1) };
  }
  if (fx.codigo_tipo_moneda_referencia !== d.codigo_tipo_moneda || fx.codigo_tipo_moneda_objetivo !== 'PEN') {
    const message = `El tipo de cambio debe ir de ${d.codigo_tipo_moneda} a PEN (SUNAT 2749/2720).`;
    f.issues.push(issue(`${path}.tipo_de_cambio`, 'validation_failed', message, { sunatRule: rules.pair }));
  }
  if (fx.factor.decimalPlaces() > 6 || fx.factor.gte(10_000)) {
    const message = 'El tipo de cambio admite hasta 4 enteros y 6 decimales (SUNAT 2716).';
    f.issues.push(issue(`${path}.tipo_de_cambio.factor`, 'validation_failed', message, { sunatRule: '2716' }));
  }
  const rate = {
    source: d.codigo_tipo_moneda,
    target: 'PEN',
    rate: fx.factor.toFixed(6),
    date: fx.fecha_tipo_de_cambio ?? date,
  };
  return { factor: fx.factor, rate };
}
