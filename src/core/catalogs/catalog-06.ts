// Catálogo 06 — tipos de documento de identidad.
import { defineCatalog, type CatalogEntry } from './catalog.ts';

export interface IdentityDocumentEntry extends CatalogEntry {
  /** Short label printed on representations ("RUC", "DNI"…). */
  label: string;
  /** Format of the number (SUNAT 2017 RUC 11 digits, 2801 DNI 8 digits, 2802 others 1–15 characters). */
  pattern: RegExp;
  /** Counts as an identity for a boleta above S/ 700 (FacturadorPro: 1, 4, 6, 7). */
  identifiesBuyer: boolean;
}

export const identityDocumentTypes = defineCatalog<IdentityDocumentEntry>('06', 'Tipo de documento de identidad', [
  {
    code: '-',
    description: 'Sin documento (clientes varios; SUNAT acepta schemeID "-")',
    label: 'SIN DOC.',
    pattern: /^[^\s]{1,15}$/,
    identifiesBuyer: false,
  },
  {
    code: '0',
    description: 'Doc. tributario no domiciliado sin RUC',
    label: 'DOC. TRIB. NO DOM.',
    pattern: /^[^\s]{1,15}$/,
    identifiesBuyer: false,
  },
  {
    code: '1',
    description: 'Documento nacional de identidad',
    label: 'DNI',
    pattern: /^\d{8}$/,
    identifiesBuyer: true,
  },
  {
    code: '4',
    description: 'Carné de extranjería',
    label: 'CARNÉ EXT.',
    pattern: /^[^\s]{1,12}$/,
    identifiesBuyer: true,
  },
  {
    code: '6',
    description: 'Registro único de contribuyentes',
    label: 'RUC',
    pattern: /^\d{11}$/,
    identifiesBuyer: true,
  },
  { code: '7', description: 'Pasaporte', label: 'PASAPORTE', pattern: /^[^\s]{1,12}$/, identifiesBuyer: true },
  {
    code: 'A',
    description: 'Cédula diplomática de identidad',
    label: 'CÉD. DIPLOMÁTICA',
    pattern: /^[^\s]{1,15}$/,
    identifiesBuyer: false,
  },
  {
    code: 'B',
    description: 'Doc. identidad país residencia - no domiciliado',
    label: 'DOC. IDENT. PAÍS RESIDENCIA',
    pattern: /^[^\s]{1,15}$/,
    identifiesBuyer: false,
  },
  {
    code: 'C',
    description: 'Tax Identification Number - TIN - Doc Trib PP.NN',
    label: 'TIN',
    pattern: /^[^\s]{1,15}$/,
    identifiesBuyer: false,
  },
  {
    code: 'D',
    description: 'Identification Number - IN - Doc Trib PP.JJ',
    label: 'IN',
    pattern: /^[^\s]{1,15}$/,
    identifiesBuyer: false,
  },
  {
    code: 'E',
    description: 'TAM - Tarjeta Andina de Migración',
    label: 'TAM',
    pattern: /^[^\s]{1,15}$/,
    identifiesBuyer: false,
  },
  {
    code: 'F',
    description: 'Permiso temporal de permanencia - PTP',
    label: 'PTP',
    pattern: /^[^\s]{1,15}$/,
    identifiesBuyer: false,
  },
  { code: 'G', description: 'Salvoconducto', label: 'SALVOCONDUCTO', pattern: /^[^\s]{1,15}$/, identifiesBuyer: false },
]);
