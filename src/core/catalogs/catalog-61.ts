// Catálogo 61 — documentos relacionados al transporte (cac:AdditionalDocumentReference/cbc:DocumentTypeCode of a
// guía de remisión). `sender` and `carrier`: allowed in the remitente (09) and transportista (31) guide (SUNAT 2692,
// the catalogue's gre-r / gre-t marks). `issuerRequired`: the document's issuer RUC must be given (SUNAT 3380;
// the 31 adds its own type 31). `number`: the number's format (SUNAT 3441).
import { defineCatalog, type CatalogEntry } from './catalog.ts';

export interface TransportDocumentEntry extends CatalogEntry {
  sender: boolean;
  carrier: boolean;
  issuerRequired?: boolean;
  number?: RegExp;
}

const SERIES_NUMBER = (series: string) => new RegExp(`^((${series}|\\d{1,4})-(?!0+$)\\d{1,8})$`);
const DAM = /^\d{3}-\d{4}-\d{2}-\d{1,6}$/;
const FREE = /^\S{1,100}$/;

export const transportDocuments = defineCatalog<TransportDocumentEntry>('61', 'Documento relacionado al transporte', [
  {
    code: '01',
    description: 'Factura',
    sender: true,
    carrier: true,
    issuerRequired: true,
    number: SERIES_NUMBER('F[A-Z0-9]{3}|E001'),
  },
  {
    code: '03',
    description: 'Boleta de Venta',
    sender: true,
    carrier: true,
    issuerRequired: true,
    number: SERIES_NUMBER('B[A-Z0-9]{3}|EB01'),
  },
  {
    code: '04',
    description: 'Liquidación de Compra',
    sender: true,
    carrier: true,
    issuerRequired: true,
    number: SERIES_NUMBER('L[A-Z0-9]{3}|E001'),
  },
  {
    code: '09',
    description: 'Guía de Remisión Remitente',
    sender: true,
    carrier: true,
    issuerRequired: true,
    number: SERIES_NUMBER('T[A-Z0-9]{3}|EG01|EG02'),
  },
  {
    code: '12',
    description: 'Ticket o cinta emitido por máquina registradora',
    sender: true,
    carrier: true,
    issuerRequired: true,
    number: /^[a-zA-Z0-9-]{1,20}-[a-zA-Z0-9-]{1,20}$/,
  },
  {
    code: '31',
    description: 'Guía de Remisión Transportista',
    sender: false,
    carrier: true,
    issuerRequired: true,
    number: /^((V[A-Z0-9]{3}|EG03|EG04)-(?!0+$)\d{1,8})$/,
  },
  {
    code: '48',
    description: 'Comprobante de Operaciones – Ley N° 29972',
    sender: true,
    carrier: true,
    issuerRequired: true,
    number: /^\d{1,4}-(?!0+$)\d{1,7}$/,
  },
  {
    code: '49',
    description: 'Constancia de Depósito - IVAP (Ley 28211)',
    sender: true,
    carrier: false,
    number: /^(?!0+$)\d{1,15}$/,
  },
  { code: '50', description: 'Declaración Aduanera de Mercancías', sender: true, carrier: true, number: DAM },
  { code: '52', description: 'Declaración Simplificada (DS)', sender: true, carrier: true, number: DAM },
  {
    code: '65',
    description: 'Autorización de Circulación para transportar MATPEL – Callao',
    sender: false,
    carrier: true,
    number: FREE,
  },
  {
    code: '66',
    description: 'Autorización de Circulación para transporte de carga y mercancías en Lima Metropolitana',
    sender: false,
    carrier: true,
    number: FREE,
  },
  {
    code: '67',
    description: 'Permiso de Operación Especial para el servicio de transporte de MATPEL - MTC',
    sender: false,
    carrier: true,
    number: FREE,
  },
  {
    code: '68',
    description: 'Habilitación Sanitaria de Transporte Terrestre de Productos Pesqueros y Acuícolas',
    sender: false,
    carrier: true,
    number: FREE,
  },
  {
    code: '69',
    description: 'Permiso / Autorización de operación de transporte de mercancías',
    sender: false,
    carrier: true,
    number: FREE,
  },
  {
    code: '71',
    description: 'Resolución de Adjudicación de bienes – SUNAT',
    sender: true,
    carrier: false,
    number: FREE,
  },
  { code: '72', description: 'Resolución de Comiso de bienes – SUNAT', sender: true, carrier: false, number: FREE },
  {
    code: '73',
    description: 'Guía de Transporte Forestal o de Fauna - SERFOR',
    sender: true,
    carrier: false,
    number: FREE,
  },
  { code: '74', description: 'Guía de Tránsito – SUCAMEC', sender: true, carrier: false, number: FREE },
  {
    code: '75',
    description: 'Autorización para operar como empresa de Saneamiento Ambiental – MINSA',
    sender: true,
    carrier: false,
    number: FREE,
  },
  {
    code: '76',
    description: 'Autorización para manejo y recojo de residuos sólidos peligrosos y no peligrosos',
    sender: true,
    carrier: false,
    number: FREE,
  },
  {
    code: '77',
    description:
      'Certificado fitosanitario la movilización de plantas, productos vegetales, y otros artículos reglamentados',
    sender: true,
    carrier: false,
    number: FREE,
  },
  {
    code: '78',
    description: 'Registro Único de Usuarios y Transportistas de Alcohol Etílico',
    sender: true,
    carrier: false,
    number: FREE,
  },
  {
    code: '80',
    description: 'Constancia de Depósito – Detracción',
    sender: true,
    carrier: true,
    number: /^(?!0+$)\d{1,15}$/,
  },
  {
    code: '81',
    description: 'Código de autorización emitida por el SCOP',
    sender: true,
    carrier: false,
    number: /^[a-zA-Z0-9]{1,20}$/,
  },
  { code: '82', description: 'Declaración jurada de mudanza', sender: false, carrier: true, number: FREE },
]);
