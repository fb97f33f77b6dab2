// The checks of a computed liquidación de compra that are not arithmetic, one small named rule each, citing the
// SUNAT code of ValidaExprRegLiquidacion it anticipates. Errors refuse the document; observations warn.
import { ubigeoStatus } from '../catalogs/ubigeo/index.ts';
import { exceeds, outOfRangeMessage } from '../invoice/rules/magnitudes.ts';
import { issue, warning } from '../issues.ts';
import { Decimal } from '../money.ts';
import type { Findings } from '../other-cpe/compute.ts';
import type { ComputedPurchaseSettlement } from './types.ts';

export interface SettlementRule {
  name: string;
  /** SUNAT's code for what the rule anticipates. */
  sunatRule: string;
  check(doc: ComputedPurchaseSettlement, f: Findings): void;
}

/** The place of the operation must be a district of catalog 13: SUNAT rejects any other code (2917). */
const placeUbigeo: SettlementRule = {
  name: 'placeUbigeo',
  sunatRule: '2917',
  check(doc, f) {
    const path = 'datos_de_la_operacion.ubigeo';
    const status = ubigeoStatus(doc.place.ubigeo);
    if (status === 'district') return;
    if (status === 'unknown-district') {
      const message = `El ubigeo ${doc.place.ubigeo} no figura en nuestro catálogo; SUNAT lo rechaza si no está en su catálogo 13 (2917).`;
      f.warnings.push(warning(path, 'ubigeo_not_in_catalog', message, '2917'));
      return;
    }
    const message = `El ubigeo ${doc.place.ubigeo} del lugar de la operación no es un distrito del catálogo 13 (SUNAT 2917).`;
    f.issues.push(issue(path, 'ubigeo_invalid', message, { sunatRule: '2917' }));
  },
};

/** The seller's ubigeo outside catalog 13 is an observation (4339). */
const sellerUbigeo: SettlementRule = {
  name: 'sellerUbigeo',
  sunatRule: '4339',
  check(doc, f) {
    if (ubigeoStatus(doc.seller.ubigeo) === 'district') return;
    const message = `El ubigeo ${doc.seller.ubigeo} del vendedor no es un distrito del catálogo 13: SUNAT lo observará (4339).`;
    f.warnings.push(warning('datos_del_proveedor.ubigeo', 'ubigeo_not_in_catalog', message, '4339'));
  },
};

/** A DNI has 8 digits; SUNAT does not check it on a 04, so another form is only noted. */
const sellerDni: SettlementRule = {
  name: 'sellerDni',
  sunatRule: '2801',
  check(doc, f) {
    if (doc.seller.documentType !== '1' || /^\d{8}$/.test(doc.seller.documentNumber)) return;
    const message = `El DNI del vendedor suele tener 8 dígitos; se recibió "${doc.seller.documentNumber}".`;
    f.warnings.push(warning('datos_del_proveedor.numero_documento', 'customer_document_number_unusual', message));
  },
};

/**
 * A purchase of gold (0503) must carry, on every line, the item properties 6000, 6004, 6005 and 6006 (SUNAT
 * 2466–2469); this API does not take them yet, so such a settlement would be rejected.
 */
const goldPurchase: SettlementRule = {
  name: 'goldPurchase',
  sunatRule: '2466',
  check(doc, f) {
    if (doc.operationType !== '0503') return;
    const message =
      'La compra de oro (0503) exige en cada ítem las propiedades 6000, 6004, 6005 y 6006 (SUNAT 2466–2469), que esta API aún no recibe.';
    f.issues.push(issue('codigo_tipo_operacion', 'operation_products_required', message, { sunatRule: '2466' }));
  },
};

/** A settlement pays something: a PayableAmount of zero (all values zero) is not a purchase SUNAT takes (2062). */
const positivePayable: SettlementRule = {
  name: 'positivePayable',
  sunatRule: '2062',
  check(doc, f) {
    if (Number(doc.totals.payable) > 0) return;
    const message = 'El importe a pagar al vendedor debe ser mayor que cero (PayableAmount, SUNAT 2062).';
    f.issues.push(issue('items', 'amount_zero_invalid', message, { sunatRule: '2062' }));
  },
};

/** Amounts have at most 12 integer digits (SUNAT's format, and the database's columns): a product of large
 *  quantities and values that overflows is refused at the line, before anything is numbered. */
const amountsInRange: SettlementRule = {
  name: 'amountsInRange',
  sunatRule: '2062',
  check(doc, f) {
    for (const line of doc.lines) {
      const big = [line.total, line.unitPrice].map((a) => new Decimal(a)).find((a) => exceeds(a, 2));
      if (big) f.issues.push(issue(`items[${line.index - 1}].cantidad`, 'amount_out_of_range', outOfRangeMessage(big)));
    }
    const total = new Decimal(doc.totals.total);
    if (exceeds(total, 2)) f.issues.push(issue('items', 'amount_out_of_range', outOfRangeMessage(total)));
  },
};

export const SETTLEMENT_RULES: readonly SettlementRule[] = [
  amountsInRange,
  placeUbigeo,
  sellerUbigeo,
  sellerDni,
  goldPurchase,
  positivePayable,
];
