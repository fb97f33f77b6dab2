// Retention vouchers (20) as a DocumentKind (src/pipeline/other-cpe-kind.ts).
import {
  assignRetentionNumber,
  buildRetentionXml,
  prepareRetention,
  retentionBodySchema,
  retentionView,
} from '../core/retention/index.ts';
import { otherCpeKind } from './other-cpe-kind.ts';

export const retentionKind = otherCpeKind({
  name: 'retention',
  documentType: '20',
  bodySchema: retentionBodySchema,
  prepare: prepareRetention,
  assignNumber: assignRetentionNumber,
  buildXml: buildRetentionXml,
  view: retentionView,
});
