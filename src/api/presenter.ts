// FacturadorPro's envelopes: what ERPs already parse. Only presentation here.
import type { IssuedDocument } from '../pipeline/issue.ts';
import { stateDescription } from '../pipeline/states.ts';
import {
  type DownloadSegment,
  documentNameOf,
  downloadLinks,
  qrFieldsOf,
  sunatAnswerOf,
} from '../pipeline/status-view.ts';

// The pieces every envelope names a document with live in the pipeline (the webhooks' events present documents too).
export {
  type DownloadSegment,
  documentNameOf,
  downloadLinks,
  qrFieldsOf,
  segmentOfType,
  sunatAnswerOf,
} from '../pipeline/status-view.ts';

/** A document's state as every answer shows it: the code and its Spanish description. */
export function stateFieldsOf(stateTypeId: string) {
  return { state_type_id: stateTypeId, state_type_description: stateDescription(stateTypeId) };
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
