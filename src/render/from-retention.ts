// A computed retention voucher (20) → the PrintModel: the perception voucher's layout (related documents table
// instead of lines), worded for a retention by `voucherWording`. Every figure is the computed retention's.
import { documentTypes } from '../core/catalogs/index.ts';
import type { Issuer } from '../core/index.ts';
import type { ComputedRetention } from '../core/retention/index.ts';
import { printIssuer, SUNAT_CONSULTATION_URL } from './from-computed.ts';
import type { PerceptionPrintContext } from './from-perception.ts';
import { describeCurrency, identityDocumentLabel, stateWatermark } from './labels.ts';
import type { PrintModel, PrintPerceptionDocument } from './print-model.ts';

function printedDocument(d: ComputedRetention['documents'][number]): PrintPerceptionDocument {
  return {
    typeLabel: (documentTypes.get(d.documentType)?.description ?? d.documentType).toUpperCase(),
    number: `${d.series}-${d.number}`,
    issueDate: d.issueDate,
    currency: d.currency,
    documentTotal: d.total,
    paymentDate: d.payment?.date,
    paid: d.payment?.amount ?? '0.00',
    exchangeRate: d.retention?.exchangeRate ? d.retention.exchangeRate.rate.replace(/\.?0+$/, '') : undefined,
    perceived: d.retention?.amount ?? '0.00',
    cashed: d.retention?.netPaid ?? '0.00',
  };
}

export function printModelFromRetention(
  r: ComputedRetention,
  issuer: Issuer,
  context: PerceptionPrintContext,
): PrintModel {
  if (r.number === null) throw new Error('printModelFromRetention: the retention has no number yet');
  return {
    documentType: '20',
    series: r.series,
    number: String(r.number),
    issuer: printIssuer(issuer, context),
    customer: {
      documentTypeCode: r.supplier.documentType,
      documentTypeLabel: identityDocumentLabel(r.supplier.documentType),
      documentNumber: r.supplier.documentNumber,
      name: r.supplier.name,
      address: r.supplier.address,
    },
    issueDate: r.issueDate,
    issueTime: r.issueTime,
    currency: describeCurrency('PEN'),
    lines: [],
    totals: { total: r.totalPaid, perceived: r.totalRetained },
    amountInWords: r.amountInWords,
    perception: {
      regime: `${r.regime} - ${r.regimeDescription}`,
      rate: r.percent,
      documents: r.documents.map(printedDocument),
    },
    qrText: context.qrText,
    hash: context.hash,
    consultationUrl: context.consultationUrl ?? SUNAT_CONSULTATION_URL,
    observations: r.note,
    watermark: stateWatermark(context.state),
  };
}
