// Amounts in Spanish words.
// - Legend 1000 (cbc:Note languageLocaleID="1000"), as greenter/SUNAT examples phrase it:
//   "SON CIENTO DIECIOCHO CON 00/100 SOLES" — upper case, no accents (the de-facto style of SUNAT libraries),
//   cents as NN/100, currency name in plural.
// - FacturadorPro's `number_to_letter` (API response): "Ciento dieciocho con 00/100" — first letter upper
//   case, the rest lower case, no currency name (FacturadorPro leaves a trailing space; we do not).
import { currencies } from './catalogs/catalog-02.ts';
import { round2, type DecimalLike } from './money.ts';

const UNITS = ['', 'UNO', 'DOS', 'TRES', 'CUATRO', 'CINCO', 'SEIS', 'SIETE', 'OCHO', 'NUEVE'];
// 16–19 and 21–29 are written as one word: DIECI- and VEINTI- before the unit (DIECISEIS, VEINTIDOS).
const TEENS = ['DIEZ', 'ONCE', 'DOCE', 'TRECE', 'CATORCE', 'QUINCE', ...UNITS.slice(6).map((u) => `DIECI${u}`)];
const TWENTIES = ['VEINTE', ...UNITS.slice(1).map((u) => `VEINTI${u}`)];
const TENS = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA'];
const HUNDREDS = [
  '',
  'CIENTO',
  'DOSCIENTOS',
  'TRESCIENTOS',
  'CUATROCIENTOS',
  'QUINIENTOS',
  'SEISCIENTOS',
  'SETECIENTOS',
  'OCHOCIENTOS',
  'NOVECIENTOS',
];

/** 1–999. `apocope` writes "UN"/"VEINTIUN" (before MIL, MILLON(ES)); otherwise "UNO"/"VEINTIUNO". */
function belowThousand(n: number, apocope: boolean): string {
  if (n === 100) return 'CIEN';
  const words: string[] = [];
  const h = Math.floor(n / 100);
  const rest = n % 100;
  if (h > 0) words.push(HUNDREDS[h]);
  if (rest > 0) {
    let text: string;
    if (rest < 10) text = UNITS[rest];
    else if (rest < 20) text = TEENS[rest - 10];
    else if (rest < 30) text = TWENTIES[rest - 20];
    else text = TENS[Math.floor(rest / 10)] + (rest % 10 ? ` Y ${UNITS[rest % 10]}` : '');
    if (apocope && text.endsWith('UNO')) text = text.slice(0, -1);
    words.push(text);
  }
  return words.join(' ');
}

/** 0 ≤ n < 10^15, in upper-case Spanish words ("MIL DOSCIENTOS TREINTA", "UN MILLON", "CERO"). */
export function integerToWords(n: bigint): string {
  if (n < 0n) throw new RangeError('negative');
  if (n === 0n) return 'CERO';
  if (n >= 1_000_000_000_000_000n) throw new RangeError('too large');
  const millions = n / 1_000_000n;
  const thousands = Number((n / 1000n) % 1000n);
  const units = Number(n % 1000n);
  const parts: string[] = [];
  if (millions > 0n) {
    // Above 999 999 millions the long scale says "MIL MILLONES" (10^9), "UN BILLON" is 10^12.
    if (millions === 1n) parts.push('UN MILLON');
    else parts.push(`${thousandsGroup(millions)} MILLONES`);
  }
  if (thousands > 0) parts.push(thousands === 1 ? 'MIL' : `${belowThousand(thousands, true)} MIL`);
  if (units > 0) parts.push(belowThousand(units, false));
  return parts.join(' ');
}

/** Words for the count of millions (1 < m < 10^9), always apocopated: "VEINTIUN MILLONES", "MIL UN MILLONES". */
function thousandsGroup(m: bigint): string {
  const high = Number(m / 1000n);
  const low = Number(m % 1000n);
  const parts: string[] = [];
  if (high > 0) parts.push(high === 1 ? 'MIL' : `${belowThousand(high, true)} MIL`);
  if (low > 0) parts.push(belowThousand(low, true));
  return parts.join(' ');
}

function split(amount: DecimalLike): { integer: bigint; cents: string } {
  const rounded = round2(amount).abs();
  const [int, frac = ''] = rounded.toFixed(2).split('.');
  return { integer: BigInt(int), cents: frac.padEnd(2, '0') };
}

/** Spanish plural currency name for the legend ("SOLES", "DÓLARES AMERICANOS" → without accents). */
export function currencyWords(currency: string): string {
  const entry = currencies.get(currency);
  const name = entry?.plural ?? currency;
  return stripAccents(name);
}

function stripAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/** Legend 1000: `SON CIENTO DIECIOCHO CON 00/100 SOLES`. */
export function amountInWords(amount: DecimalLike, currency: string): string {
  const { integer, cents } = split(amount);
  return `SON ${integerToWords(integer)} CON ${cents}/100 ${currencyWords(currency)}`;
}

/**
 * FacturadorPro's `number_to_letter`, without the trailing space FacturadorPro leaves: `Ciento dieciocho con
 * 00/100`.
 */
export function numberToLetter(amount: DecimalLike): string {
  const { integer, cents } = split(amount);
  const words = integerToWords(integer).toLowerCase();
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} con ${cents}/100`;
}
