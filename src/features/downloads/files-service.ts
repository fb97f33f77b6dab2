// A stored document's signed XML and SUNAT's CDR as files: what the download links serve and what e-mail attaches.
import type { PipelineDeps, TenantRef } from '../../pipeline/deps.ts';
import { cdrKey, xmlKey } from '../../pipeline/files.ts';
import { rebuildSignedXml } from '../../pipeline/rebuild.ts';

export interface StoredForXml {
  documentType: string;
  filename: string;
  hash: string | null;
  computed: unknown;
}

/** The stored XML; rebuilt from the computed document (same bytes, same signature) when the file is gone. */
export async function signedXmlOf(deps: PipelineDeps, tenant: TenantRef, doc: StoredForXml): Promise<Buffer> {
  const xml = await deps.storage.get(tenant.schema, xmlKey(doc.filename));
  return xml ?? Buffer.from(rebuildSignedXml(deps, tenant, doc.documentType, doc.computed, doc.hash), 'utf8');
}

/** SUNAT's CDR zip, or null before SUNAT answered. */
export async function cdrZipOf(
  deps: Pick<PipelineDeps, 'storage'>,
  tenant: Pick<TenantRef, 'schema'>,
  filename: string,
): Promise<Buffer | null> {
  return deps.storage.get(tenant.schema, cdrKey(filename));
}
