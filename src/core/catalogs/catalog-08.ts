// Catálogo 08 — sistema de cálculo del ISC (cac:TaxCategory/cbc:TierRange, SUNAT 2373/2041).
import { defineCatalog, type CatalogEntry } from './catalog.ts';

export interface IscSystemEntry extends CatalogEntry {
  /** How the base is obtained: the line value (01), a fixed amount per unit (02) or the public sale price (03). */
  base: 'line_value' | 'fixed_amount' | 'public_price';
}

export const iscSystems = defineCatalog<IscSystemEntry>('08', 'Sistema de cálculo del ISC', [
  { code: '01', description: 'Sistema al valor (Apéndice IV, lit. A – T.U.O IGV e ISC)', base: 'line_value' },
  {
    code: '02',
    description: 'Aplicación del Monto Fijo (Apéndice IV, lit. B – T.U.O IGV e ISC)',
    base: 'fixed_amount',
  },
  {
    code: '03',
    description: 'Sistema de Precios de Venta al Público (Apéndice IV, lit. C – T.U.O IGV e ISC)',
    base: 'public_price',
  },
]);
