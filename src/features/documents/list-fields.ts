// The list row fields FacturadorPro's integrators read beyond the stored columns: what the body said (due date,
// customer telephone, exchange rate), the company's SUNAT mode, and creation times as FacturadorPro prints them
// (Lima local `Y-m-d H:i:s`; the ISO UTC instant is kept in `created_at_iso`).
import type { TenantRef } from '../../pipeline/deps.ts';
import { quoteIdent } from '../../platform/db/schema-name.ts';

export interface BodyFields {
  date_of_due: string | null;
  customer_telephone: string | null;
  exchange_rate_sale: string | null;
}

// sv-SE formats as `2026-01-15 09:30:00`; Lima has one offset all year but the zone database says so, not us.
const LIMA = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'America/Lima',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `2026-01-15T14:30:00.000Z` → `2026-01-15 09:30:00` (America/Lima). */
export function limaDateTime(instant: Date): string {
  return LIMA.format(instant);
}

/** FacturadorPro's `soap_type_id`: 01 demo (beta or simulator), 02 production. */
export function soapTypeOf(sunatMode: string): { soap_type_id: string; soap_type_description: string } {
  return sunatMode === 'production'
    ? { soap_type_id: '02', soap_type_description: 'Producción' }
    : { soap_type_id: '01', soap_type_description: 'Demo' };
}

/** The body's due date, customer telephone and exchange rate of each listed document, by id (one query). */
export async function bodyFieldsOf(tenant: TenantRef, ids: number[]): Promise<Map<number, BodyFields>> {
  if (ids.length === 0) return new Map();
  const rows = await tenant.db.$queryRawUnsafe<
    { id: number; due: string | null; telephone: string | null; rate: string | null }[]
  >(
    `SELECT id, payload->>'fecha_de_vencimiento' AS due,
            NULLIF(payload->'datos_del_cliente_o_receptor'->>'telefono', '') AS telephone,
            payload->>'factor_tipo_de_cambio' AS rate
       FROM ${quoteIdent(tenant.schema)}."documents" WHERE id = ANY($1::int[])`,
    ids,
  );
  return new Map(
    rows.map((r) => [r.id, { date_of_due: r.due, customer_telephone: r.telephone, exchange_rate_sale: r.rate }]),
  );
}
