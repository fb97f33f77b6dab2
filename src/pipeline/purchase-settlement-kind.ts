// The liquidación de compra (04) as a DocumentKind: numbered, signed, stored, sent by sendBill to the invoice
// service and retried like an invoice; its files are served under /downloads/document like the invoices'. The
// counterpart the lists, the QR and the PDF name is the seller.
import {
  assignPurchaseSettlementNumber,
  buildPurchaseSettlementXml,
  preparePurchaseSettlement,
  purchaseSettlementBodySchema,
  type ComputedPurchaseSettlement,
} from '../core/purchase-settlement/index.ts';
import { qrText } from '../core/qr.ts';
import { printModelFromPurchaseSettlement } from '../render/from-purchase-settlement.ts';
import { type DocumentKind, lineColumns, saleColumns } from './document-kind.ts';

export const purchaseSettlementKind: DocumentKind<ComputedPurchaseSettlement> = {
  name: 'purchase-settlement',
  downloadSegment: 'document',
  documentTypes: ['04'],
  bodySchema: purchaseSettlementBodySchema,
  prepare: preparePurchaseSettlement,
  identity: (doc) => ({ documentType: '04', series: doc.series, number: doc.number }),
  assignNumber: assignPurchaseSettlementNumber,
  buildXml: buildPurchaseSettlementXml,
  // SUNAT's QR layout with the seller as the counterpart and what the seller is paid as the total.
  qrText: (doc, ruc, digest) => {
    const seller = { customerDocumentType: doc.seller.documentType, customerDocumentNumber: doc.seller.documentNumber };
    const figures = { igv: doc.totals.igv, total: doc.totals.payable, issueDate: doc.issueDate };
    return qrText({ ruc, documentType: '04', series: doc.series, number: doc.number!, ...figures, ...seller }, digest);
  },
  columns: (doc) => ({ ...saleColumns(doc, doc.seller, doc.totals), totalTaxes: doc.totals.igv }),
  lines: (doc) => doc.lines.map((l) => lineColumns(l, { description: l.description, totalTaxes: l.igv })),
  sendOnIssue: (doc) => doc.actions.sendXmlSigned,
  numberToLetter: (doc) => doc.numberToLetter,
  printModel: (doc, issuer, context) =>
    printModelFromPurchaseSettlement(doc, issuer, {
      hash: context.hash,
      qrText: context.qrText ?? '',
      state: context.state,
    }),
  pdfFormat: (doc) => doc.actions.pdfFormat,
};
