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

/** 1 to 15 characters without spaces: the number of a document with no format of its own (SUNAT 2802). */
const ANY = /^[^\s]{1,15}$/;

const id = (
  code: string,
  description: string,
  label: string,
  pattern: RegExp,
  identifiesBuyer: boolean,
): IdentityDocumentEntry => ({ code, description, label, pattern, identifiesBuyer });

export const identityDocumentTypes = defineCatalog<IdentityDocumentEntry>('06', 'Tipo de documento de identidad', [
  id('-', 'Sin documento (clientes varios; SUNAT acepta schemeID "-")', 'SIN DOC.', ANY, false),
  id('0', 'Doc. tributario no domiciliado sin RUC', 'DOC. TRIB. NO DOM.', ANY, false),
  id('1', 'Documento nacional de identidad', 'DNI', /^\d{8}$/, true),
  id('4', 'Carné de extranjería', 'CARNÉ EXT.', /^[^\s]{1,12}$/, true),
  id('6', 'Registro único de contribuyentes', 'RUC', /^\d{11}$/, true),
  id('7', 'Pasaporte', 'PASAPORTE', /^[^\s]{1,12}$/, true),
  id('A', 'Cédula diplomática de identidad', 'CÉD. DIPLOMÁTICA', ANY, false),
  id('B', 'Doc. identidad país residencia - no domiciliado', 'DOC. IDENT. PAÍS RESIDENCIA', ANY, false),
  id('C', 'Tax Identification Number - TIN - Doc Trib PP.NN', 'TIN', ANY, false),
  id('D', 'Identification Number - IN - Doc Trib PP.JJ', 'IN', ANY, false),
  id('E', 'TAM - Tarjeta Andina de Migración', 'TAM', ANY, false),
  id('F', 'Permiso temporal de permanencia - PTP', 'PTP', ANY, false),
  id('G', 'Salvoconducto', 'SALVOCONDUCTO', ANY, false),
]);
