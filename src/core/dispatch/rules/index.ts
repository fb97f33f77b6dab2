// The rule tables of each guide, in the order SUNAT reads a guide: parties, related documents, shipment, points.
import type { CarrierContext, DispatchRule, SenderContext } from '../context.ts';
import { CARRIER_RULES } from './carrier.ts';
import { RELATED_RULES } from './related.ts';
import { SENDER_RULES } from './sender.ts';
import { SHARED_RULES } from './shared.ts';

export { issuerDefaults } from './related.ts';

export const SENDER_DISPATCH_RULES: readonly DispatchRule<SenderContext>[] = [
  ...SENDER_RULES,
  ...RELATED_RULES,
  ...SHARED_RULES,
];

export const CARRIER_DISPATCH_RULES: readonly DispatchRule<CarrierContext>[] = [
  ...CARRIER_RULES,
  ...RELATED_RULES,
  ...SHARED_RULES,
];
