// A computed liquidación de compra (04) → the PrintModel: the seller in the party block, the goods bought as
// lines, and below the total the income-tax retention and what the seller is paid. Every figure is the
// computed document's.
import type { Issuer } from '../core/index.ts';
import {
  LOCATION_TYPES,
  SETTLEMENT_OPERATIONS,
  type ComputedPurchaseSettlement,
} from '../core/purchase-settlement/index.ts';
import { printIssuer, SUNAT_CONSULTATION_URL } from './from-computed.ts';
import { describeCurrency, documentTitle, identityDocumentLabel, stateWatermark } from './labels.ts';
import type { PrintModel } from './print-model.ts';

export interface SettlementPrintContext {
  hash: string;
  qrText: string;
  state?: string;
  consultationUrl?: string;
  logoBase64?: string;
}

const nonZero = (amount: string): string | undefined => (Number(amount) === 0 ? undefined : amount);

export function printModelFromPurchaseSettlement(
  doc: ComputedPurchaseSettlement,
  issuer: Issuer,
  context: SettlementPrintContext,
): PrintModel {
  if (doc.number === null)
    throw new Error(`printModelFromPurchaseSettlement: the ${documentTitle('04')} has no number`);
  const t = doc.totals;
  const rates = [...new Set(doc.lines.flatMap((l) => (l.incomeTax ? [l.incomeTax.percent] : [])))];
  const place = `${LOCATION_TYPES[doc.place.locationType] ?? doc.place.locationType} - ${doc.place.address}`;
  return {
    documentType: '04',
    series: doc.series,
    number: String(doc.number),
    issuer: printIssuer(issuer, context),
    customer: {
      documentTypeCode: doc.seller.documentType,
      documentTypeLabel: identityDocumentLabel(doc.seller.documentType),
      documentNumber: doc.seller.documentNumber,
      name: doc.seller.name,
      address: doc.seller.address,
      email: doc.seller.email,
      phone: doc.seller.phone,
    },
    issueDate: doc.issueDate,
    issueTime: doc.issueTime,
    currency: describeCurrency(doc.currency),
    operationType: SETTLEMENT_OPERATIONS[doc.operationType] ?? doc.operationType,
    headerFields: [{ label: 'Lugar de la operación', value: place }],
    lines: doc.lines.map((l) => ({
      quantity: l.quantity,
      unit: l.unitCode,
      code: l.internalCode,
      description: l.description,
      unitValue: l.unitValue,
      unitPrice: l.unitPrice,
      amount: l.value,
    })),
    totals: {
      taxed: nonZero(t.taxed),
      exonerated: nonZero(t.exonerated),
      unaffected: nonZero(t.unaffected),
      igvRate: '18',
      igv: t.igv,
      total: t.total,
      incomeTaxRate: rates.length === 1 ? rates[0] : undefined,
      incomeTax: nonZero(t.incomeTax),
      netPaid: t.payable,
    },
    amountInWords: doc.amountInWords,
    qrText: context.qrText,
    hash: context.hash,
    consultationUrl: context.consultationUrl ?? SUNAT_CONSULTATION_URL,
    observations: doc.note,
    watermark: stateWatermark(context.state),
  };
}
