// Catálogo 01 — tipo de documento (selection of SUNAT cat_01.xml that the API touches).
import { defineCatalog, type CatalogEntry } from './catalog.ts';

export interface DocumentTypeEntry extends CatalogEntry {
  /** Printed title of the representation ("FACTURA ELECTRÓNICA"…), when Facturo issues it. */
  printedName?: string;
  /** UBL root element Facturo builds for it. */
  ublRoot?: 'Invoice' | 'CreditNote' | 'DebitNote' | 'Perception';
}

export const documentTypes = defineCatalog<DocumentTypeEntry>('01', 'Tipo de documento', [
  { code: '01', description: 'Factura', printedName: 'FACTURA ELECTRÓNICA', ublRoot: 'Invoice' },
  { code: '03', description: 'Boleta de venta', printedName: 'BOLETA DE VENTA ELECTRÓNICA', ublRoot: 'Invoice' },
  { code: '04', description: 'Liquidación de compra' },
  { code: '07', description: 'Nota de crédito', printedName: 'NOTA DE CRÉDITO ELECTRÓNICA', ublRoot: 'CreditNote' },
  { code: '08', description: 'Nota de débito', printedName: 'NOTA DE DÉBITO ELECTRÓNICA', ublRoot: 'DebitNote' },
  { code: '09', description: 'Guía de remisión remitente' },
  { code: '12', description: 'Ticket de máquina registradora' },
  { code: '13', description: 'Documento emitido por bancos, instituciones financieras, crediticias y de seguros' },
  { code: '14', description: 'Recibo servicios públicos' },
  { code: '20', description: 'Comprobante de retención' },
  { code: '31', description: 'Guía de remisión transportista' },
  {
    code: '40',
    description: 'Comprobante de percepción',
    printedName: 'COMPROBANTE DE PERCEPCIÓN ELECTRÓNICO',
    ublRoot: 'Perception',
  },
  { code: '41', description: 'Comprobante de percepción – venta interna (físico)' },
  { code: '56', description: 'Comprobante de pago SEAE' },
  { code: '71', description: 'Guía de remisión remitente complementaria' },
  { code: '72', description: 'Guía de remisión transportista complementaria' },
]);

/** The document types POST /api/documents issues. */
export const SALES_DOCUMENT_TYPES = ['01', '03', '07', '08'] as const;
export type SalesDocumentType = (typeof SALES_DOCUMENT_TYPES)[number];

/** Document types a credit or debit note may modify (SUNAT 2116/2399/2524). */
export const NOTE_AFFECTABLE_TYPES = ['01', '03', '12', '56'] as const;

/** Despatch guides that can be referenced (cac:DespatchDocumentReference, SUNAT obs 4005). */
export const GUIDE_TYPES = ['09', '31'] as const;
