// Perception figures (POST /api/perceptions). Per related document:
//   base in PEN   = round2(paid × exchange rate)           (rate 1 when the document is in PEN)
//   perceived     = round2(base in PEN × regime percent)     (our rule: SUNAT's XSL only checks the sums)
//   net cashed    = base in PEN + perceived                  (SUNATNetTotalCashed)
// Header: TotalInvoiceAmount = Σ perceived (2667), SUNATTotalCashed = Σ net cashed (2668); credit notes (07) and
// other perceptions (40) are listed but stay out of the sums. Amounts the client sent are checked (±0.01, the
// rounding-order difference between clients) and kept; what is missing is filled.
import { hasRucFormat, isValidRuc } from '../ruc.ts';
import { daysBetween, type DocumentContext } from '../invoice/context.ts';
import { exceeds, outOfRangeMessage } from '../invoice/rules/magnitudes.ts';
import { issue, warning, type Issue, type Warning } from '../issues.ts';
import { Decimal, formatAmount, round2, sum, ZERO } from '../money.ts';
import {
  checkPayment,
  exchangeOf,
  computeOtherCpe,
  type Findings,
  type VoucherTotals,
  relatedRow,
  voucherParty,
} from '../other-cpe/compute.ts';
import { PERCEPTION_REGIMES } from './catalogs.ts';
import type { PerceptionBody } from './schema.ts';

type PerceivedDocumentBody = PerceptionBody['documentos'][number];
import type { ComputedPerception, PerceivedDocument } from './types.ts';

const TOLERANCE = new Decimal('0.01');

function checked(
  path: string,
  sent: Decimal | undefined,
  expected: Decimal,
  issues: Issue[],
  sunatRule?: string,
): Decimal {
  if (sent === undefined) return expected;
  if (sent.minus(expected).abs().lte(TOLERANCE)) return round2(sent);
  issues.push(
    issue(
      path,
      'totals_mismatch',
      `${path}: se esperaba ${formatAmount(expected)} y se recibió ${formatAmount(sent)}.`,
      {
        expected: formatAmount(expected),
        received: formatAmount(sent),
        ...(sunatRule ? { sunatRule } : {}),
      },
    ),
  );
  return sent;
}

/** The customer's RUC, when it is one: 11 digits (SUNAT 2679) and, in production, a valid check digit. */
function checkReceiver(body: PerceptionBody, ctx: DocumentContext, f: Findings): void {
  const receiver = body.datos_del_cliente_o_receptor;
  if (receiver.codigo_tipo_documento_identidad !== '6') return;
  const path = 'datos_del_cliente_o_receptor.numero_documento';
  const ruc = receiver.numero_documento.trim();
  if (!hasRucFormat(ruc)) {
    const message = `El RUC del cliente debe tener 11 dígitos; se recibió "${ruc}" (SUNAT 2679).`;
    f.issues.push(issue(path, 'customer_ruc_invalid', message, { sunatRule: '2679' }));
  } else if (!isValidRuc(ruc)) {
    const message = `El RUC del cliente ${ruc} no es válido: su dígito verificador no corresponde.`;
    if (ctx.mode === 'production') f.issues.push(issue(path, 'customer_ruc_invalid', message));
    else f.warnings.push(warning(path, 'customer_ruc_check_digit', `${message} Se acepta en modo demo.`));
  }
}

function perceivedDocument(
  d: PerceivedDocumentBody,
  i: number,
  issueDate: string,
  rate: Decimal,
  f: Findings,
): PerceivedDocument {
  const path = `documentos[${i}]`;
  const row: PerceivedDocument = relatedRow(d, '40');
  if (daysBetween(d.fecha_de_emision, issueDate) < 0) {
    const message = 'El documento relacionado no puede ser posterior a la percepción.';
    f.issues.push(issue(`${path}.fecha_de_emision`, 'validation_failed', message));
  }
  // The perception, its payment and its exchange rate are dated the voucher's day unless the body says otherwise.
  const date = d.fecha_de_percepcion ?? issueDate;
  const payment = d.pagos?.[0];
  if (!payment && !row.inSums) return row; // credit notes may be listed without payment (SUNAT leaves them out of the sums)
  const paid = payment ? payment.total_pago : d.total_documento;
  checkPayment(d, paid, path, f, { act: 'cobro' });
  const { factor, rate: exchangeRate } = exchangeOf(d, path, date, f, { missing: '2715', pair: '2720' });
  const basePen = round2(paid.times(factor));
  // Amounts have at most 12 integer digits (SUNAT's format; the database's columns too).
  const expectedNet = basePen.plus(round2(basePen.times(rate)));
  if (exceeds(expectedNet, 2)) {
    f.issues.push(issue(`${path}.total_a_pagar`, 'amount_out_of_range', outOfRangeMessage(expectedNet)));
    return row;
  }
  const perceived = checked(`${path}.total_percibido`, d.total_percibido, round2(basePen.times(rate)), f.issues);
  const net = basePen.plus(perceived);
  checked(`${path}.total_a_pagar`, d.total_a_pagar, net, f.issues);
  checked(`${path}.total_pagado`, d.total_pagado, net, f.issues);
  row.payment = { number: 1, amount: formatAmount(paid), date: payment?.fecha_de_pago ?? date };
  const figures = {
    amount: formatAmount(perceived),
    date,
    netCashed: formatAmount(net),
    basePen: formatAmount(basePen),
  };
  row.perception = { ...figures, exchangeRate };
  return row;
}

/** Σ perceived (SUNAT 2667) and Σ net cashed (2668) over the documents in the sums, or undefined when too large. */
function totalsOf(body: PerceptionBody, documents: PerceivedDocument[], f: Findings): VoucherTotals | undefined {
  const counted = documents.filter((d) => d.inSums && d.perception);
  const perceivedSum = sum(counted.map((d) => d.perception!.amount));
  const cashedSum = sum(counted.map((d) => d.perception!.netCashed));
  if (counted.length === 0) {
    const message =
      'Ningún documento relacionado genera percepción (se requiere al menos una factura, boleta o nota de débito cobrada).';
    f.issues.push(issue('documentos', 'validation_failed', message));
  }
  if (exceeds(cashedSum, 2)) {
    f.issues.push(issue('totales.total_pagado', 'amount_out_of_range', outOfRangeMessage(cashedSum)));
    return undefined;
  }
  const sent = body.totales;
  const perceived = checked('totales.total_percibido', sent?.total_percibido, perceivedSum, f.issues, '2667');
  const cashed = checked('totales.total_pagado', sent?.total_pagado, cashedSum, f.issues, '2668');
  if (perceived.lte(ZERO) && counted.length > 0) {
    const message = 'El total percibido debe ser mayor que cero (SUNAT 2683).';
    f.issues.push(issue('totales.total_percibido', 'totals_mismatch', message, { sunatRule: '2683' }));
  }
  return { amount: perceived, net: cashed };
}

export function computePerception(
  body: PerceptionBody,
  ctx: DocumentContext,
): { document?: ComputedPerception; issues: Issue[]; warnings: Warning[] } {
  return computeOtherCpe(body, ctx, {
    regimes: PERCEPTION_REGIMES,
    regimeOf: (b) => b.codigo_tipo_percepcion,
    checkParty: checkReceiver,
    row: perceivedDocument,
    totals: totalsOf,
    document: (header, b, documents, totals) => ({
      ...header,
      kind: 'perception',
      documentType: '40',
      receiver: voucherParty(b.datos_del_cliente_o_receptor),
      totalPerceived: formatAmount(totals.amount),
      totalCashed: formatAmount(totals.net),
      documents,
    }),
  });
}
