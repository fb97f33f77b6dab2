// FacturadorPro's envelopes for the guides: success, data naming the guide (number, filename, external_id, its
// state and SUNAT's ticket), links xml/pdf/cdr under /downloads/dispatch, SUNAT's last answer. Presentation only.
import { renderQrPng } from '../../render/index.ts';
import type { IssuedDocument } from '../../pipeline/issue.ts';
import { stateDescription } from '../../pipeline/states.ts';

export type StoredGuide = Pick<
  IssuedDocument,
  'externalId' | 'documentType' | 'serie' | 'number' | 'filename' | 'stateTypeId' | 'hasCdr'
> & { sunatTicket: string | null; sunatResponse: unknown };

export function guideLinks(baseUrl: string, externalId: string, hasCdr: boolean) {
  const base = `${baseUrl}/downloads/dispatch`;
  return {
    xml: `${base}/xml/${externalId}`,
    pdf: `${base}/pdf/${externalId}`,
    cdr: hasCdr ? `${base}/cdr/${externalId}` : '',
  };
}

export function sunatAnswer(value: unknown): { code: string; description: string; notes: string[] } | [] {
  const r = value as { code?: unknown; description?: unknown; notes?: unknown } | null | undefined;
  if (!r || typeof r !== 'object') return [];
  return {
    code: String(r.code),
    description: String(r.description),
    notes: Array.isArray(r.notes) ? r.notes.map(String) : [],
  };
}

export function guideData(guide: StoredGuide) {
  return {
    number: `${guide.serie}-${guide.number}`,
    filename: guide.filename,
    external_id: guide.externalId,
    state_type_id: guide.stateTypeId,
    state_type_description: stateDescription(guide.stateTypeId),
    ticket: guide.sunatTicket,
  };
}

export async function issueAnswer(
  guide: StoredGuide & { hash: string; qrText: string | null; wasDuplicate: boolean; warnings: unknown[] },
  baseUrl: string,
) {
  return {
    success: true as const,
    data: {
      ...guideData(guide),
      hash: guide.hash,
      qr: guide.qrText ? (await renderQrPng(guide.qrText, 150)).toString('base64') : '',
      qr_text: guide.qrText ?? '',
      ...(guide.wasDuplicate ? { was_duplicate: true } : {}),
    },
    links: guideLinks(baseUrl, guide.externalId, guide.hasCdr),
    response: sunatAnswer(guide.sunatResponse),
    warnings: guide.warnings,
  };
}

export function sendAnswer(guide: StoredGuide, baseUrl: string) {
  return {
    success: true as const,
    data: guideData(guide),
    links: guideLinks(baseUrl, guide.externalId, guide.hasCdr),
    response: sunatAnswer(guide.sunatResponse),
  };
}
