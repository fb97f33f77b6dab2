// The document list's rows in ONE statement on the pool: the columns, the body fields FacturadorPro shows
// (due date, telephone, exchange rate), which files exist, and every value already as the text the answer
// carries — totals with two decimals, dates in Lima and ISO. A day of 10,000 documents through Prisma was three
// queries, a Decimal and two Dates per row and an Intl call per timestamp: most of the listing's time.
import type { TenantRef } from '../../pipeline/deps.ts';
import type { Database } from '../../platform/db/database.ts';
import { quoteIdent } from '../../platform/db/schema-name.ts';

export interface ListedRow {
  id: number;
  external_id: string;
  document_type: string;
  serie: string;
  number: number;
  filename: string;
  issue_date: string;
  customer_doc_number: string;
  customer_name: string;
  currency: string;
  total_exportation: string;
  total_free: string;
  total_unaffected: string;
  total_exonerated: string;
  total_taxed: string;
  total_igv: string;
  total: string;
  state_type_id: string;
  created_lima: string;
  updated_lima: string;
  created_iso: string;
  has_xml: boolean;
  has_cdr: boolean;
  due: string | null;
  telephone: string | null;
  rate: string | null;
}

export interface ListFilter {
  types: string[];
  from?: string;
  to?: string;
  /** Rows before this (issue date, id) in the newest-first order. */
  before?: { date: string; id: number };
  take: number;
}

const ISO_MS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

export async function listedRows(db: Database, tenant: TenantRef, filter: ListFilter): Promise<ListedRow[]> {
  const s = quoteIdent(tenant.schema);
  const params: unknown[] = [filter.types, filter.take];
  const where = ['d.document_type = ANY($1::text[])'];
  if (filter.from && filter.to) {
    params.push(filter.from, filter.to);
    where.push(`d.issue_date BETWEEN $${params.length - 1}::date AND $${params.length}::date`);
  }
  if (filter.before) {
    params.push(filter.before.date, filter.before.id);
    where.push(`(d.issue_date, d.id) < ($${params.length - 1}::date, $${params.length}::int)`);
  }
  const total = (column: string) => `round(d.${column}, 2)::text AS ${column}`;
  const { rows } = await db.pool.query<ListedRow>(
    `SELECT d.id, d.external_id, d.document_type, d.serie, d.number, d.filename,
            to_char(d.issue_date, 'YYYY-MM-DD') AS issue_date, d.customer_doc_number, d.customer_name, d.currency,
            ${['total_exportation', 'total_free', 'total_unaffected', 'total_exonerated', 'total_taxed', 'total_igv', 'total'].map(total).join(', ')},
            d.state_type_id,
            to_char(d.created_at AT TIME ZONE 'America/Lima', 'YYYY-MM-DD HH24:MI:SS') AS created_lima,
            to_char(d.updated_at AT TIME ZONE 'America/Lima', 'YYYY-MM-DD HH24:MI:SS') AS updated_lima,
            to_char(d.created_at AT TIME ZONE 'UTC', ${ISO_MS}) AS created_iso,
            EXISTS (SELECT 1 FROM ${s}."document_files" f WHERE f.document_id = d.id AND f.kind = 'xml') AS has_xml,
            EXISTS (SELECT 1 FROM ${s}."document_files" f WHERE f.document_id = d.id AND f.kind = 'cdr') AS has_cdr,
            d.payload->>'fecha_de_vencimiento' AS due,
            NULLIF(d.payload->'datos_del_cliente_o_receptor'->>'telefono', '') AS telephone,
            d.payload->>'factor_tipo_de_cambio' AS rate
       FROM ${s}."documents" d
      WHERE ${where.join(' AND ')}
      ORDER BY d.issue_date DESC, d.id DESC
      LIMIT $2`,
    params,
  );
  return rows;
}
