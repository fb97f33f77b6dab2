// Catálogo 52 — códigos de leyendas (cbc:Note/@languageLocaleID; SUNAT 3027 unknown, 3014 repeated).
import { defineCatalog, type CatalogEntry } from './catalog.ts';

export interface LegendEntry extends CatalogEntry {
  /** The text to print when Facturo adds the legend itself. */
  text?: string;
}

export const legends = defineCatalog<LegendEntry>('52', 'Códigos de leyendas', [
  { code: '1000', description: 'Monto en letras' },
  {
    code: '1002',
    description: 'Transferencia gratuita',
    text: 'TRANSFERENCIA GRATUITA DE UN BIEN Y/O SERVICIO PRESTADO GRATUITAMENTE',
  },
  { code: '2000', description: 'Comprobante de percepción', text: 'COMPROBANTE DE PERCEPCIÓN' },
  {
    code: '2001',
    description: 'Bienes transferidos en la Amazonía',
    text: 'BIENES TRANSFERIDOS EN LA AMAZONÍA REGIÓN SELVA PARA SER CONSUMIDOS EN LA MISMA',
  },
  {
    code: '2002',
    description: 'Servicios prestados en la Amazonía',
    text: 'SERVICIOS PRESTADOS EN LA AMAZONÍA REGIÓN SELVA PARA SER CONSUMIDOS EN LA MISMA',
  },
  {
    code: '2003',
    description: 'Contratos de construcción ejecutados en la Amazonía',
    text: 'CONTRATOS DE CONSTRUCCIÓN EJECUTADOS EN LA AMAZONÍA REGIÓN SELVA',
  },
  { code: '2004', description: 'Agencia de viaje – paquete turístico', text: 'Agencia de Viaje - Paquete turístico' },
  { code: '2005', description: 'Venta realizada por emisor itinerante', text: 'Venta realizada por emisor itinerante' },
  {
    code: '2006',
    description: 'Operación sujeta a detracción',
    text: 'Operación sujeta al Sistema de Pago de Obligaciones Tributarias con el Gobierno Central',
  },
  { code: '2007', description: 'Operación sujeta al IVAP', text: 'Operación sujeta al IVAP' },
  {
    code: '2008',
    description: 'Venta exonerada del IGV-ISC-IPM, zona comercial de Tacna',
    text: 'VENTA EXONERADA DEL IGV-ISC-IPM. PROHIBIDA LA VENTA FUERA DE LA ZONA COMERCIAL DE TACNA',
  },
  {
    code: '2009',
    description: 'Primera venta de mercancía identificable entre usuarios de la zona comercial',
    text: 'PRIMERA VENTA DE MERCANCÍA IDENTIFICABLE ENTRE USUARIOS DE LA ZONA COMERCIAL',
  },
  {
    code: '2010',
    description: 'Restitución simplificado de derechos arancelarios',
    text: 'Restitución Simplificado de Derechos Arancelarios',
  },
  {
    code: '2011',
    description: 'Exportación de servicios – Decreto Legislativo N° 919',
    text: 'EXPORTACION DE SERVICIOS - DECRETO LEGISLATIVO Nº 919',
  },
]);
