// A DocumentKind adapts one family of CPE to the shared pipeline (numbering, signing, storage, sending, retries,
// envelope). The pipeline only sees what is below; everything specific to a family (its body, figures, XML) stays in
// its kind (invoice-kind.ts, perception-kind.ts, …); ./kinds.ts lists them all.
import type { ZodType } from 'zod';
import type { DocumentContext, Issue, Issuer } from '../core/index.ts';
import type { TenantClient } from '../platform/db/clients.ts';
import type { PrintModel } from '../render/index.ts';

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

/** The columns every document has: its issue moment, the other party (customer, seller, recipient…) and currency. */
export function headerColumns(
  doc: { issueDate: string; issueTime: string },
  party: { documentType: string; documentNumber: string; name: string },
  currency: string,
): Pick<
  DocumentColumns,
  'issueDate' | 'issueTime' | 'customerDocType' | 'customerDocNumber' | 'customerName' | 'currency'
> {
  return {
    issueDate: doc.issueDate,
    issueTime: doc.issueTime,
    customerDocType: party.documentType,
    customerDocNumber: party.documentNumber,
    customerName: party.name,
    currency,
  };
}

/** The columns of a sale or a purchase (invoices, purchase settlements): its header, the bases both compute, the IGV
 *  and the total payable; the other totals as each kind has them. */
export function saleColumns(
  doc: { issueDate: string; issueTime: string; currency: string },
  party: { documentType: string; documentNumber: string; name: string },
  t: { taxed: string; exonerated: string; unaffected: string; igv: string; payable: string },
): DocumentColumns {
  return {
    ...headerColumns(doc, party, doc.currency),
    totalTaxed: t.taxed,
    totalExonerated: t.exonerated,
    totalUnaffected: t.unaffected,
    totalIgv: t.igv,
    total: t.payable,
  };
}

/** A computed line of a sale or a purchase (invoices, purchase settlements), as far as its columns read it. */
type ComputedLine = Pick<
  LineColumns,
  'internalCode' | 'sunatProductCode' | 'unitCode' | 'quantity' | 'unitValue' | 'unitPrice' | 'total'
> & { index: number; affectationCode: string; value: string; igv: string };

/** The columns of a computed line; `description` and `totalTaxes` as each kind keeps them. */
export function lineColumns(l: ComputedLine, kept: { description: string; totalTaxes: string }): LineColumns {
  return {
    lineNumber: l.index,
    internalCode: l.internalCode,
    sunatProductCode: l.sunatProductCode,
    description: kept.description,
    unitCode: l.unitCode,
    quantity: l.quantity,
    unitValue: l.unitValue,
    unitPrice: l.unitPrice,
    igvAffectationType: l.affectationCode,
    totalValue: l.value,
    totalIgv: l.igv,
    totalTaxes: kept.totalTaxes,
    total: l.total,
  };
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

/** A kind of any computed-document type: what registries and generic routes hold. */
// biome-ignore lint/suspicious/noExplicitAny: DocumentKind<C> takes and returns C, so only `any` admits every kind
export type AnyDocumentKind = DocumentKind<any>;
