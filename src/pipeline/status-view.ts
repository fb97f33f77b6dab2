// What POST /api/documents/status answers for a stored document, and the pieces every envelope names a document
// with. Here, below the features, because two of them present it: the status route, and the webhooks whose events
// carry this very answer as their `data`.
import { renderQrPng } from '../render/index.ts';
import type { Stored } from './issue.ts';
import type { DownloadSegment } from './document-kind.ts';
import { kindOfType } from './kinds.ts';
import { stateDescription } from './states.ts';

export type { DownloadSegment };

/** The downloads segment of a stored document's type (its kind's). */
export function segmentOfType(documentType: string): DownloadSegment {
  return kindOfType(documentType)?.downloadSegment ?? 'document';
}

export function downloadLinks(baseUrl: string, segment: DownloadSegment, externalId: string, hasCdr: boolean) {
  const base = `${baseUrl}/downloads/${segment}`;
  return {
    xml: `${base}/xml/${externalId}`,
    pdf: `${base}/pdf/${externalId}`,
    cdr: hasCdr ? `${base}/cdr/${externalId}` : '',
  };
}

/** SUNAT's answer as FacturadorPro shows it, from the stored sunat_response; `[]` when it was never answered. */
export function sunatAnswerOf(value: unknown): { code: string; description: string; notes: string[] } | [] {
  const r = value as { code?: unknown; description?: unknown; notes?: string[] } | null | undefined;
  return r ? { code: String(r.code), description: String(r.description), notes: r.notes ?? [] } : [];
}

/** How every envelope names a stored document. */
export function documentNameOf(doc: { serie: string; number: number; filename: string; externalId: string }) {
  return { number: `${doc.serie}-${doc.number}`, filename: doc.filename, external_id: doc.externalId };
}

/** The QR as FacturadorPro sends it: the PNG in base64 and its text, both empty when the document has none. */
export async function qrFieldsOf(qrText: string | null | undefined) {
  return { qr: qrText ? (await renderQrPng(qrText, 150)).toString('base64') : '', qr_text: qrText ?? '' };
}

/** A document as read with STORED_SELECT (issue.ts). */
export type StoredDocument = Omit<Stored, 'id'>;

/**
 * The status answer of `doc`. `at` replaces its state and SUNAT answer with those of an earlier moment (a webhook
 * event presents the document as that change left it, however it changed since).
 */
export async function documentStatusView(
  doc: StoredDocument,
  baseUrl: string,
  at?: { state: string; sunatResponse: unknown },
) {
  const state = at?.state ?? doc.stateTypeId;
  const hasCdr = doc.files.some((f) => f.kind === 'cdr');
  const description = stateDescription(state);
  return {
    success: true as const,
    data: {
      ...documentNameOf(doc),
      document_type_id: doc.documentType,
      codigo_establecimiento: doc.establishmentCode,
      state_type_id: state,
      state_type_description: description,
      status_id: state,
      status: description,
      hash: doc.hash ?? '',
      ...(await qrFieldsOf(doc.qrText)),
      number_to_letter: kindOfType(doc.documentType)?.numberToLetter(doc.computed) ?? '',
    },
    links: downloadLinks(baseUrl, segmentOfType(doc.documentType), doc.externalId, hasCdr),
    response: sunatAnswerOf(at ? at.sunatResponse : doc.sunatResponse),
  };
}
