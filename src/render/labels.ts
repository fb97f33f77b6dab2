// Fixed texts of the printed representation (SUNAT's names of each document type, currencies, catalogs).
import { currencies, identityDocumentTypes } from '../core/catalogs/index.ts';
import type { PrintCurrency, PrintDocumentType } from './print-model.ts';

const TITLES: Record<PrintDocumentType, string> = {
  '01': 'FACTURA ELECTRÓNICA',
  '03': 'BOLETA DE VENTA ELECTRÓNICA',
  '04': 'LIQUIDACIÓN DE COMPRA ELECTRÓNICA',
  '07': 'NOTA DE CRÉDITO ELECTRÓNICA',
  '08': 'NOTA DE DÉBITO ELECTRÓNICA',
  '09': 'GUÍA DE REMISIÓN REMITENTE ELECTRÓNICA',
  '31': 'GUÍA DE REMISIÓN TRANSPORTISTA ELECTRÓNICA',
  '20': 'COMPROBANTE DE RETENCIÓN',
  '40': 'COMPROBANTE DE PERCEPCIÓN',
};

/** How a voucher that lists related documents (20, 40) names its party, per-document amounts and totals. */
export interface VoucherWording {
  party: string;
  amount: string;
  net: string;
  totalAmount: string;
  totalNet: string;
}

const VOUCHER_WORDING: Partial<Record<PrintDocumentType, VoucherWording>> = {
  '20': {
    party: 'Proveedor',
    amount: 'Retenido',
    net: 'Neto pagado',
    totalAmount: 'Importe total retenido',
    totalNet: 'IMPORTE TOTAL PAGADO',
  },
  '40': {
    party: 'Cliente',
    amount: 'Percibido',
    net: 'Total cobrado',
    totalAmount: 'Importe total percibido',
    totalNet: 'IMPORTE TOTAL COBRADO',
  },
};

/** The wording of a retention or perception voucher; undefined for documents with lines. */
export function voucherWording(type: PrintDocumentType): VoucherWording | undefined {
  return VOUCHER_WORDING[type];
}

/** How the party block names the counterpart: the seller of a liquidación de compra, the voucher's party, else
 *  the customer. */
export function partyLabel(type: PrintDocumentType): string {
  if (type === '04') return 'Vendedor';
  return voucherWording(type)?.party ?? 'Señor(es)';
}

/** The title in the framed box: "FACTURA ELECTRÓNICA". */
export function documentTitle(type: PrintDocumentType): string {
  return TITLES[type];
}

/** SUNAT's heading: "Representación impresa de la FACTURA ELECTRÓNICA" (greenter's wording, without the final period). */
export function representationLegend(type: PrintDocumentType): string {
  if (type === '40') return 'Representación impresa del COMPROBANTE DE PERCEPCIÓN ELECTRÓNICO';
  if (type === '20') return 'Representación impresa del COMPROBANTE DE RETENCIÓN ELECTRÓNICO';
  return `Representación impresa de la ${TITLES[type]}`;
}

/** Currency as printed, from catálogo 02 (symbol and plural name); an unknown code prints as itself. */
export function describeCurrency(code: string): PrintCurrency {
  const entry = currencies.get(code);
  return { code, symbol: entry?.symbol ?? code, name: entry?.plural ?? entry?.description.toUpperCase() ?? code };
}

/** Catálogo 06 short label printed next to the customer's number ("RUC", "DNI"). */
export function identityDocumentLabel(code: string): string {
  return identityDocumentTypes.get(code)?.label ?? 'DOC.';
}

// 13: a void (comunicación de baja, resumen) SUNAT has not answered yet; ANULADO once it accepts it (11).
const STATE_WATERMARKS: Record<string, string> = { '09': 'RECHAZADO', '11': 'ANULADO', '13': 'POR ANULAR' };

/** The banner of a document issued in demo mode (SUNAT beta or the simulator): it has no tax value. */
export const DEMO_NOTICE = 'DEMO — SIN VALOR TRIBUTARIO';

/** A document that SUNAT rejected or that was voided must not look valid when printed. */
export function stateWatermark(stateTypeId: string | undefined): string | undefined {
  return stateTypeId ? STATE_WATERMARKS[stateTypeId] : undefined;
}
