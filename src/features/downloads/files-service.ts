// A stored document's signed XML and SUNAT's CDR as files: what the download links serve and what e-mail attaches.
import type { PipelineDeps, TenantRef } from '../../pipeline/deps.ts';
import { cdrKey } from '../../pipeline/files.ts';
import { readSignedXml, type StoredForXml } from '../../pipeline/rebuild.ts';

export type { StoredForXml } from '../../pipeline/rebuild.ts';

/** The stored XML; made again from the computed document (same bytes, same signature) when the file is not whole. */
export async function signedXmlOf(deps: PipelineDeps, tenant: TenantRef, doc: StoredForXml): Promise<Buffer> {
  return (await readSignedXml(deps, tenant, doc)).xml;
}

/** SUNAT's CDR zip, or null before SUNAT answered. */
export async function cdrZipOf(
  deps: Pick<PipelineDeps, 'storage'>,
  tenant: Pick<TenantRef, 'schema'>,
  filename: string,
): Promise<Buffer | null> {
  return deps.storage.get(tenant.schema, cdrKey(filename));
}
