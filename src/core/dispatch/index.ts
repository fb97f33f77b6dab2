// Guías de remisión electrónicas — remitente (09) and transportista (31): body → computed guide → UBL 2.1
// DespatchAdvice (SUNAT GRE 2022). Pure, like the invoice core: the clock, the issuer and the keys are arguments.
import type { DocumentContext } from '../invoice/context.ts';
import { prepareWith, type Prepared } from '../invoice/prepare.ts';
import { documentFilename } from '../filenames.ts';
import { withNumber } from '../numbering.ts';
import { computeCarrierDispatch, computeSenderDispatch } from './compute.ts';
import { carrierDispatchBodySchema, senderDispatchBodySchema, type DispatchKind } from './schema.ts';
import type { ComputedDispatch } from './types.ts';

export type * from './types.ts';
export {
  carrierDispatchBodySchema,
  senderDispatchBodySchema,
  type CarrierDispatchBody,
  type DispatchKind,
  type SenderDispatchBody,
} from './schema.ts';
export { buildDispatchXml, DESPATCH_ADVICE_NS } from './xml.ts';
export { HAND_OVER_DATE_REQUIRED_FROM } from './context.ts';
export { SENDER_DISPATCH_RULES, CARRIER_DISPATCH_RULES } from './rules/index.ts';

export type PrepareDispatchResult = Prepared<ComputedDispatch>;

/** POST /api/dispatches (09, `sender`) or POST /api/dispatch-carrier (31, `carrier`): the body judged and computed. */
export function prepareDispatch(body: unknown, ctx: DocumentContext, kind: DispatchKind): PrepareDispatchResult {
  return kind === 'sender'
    ? prepareWith(body, senderDispatchBodySchema, (parsed) => computeSenderDispatch(parsed, ctx))
    : prepareWith(body, carrierDispatchBodySchema, (parsed) => computeCarrierDispatch(parsed, ctx));
}

export const assignDispatchNumber: (doc: ComputedDispatch, number: number) => ComputedDispatch = withNumber;

/** `RUC-09-T001-123` (SUNAT's file name; the GRE REST API's path segment without extension). */
export function dispatchFilename(doc: ComputedDispatch, issuerRuc: string): string {
  if (doc.number === null) throw new Error('dispatchFilename: the guide has no number yet');
  return documentFilename(issuerRuc, doc.documentType, doc.series, doc.number);
}
