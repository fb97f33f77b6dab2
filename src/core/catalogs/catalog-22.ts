// Catálogo 22 — régimen de percepción (percentages of the perception voucher 40 and of percepcion blocks).
import { defineCatalog, type CatalogEntry } from './catalog.ts';

export interface PerceptionRegimeEntry extends CatalogEntry {
  /** Rate in percent (SUNAT 2603 checks the header percent against it). */
  percent: string;
  /** The catalog 53 charge code a percepcion block inside an invoice uses for this regime. */
  chargeCode: '51' | '52' | '53';
}

export const perceptionRegimes = defineCatalog<PerceptionRegimeEntry>('22', 'Régimen de percepción', [
  { code: '01', description: 'Percepción venta interna', percent: '2', chargeCode: '51' },
  { code: '02', description: 'Percepción a la adquisición de combustible', percent: '1', chargeCode: '52' },
  {
    code: '03',
    description: 'Percepción realizada al agente de percepción con tasa especial',
    percent: '0.5',
    chargeCode: '53',
  },
]);
