// Optional list/scheme decorations SUNAT documents for each element (absent ones never reject; wrong ones give
// 4251–4261 observations), pre-rendered once in C14N attribute order.
import { attrs } from '../xml-writer.ts';

const CATALOG = (n: string) => `urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo${n}`;
const UNECE = 'United Nations Economic Commission for Europe';

export const A = {
  currencyCode: attrs({ listID: 'ISO 4217 Alpha', listName: 'Currency', listAgencyName: UNECE }),
  identityDocument: (schemeID: string) =>
    attrs({ schemeID, schemeName: 'Documento de Identidad', schemeAgencyName: 'PE:SUNAT', schemeURI: CATALOG('06') }),
  ubigeo: attrs({ schemeName: 'Ubigeos', schemeAgencyName: 'PE:INEI' }),
  establishment: attrs({ listAgencyName: 'PE:SUNAT', listName: 'Establecimientos anexos' }),
  country: attrs({ listID: 'ISO 3166-1', listAgencyName: UNECE, listName: 'Country' }),
  invoiceTypeCode: (operation: string) =>
    attrs({
      listID: operation,
      listAgencyName: 'PE:SUNAT',
      listName: 'Tipo de Documento',
      listURI: CATALOG('01'),
      name: 'Tipo de Operacion',
      listSchemeURI: CATALOG('51'),
    }),
  documentType: attrs({ listAgencyName: 'PE:SUNAT', listName: 'Tipo de Documento', listURI: CATALOG('01') }),
  relatedDocumentType: attrs({ listAgencyName: 'PE:SUNAT', listName: 'Documento Relacionado', listURI: CATALOG('12') }),
  advanceStatus: attrs({ listName: 'Anticipo', listAgencyName: 'PE:SUNAT' }),
  advancePayment: attrs({ schemeName: 'Anticipo', schemeAgencyName: 'PE:SUNAT' }),
  taxScheme: attrs({ schemeName: 'Codigo de tributos', schemeAgencyName: 'PE:SUNAT', schemeURI: CATALOG('05') }),
  taxCategory: attrs({ schemeID: 'UN/ECE 5305', schemeName: 'Tax Category Identifier', schemeAgencyName: UNECE }),
  allowanceReason: attrs({ listAgencyName: 'PE:SUNAT', listName: 'Cargo/descuento', listURI: CATALOG('53') }),
  unspsc: attrs({ listID: 'UNSPSC', listAgencyName: 'GS1 US', listName: 'Item Classification' }),
  itemProperty: attrs({ listAgencyName: 'PE:SUNAT', listName: 'Propiedad del item', listURI: CATALOG('55') }),
  unitCode: (unitCode: string) => attrs({ unitCode }),
  currency: (currencyID: string) => attrs({ currencyID }),
  legend: (code: string) => attrs({ languageLocaleID: code }),
} as const;
