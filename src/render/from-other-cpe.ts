// A computed perception (40) or retention (20) voucher, read through its OtherCpeView → the PrintModel: the
// related documents table instead of lines, and the perceived or retained / net totals. Wording only: the
// layout words it per type (`voucherWording` in labels.ts); every figure is the computed voucher's.
import { documentTypes } from '../core/catalogs/index.ts';
import type { Issuer } from '../core/index.ts';
import type { OtherCpeView } from '../core/other-cpe/types.ts';
import { printIssuer, SUNAT_CONSULTATION_URL } from './from-computed.ts';
import { describeCurrency, identityDocumentLabel, stateWatermark } from './labels.ts';
import type { PrintModel, PrintPerceptionDocument } from './print-model.ts';

export interface OtherCpePrintContext {
  hash: string;
  qrText: string;
  state?: string;
  consultationUrl?: string;
  logoBase64?: string;
}

function printedDocument(d: OtherCpeView['documents'][number]): PrintPerceptionDocument {
  return {
    typeLabel: (documentTypes.get(d.documentType)?.description ?? d.documentType).toUpperCase(),
    number: `${d.series}-${d.number}`,
    issueDate: d.issueDate,
    currency: d.currency,
    documentTotal: d.total,
    paymentDate: d.payment?.date,
    paid: d.payment?.amount ?? '0.00',
    exchangeRate: d.figures?.exchangeRate ? d.figures.exchangeRate.rate.replace(/\.?0+$/, '') : undefined,
    perceived: d.figures?.amount ?? '0.00',
    cashed: d.figures?.net ?? '0.00',
  };
}

export function printModelFromOtherCpe(v: OtherCpeView, issuer: Issuer, context: OtherCpePrintContext): PrintModel {
  if (v.number === null) throw new Error('printModelFromOtherCpe: the voucher has no number yet');
  return {
    documentType: v.documentType,
    series: v.series,
    number: String(v.number),
    issuer: printIssuer(issuer, context),
    customer: {
      documentTypeCode: v.party.documentType,
      documentTypeLabel: identityDocumentLabel(v.party.documentType),
      documentNumber: v.party.documentNumber,
      name: v.party.name,
      address: v.party.address,
    },
    issueDate: v.issueDate,
    issueTime: v.issueTime,
    currency: describeCurrency('PEN'),
    lines: [],
    totals: { total: v.netTotal, perceived: v.total },
    amountInWords: v.amountInWords,
    perception: {
      regime: `${v.regime} - ${v.regimeDescription}`,
      rate: v.percent,
      documents: v.documents.map(printedDocument),
    },
    qrText: context.qrText,
    hash: context.hash,
    consultationUrl: context.consultationUrl ?? SUNAT_CONSULTATION_URL,
    observations: v.note,
    watermark: stateWatermark(context.state),
  };
}
