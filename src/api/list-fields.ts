// How list rows show what FacturadorPro prints beyond the stored columns: the company's SUNAT mode. The body fields
// and the creation times (Lima local `Y-m-d H:i:s`, written by PostgreSQL; the ISO UTC instant in `created_at_iso`)
// are read in list-query.ts.

/** FacturadorPro's `soap_type_id`: 01 demo (beta or simulator), 02 production. */
export function soapTypeOf(sunatMode: string): { soap_type_id: string; soap_type_description: string } {
  return sunatMode === 'production'
    ? { soap_type_id: '02', soap_type_description: 'Producción' }
    : { soap_type_id: '01', soap_type_description: 'Demo' };
}
