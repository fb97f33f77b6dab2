// Catálogo 16 — tipo de precio de venta unitario (cac:AlternativeConditionPrice/cbc:PriceTypeCode, SUNAT 2410).
import { defineCatalog, type CatalogEntry } from './catalog.ts';

export interface PriceTypeEntry extends CatalogEntry {
  /** 01: price including taxes of an onerous line; 02: referential unit value of a free line. */
  onerous: boolean;
}

export const priceTypes = defineCatalog<PriceTypeEntry>('16', 'Tipo de precio de venta unitario', [
  { code: '01', description: 'Precio unitario (incluye el IGV)', onerous: true },
  { code: '02', description: 'Valor referencial unitario en operaciones no onerosas', onerous: false },
]);
