// The signed XML again from the stored computed document: used when the file write after the commit was lost
// (crash). RSA PKCS#1 v1.5 signatures are deterministic, so the result is the very file that was hashed; the
// stored hash proves it.
import { signCanonicalXml } from '../core/signing/canonical.ts';
import type { PipelineDeps, TenantRef } from './deps.ts';
import { issuerOf } from './deps.ts';
import { signingKeyOf } from './keys.ts';
import { kindOfType } from './kinds.ts';

export function rebuildSignedXml(
  deps: PipelineDeps,
  tenant: TenantRef,
  documentType: string,
  computed: unknown,
  hash: string | null,
): string {
  const kind = kindOfType(documentType);
  if (!kind || !computed)
    throw new Error(`cannot rebuild the XML of a ${documentType} document without its computed form`);
  const xml = kind.buildXml(computed, issuerOf(tenant.company));
  const signed = signCanonicalXml(xml, signingKeyOf(tenant.schema, tenant.company, deps.secrets));
  if (hash && signed.digestValue !== hash) throw new Error('the rebuilt XML does not match the stored hash');
  return signed.xml;
}
