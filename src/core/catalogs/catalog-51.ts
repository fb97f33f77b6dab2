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

/** A detraction operation whose catalog 54 code it forces (SUNAT 3129). */
const forcedDetraction = (code: string, description: string, detractionCode: string): OperationTypeEntry => ({
  code,
  description,
  factura: true,
  boleta: true,
  detraction: true,
  detractionCode,
});

export const operationTypes = defineCatalog<OperationTypeEntry>('51', 'Tipo de operación', [
  { code: '0101', description: 'Venta interna', factura: true, boleta: true },
  {
    code: '0112',
    description: 'Venta interna – sustenta gastos deducibles persona natural',
    factura: true,
    boleta: false,
    facturaCustomerTypes: ['1', '6'],
  },
  { code: '0113', description: 'Venta interna – NRUS', factura: false, boleta: true },
  {
    code: '0200',
    description: 'Exportación de bienes',
    factura: true,
    boleta: true,
    exportation: true,
    rucNotAllowed: true,
    anyCustomerDocument: true,
  },
  {
    code: '0201',
    description: 'Exportación de servicios – prestación de servicios realizados íntegramente en el país',
    factura: true,
    boleta: true,
    exportation: true,
    rucNotAllowed: true,
    anyCustomerDocument: true,
  },
  {
    code: '0202',
    description: 'Exportación de servicios – prestación de servicios de hospedaje no domiciliado',
    factura: true,
    boleta: false,
    exportation: true,
    anyCustomerDocument: true,
  },
  {
    code: '0203',
    description: 'Exportación de servicios – transporte de navieras',
    factura: true,
    boleta: true,
    exportation: true,
    anyCustomerDocument: true,
  },
  {
    code: '0204',
    description: 'Exportación de servicios – servicios a naves y aeronaves de bandera extranjera',
    factura: true,
    boleta: true,
    exportation: true,
    rucNotAllowed: true,
    anyCustomerDocument: true,
  },
  {
    code: '0205',
    description: 'Exportación de servicios – servicios que conformen un paquete turístico',
    factura: true,
    boleta: false,
    exportation: true,
    anyCustomerDocument: true,
  },
  {
    code: '0206',
    description: 'Exportación de servicios – servicios complementarios al transporte de carga',
    factura: true,
    boleta: true,
    exportation: true,
    anyCustomerDocument: true,
  },
  {
    code: '0207',
    description: 'Exportación de servicios – suministro de energía eléctrica a favor de sujetos domiciliados en ZED',
    factura: true,
    boleta: true,
    exportation: true,
    anyCustomerDocument: true,
  },
  {
    code: '0208',
    description: 'Exportación de servicios – prestación de servicios realizados parcialmente en el extranjero',
    factura: true,
    boleta: true,
    exportation: true,
    anyCustomerDocument: true,
  },
  {
    code: '0301',
    description: 'Operaciones con carta de porte aéreo (emitidas en el ámbito nacional)',
    factura: true,
    boleta: true,
  },
  { code: '0302', description: 'Operaciones de transporte ferroviario de pasajeros', factura: true, boleta: true },
  { code: '0303', description: 'Operaciones de pago de regalía petrolera', factura: false, boleta: false },
  {
    code: '0401',
    description: 'Ventas no domiciliados que no califican como exportación',
    factura: true,
    boleta: true,
    anyCustomerDocument: true,
  },
  { code: '1001', description: 'Operación sujeta a detracción', factura: true, boleta: true, detraction: true },
  forcedDetraction('1002', 'Operación sujeta a detracción – recursos hidrobiológicos', '004'),
  forcedDetraction('1003', 'Operación sujeta a detracción – servicios de transporte de pasajeros', '028'),
  forcedDetraction('1004', 'Operación sujeta a detracción – servicios de transporte de carga', '027'),
  { code: '2001', description: 'Operación sujeta a percepción', factura: true, boleta: true, perception: true },
  { code: '2100', description: 'Créditos a empresas', factura: true, boleta: true },
  { code: '2101', description: 'Créditos de consumo revolvente', factura: true, boleta: true },
  { code: '2102', description: 'Créditos de consumo no revolvente', factura: true, boleta: true },
  {
    code: '2103',
    description: 'Otras operaciones no gravadas – empresas del sistema financiero',
    factura: true,
    boleta: true,
  },
  {
    code: '2104',
    description: 'Otras operaciones no gravadas – empresas del sistema de seguros',
    factura: true,
    boleta: true,
  },
  { code: '2105', description: 'Comprobante emitido por AFP', factura: false, boleta: true },
  {
    code: '2106',
    description: 'Venta nacional a turistas – Tax Free',
    factura: true,
    boleta: false,
    facturaCustomerTypes: ['7', 'B', 'G'],
  },
]);
