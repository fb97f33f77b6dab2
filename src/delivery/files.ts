// A stored document's signed XML and SUNAT's CDR as files: what the download links serve and what e-mail attaches.
import type { PipelineDeps, TenantRef } from '../pipeline/deps.ts';
import { cdrKey } from '../pipeline/files.ts';
import { readSignedXml, type StoredForXml } from '../pipeline/rebuild.ts';

export type { StoredForXml } from '../pipeline/rebuild.ts';

/** The stored XML; made again from the computed document (same bytes, same signature) when the file is not whole. */
export async function signedXmlOf(deps: PipelineDeps, tenant: TenantRef, doc: StoredForXml): Promise<Buffer> {
  return (await readSignedXml(deps, tenant, doc)).xml;
}

/**
 * SUNAT's CDR zip, or null before SUNAT answered: the bytes of its file row (migration 0012), or — for an answer
 * recorded before they moved there — the file in storage.
 */
export async function cdrZipOf(
  deps: Pick<PipelineDeps, 'storage'>,
  tenant: Pick<TenantRef, 'schema' | 'db'>,
  doc: { id: number; filename: string },
): Promise<Buffer | null> {
  const row = await tenant.db.documentFile.findUnique({
    where: { documentId_kind: { documentId: doc.id, kind: 'cdr' } },
    select: { data: true },
  });
  if (row?.data) return Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
  return deps.storage.get(tenant.schema, cdrKey(doc.filename));
}
