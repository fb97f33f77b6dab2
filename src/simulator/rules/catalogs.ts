// The SUNAT catalogs the simulator's rules look codes up in (values of SUNAT's cat_XX.xml
// files). Only what the ported rules consult; catalogs too big to embed (03 units, 13 ubigeos, 25 UNSPSC) are not
// checked, as SUNAT's beta does not check them strictly either.

/** Catalog 02: ISO 4217 currency codes. */
export const CURRENCIES = new Set(
  (
    'AFN EUR ALL DZD USD AOA XCD ARS AMD AWG AUD AZN BSD BHD BDT BBD BYN BZD XOF BMD INR BTN BOB BOV BAM BWP NOK BRL ' +
    'BND BGN BIF CVE KHR XAF CAD KYD CLP CLF CNY COP COU KMF CDF NZD CRC HRK CUP CUC ANG CZK DKK DJF DOP EGP SVC ERN ' +
    'ETB FKP FJD XPF GMD GEL GHS GIP GTQ GBP GNF GYD HTG HNL HKD HUF ISK IDR XDR IRR IQD ILS JMD JPY JOD KZT KES KPW ' +
    'KRW KWD KGS LAK LBP LSL ZAR LRD LYD CHF MOP MKD MGA MWK MYR MVR MRU MUR XUA MXN MXV MDL MNT MAD MZN MMK NAD NPR ' +
    'NIO NGN OMR PKR PAB PGK PYG PEN PHP PLN QAR RON RUB RWF SHP WST STN SAR RSD SCR SLL SGD XSU SBD SOS SSP LKR SDG ' +
    'SRD SZL SEK CHE CHW SYP TWD TJS TZS THB TOP TTD TND TRY TMT UGX UAH AED USN UYU UYI UZS VUV VEF VND YER ZMW ZWL ' +
    'XBA XBB XBC XBD XTS XXX XAU XPD XPT XAG'
  ).split(' '),
);

export interface TaxScheme {
  name: string;
  typeCode: string;
  category: string;
}

/** Catalog 05: tax schemes with their cbc:Name and UN/ECE 5153 cbc:TaxTypeCode. */
export const TAX_SCHEMES: Record<string, TaxScheme> = {
  '1000': { name: 'IGV', typeCode: 'VAT', category: 'S' },
  '1016': { name: 'IVAP', typeCode: 'VAT', category: 'S' },
  '2000': { name: 'ISC', typeCode: 'EXC', category: 'S' },
  '9995': { name: 'EXP', typeCode: 'FRE', category: 'G' },
  '9996': { name: 'GRA', typeCode: 'FRE', category: 'Z' },
  '9997': { name: 'EXO', typeCode: 'VAT', category: 'E' },
  '9998': { name: 'INA', typeCode: 'FRE', category: 'O' },
  '9999': { name: 'OTROS', typeCode: 'OTH', category: 'S' },
  '7152': { name: 'ICBPER', typeCode: 'OTH', category: 'S' },
  '3000': { name: 'IR', typeCode: 'TOX', category: 'S' },
};

/** Catalog 05 scheme → the catalog 07 flag a TaxExemptionReasonCode must carry under it (SUNAT 2040). */
export const SCHEME_FLAG: Record<string, string> = {
  '1000': 'igv',
  '1016': 'iva',
  '9995': 'exp',
  '9996': 'gra',
  '9997': 'exo',
  '9998': 'ina',
  '7152': 'oth',
};

/** The table's rows for `codes`, each code with its own copy of `value()`. */
function rowsFor<T>(codes: readonly string[], value: () => T): Record<string, T> {
  return Object.fromEntries(codes.map((code) => [code, value()]));
}

/** Catalog 07 (afectación del IGV) with SUNAT's flags: the gratuitous transfers (gra) of each group among them. */
export const AFFECTATIONS: Record<string, ReadonlySet<string>> = {
  '10': new Set(['igv']),
  ...rowsFor(
    ['11', '12', '13', '14', '15', '16', '21', '31', '32', '33', '34', '35', '36', '37'],
    () => new Set(['gra']),
  ),
  '17': new Set(['iva', 'gra']),
  '20': new Set(['exo']),
  '30': new Set(['ina']),
  '40': new Set(['exp', 'gra']),
};

/** Catalog 06: identity document types. */
export const IDENTITY_TYPES = new Set(['0', '1', '4', '6', '7', 'A', 'B', 'C', 'D', 'E', 'F', 'G']);

/** Catalog 16: price type codes. */
export const PRICE_TYPES = new Set(['01', '02']);

/** Catalog 22: perception regimes and their rate (percent). */
export const PERCEPTION_REGIMES: Record<string, string> = { '01': '2', '02': '1', '03': '0.5' };

/** Catalog 23: retention regimes and their rate (percent). */
export const RETENTION_REGIMES: Record<string, string> = { '01': '3', '02': '6' };

/** Catalog 51: operation types, allowed on facturas and/or boletas. */
export const OPERATION_TYPES: Record<string, { factura: boolean; boleta: boolean }> = {
  ...rowsFor(
    [
      '0101',
      '0200',
      '0201',
      '0203',
      '0204',
      '0206',
      '0207',
      '0208',
      '0301',
      '0302',
      '0401',
      '1001',
      '1002',
      '1003',
      '1004',
      '2001',
      '2100',
      '2101',
      '2102',
      '2103',
      '2104',
    ],
    () => ({ factura: true, boleta: true }),
  ),
  ...rowsFor(['0112', '0202', '0205'], () => ({ factura: true, boleta: false })),
  ...rowsFor(['0113', '2105'], () => ({ factura: false, boleta: true })),
  ...rowsFor(['0303'], () => ({ factura: false, boleta: false })),
};

export const EXPORT_OPERATIONS = new Set(['0200', '0201', '0202', '0203', '0204', '0205', '0206', '0207', '0208']);
export const DETRACTION_OPERATIONS = new Set(['1001', '1002', '1003', '1004']);

/** Catalog 52: legend codes (cbc:Note/@languageLocaleID). */
export const LEGENDS = new Set([
  '1000',
  '1002',
  '2000',
  '2001',
  '2002',
  '2003',
  '2004',
  '2005',
  '2006',
  '2007',
  '2008',
  '2009',
  '2010',
  '2011',
]);

/** Catalog 53: allowance/charge reasons and the level they belong to. */
export const ALLOWANCE_REASONS: Record<string, { item: boolean; global: boolean }> = {
  ...rowsFor(['00', '01', '47', '48'], () => ({ item: true, global: false })),
  ...rowsFor(['02', '03', '04', '05', '06', '20', '45', '46', '49', '50', '51', '52', '53', '61', '62', '63'], () => ({
    item: false,
    global: true,
  })),
};

/** Catalog 54: goods and services subject to detracción (code → rate %). */
export const DETRACTION_CODES: Record<string, string> = {
  '001': '10',
  '002': '10',
  '003': '10',
  '004': '4',
  '005': '4',
  '007': '10',
  '008': '4',
  '009': '10',
  '010': '15',
  '011': '15',
  '012': '10',
  '013': '10',
  '014': '4',
  '015': '10',
  '016': '4',
  '017': '4',
  '019': '10',
  '020': '10',
  '021': '10',
  '022': '10',
  '023': '10',
  '024': '10',
  '025': '10',
  '026': '10',
  '027': '4',
  '028': '4',
  '030': '4',
  '031': '10',
  '032': '10',
  '034': '10',
  '035': '1.5',
  '036': '1.5',
  '037': '10',
  '039': '10',
  '040': '4',
  '041': '15',
  '099': '8',
};

/** Catalog 59: means of payment. */
export const PAYMENT_MEANS = new Set([
  '001',
  '002',
  '003',
  '004',
  '005',
  '006',
  '007',
  '008',
  '009',
  '010',
  '011',
  '012',
  '013',
  '101',
  '102',
  '103',
  '104',
  '105',
  '106',
  '107',
  '108',
  '999',
]);
