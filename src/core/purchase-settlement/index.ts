// Liquidación de compra (04): body → computed settlement → UBL 2.1 SelfBilledInvoice XML. Pure, like the invoice core.
import type { DocumentContext } from '../invoice/context.ts';
import { prepareWith, type Prepared } from '../invoice/prepare.ts';
import { withNumber } from '../numbering.ts';
import { computePurchaseSettlement } from './compute.ts';
import { purchaseSettlementBodySchema } from './schema.ts';
import type { ComputedPurchaseSettlement } from './types.ts';

export type { ComputedPurchaseSettlement, SettlementLine, SettlementSeller, SettlementTotals } from './types.ts';
export { purchaseSettlementBodySchema, type PurchaseSettlementBody } from './schema.ts';
export { buildPurchaseSettlementXml } from './xml.ts';
export { SETTLEMENT_OPERATIONS, LOCATION_TYPES } from './catalogs.ts';
export { SETTLEMENT_RULES } from './rules.ts';

export function preparePurchaseSettlement(body: unknown, ctx: DocumentContext): Prepared<ComputedPurchaseSettlement> {
  return prepareWith(body, purchaseSettlementBodySchema, (parsed) => computePurchaseSettlement(parsed, ctx));
}

export const assignPurchaseSettlementNumber: (
  doc: ComputedPurchaseSettlement,
  number: number,
) => ComputedPurchaseSettlement = withNumber;
