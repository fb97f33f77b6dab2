// Catálogo 10 — tipo de nota de débito (cac:DiscrepancyResponse/cbc:ResponseCode).
import { defineCatalog, type CatalogEntry } from './catalog.ts';

export const debitNoteTypes = defineCatalog<CatalogEntry>('10', 'Tipo de nota de débito', [
  { code: '01', description: 'Intereses por mora' },
  { code: '02', description: 'Aumento en el valor' },
  { code: '03', description: 'Penalidades / otros conceptos' },
  { code: '11', description: 'Ajustes de operaciones de exportación' },
  { code: '12', description: 'Ajustes afectos al IVAP' },
]);
