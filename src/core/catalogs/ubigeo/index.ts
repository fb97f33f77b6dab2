// INEI's ubigeo catalogue (department, province, district; provenance in SOURCE.md): is a code known, and what does
// it name. A district code is DDPPdd; DD0000 names a department and DDPP00 a province (SUNAT's catalogue 13 lists
// those aggregate codes too).
import { UBIGEO_ROWS } from './data.ts';

export type UbigeoLevel = 'department' | 'province' | 'district';

export interface UbigeoNames {
  departamento: string;
  provincia: string;
  distrito: string;
}

const NAMES = new Map<string, string>();
for (const row of UBIGEO_ROWS.split('\n')) {
  if (!row) continue;
  NAMES.set(row.slice(0, 6), row.slice(7));
}

function levelOf(code: string): UbigeoLevel {
  if (code.endsWith('0000')) return 'department';
  return code.endsWith('00') ? 'province' : 'district';
}

const SIX_DIGITS = /^\d{6}$/;

/** Whether `code` is a district of the catalogue (the level a delivery address names). */
export function isValidUbigeo(code: string): boolean {
  return SIX_DIGITS.test(code) && levelOf(code) === 'district' && NAMES.has(code);
}

/** The department, province and district a district code names, or undefined for anything else. */
export function ubigeoNames(code: string): UbigeoNames | undefined {
  if (!isValidUbigeo(code)) return undefined;
  return {
    departamento: NAMES.get(`${code.slice(0, 2)}0000`)!,
    provincia: NAMES.get(`${code.slice(0, 4)}00`)!,
    distrito: NAMES.get(code)!,
  };
}

/**
 * What the catalogue says of a six-digit code: a known district, a known department or province (an aggregate
 * code), a district unknown to the catalogue within a known province (possibly created after its vintage), or
 * unknown (its department or province does not exist, or it is not six digits).
 */
export function ubigeoStatus(code: string): UbigeoLevel | 'unknown-district' | 'unknown' {
  if (!SIX_DIGITS.test(code)) return 'unknown';
  const level = levelOf(code);
  if (NAMES.has(code)) return level;
  return level === 'district' && NAMES.has(`${code.slice(0, 4)}00`) ? 'unknown-district' : 'unknown';
}

/** Every district code, in order (for tests and generators). */
export function districtCodes(): string[] {
  return [...NAMES.keys()].filter((code) => levelOf(code) === 'district');
}
