// Facturas, boletas and their notes (01, 03, 07, 08) as a DocumentKind: the core's invoice model, its XML and
// its printed representation.
import {
  assignNumber,
  buildDocumentXml,
  documentBodySchema,
  prepareDocument,
  qrTextOf,
  withAffectedDocument,
  type ComputedDocument,
} from '../core/index.ts';
import { printModelFromComputed } from '../render/index.ts';
import { type DocumentKind, lineColumns, saleColumns } from './document-kind.ts';

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
      ...saleColumns(doc, doc.customer, t),
      totalExportation: t.exportation,
      totalFree: t.free,
      totalDiscounts: t.discountTotal,
      totalCharges: t.chargeTotal,
      totalIsc: t.isc,
      totalIcbper: t.icbper,
      totalTaxes: t.taxes,
    };
  },
  lines: (doc) =>
    doc.lines.map((l) => lineColumns(l, { description: l.description.slice(0, 2000), totalTaxes: l.taxes })),
  sendOnIssue: (doc) => doc.actions.sendXmlSigned,
  // Trimmed: documents stored before number_to_letter was kept without FacturadorPro's trailing space.
  numberToLetter: (doc) => doc.numberToLetter.trim(),
  printModel: (doc, issuer, context) =>
    printModelFromComputed(doc, issuer, { hash: context.hash, qrText: context.qrText ?? '', state: context.state }),
  pdfFormat: (doc) => doc.actions.pdfFormat,
};
