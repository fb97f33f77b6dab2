// Retention figures (POST /api/retentions). Per related document:
//   base in PEN = round2(paid × exchange rate)            (rate 1 when the document is in PEN)
//   retained    = round2(base in PEN × regime percent)      (catalog 23; SUNAT 2623 checks the three amounts)
//   net paid    = base in PEN − retained                    (SUNATNetTotalPaid)
// Header: TotalInvoiceAmount = Σ retained (2628), SUNATTotalPaid = Σ net paid (2629); credit notes (07) and other
// retentions (20) are listed but stay out of the sums. Amounts the client sent are checked (±0.01) and kept.
import { hasRucFormat, isValidRuc } from '../ruc.ts';
import { daysBetween, type DocumentContext } from '../invoice/context.ts';
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
import { RETENTION_REGIMES, SIX_PERCENT_LAST_DATE } from './catalogs.ts';
import type { RetainedDocumentBody, RetentionBody } from './schema.ts';
import type { ComputedRetention, RetainedDocument } from './types.ts';

const TOLERANCE = new Decimal('0.01');

function checked(path: string, sent: Decimal | undefined, expected: Decimal, f: Findings, sunatRule: string): Decimal {
  if (sent === undefined) return expected;
  if (sent.minus(expected).abs().lte(TOLERANCE)) return round2(sent);
  const message = `${path}: se esperaba ${formatAmount(expected)} y se recibió ${formatAmount(sent)} (SUNAT ${sunatRule}).`;
  const detail = { expected: formatAmount(expected), received: formatAmount(sent), sunatRule };
  f.issues.push(issue(path, 'totals_mismatch', message, detail));
  return sent;
}

/** SUNAT 2724: the supplier is identified by its RUC; 2620: it is not the issuer itself. */
function checkSupplier(body: RetentionBody, ctx: DocumentContext, f: Findings): void {
  const path = 'datos_del_proveedor.numero_documento';
  const supplier = body.datos_del_proveedor;
  const ruc = supplier.numero_documento.trim();
  if (supplier.codigo_tipo_documento_identidad !== '6' || !hasRucFormat(ruc)) {
    const message = `El proveedor se identifica con su RUC de 11 dígitos (tipo 6); se recibió "${ruc}" (SUNAT 2724).`;
    f.issues.push(issue(path, 'supplier_ruc_invalid', message, { sunatRule: '2724' }));
    return;
  }
  if (ruc === ctx.issuer.ruc) {
    const message = 'El proveedor no puede ser el mismo emisor del comprobante de retención (SUNAT 2620).';
    f.issues.push(issue(path, 'supplier_ruc_invalid', message, { sunatRule: '2620' }));
  } else if (!isValidRuc(ruc)) {
    const message = `El RUC del proveedor ${ruc} no es válido: su dígito verificador no corresponde.`;
    if (ctx.mode === 'production') f.issues.push(issue(path, 'supplier_ruc_invalid', message));
    else f.warnings.push(warning(path, 'customer_ruc_check_digit', `${message} Se acepta en modo demo.`));
  }
}

/** SUNAT 2661: payments of the same period as the voucher and not after it; 2625: not before the document. */
function checkPaymentDate(paidOn: string, d: RetainedDocumentBody, issueDate: string, path: string, f: Findings): void {
  if (daysBetween(paidOn, issueDate) < 0 || paidOn.slice(0, 7) !== issueDate.slice(0, 7)) {
    const message = `El pago (${paidOn}) debe ser del mes de la retención y no posterior a ella (${issueDate}) (SUNAT 2661).`;
    f.issues.push(issue(`${path}.pagos[0].fecha_de_pago`, 'validation_failed', message, { sunatRule: '2661' }));
  } else if (daysBetween(d.fecha_de_emision, paidOn) < 0) {
    const message = `El pago (${paidOn}) no puede ser anterior al documento (${d.fecha_de_emision}) (SUNAT 2625).`;
    f.issues.push(issue(`${path}.pagos[0].fecha_de_pago`, 'validation_failed', message, { sunatRule: '2625' }));
  }
}

function checkDocumentHeader(
  d: RetainedDocumentBody,
  regime: string,
  issueDate: string,
  path: string,
  f: Findings,
): void {
  if (daysBetween(d.fecha_de_emision, issueDate) < 0) {
    const message = 'El documento relacionado no puede ser posterior a la retención.';
    f.issues.push(issue(`${path}.fecha_de_emision`, 'validation_failed', message));
  }
  if (regime === '02' && d.fecha_de_emision > SIX_PERCENT_LAST_DATE) {
    const message = 'La tasa de 6 % solo aplica a comprobantes emitidos hasta el 28/02/2014 (SUNAT 2985).';
    f.issues.push(issue('codigo_tipo_retencion', 'validation_failed', message, { sunatRule: '2985' }));
  }
}

function retainedDocument(
  d: RetainedDocumentBody,
  i: number,
  body: RetentionBody,
  issueDate: string,
  rate: Decimal,
  f: Findings,
): RetainedDocument {
  const path = `documentos[${i}]`;
  const row: RetainedDocument = relatedRow(d, '20');
  checkDocumentHeader(d, body.codigo_tipo_retencion, issueDate, path, f);
  // The retention, its payment and its exchange rate are dated the voucher's day unless the body says otherwise.
  const date = d.fecha_de_retencion ?? issueDate;
  const payment = d.pagos?.[0];
  if (!payment && !row.inSums) return row; // credit notes may be listed without payment (out of the sums)
  const paid = payment ? payment.total_pago : d.total_documento;
  const paidOn = payment?.fecha_de_pago ?? date;
  checkPayment(d, paid, path, f, { act: 'pago', currencyRule: '2622' });
  checkPaymentDate(paidOn, d, issueDate, path, f);
  const { factor, rate: exchangeRate } = exchangeOf(d, path, date, f, { missing: '2721', pair: '2749' });
  const basePen = round2(paid.times(factor));
  const retained = checked(`${path}.total_retenido`, d.total_retenido, round2(basePen.times(rate)), f, '2623');
  const net = basePen.minus(retained);
  checked(`${path}.total_a_pagar`, d.total_a_pagar, net, f, '2623');
  checked(`${path}.total_pagado`, d.total_pagado, net, f, '2623');
  row.payment = { number: 1, amount: formatAmount(paid), date: paidOn };
  row.retention = {
    amount: formatAmount(retained),
    date,
    netPaid: formatAmount(net),
    basePen: formatAmount(basePen),
    exchangeRate,
  };
  return row;
}

function totalsOf(body: RetentionBody, documents: RetainedDocument[], f: Findings): VoucherTotals {
  const counted = documents.filter((d) => d.inSums && d.retention);
  if (counted.length === 0) {
    const message =
      'Ningún documento relacionado genera retención (se requiere al menos una factura o nota de débito pagada).';
    f.issues.push(issue('documentos', 'validation_failed', message));
  }
  const retainedSum = sum(counted.map((d) => d.retention!.amount));
  const paidSum = sum(counted.map((d) => d.retention!.netPaid));
  const retained = checked('totales.total_retenido', body.totales?.total_retenido, retainedSum, f, '2628');
  const paid = checked('totales.total_pagado', body.totales?.total_pagado, paidSum, f, '2629');
  if (retained.lte(ZERO) && counted.length > 0) {
    const message = 'El total retenido debe ser mayor que cero (SUNAT 2725).';
    f.issues.push(issue('totales.total_retenido', 'totals_mismatch', message, { sunatRule: '2725' }));
  }
  return { amount: retained, net: paid };
}

export function computeRetention(
  body: RetentionBody,
  ctx: DocumentContext,
): { document?: ComputedRetention; issues: Issue[]; warnings: Warning[] } {
  return computeOtherCpe(body, ctx, {
    regimes: RETENTION_REGIMES,
    regimeOf: (b) => b.codigo_tipo_retencion,
    checkParty: checkSupplier,
    row: (d, i, issueDate, rate, f) => retainedDocument(d, i, body, issueDate, rate, f),
    totals: totalsOf,
    document: (header, b, documents, totals) => ({
      ...header,
      kind: 'retention',
      documentType: '20',
      supplier: voucherParty(b.datos_del_proveedor),
      totalRetained: formatAmount(totals.amount),
      totalPaid: formatAmount(totals.net),
      documents,
    }),
  });
}
