// How list rows show what FacturadorPro prints beyond the stored columns (the body fields are read in list-query.ts):
// the company's SUNAT mode, and creation times as FacturadorPro prints them
// (Lima local `Y-m-d H:i:s`; the ISO UTC instant is kept in `created_at_iso`).
import { limaDateTimeOf } from '../../core/lima-clock.ts';

/** `2026-01-15T14:30:00.000Z` → `2026-01-15 09:30:00` (America/Lima). */
export function limaDateTime(instant: Date): string {
  return limaDateTimeOf(instant);
}

/** FacturadorPro's `soap_type_id`: 01 demo (beta or simulator), 02 production. */
export function soapTypeOf(sunatMode: string): { soap_type_id: string; soap_type_description: string } {
  return sunatMode === 'production'
    ? { soap_type_id: '02', soap_type_description: 'Producción' }
    : { soap_type_id: '01', soap_type_description: 'Demo' };
}
