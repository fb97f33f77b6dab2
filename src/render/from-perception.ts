// A computed perception voucher (40) → the PrintModel: the related documents table instead of lines, and the
// perceived / cashed totals. Wording only: every figure is the computed perception's.
import { documentTypes } from '../core/catalogs/index.ts';
import type { Issuer } from '../core/index.ts';
import type { ComputedPerception } from '../core/perception/index.ts';
import { printIssuer, SUNAT_CONSULTATION_URL } from './from-computed.ts';
import { describeCurrency, identityDocumentLabel, stateWatermark } from './labels.ts';
import type { PrintModel } from './print-model.ts';

export interface PerceptionPrintContext {
  hash: string;
  qrText: string;
  state?: string;
  consultationUrl?: string;
  logoBase64?: string;
}

export function printModelFromPerception(
  p: ComputedPerception,
  issuer: Issuer,
  context: PerceptionPrintContext,
): PrintModel {
  if (p.number === null) throw new Error('printModelFromPerception: the perception has no number yet');
  return {
    documentType: '40',
    series: p.series,
    number: String(p.number),
    issuer: printIssuer(issuer, context),
    customer: {
      documentTypeCode: p.receiver.documentType,
      documentTypeLabel: identityDocumentLabel(p.receiver.documentType),
      documentNumber: p.receiver.documentNumber,
      name: p.receiver.name,
      address: p.receiver.address,
    },
    issueDate: p.issueDate,
    issueTime: p.issueTime,
    currency: describeCurrency('PEN'),
    lines: [],
    totals: { total: p.totalCashed, perceived: p.totalPerceived },
    amountInWords: p.amountInWords,
    perception: {
      regime: `${p.regime} - ${p.regimeDescription}`,
      rate: p.percent,
      documents: p.documents.map((d) => ({
        typeLabel: (documentTypes.get(d.documentType)?.description ?? d.documentType).toUpperCase(),
        number: `${d.series}-${d.number}`,
        issueDate: d.issueDate,
        currency: d.currency,
        documentTotal: d.total,
        paymentDate: d.payment?.date,
        paid: d.payment?.amount ?? '0.00',
        exchangeRate: d.perception?.exchangeRate ? d.perception.exchangeRate.rate.replace(/\.?0+$/, '') : undefined,
        perceived: d.perception?.amount ?? '0.00',
        cashed: d.perception?.netCashed ?? '0.00',
      })),
    },
    qrText: context.qrText,
    hash: context.hash,
    consultationUrl: context.consultationUrl ?? SUNAT_CONSULTATION_URL,
    observations: p.note,
    watermark: stateWatermark(context.state),
  };
}
