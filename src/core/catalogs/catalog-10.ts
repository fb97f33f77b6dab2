// Catálogo 10 — tipo de nota de débito (cac:DiscrepancyResponse/cbc:ResponseCode).
import { definePlainCatalog } from './catalog.ts';

export const debitNoteTypes = definePlainCatalog('10', 'Tipo de nota de débito', [
  ['01', 'Intereses por mora'],
  ['02', 'Aumento en el valor'],
  ['03', 'Penalidades / otros conceptos'],
  ['11', 'Ajustes de operaciones de exportación'],
  ['12', 'Ajustes afectos al IVAP'],
]);
