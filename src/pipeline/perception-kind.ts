// Perception vouchers (40) as a DocumentKind (src/pipeline/other-cpe-kind.ts).
import {
  assignPerceptionNumber,
  buildPerceptionXml,
  perceptionBodySchema,
  perceptionView,
  preparePerception,
} from '../core/perception/index.ts';
import { otherCpeKind } from './other-cpe-kind.ts';

export const perceptionKind = otherCpeKind({
  name: 'perception',
  documentType: '40',
  bodySchema: perceptionBodySchema,
  prepare: preparePerception,
  assignNumber: assignPerceptionNumber,
  buildXml: buildPerceptionXml,
  view: perceptionView,
});
