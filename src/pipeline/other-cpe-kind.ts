// The otros CPE — perceptions (40) and retentions (20) — as DocumentKinds: the shared pipeline numbers, signs,
// stores, sends (SUNAT's "otros CPE" service, chosen by document type) and retries them exactly like invoices.
// Both are read through their OtherCpeView, so the QR, the columns and the PDF are the same code for both.
import type { ZodType } from 'zod';
import type { DocumentContext, Issuer } from '../core/index.ts';
import type { Prepared } from '../core/invoice/prepare.ts';
import type { OtherCpeView } from '../core/other-cpe/types.ts';
import { qrText } from '../core/qr.ts';
import { printModelFromOtherCpe } from '../render/from-other-cpe.ts';
import { type DocumentKind, headerColumns } from './document-kind.ts';

export interface OtherCpeKindSpec<C> {
  name: 'perception' | 'retention';
  documentType: '40' | '20';
  bodySchema: ZodType;
  prepare(body: unknown, ctx: DocumentContext): Prepared<C>;
  assignNumber(doc: C, number: number): C;
  buildXml(doc: C, issuer: Issuer): string;
  view(doc: C): OtherCpeView;
}

export function otherCpeKind<C>(spec: OtherCpeKindSpec<C>): DocumentKind<C> {
  const { name, documentType, view } = spec;
  return {
    name,
    downloadSegment: name,
    documentTypes: [documentType],
    bodySchema: spec.bodySchema,
    prepare: spec.prepare,
    identity: (doc) => ({ documentType, series: view(doc).series, number: view(doc).number }),
    assignNumber: spec.assignNumber,
    buildXml: spec.buildXml,
    // The invoice QR layout (src/core/qr.ts) with the perceived or retained amount in the tax field and the net total.
    qrText: (doc, ruc, digest) => {
      const v = view(doc);
      const party = { customerDocumentType: v.party.documentType, customerDocumentNumber: v.party.documentNumber };
      const figures = { igv: v.total, total: v.netTotal, issueDate: v.issueDate };
      return qrText({ ruc, documentType, series: v.series, number: v.number!, ...figures, ...party }, digest);
    },
    columns: (doc) => {
      const v = view(doc);
      return { ...headerColumns(v, v.party, 'PEN'), totalTaxes: v.total, total: v.netTotal };
    },
    lines: () => [],
    // SUNAT requires both to be sent (FacturadorPro forces the send for every type but invoices).
    sendOnIssue: () => true,
    numberToLetter: (doc) => view(doc).numberToLetter.trim(),
    printModel: (doc, issuer, context) =>
      printModelFromOtherCpe(view(doc), issuer, {
        hash: context.hash,
        qrText: context.qrText ?? '',
        state: context.state,
      }),
    pdfFormat: (doc) => view(doc).pdfFormat,
  };
}
