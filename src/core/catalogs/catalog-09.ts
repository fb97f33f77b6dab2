// Catálogo 09 — tipo de nota de crédito (cac:DiscrepancyResponse/cbc:ResponseCode, SUNAT 2128).
import { defineCatalog, type CatalogEntry } from './catalog.ts';

export interface CreditNoteTypeEntry extends CatalogEntry {
  /** Only for notes modifying facturas (SUNAT 3259: type 13). */
  facturaOnly?: boolean;
  /** Carries FormaPago/Cuota blocks (type 13: adjustments of the pending amount or due dates). */
  carriesInstallments?: boolean;
}

export const creditNoteTypes = defineCatalog<CreditNoteTypeEntry>('09', 'Tipo de nota de crédito', [
  { code: '01', description: 'Anulación de la operación' },
  { code: '02', description: 'Anulación por error en el RUC' },
  { code: '03', description: 'Corrección por error en la descripción' },
  { code: '04', description: 'Descuento global' },
  { code: '05', description: 'Descuento por ítem' },
  { code: '06', description: 'Devolución total' },
  { code: '07', description: 'Devolución por ítem' },
  { code: '08', description: 'Bonificación' },
  { code: '09', description: 'Disminución en el valor' },
  { code: '10', description: 'Otros conceptos' },
  { code: '11', description: 'Ajustes de operaciones de exportación' },
  { code: '12', description: 'Ajustes afectos al IVAP' },
  { code: '13', description: 'Ajustes – montos y/o fechas de pago', facturaOnly: true, carriesInstallments: true },
]);
