// Where a document's artefacts live in storage (one folder per tenant schema) and how they are recorded in
// document_files. Keys are derived from the SUNAT filename so a lost row can always be found again.
import { createHash } from 'node:crypto';
import type { TenantClient } from '../platform/db/clients.ts';

export type FileKind = 'xml' | 'cdr' | 'pdf' | 'pdf-ticket';

export function xmlKey(filename: string): string {
  return `xml/${filename}.xml`;
}

export function cdrKey(filename: string): string {
  return `cdr/R-${filename}.zip`;
}

export function sha256Hex(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * The document_files row of a stored artefact (insert or replace). Not for a CDR: its row is written with the
 * document's has_cdr (send.ts, consult-cdr.ts), which the list shows; an xml row only replaces the one written
 * with has_xml at insert (insert.ts).
 */
export async function recordFile(
  db: TenantClient,
  documentId: number,
  kind: Exclude<FileKind, 'cdr'>,
  storageKey: string,
  data: Buffer,
): Promise<void> {
  const values = { storageKey, sha256: sha256Hex(data), size: data.length };
  await db.documentFile.upsert({
    where: { documentId_kind: { documentId, kind } },
    create: { documentId, kind, ...values },
    update: values,
  });
}
