// The SUNAT Perception document: the otros CPE writer (src/core/other-cpe/xml.ts) with the Perception names.
import type { Issuer } from '../issuer.ts';
import type { OtherCpeView } from '../other-cpe/types.ts';
import { buildOtherCpeXml } from '../other-cpe/xml.ts';
import type { ComputedPerception } from './types.ts';

/** The perception under the names every otros CPE is read by. */
export function perceptionView(p: ComputedPerception): OtherCpeView {
  const documents = p.documents.map(({ perception: f, ...row }) => ({
    ...row,
    figures: f && { ...f, net: f.netCashed },
  }));
  return { ...p, party: p.receiver, total: p.totalPerceived, netTotal: p.totalCashed, documents };
}

export function buildPerceptionXml(doc: ComputedPerception, issuer: Issuer): string {
  return buildOtherCpeXml({ root: 'Perception', net: 'Cashed' }, perceptionView(doc), issuer);
}
