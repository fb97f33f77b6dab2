// SUNAT catalogs as typed tables (architecture.md: catalogs carry meaning). Import from here.
export { defineCatalog, type Catalog, type CatalogEntry } from './catalog.ts';
export { documentTypes, SALES_DOCUMENT_TYPES, type SalesDocumentType, type DocumentTypeEntry } from './catalog-01.ts';
export { currencies, type CurrencyEntry } from './catalog-02.ts';
export { countries } from './catalog-04.ts';
export { taxSchemes, taxScheme, type TaxSchemeCode, type TaxSchemeEntry } from './catalog-05.ts';
export { identityDocumentTypes, type IdentityDocumentEntry } from './catalog-06.ts';
export { igvAffectations, type AffectationEntry, type AffectationTotal } from './catalog-07.ts';
export { iscSystems, type IscSystemEntry } from './catalog-08.ts';
export { creditNoteTypes, type CreditNoteTypeEntry } from './catalog-09.ts';
export { debitNoteTypes } from './catalog-10.ts';
export { relatedDocumentTypes, type RelatedDocumentEntry } from './catalog-12.ts';
export { priceTypes, type PriceTypeEntry } from './catalog-16.ts';
export { perceptionRegimes, type PerceptionRegimeEntry } from './catalog-22.ts';
export { operationTypes, type OperationTypeEntry } from './catalog-51.ts';
export { legends, type LegendEntry } from './catalog-52.ts';
export { allowanceChargeCodes, type AllowanceChargeEntry } from './catalog-53.ts';
export { detractionGoods, DETRACTION_THRESHOLD_PEN, type DetractionGoodEntry } from './catalog-54.ts';
export {
  itemProperties,
  missingHotelProperties,
  missingMortgageProperties,
  DEDUCTIBLE_EXPENSE_PRODUCTS,
  propertyValueElement,
  COUNTRY_PROPERTIES,
  type PropertyValueElement,
} from './catalog-55.ts';
export { paymentMeans } from './catalog-59.ts';
export { transportModes, PUBLIC_TRANSPORT, PRIVATE_TRANSPORT } from './catalog-18.ts';
export { transferMotives, type TransferMotiveEntry } from './catalog-20.ts';
export { transportDocuments, type TransportDocumentEntry } from './catalog-61.ts';
export { ports, type PortEntry } from './catalog-63.ts';
export { authorizingEntities } from './catalog-d37.ts';
export {
  isValidUbigeo,
  ubigeoNames,
  ubigeoStatus,
  districtCodes,
  type UbigeoLevel,
  type UbigeoNames,
} from './ubigeo/index.ts';
