// Fixed texts of the printed representation (SUNAT's names of each document type, currencies, catalogs).
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

/** SUNAT §6: "Representación impresa de la FACTURA ELECTRÓNICA" (greenter's wording, without the final period). */
export function representationLegend(type: PrintDocumentType): string {
  if (type === '40') return 'Representación impresa del COMPROBANTE DE PERCEPCIÓN ELECTRÓNICO';
  return `Representación impresa de la ${TITLES[type]}`;
}

const CURRENCIES: Record<string, Omit<PrintCurrency, 'code'>> = {
  PEN: { symbol: 'S/', name: 'SOLES' },
  USD: { symbol: 'US$', name: 'DÓLARES AMERICANOS' },
  EUR: { symbol: '€', name: 'EUROS' },
};

export function describeCurrency(code: string): PrintCurrency {
  const known = CURRENCIES[code];
  return known ? { code, ...known } : { code, symbol: code, name: code };
}

const IDENTITY_DOCUMENTS: Record<string, string> = {
  '0': 'DOC. TRIB. NO DOM. SIN RUC',
  '1': 'DNI',
  '4': 'CARNÉ DE EXTRANJERÍA',
  '6': 'RUC',
  '7': 'PASAPORTE',
  A: 'CÉDULA DIPLOMÁTICA',
  B: 'DOC. IDENT. PAÍS RESIDENCIA',
  C: 'TIN',
  D: 'IN',
  E: 'TAM',
  F: 'PTP',
  G: 'SALVOCONDUCTO',
};

/** Catálogo 06 label as printed next to the customer's number. */
export function identityDocumentLabel(code: string): string {
  return IDENTITY_DOCUMENTS[code] ?? 'DOC.';
}

const STATE_WATERMARKS: Record<string, string> = { '09': 'RECHAZADO', '11': 'ANULADO' };

/** A document that SUNAT rejected or that was voided must not look valid when printed. */
export function stateWatermark(stateTypeId: string | undefined): string | undefined {
  return stateTypeId ? STATE_WATERMARKS[stateTypeId] : undefined;
}
