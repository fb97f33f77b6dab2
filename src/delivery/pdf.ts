// The PDF of a stored document: rendered once from what was signed (the computed document), then cached in
// storage and recorded in document_files. Two first downloads at once both render and the later atomic write
// wins with identical bytes — harmless, and no lock is held while rendering.
import type { PipelineDeps, TenantRef } from '../pipeline/deps.ts';
import { issuedInDemo, signedIssuerOf } from '../pipeline/deps.ts';
import { recordFile } from '../pipeline/files.ts';
import { kindOfType } from '../pipeline/kinds.ts';
import { DEMO_NOTICE, pdfStorageKey, renderPdf, stateWatermark } from '../render/index.ts';
import { companyPdfFormat, withCompanyPrintSettings } from '../tenancy/print-settings.ts';

export type PdfFormat = 'a4' | 'ticket';

/** The columns a document's files are made from: its PDF (in the format it asked for) and its signed XML. */
export const PRINTABLE_SELECT = {
  id: true,
  documentType: true,
  filename: true,
  stateTypeId: true,
  hash: true,
  qrText: true,
  computed: true,
  issuer: true,
  payload: true,
} as const;

export interface StoredForPdf {
  id: number;
  documentType: string;
  filename: string;
  stateTypeId: string;
  hash: string | null;
  qrText: string | null;
  computed: unknown;
  /** The issuer the XML was signed with (null before migration 0016): the PDF prints what was signed. */
  issuer: unknown;
}

/**
 * The format a document asked for (acciones.formato_pdf in its request body), else the company's default
 * (PATCH /api/company pdf.formato). Without the body at hand, what the computed document recorded.
 */
export function defaultPdfFormat(
  doc: Pick<StoredForPdf, 'documentType' | 'computed'> & { payload?: unknown },
  company?: { pdfFormat: string },
): PdfFormat {
  if (doc.payload !== undefined && company) {
    const asked = (doc.payload as { acciones?: { formato_pdf?: unknown } } | null)?.acciones?.formato_pdf;
    if (asked === 'a4' || asked === 'ticket') return asked;
    return companyPdfFormat(company);
  }
  const kind = kindOfType(doc.documentType);
  return kind?.pdfFormat?.(doc.computed) === 'ticket' ? 'ticket' : 'a4';
}

export async function pdfForDocument(
  deps: Pick<PipelineDeps, 'storage'>,
  tenant: TenantRef,
  doc: StoredForPdf,
  format: PdfFormat,
): Promise<Buffer> {
  const demo = issuedInDemo(doc, tenant.company);
  // A rejected or voided document prints with a watermark, a demo one with its banner: the cached copy matches both.
  const marks = [stateWatermark(doc.stateTypeId) ? doc.stateTypeId : '', demo ? 'demo' : '']
    .filter(Boolean)
    .map((m) => `-${m}`)
    .join('');
  const stateKey = pdfStorageKey(doc.filename, format).replace(/\.pdf$/, `${marks}.pdf`);
  const cached = await deps.storage.get(tenant.schema, stateKey);
  if (cached) return cached;
  const kind = kindOfType(doc.documentType);
  if (!kind || !doc.computed) throw new Error(`no printed representation for document type ${doc.documentType}`);
  const printed = kind.printModel(doc.computed, signedIssuerOf(tenant, doc), {
    hash: doc.hash ?? '',
    qrText: doc.qrText,
    state: doc.stateTypeId,
  });
  const model = { ...withCompanyPrintSettings(printed, tenant.company), ...(demo ? { notice: DEMO_NOTICE } : {}) };
  const pdf = await renderPdf(model, format);
  await deps.storage.put(tenant.schema, stateKey, pdf);
  await recordFile(tenant.db, doc.id, format === 'ticket' ? 'pdf-ticket' : 'pdf', stateKey, pdf);
  return pdf;
}
