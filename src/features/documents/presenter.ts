// FacturadorPro's envelopes: what ERPs already parse. Only presentation here.
import { renderQrPng } from '../../render/index.ts';
import type { IssuedDocument } from '../../pipeline/issue.ts';
import { kindOfType } from '../../pipeline/kinds.ts';
import { stateDescription } from '../../pipeline/states.ts';

export type { DownloadSegment } from '../../pipeline/kinds.ts';
import type { DownloadSegment } from '../../pipeline/kinds.ts';

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

/** A document's state as every answer shows it: the code and its Spanish description. */
export function stateFieldsOf(stateTypeId: string) {
  return { state_type_id: stateTypeId, state_type_description: stateDescription(stateTypeId) };
}

/** The QR as FacturadorPro sends it: the PNG in base64 and its text, both empty when the document has none. */
export async function qrFieldsOf(qrText: string | null | undefined) {
  return { qr: qrText ? (await renderQrPng(qrText, 150)).toString('base64') : '', qr_text: qrText ?? '' };
}

export async function issueEnvelope(doc: IssuedDocument, baseUrl: string, segment: DownloadSegment) {
  return {
    success: true as const,
    data: {
      ...documentNameOf(doc),
      ...stateFieldsOf(doc.stateTypeId),
      number_to_letter: doc.numberToLetter,
      hash: doc.hash,
      ...(await qrFieldsOf(doc.qrText)),
      ...(doc.wasDuplicate ? { was_duplicate: true } : {}),
    },
    links: downloadLinks(baseUrl, segment, doc.externalId, doc.hasCdr),
    response: sunatAnswerOf(doc.sunatResponse),
    warnings: doc.warnings,
  };
}
