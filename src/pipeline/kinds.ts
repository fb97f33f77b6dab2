// Every DocumentKind, by document type: the worker, the downloads and the status answers find a stored document's
// kind here. Adding a kind is one line in KINDS; importing this module registers nothing else.
import type { AnyDocumentKind } from './document-kind.ts';
import { carrierDispatchKind, senderDispatchKind } from './dispatch-kind.ts';
import { invoiceKind } from './invoice-kind.ts';
import { perceptionKind } from './perception-kind.ts';
import { purchaseSettlementKind } from './purchase-settlement-kind.ts';
import { retentionKind } from './retention-kind.ts';

export const KINDS: readonly AnyDocumentKind[] = [
  invoiceKind,
  perceptionKind,
  retentionKind,
  purchaseSettlementKind,
  senderDispatchKind,
  carrierDispatchKind,
];

const BY_TYPE: ReadonlyMap<string, AnyDocumentKind> = new Map(
  KINDS.flatMap((kind) => kind.documentTypes.map((type) => [type, kind] as const)),
);

export function kindOfType(documentType: string): AnyDocumentKind | undefined {
  return BY_TYPE.get(documentType);
}
