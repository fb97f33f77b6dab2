// Catálogo 07 — tipo de afectación del IGV. Each code knows its tax scheme (catalog 05 row, greenter's
// TributoFunction mapping), whether the operation is onerous or free, and which document total it feeds.
import { defineCatalog, type CatalogEntry } from './catalog.ts';
import type { TaxSchemeCode } from './catalog-05.ts';

/** The document total (FacturadorPro `totales` key) a line's base feeds. */
export type AffectationTotal =
  | 'total_operaciones_gravadas'
  | 'total_operaciones_exoneradas'
  | 'total_operaciones_inafectas'
  | 'total_exportacion'
  | 'total_operaciones_gratuitas'
  | 'total_ivap';

export interface AffectationEntry extends CatalogEntry {
  /** Tax scheme of the line's IGV-type subtotal (cac:TaxScheme/cbc:ID). */
  scheme: TaxSchemeCode;
  /** Onerous (sold) or free (retiro, bonificación, muestra…: PriceTypeCode 02, legend 1002 when all free). */
  onerous: boolean;
  /** The line pays (or, for free lines, notionally carries) IGV/IVAP on its base. */
  taxed: boolean;
  /** Which document total the line's base goes to. */
  total: AffectationTotal;
  /** Price type a line with this code must use (catalog 16): 01 onerous, 02 free (SUNAT 3224/3234). */
  priceType: '01' | '02';
}

const gravadoGratuito = (code: string, description: string): AffectationEntry => ({
  code,
  description,
  scheme: '9996',
  onerous: false,
  taxed: true,
  total: 'total_operaciones_gratuitas',
  priceType: '02',
});
const inafectoGratuito = (code: string, description: string): AffectationEntry => ({
  code,
  description,
  scheme: '9996',
  onerous: false,
  taxed: false,
  total: 'total_operaciones_gratuitas',
  priceType: '02',
});

export const igvAffectations = defineCatalog<AffectationEntry>('07', 'Tipo de afectación del IGV', [
  {
    code: '10',
    description: 'Gravado - Operación Onerosa',
    scheme: '1000',
    onerous: true,
    taxed: true,
    total: 'total_operaciones_gravadas',
    priceType: '01',
  },
  gravadoGratuito('11', 'Gravado - Retiro por premio'),
  gravadoGratuito('12', 'Gravado - Retiro por donación'),
  gravadoGratuito('13', 'Gravado - Retiro'),
  gravadoGratuito('14', 'Gravado - Retiro por publicidad'),
  gravadoGratuito('15', 'Gravado - Bonificaciones'),
  gravadoGratuito('16', 'Gravado - Retiro por entrega a trabajadores'),
  {
    code: '17',
    description: 'Gravado - IVAP',
    scheme: '1016',
    onerous: true,
    taxed: true,
    total: 'total_ivap',
    priceType: '01',
  },
  {
    code: '20',
    description: 'Exonerado - Operación Onerosa',
    scheme: '9997',
    onerous: true,
    taxed: false,
    total: 'total_operaciones_exoneradas',
    priceType: '01',
  },
  inafectoGratuito('21', 'Exonerado - Transferencia gratuita'),
  {
    code: '30',
    description: 'Inafecto - Operación Onerosa',
    scheme: '9998',
    onerous: true,
    taxed: false,
    total: 'total_operaciones_inafectas',
    priceType: '01',
  },
  inafectoGratuito('31', 'Inafecto - Retiro por Bonificación'),
  inafectoGratuito('32', 'Inafecto - Retiro'),
  inafectoGratuito('33', 'Inafecto - Retiro por Muestras Médicas'),
  inafectoGratuito('34', 'Inafecto - Retiro por Convenio Colectivo'),
  inafectoGratuito('35', 'Inafecto - Retiro por premio'),
  inafectoGratuito('36', 'Inafecto - Retiro por publicidad'),
  inafectoGratuito('37', 'Inafecto - Transferencia gratuita'),
  {
    code: '40',
    description: 'Exportación de Bienes o Servicios',
    scheme: '9995',
    onerous: true,
    taxed: false,
    total: 'total_exportacion',
    priceType: '01',
  },
]);
