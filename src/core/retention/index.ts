// Retention vouchers (20): body → computed retention → UBL 2.0 Retention XML. Pure, like the perception core.
import type { DocumentContext } from '../invoice/context.ts';
import { prepareWith, type Prepared } from '../invoice/prepare.ts';
import { withNumber } from '../numbering.ts';
import { computeRetention } from './compute.ts';
import { retentionBodySchema } from './schema.ts';
import type { ComputedRetention } from './types.ts';

export type { ComputedRetention, RetainedDocument } from './types.ts';
export { retentionBodySchema, type RetentionBody } from './schema.ts';
export { buildRetentionXml, retentionView } from './xml.ts';
export { RETENTION_REGIMES } from './catalogs.ts';

export function prepareRetention(body: unknown, ctx: DocumentContext): Prepared<ComputedRetention> {
  return prepareWith(body, retentionBodySchema, (parsed) => computeRetention(parsed, ctx));
}

export const assignRetentionNumber: (doc: ComputedRetention, number: number) => ComputedRetention = withNumber;
