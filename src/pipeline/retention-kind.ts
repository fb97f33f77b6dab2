// Retention vouchers (20) as a DocumentKind: the shared pipeline numbers, signs, stores, sends (SUNAT's
// "otros CPE" service, chosen by document type) and retries them exactly like perceptions.
import { qrText } from '../core/qr.ts';
import {
  assignRetentionNumber,
  buildRetentionXml,
  prepareRetention,
  retentionBodySchema,
  type ComputedRetention,
} from '../core/retention/index.ts';
import type { DocumentKind } from './kinds.ts';
import { printModelFromRetention } from '../render/from-retention.ts';

export const retentionKind: DocumentKind<ComputedRetention> = {
  name: 'retention',
  downloadSegment: 'retention',
  documentTypes: ['20'],
  bodySchema: retentionBodySchema,
  prepare: (body, ctx) => prepareRetention(body, ctx),
  identity: (doc) => ({ documentType: '20', series: doc.series, number: doc.number }),
  assignNumber: assignRetentionNumber,
  buildXml: buildRetentionXml,
  // The invoice QR layout (src/core/qr.ts) with the retained amount in the tax field and the total paid.
  qrText: (doc, ruc, digest) =>
    qrText(
      {
        ruc,
        documentType: '20',
        series: doc.series,
        number: doc.number!,
        igv: doc.totalRetained,
        total: doc.totalPaid,
        issueDate: doc.issueDate,
        customerDocumentType: doc.supplier.documentType,
        customerDocumentNumber: doc.supplier.documentNumber,
      },
      digest,
    ),
  columns: (doc) => ({
    issueDate: doc.issueDate,
    issueTime: doc.issueTime,
    customerDocType: doc.supplier.documentType,
    customerDocNumber: doc.supplier.documentNumber,
    customerName: doc.supplier.name,
    currency: 'PEN',
    totalTaxes: doc.totalRetained,
    total: doc.totalPaid,
  }),
  lines: () => [],
  // Retentions are always sent (FacturadorPro forces the send for every type but invoices).
  sendOnIssue: () => true,
  numberToLetter: (doc) => doc.numberToLetter,
  printModel: (doc, issuer, context) =>
    printModelFromRetention(doc, issuer, { hash: context.hash, qrText: context.qrText ?? '', state: context.state }),
  pdfFormat: (doc) => doc.pdfFormat,
};
