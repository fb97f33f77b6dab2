// Catálogo 02 — monedas (ISO 4217 codes of SUNAT's cat_02.xml; SUNAT 3088 rejects others). The common ones
// carry the Spanish names the amount-in-words legend uses ("SOLES", "DÓLARES AMERICANOS").
import { defineCatalog, type CatalogEntry } from './catalog.ts';

export interface CurrencyEntry extends CatalogEntry {
  singular?: string;
  plural?: string;
  /** Printed before amounts. */
  symbol?: string;
}

/** The currencies the amount-in-words legend and the printed representation name: code, description, singular,
 * plural, symbol. */
const NAMED_CURRENCIES: [string, string, string, string, string][] = [
  ['EUR', 'Euros', 'EURO', 'EUROS', '€'],
  ['USD', 'Dólares Americanos', 'DÓLAR AMERICANO', 'DÓLARES AMERICANOS', 'US$'],
  ['ARS', 'Pesos Argentinos', 'PESO ARGENTINO', 'PESOS ARGENTINOS', 'AR$'],
  ['BOB', 'Bolivianos', 'BOLIVIANO', 'BOLIVIANOS', 'Bs'],
  ['BRL', 'Reales', 'REAL', 'REALES', 'R$'],
  ['CAD', 'Dólares Canadienses', 'DÓLAR CANADIENSE', 'DÓLARES CANADIENSES', 'C$'],
  ['CLP', 'Pesos Chilenos', 'PESO CHILENO', 'PESOS CHILENOS', 'CLP$'],
  ['CNY', 'Yuanes', 'YUAN', 'YUANES', '¥'],
  ['COP', 'Pesos Colombianos', 'PESO COLOMBIANO', 'PESOS COLOMBIANOS', 'COL$'],
  ['GBP', 'Libras Esterlinas', 'LIBRA ESTERLINA', 'LIBRAS ESTERLINAS', '£'],
  ['JPY', 'Yenes', 'YEN', 'YENES', '¥'],
  ['CHF', 'Francos Suizos', 'FRANCO SUIZO', 'FRANCOS SUIZOS', 'CHF'],
  ['MXN', 'Pesos Mexicanos', 'PESO MEXICANO', 'PESOS MEXICANOS', 'MX$'],
  ['PEN', 'Soles', 'SOL', 'SOLES', 'S/'],
];

/** The rest of SUNAT's list: valid codes with no Spanish name of ours (described by their code). */
const OTHER_CODES = [
  'AFN ALL DZD AOA XCD AMD AWG AUD AZN BSD BHD BDT BBD BYN BZD XOF BMD INR BTN BOV BAM BWP NOK BND ',
  'BGN BIF CVE KHR XAF KYD CLF COU KMF CDF NZD CRC HRK CUP CUC ANG CZK DKK DJF DOP EGP SVC ERN ETB ',
  'FKP FJD XPF GMD GEL GHS GIP GTQ GNF GYD HTG HNL HKD HUF ISK IDR XDR IRR IQD ILS JMD JOD KZT KES ',
  'KPW KRW KWD KGS LAK LBP LSL ZAR LRD LYD MOP MKD MGA MWK MYR MVR MRU MUR XUA MXV MDL MNT MAD MZN ',
  'MMK NAD NPR NIO NGN OMR PKR PAB PGK PYG PHP PLN QAR RON RUB RWF SHP WST STN SAR RSD SCR SLL SGD ',
  'XSU SBD SOS SSP LKR SDG SRD SZL SEK CHE CHW SYP TWD TJS TZS THB TOP TTD TND TRY TMT UGX UAH AED ',
  'USN UYU UYI UZS VUV VEF VND YER ZMW ZWL XBA XBB XBC XBD XTS XXX XAU XPD XPT XAG',
]
  .join('')
  .split(' ');

export const currencies = defineCatalog<CurrencyEntry>('02', 'Monedas', [
  ...NAMED_CURRENCIES.map(([code, description, singular, plural, symbol]) => ({
    code,
    description,
    singular,
    plural,
    symbol,
  })),
  ...OTHER_CODES.map((code) => ({ code, description: code })),
]);
