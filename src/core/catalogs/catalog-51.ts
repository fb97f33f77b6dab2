// Catálogo 51 — tipo de operación (cbc:InvoiceTypeCode/@listID; SUNAT 3205/3206), with the factura/boleta
// flags of SUNAT's cat_51.xml and what each operation implies for the rest of the document.
import { defineCatalog, type CatalogEntry } from './catalog.ts';

export interface OperationTypeEntry extends CatalogEntry {
  factura: boolean;
  boleta: boolean;
  /** Export of goods/services (0200–0208): lines must be afectación 40 (2642), UNSPSC required (3001). */
  exportation?: boolean;
  /** Customer may not be a RUC holder (SUNAT 2800: 0200, 0201, 0204 for facturas; exports for boletas). */
  rucNotAllowed?: boolean;
  /** Non-domiciled buyers: any catalog-06 type allowed on a factura. */
  anyCustomerDocument?: boolean;
  /** Detraction operation (1001–1004): requires the detraccion block (3127) and legend 2006 (obs 4265). */
  detraction?: boolean;
  /** Catalog 54 code forced by the operation (SUNAT 3129). */
  detractionCode?: string;
  /** Operation sujeta a percepción (2001). */
  perception?: boolean;
  /** Customer document types allowed on a factura when not the default RUC (0112: 1 or 6). */
  facturaCustomerTypes?: string[];
}

/** An operation allowed on facturas and boletas, with what else it implies. */
const onBoth = (
  code: string,
  description: string,
  implies: Omit<OperationTypeEntry, 'code' | 'description' | 'factura' | 'boleta'> = {},
): OperationTypeEntry => ({ code, description, factura: true, boleta: true, ...implies });

/** A detraction operation whose catalog 54 code it forces (SUNAT 3129). */
const forcedDetraction = (code: string, description: string, detractionCode: string): OperationTypeEntry =>
  onBoth(code, description, { detraction: true, detractionCode });

export const operationTypes = defineCatalog<OperationTypeEntry>('51', 'Tipo de operación', [
  onBoth('0101', 'Venta interna'),
  {
    code: '0112',
    description: 'Venta interna – sustenta gastos deducibles persona natural',
    factura: true,
    boleta: false,
    facturaCustomerTypes: ['1', '6'],
  },
  { code: '0113', description: 'Venta interna – NRUS', factura: false, boleta: true },
  onBoth('0200', 'Exportación de bienes', { exportation: true, rucNotAllowed: true, anyCustomerDocument: true }),
  onBoth('0201', 'Exportación de servicios – prestación de servicios realizados íntegramente en el país', {
    exportation: true,
    rucNotAllowed: true,
    anyCustomerDocument: true,
  }),
  {
    code: '0202',
    description: 'Exportación de servicios – prestación de servicios de hospedaje no domiciliado',
    factura: true,
    boleta: false,
    exportation: true,
    anyCustomerDocument: true,
  },
  onBoth('0203', 'Exportación de servicios – transporte de navieras', { exportation: true, anyCustomerDocument: true }),
  onBoth('0204', 'Exportación de servicios – servicios a naves y aeronaves de bandera extranjera', {
    exportation: true,
    rucNotAllowed: true,
    anyCustomerDocument: true,
  }),
  {
    code: '0205',
    description: 'Exportación de servicios – servicios que conformen un paquete turístico',
    factura: true,
    boleta: false,
    exportation: true,
    anyCustomerDocument: true,
  },
  onBoth('0206', 'Exportación de servicios – servicios complementarios al transporte de carga', {
    exportation: true,
    anyCustomerDocument: true,
  }),
  onBoth('0207', 'Exportación de servicios – suministro de energía eléctrica a favor de sujetos domiciliados en ZED', {
    exportation: true,
    anyCustomerDocument: true,
  }),
  onBoth('0208', 'Exportación de servicios – prestación de servicios realizados parcialmente en el extranjero', {
    exportation: true,
    anyCustomerDocument: true,
  }),
  onBoth('0301', 'Operaciones con carta de porte aéreo (emitidas en el ámbito nacional)'),
  onBoth('0302', 'Operaciones de transporte ferroviario de pasajeros'),
  { code: '0303', description: 'Operaciones de pago de regalía petrolera', factura: false, boleta: false },
  onBoth('0401', 'Ventas no domiciliados que no califican como exportación', { anyCustomerDocument: true }),
  onBoth('1001', 'Operación sujeta a detracción', { detraction: true }),
  forcedDetraction('1002', 'Operación sujeta a detracción – recursos hidrobiológicos', '004'),
  forcedDetraction('1003', 'Operación sujeta a detracción – servicios de transporte de pasajeros', '028'),
  forcedDetraction('1004', 'Operación sujeta a detracción – servicios de transporte de carga', '027'),
  onBoth('2001', 'Operación sujeta a percepción', { perception: true }),
  onBoth('2100', 'Créditos a empresas'),
  onBoth('2101', 'Créditos de consumo revolvente'),
  onBoth('2102', 'Créditos de consumo no revolvente'),
  onBoth('2103', 'Otras operaciones no gravadas – empresas del sistema financiero'),
  onBoth('2104', 'Otras operaciones no gravadas – empresas del sistema de seguros'),
  { code: '2105', description: 'Comprobante emitido por AFP', factura: false, boleta: true },
  {
    code: '2106',
    description: 'Venta nacional a turistas – Tax Free',
    factura: true,
    boleta: false,
    facturaCustomerTypes: ['7', 'B', 'G'],
  },
]);
