// RUC (Registro Único de Contribuyentes): 11 digits whose last one is a modulo-11 check digit over the first
// ten with weights 5 4 3 2 7 6 5 4 3 2 (SUNAT's algorithm; 11 − remainder, where 10 → 0 and 11 → 1).

const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** The check digit of the first ten digits of a RUC, or null if they are not ten digits. */
export function rucCheckDigit(firstTen: string): number | null {
  if (!/^\d{10}$/.test(firstTen)) return null;
  let total = 0;
  for (let i = 0; i < 10; i++) total += (firstTen.charCodeAt(i) - 48) * WEIGHTS[i];
  const digit = 11 - (total % 11);
  return digit === 10 ? 0 : digit === 11 ? 1 : digit;
}

/** 11 digits (SUNAT 2017). */
export function hasRucFormat(ruc: string): boolean {
  return /^\d{11}$/.test(ruc);
}

/** 11 digits, a known prefix (10 persons, 15/16/17 special, 20 companies) and a correct check digit. */
export function isValidRuc(ruc: string): boolean {
  if (!hasRucFormat(ruc)) return false;
  if (!['10', '15', '16', '17', '20'].includes(ruc.slice(0, 2))) return false;
  return rucCheckDigit(ruc.slice(0, 10)) === ruc.charCodeAt(10) - 48;
}
