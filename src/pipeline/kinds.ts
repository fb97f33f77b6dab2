// A DocumentKind adapts one family of CPE to the shared pipeline (numbering, signing, storage, sending, retries,
// envelope): invoices/boletas/notes (01, 03, 07, 08) here, perceptions (40), retentions (20) and purchase
// settlements (04) in their own files.
// The pipeline only sees what is below; everything specific to a family (its body, figures, XML) stays in it.
import type { ZodType } from 'zod';
import {
  assignNumber,
  buildDocumentXml,
  documentBodySchema,
  prepareDocument,
  qrTextOf,
  withAffectedDocument,
  type ComputedDocument,
  type DocumentContext,
  type Issue,
  type Issuer,
} from '../core/index.ts';
import type { TenantClient } from '../platform/db/clients.ts';
import { printModelFromComputed, type PrintModel } from '../render/index.ts';
import { carrierDispatchKind, senderDispatchKind } from './dispatch-kind.ts';
import { perceptionKind } from './perception-kind.ts';
import { purchaseSettlementKind } from './purchase-settlement-kind.ts';
import { retentionKind } from './retention-kind.ts';

/** What the printed representation needs beyond the stored document. */
export interface PrintContextOf {
  hash: string;
  qrText: string | null;
  state: string;
}

/** The documents-table columns every kind fills (the rows of GET /api/documents/lists are read from them). */
export interface DocumentColumns {
  issueDate: string;
  issueTime: string;
  customerDocType: string;
  customerDocNumber: string;
  customerName: string;
  currency: string;
  totalTaxed?: string;
  totalExonerated?: string;
  totalUnaffected?: string;
  totalExportation?: string;
  totalFree?: string;
  totalDiscounts?: string;
  totalCharges?: string;
  totalIgv?: string;
  totalIsc?: string;
  totalIcbper?: string;
  totalTaxes?: string;
  total: string;
}

export interface LineColumns {
  lineNumber: number;
  internalCode?: string;
  sunatProductCode?: string;
  description: string;
  unitCode: string;
  quantity: string;
  unitValue: string;
  unitPrice: string;
  igvAffectationType: string;
  totalValue: string;
  totalIgv: string;
  totalTaxes: string;
  total: string;
}

export type { Prepared } from '../core/invoice/prepare.ts';
import type { Prepared } from '../core/invoice/prepare.ts';

/** The downloads' path segments, one per family of documents. */
export const DOWNLOAD_SEGMENTS = ['document', 'perception', 'retention', 'dispatch'] as const;
export type DownloadSegment = (typeof DOWNLOAD_SEGMENTS)[number];

export interface DocumentKind<C = unknown> {
  name: 'invoice' | 'perception' | 'retention' | 'purchase-settlement' | 'dispatch';
  /** Path segment of the downloads (`/downloads/{segment}/xml/{id}`). */
  downloadSegment: DownloadSegment;
  documentTypes: readonly string[];
  /** The request body schema (validation happens in prepare; this one feeds OpenAPI). */
  bodySchema: ZodType;
  prepare(body: unknown, ctx: DocumentContext): Prepared<C>;
  /** Things only the database can answer (a note's affected document given by external_id). */
  resolve?(doc: C, db: TenantClient): Promise<{ ok: true; document: C } | { ok: false; issues: Issue[] }>;
  identity(doc: C): { documentType: string; series: string; number: number | null };
  assignNumber(doc: C, number: number): C;
  buildXml(doc: C, issuer: Issuer): string;
  /** The QR text printed on the representation, or null when the kind prints none. */
  qrText(doc: C, ruc: string, digest: string): string | null;
  columns(doc: C): DocumentColumns;
  lines(doc: C): LineColumns[];
  /** acciones.enviar_xml_firmado (default true). */
  sendOnIssue(doc: C): boolean;
  numberToLetter(doc: C): string;
  /** The printed representation's model (src/render), from the stored computed document. */
  printModel(doc: C, issuer: Issuer, context: PrintContextOf): PrintModel;
  /** acciones.formato_pdf when the kind has one. */
  pdfFormat?(doc: C): string;
}

export const invoiceKind: DocumentKind<ComputedDocument> = {
  name: 'invoice',
  downloadSegment: 'document',
  documentTypes: ['01', '03', '07', '08'],
  bodySchema: documentBodySchema,
  prepare: (body, ctx) => prepareDocument(body, ctx),
  async resolve(doc, db) {
    const ref = doc.note?.affectedDocument;
    if (!ref?.externalId) return { ok: true, document: doc };
    const affected = await db.document.findUnique({
      where: { externalId: ref.externalId },
      select: { documentType: true, serie: true, number: true },
    });
    // Notes modify facturas and boletas: not vouchers (40, 20), liquidaciones de compra (04) nor guides (09, 31).
    if (!affected || ['40', '20', '04', '09', '31'].includes(affected.documentType)) {
      return {
        ok: false,
        issues: [
          {
            path: 'documento_afectado.external_id',
            code: 'affected_document_not_found',
            message: `No existe un comprobante con external_id ${ref.externalId} en esta empresa.`,
          },
        ],
      };
    }
    return {
      ok: true,
      document: withAffectedDocument(doc, {
        series: affected.serie,
        number: affected.number,
        documentType: affected.documentType,
      }),
    };
  },
  identity: (doc) => ({ documentType: doc.documentType, series: doc.series, number: doc.number }),
  assignNumber,
  buildXml: buildDocumentXml,
  qrText: (doc, ruc, digest) => qrTextOf(doc, ruc, digest),
  columns(doc) {
    const t = doc.totals;
    return {
      issueDate: doc.issueDate,
      issueTime: doc.issueTime,
      customerDocType: doc.customer.documentType,
      customerDocNumber: doc.customer.documentNumber,
      customerName: doc.customer.name,
      currency: doc.currency,
      totalTaxed: t.taxed,
      totalExonerated: t.exonerated,
      totalUnaffected: t.unaffected,
      totalExportation: t.exportation,
      totalFree: t.free,
      totalDiscounts: t.discountTotal,
      totalCharges: t.chargeTotal,
      totalIgv: t.igv,
      totalIsc: t.isc,
      totalIcbper: t.icbper,
      totalTaxes: t.taxes,
      total: t.payable,
    };
  },
  lines: (doc) =>
    doc.lines.map((l) => ({
      lineNumber: l.index,
      internalCode: l.internalCode,
      sunatProductCode: l.sunatProductCode,
      description: l.description.slice(0, 2000),
      unitCode: l.unitCode,
      quantity: l.quantity,
      unitValue: l.unitValue,
      unitPrice: l.unitPrice,
      igvAffectationType: l.affectationCode,
      totalValue: l.value,
      totalIgv: l.igv,
      totalTaxes: l.taxes,
      total: l.total,
    })),
  sendOnIssue: (doc) => doc.actions.sendXmlSigned,
  // Trimmed: documents stored before number_to_letter was kept without FacturadorPro's trailing space.
  numberToLetter: (doc) => doc.numberToLetter.trim(),
  printModel: (doc, issuer, context) =>
    printModelFromComputed(doc, issuer, { hash: context.hash, qrText: context.qrText ?? '', state: context.state }),
  pdfFormat: (doc) => doc.actions.pdfFormat,
};

/** A kind of any computed-document type: what registries and generic routes hold. */
// biome-ignore lint/suspicious/noExplicitAny: DocumentKind<C> takes and returns C, so only `any` admits every kind
export type AnyDocumentKind = DocumentKind<any>;

const registry = new Map<string, AnyDocumentKind>();

/** Makes a kind known by document type (the worker and downloads find a stored document's kind this way). */
export function registerKind(kind: AnyDocumentKind): void {
  for (const type of kind.documentTypes) registry.set(type, kind);
}

export function kindOfType(documentType: string): AnyDocumentKind | undefined {
  return registry.get(documentType);
}

registerKind(invoiceKind);
registerKind(perceptionKind);
registerKind(retentionKind);
registerKind(purchaseSettlementKind);
registerKind(senderDispatchKind);
registerKind(carrierDispatchKind);
