// Retention (POST /api/retentions): the supplier, the related documents, their payments' dates and their figures
// (../other-cpe/figures.ts: retained = round2(base in PEN × regime percent), catalog 23; net paid = base in PEN −
// retained, SUNATNetTotalPaid; SUNAT 2623 checks the three amounts). Header: TotalInvoiceAmount = Σ retained (2628),
// SUNATTotalPaid = Σ net paid (2629); credit notes (07) and other retentions (20) are listed but stay out of the sums.
import { hasRucFormat } from '../ruc.ts';
import { daysBetween, type DocumentContext } from '../invoice/context.ts';
import { issue, type Issue, type Warning } from '../issues.ts';
import { type Decimal, formatAmount } from '../money.ts';
import {
  checkRelatedNotLater,
  checkRucCheckDigit,
  computeOtherCpe,
  type Findings,
  relatedRow,
  voucherParty,
} from '../other-cpe/compute.ts';
import { type FigureRules, namedNet, relatedPayment } from '../other-cpe/figures.ts';
import { RETENTION_REGIMES, SIX_PERCENT_LAST_DATE } from './catalogs.ts';
import type { RetainedDocumentBody, RetentionBody } from './schema.ts';
import type { ComputedRetention, RetainedDocument } from './types.ts';

const RETENTION_FIGURES: FigureRules = {
  sign: -1,
  amountField: 'total_retenido',
  amountWord: 'retenido',
  documentRule: '2623',
  totalRules: { amount: '2628', net: '2629', positive: '2725' },
  citesRule: true,
  noneCounted:
    'Ningún documento relacionado genera retención (se requiere al menos una factura o nota de débito pagada).',
  payment: { act: 'pago', currencyRule: '2622' },
  exchange: { missing: '2721', pair: '2749' },
};

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
  } else checkRucCheckDigit(ruc, 'del proveedor', 'supplier_ruc_invalid', path, ctx, f);
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
  checkRelatedNotLater(d, issueDate, path, 'la retención', f);
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
  const at = { inSums: row.inSums, sentAmount: d.total_retenido, date, path };
  const paid = relatedPayment(d, at, rate, f, RETENTION_FIGURES, (paidOn) =>
    checkPaymentDate(paidOn, d, issueDate, path, f),
  );
  if (!paid) return row;
  row.payment = paid.payment;
  row.retention = namedNet(paid.figures, 'netPaid');
  return row;
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
    figures: RETENTION_FIGURES,
    rowFigures: (d) => d.retention && { amount: d.retention.amount, net: d.retention.netPaid },
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
