// FacturadorPro's envelopes: what ERPs already parse. Only presentation here.
import { renderQrPng } from '../../render/index.ts';
import type { IssuedDocument } from '../../pipeline/issue.ts';
import { kindOfType } from '../../pipeline/kinds.ts';
import { stateDescription } from '../../pipeline/states.ts';

export type DownloadSegment = 'document' | 'perception' | 'retention';

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

/** SUNAT's answer as FacturadorPro shows it; `[]` when the document was never answered. */
export function responseOf(
  doc: Pick<IssuedDocument, 'sunatResponse'>,
): { code: string; description: string; notes: string[] } | [] {
  return doc.sunatResponse ?? [];
}

export async function issueEnvelope(doc: IssuedDocument, baseUrl: string, segment: DownloadSegment) {
  return {
    success: true as const,
    data: {
      number: `${doc.serie}-${doc.number}`,
      filename: doc.filename,
      external_id: doc.externalId,
      state_type_id: doc.stateTypeId,
      state_type_description: stateDescription(doc.stateTypeId),
      number_to_letter: doc.numberToLetter,
      hash: doc.hash,
      qr: doc.qrText ? (await renderQrPng(doc.qrText, 150)).toString('base64') : '',
      qr_text: doc.qrText ?? '',
      ...(doc.wasDuplicate ? { was_duplicate: true } : {}),
    },
    links: downloadLinks(baseUrl, segment, doc.externalId, doc.hasCdr),
    response: responseOf(doc),
    warnings: doc.warnings,
  };
}
