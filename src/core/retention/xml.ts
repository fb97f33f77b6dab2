// The SUNAT Retention document: the otros CPE writer (src/core/other-cpe/xml.ts) with the Retention names.
import type { Issuer } from '../issuer.ts';
import type { OtherCpeView } from '../other-cpe/types.ts';
import { buildOtherCpeXml } from '../other-cpe/xml.ts';
import type { ComputedRetention } from './types.ts';

/** The retention under the names every otros CPE is read by. */
export function retentionView(r: ComputedRetention): OtherCpeView {
  const documents = r.documents.map(({ retention: f, ...row }) => ({ ...row, figures: f && { ...f, net: f.netPaid } }));
  return { ...r, party: r.supplier, total: r.totalRetained, netTotal: r.totalPaid, documents };
}

export function buildRetentionXml(doc: ComputedRetention, issuer: Issuer): string {
  return buildOtherCpeXml({ root: 'Retention', net: 'Paid' }, retentionView(doc), issuer);
}
