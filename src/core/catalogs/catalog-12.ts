// Catálogo 12 — documentos relacionados tributarios (cac:AdditionalDocumentReference/cbc:DocumentTypeCode).
import { defineCatalog, type CatalogEntry } from './catalog.ts';

export interface RelatedDocumentEntry extends CatalogEntry {
  /** An advance-payment document (anticipos: 02 factura, 03 boleta; SUNAT 2505). */
  advance?: boolean;
  /** Accepted by SUNAT's current XSL in relacionados (obs 4009 accepts only 02–09 and 99). */
  acceptedAsRelated: boolean;
}

export const relatedDocumentTypes = defineCatalog<RelatedDocumentEntry>('12', 'Documentos relacionados tributarios', [
  { code: '01', description: 'Factura – emitida para corregir error en el RUC', acceptedAsRelated: false },
  { code: '02', description: 'Factura – emitida por anticipos', advance: true, acceptedAsRelated: true },
  { code: '03', description: 'Boleta de venta – emitida por anticipos', advance: true, acceptedAsRelated: true },
  { code: '04', description: 'Ticket de salida – ENAPU', acceptedAsRelated: true },
  { code: '05', description: 'Código SCOP', acceptedAsRelated: true },
  { code: '06', description: 'Factura electrónica remitente', acceptedAsRelated: true },
  { code: '07', description: 'Guía de remisión remitente', acceptedAsRelated: true },
  { code: '08', description: 'Declaración de salida del depósito franco', acceptedAsRelated: true },
  { code: '09', description: 'Declaración simplificada de importación', acceptedAsRelated: true },
  { code: '10', description: 'Liquidación de compra – emitida por anticipos', advance: true, acceptedAsRelated: false },
  { code: '99', description: 'Otros', acceptedAsRelated: true },
]);
