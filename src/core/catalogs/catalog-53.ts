// Catálogo 53 — códigos de cargos, descuentos y otras deducciones (cbc:AllowanceChargeReasonCode). Each code
// knows its level (line or document: obs 4268/4291 when misplaced), whether it is a charge (3114), whether it
// changes the IGV base, and which total of LegalMonetaryTotal it feeds.
import { defineCatalog, type CatalogEntry } from './catalog.ts';

export interface AllowanceChargeEntry extends CatalogEntry {
  level: 'line' | 'global';
  /** cbc:ChargeIndicator: true for charges, false for discounts and deductions. */
  charge: boolean;
  /** Changes the taxable base (line value for 00/47; 1000 base for 02/04/49; 9997/9998 for 05/06). */
  affectsBase: boolean;
  /** Where the amount goes: AllowanceTotalAmount (3300), ChargeTotalAmount (3301), PrepaidAmount-related, nowhere. */
  feeds:
    | 'line_value'
    | 'taxed_base'
    | 'advance'
    | 'allowance_total'
    | 'charge_total'
    | 'perception'
    | 'retention'
    | 'none';
  /** For advances: the base they reduce. */
  advanceOf?: 'taxed' | 'exonerated' | 'unaffected';
}

export const allowanceChargeCodes = defineCatalog<AllowanceChargeEntry>(
  '53',
  'Cargos, descuentos y otras deducciones',
  [
    {
      code: '00',
      description: 'Descuentos que afectan la base imponible del IGV/IVAP',
      level: 'line',
      charge: false,
      affectsBase: true,
      feeds: 'line_value',
    },
    {
      code: '01',
      description: 'Descuentos que no afectan la base imponible del IGV/IVAP',
      level: 'line',
      charge: false,
      affectsBase: false,
      feeds: 'allowance_total',
    },
    {
      code: '02',
      description: 'Descuentos globales que afectan la base imponible del IGV/IVAP',
      level: 'global',
      charge: false,
      affectsBase: true,
      feeds: 'taxed_base',
    },
    {
      code: '03',
      description: 'Descuentos globales que no afectan la base imponible del IGV/IVAP',
      level: 'global',
      charge: false,
      affectsBase: false,
      feeds: 'allowance_total',
    },
    {
      code: '04',
      description: 'Descuentos globales por anticipos que afectan la base imponible del IGV/IVAP',
      level: 'global',
      charge: false,
      affectsBase: true,
      feeds: 'advance',
      advanceOf: 'taxed',
    },
    {
      code: '05',
      description: 'Descuentos globales por anticipos exonerados',
      level: 'global',
      charge: false,
      affectsBase: true,
      feeds: 'advance',
      advanceOf: 'exonerated',
    },
    {
      code: '06',
      description: 'Descuentos globales por anticipos inafectos',
      level: 'global',
      charge: false,
      affectsBase: true,
      feeds: 'advance',
      advanceOf: 'unaffected',
    },
    { code: '20', description: 'Anticipos de ISC', level: 'global', charge: false, affectsBase: false, feeds: 'none' },
    { code: '45', description: 'FISE', level: 'global', charge: true, affectsBase: false, feeds: 'charge_total' },
    {
      code: '46',
      description: 'Recargo al consumo y/o propinas',
      level: 'global',
      charge: true,
      affectsBase: false,
      feeds: 'charge_total',
    },
    {
      code: '47',
      description: 'Cargos que afectan la base imponible del IGV/IVAP',
      level: 'line',
      charge: true,
      affectsBase: true,
      feeds: 'line_value',
    },
    {
      code: '48',
      description: 'Cargos que no afectan la base imponible del IGV/IVAP',
      level: 'line',
      charge: true,
      affectsBase: false,
      feeds: 'charge_total',
    },
    {
      code: '49',
      description: 'Cargos globales que afectan la base imponible del IGV/IVAP',
      level: 'global',
      charge: true,
      affectsBase: true,
      feeds: 'taxed_base',
    },
    {
      code: '50',
      description: 'Cargos globales que no afectan la base imponible del IGV/IVAP',
      level: 'global',
      charge: true,
      affectsBase: false,
      feeds: 'charge_total',
    },
    {
      code: '51',
      description: 'Percepción venta interna',
      level: 'global',
      charge: true,
      affectsBase: false,
      feeds: 'perception',
    },
    {
      code: '52',
      description: 'Percepción a la adquisición de combustible',
      level: 'global',
      charge: true,
      affectsBase: false,
      feeds: 'perception',
    },
    {
      code: '53',
      description: 'Percepción realizada al agente de percepción con tasa especial',
      level: 'global',
      charge: true,
      affectsBase: false,
      feeds: 'perception',
    },
    {
      code: '61',
      description: 'Deducción de retención de renta por anticipos',
      level: 'global',
      charge: false,
      affectsBase: false,
      feeds: 'none',
    },
    {
      code: '62',
      description: 'Retención del IGV',
      level: 'global',
      charge: false,
      affectsBase: false,
      feeds: 'retention',
    },
    {
      code: '63',
      description: 'Retención de renta de segunda categoría',
      level: 'global',
      charge: false,
      affectsBase: false,
      feeds: 'allowance_total',
    },
  ],
);
