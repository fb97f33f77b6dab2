// Dispatch guides — remitente (09) and transportista (31) — as DocumentKinds: numbered, signed, stored and listed by
// the shared pipeline like every CPE; only their way to SUNAT differs (the GRE REST service with its ticket,
// src/pipeline/dispatch-delivery.ts, chosen by document type in send.ts).
import {
  assignDispatchNumber,
  buildDispatchXml,
  carrierDispatchBodySchema,
  prepareDispatch,
  senderDispatchBodySchema,
  type ComputedDispatch,
  type DispatchKind as CoreDispatchKind,
} from '../core/dispatch/index.ts';
import { qrText } from '../core/qr.ts';
import { printModelFromDispatch } from '../render/from-dispatch.ts';
import { type DocumentKind, headerColumns } from './document-kind.ts';

/** The document types that travel through SUNAT's GRE REST service instead of its SOAP services. */
export const DISPATCH_DOCUMENT_TYPES = ['09', '31'] as const;

export function isDispatchType(documentType: string): boolean {
  return (DISPATCH_DOCUMENT_TYPES as readonly string[]).includes(documentType);
}

function dispatchKindOf(core: CoreDispatchKind): DocumentKind<ComputedDispatch> {
  const documentType = core === 'sender' ? '09' : '31';
  return {
    name: 'dispatch',
    downloadSegment: 'dispatch',
    documentTypes: [documentType],
    bodySchema: core === 'sender' ? senderDispatchBodySchema : carrierDispatchBodySchema,
    prepare: (body, ctx) => prepareDispatch(body, ctx, core),
    identity: (doc) => ({ documentType: doc.documentType, series: doc.series, number: doc.number }),
    assignNumber: assignDispatchNumber,
    buildXml: buildDispatchXml,
    // SUNAT's printed-representation layout; a guide has no amounts (IGV and total 0.00).
    qrText: (doc, ruc, digest) =>
      qrText(
        {
          ruc,
          documentType: doc.documentType,
          series: doc.series,
          number: doc.number ?? 0,
          igv: '0',
          total: '0',
          issueDate: doc.issueDate,
          customerDocumentType: doc.recipient.documentType,
          customerDocumentNumber: doc.recipient.documentNumber,
        },
        digest,
      ),
    columns: (doc) => {
      const recipient = { ...doc.recipient, documentType: doc.recipient.documentType.slice(0, 1) };
      return { ...headerColumns(doc, recipient, 'PEN'), total: '0' };
    },
    lines: () => [],
    // SUNAT requires every guide before the goods move: sent on issue, like perceptions and retentions.
    sendOnIssue: () => true,
    numberToLetter: () => '',
    printModel: (doc, issuer, context) =>
      printModelFromDispatch(doc, issuer, { hash: context.hash, qrText: context.qrText ?? '', state: context.state }),
    pdfFormat: (doc) => doc.pdfFormat,
  };
}

export const senderDispatchKind = dispatchKindOf('sender');
export const carrierDispatchKind = dispatchKindOf('carrier');
