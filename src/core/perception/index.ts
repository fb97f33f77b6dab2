// Perception vouchers (40): body → computed perception → UBL 2.0 Perception XML. Pure, like the invoice core.
import type { DocumentContext } from '../invoice/context.ts';
import { prepareWith, type Prepared } from '../invoice/prepare.ts';
import { withNumber } from '../numbering.ts';
import { computePerception } from './compute.ts';
import { perceptionBodySchema } from './schema.ts';
import type { ComputedPerception } from './types.ts';

export type { ComputedPerception, PerceivedDocument } from './types.ts';
export { perceptionBodySchema, type PerceptionBody } from './schema.ts';
export { buildPerceptionXml, perceptionView } from './xml.ts';
export { PERCEPTION_REGIMES } from './catalogs.ts';

export type PreparePerceptionResult = Prepared<ComputedPerception>;

export function preparePerception(body: unknown, ctx: DocumentContext): PreparePerceptionResult {
  return prepareWith(body, perceptionBodySchema, (parsed) => computePerception(parsed, ctx));
}

export const assignPerceptionNumber: (doc: ComputedPerception, number: number) => ComputedPerception = withNumber;
