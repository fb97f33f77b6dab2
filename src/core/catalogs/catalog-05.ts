// Catálogo 05 — códigos de tipos de tributos. Each row carries what the UBL TaxScheme and TaxCategory need
// (SUNAT 2036/2964/2961/3051/2377 check Name and TaxTypeCode against the ID).
import { defineCatalog, type CatalogEntry } from './catalog.ts';

export interface TaxSchemeEntry extends CatalogEntry {
  code: TaxSchemeCode;
  /** cac:TaxScheme/cbc:Name. */
  name: string;
  /** cac:TaxScheme/cbc:TaxTypeCode (UN/ECE 5153). */
  taxTypeCode: 'VAT' | 'EXC' | 'OTH' | 'FRE' | 'TOX';
  /** cac:TaxCategory/cbc:ID (UN/ECE 5305). */
  categoryCode: 'S' | 'E' | 'O' | 'Z' | 'G';
  /** Whether its TaxAmount enters the document's TaxTotal (SUNAT 3294: 1000, 1016, 2000, 7152, 9999). */
  countsInTaxTotal: boolean;
}

export type TaxSchemeCode = '1000' | '1016' | '2000' | '7152' | '9995' | '9996' | '9997' | '9998' | '9999' | '3000';

export const taxSchemes = defineCatalog<TaxSchemeEntry>('05', 'Tipo de tributo', [
  {
    code: '1000',
    description: 'IGV Impuesto General a las Ventas',
    name: 'IGV',
    taxTypeCode: 'VAT',
    categoryCode: 'S',
    countsInTaxTotal: true,
  },
  {
    code: '1016',
    description: 'Impuesto a la Venta Arroz Pilado',
    name: 'IVAP',
    taxTypeCode: 'VAT',
    categoryCode: 'S',
    countsInTaxTotal: true,
  },
  {
    code: '2000',
    description: 'ISC Impuesto Selectivo al Consumo',
    name: 'ISC',
    taxTypeCode: 'EXC',
    categoryCode: 'S',
    countsInTaxTotal: true,
  },
  {
    code: '7152',
    description: 'Impuesto al Consumo de las bolsas de plástico',
    name: 'ICBPER',
    taxTypeCode: 'OTH',
    categoryCode: 'S',
    countsInTaxTotal: true,
  },
  {
    code: '9995',
    description: 'Exportación',
    name: 'EXP',
    taxTypeCode: 'FRE',
    categoryCode: 'G',
    countsInTaxTotal: false,
  },
  {
    code: '9996',
    description: 'Gratuito',
    name: 'GRA',
    taxTypeCode: 'FRE',
    categoryCode: 'Z',
    countsInTaxTotal: false,
  },
  {
    code: '9997',
    description: 'Exonerado',
    name: 'EXO',
    taxTypeCode: 'VAT',
    categoryCode: 'E',
    countsInTaxTotal: false,
  },
  {
    code: '9998',
    description: 'Inafecto',
    name: 'INA',
    taxTypeCode: 'FRE',
    categoryCode: 'O',
    countsInTaxTotal: false,
  },
  {
    code: '9999',
    description: 'Otros tributos',
    name: 'OTROS',
    taxTypeCode: 'OTH',
    categoryCode: 'S',
    countsInTaxTotal: true,
  },
  {
    code: '3000',
    description: 'Impuesto a la Renta',
    name: 'IR',
    taxTypeCode: 'TOX',
    categoryCode: 'S',
    countsInTaxTotal: false,
  },
]);

export function taxScheme(code: TaxSchemeCode): TaxSchemeEntry {
  return taxSchemes.get(code)!;
}
