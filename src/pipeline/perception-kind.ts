// Perception vouchers (40) as a DocumentKind: the shared pipeline numbers, signs, stores, sends (SUNAT's
// "otros CPE" service, chosen by document type) and retries them exactly like invoices.
import { qrText } from '../core/qr.ts';
import {
  assignPerceptionNumber,
  buildPerceptionXml,
  perceptionBodySchema,
  preparePerception,
  type ComputedPerception,
} from '../core/perception/index.ts';
import type { DocumentKind } from './kinds.ts';
import { printModelFromPerception } from '../render/from-perception.ts';

export const perceptionKind: DocumentKind<ComputedPerception> = {
  name: 'perception',
  downloadSegment: 'perception',
  documentTypes: ['40'],
  bodySchema: perceptionBodySchema,
  prepare: (body, ctx) => preparePerception(body, ctx),
  identity: (doc) => ({ documentType: '40', series: doc.series, number: doc.number }),
  assignNumber: assignPerceptionNumber,
  buildXml: buildPerceptionXml,
  // The invoice QR layout (sunat.md §6) with the perceived amount in the tax field and the total cashed.
  qrText: (doc, ruc, digest) =>
    qrText(
      {
        ruc,
        documentType: '40',
        series: doc.series,
        number: doc.number!,
        igv: doc.totalPerceived,
        total: doc.totalCashed,
        issueDate: doc.issueDate,
        customerDocumentType: doc.receiver.documentType,
        customerDocumentNumber: doc.receiver.documentNumber,
      },
      digest,
    ),
  columns: (doc) => ({
    issueDate: doc.issueDate,
    issueTime: doc.issueTime,
    customerDocType: doc.receiver.documentType,
    customerDocNumber: doc.receiver.documentNumber,
    customerName: doc.receiver.name,
    currency: 'PEN',
    totalTaxes: doc.totalPerceived,
    total: doc.totalCashed,
  }),
  lines: () => [],
  // SUNAT requires perceptions to be sent (FacturadorPro always sends them).
  sendOnIssue: () => true,
  numberToLetter: (doc) => doc.numberToLetter,
  printModel: (doc, issuer, context) =>
    printModelFromPerception(doc, issuer, { hash: context.hash, qrText: context.qrText ?? '', state: context.state }),
  pdfFormat: (doc) => doc.pdfFormat,
};
