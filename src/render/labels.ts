// Fixed texts of the printed representation (SUNAT's names of each document type, currencies, catalogs).
import { currencies, identityDocumentTypes } from '../core/catalogs/index.ts';
import type { PrintCurrency, PrintDocumentType } from './print-model.ts';

const TITLES: Record<PrintDocumentType, string> = {
  '01': 'FACTURA ELECTRÓNICA',
  '03': 'BOLETA DE VENTA ELECTRÓNICA',
  '07': 'NOTA DE CRÉDITO ELECTRÓNICA',
  '08': 'NOTA DE DÉBITO ELECTRÓNICA',
  '40': 'COMPROBANTE DE PERCEPCIÓN',
};

/** The title in the framed box: "FACTURA ELECTRÓNICA". */
export function documentTitle(type: PrintDocumentType): string {
  return TITLES[type];
}

/** SUNAT's heading: "Representación impresa de la FACTURA ELECTRÓNICA" (greenter's wording, without the final period). */
export function representationLegend(type: PrintDocumentType): string {
  if (type === '40') return 'Representación impresa del COMPROBANTE DE PERCEPCIÓN ELECTRÓNICO';
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

const STATE_WATERMARKS: Record<string, string> = { '09': 'RECHAZADO', '11': 'ANULADO' };

/** A document that SUNAT rejected or that was voided must not look valid when printed. */
export function stateWatermark(stateTypeId: string | undefined): string | undefined {
  return stateTypeId ? STATE_WATERMARKS[stateTypeId] : undefined;
}
