// Turning the body's values into what the guide carries: plates and licences without separators, a driver's
// "APELLIDOS, NOMBRES" split in two, weights and quantities at SUNAT's decimals. Each change that alters what the
// client wrote is reported as a warning naming the field.
import type { Findings } from '../invoice/findings.ts';
import { addWarning } from '../invoice/findings.ts';
import { type Decimal, roundTo } from '../money.ts';
import type { DispatchDriver } from './types.ts';
import type { DriverBody } from './schema.ts';

/** Plates and licences are written without dashes, dots or spaces (SUNAT 2567/2573 allow letters and digits only). */
export function compactCode(value: string, path: string, f: Findings, what: string): string {
  const compact = value.toUpperCase().replace(/[\s.\-_/]/g, '');
  if (compact !== value) addWarning(f, path, 'value_normalized', `${what}: se emitió "${compact}" (sin separadores).`);
  return compact;
}

/** `"APELLIDOS, NOMBRES"` → FamilyName / FirstName (FacturadorPro's convention); `apellidos` when sent apart. */
export function driverNames(d: DriverBody): { firstName: string; familyName: string } {
  const full = d.nombres.trim();
  if (d.apellidos) return { firstName: full, familyName: d.apellidos.trim() };
  const comma = full.indexOf(',');
  if (comma > 0 && comma < full.length - 1) {
    return { familyName: full.slice(0, comma).trim(), firstName: full.slice(comma + 1).trim() };
  }
  return { firstName: full, familyName: full };
}

export function driverOf(d: DriverBody, role: DispatchDriver['role'], path: string, f: Findings): DispatchDriver {
  return {
    role,
    documentType: d.codigo_tipo_documento_identidad,
    documentNumber: d.numero_documento,
    ...driverNames(d),
    licence: d.numero_licencia ? compactCode(d.numero_licencia, `${path}.numero_licencia`, f, 'La licencia') : '',
  };
}

/** A decimal at most `places` decimals, rounded half-up with a warning when it had more. */
export function atDecimals(value: Decimal, places: number, path: string, f: Findings): Decimal {
  const rounded = roundTo(value, places);
  if (!rounded.eq(value)) {
    addWarning(
      f,
      path,
      'amount_rounded',
      `Se redondeó ${value.toString()} a ${rounded.toFixed()} (SUNAT admite ${places} decimales).`,
    );
  }
  return rounded;
}
