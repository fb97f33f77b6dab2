// The document list in ONE statement on the pool, each row already the JSON object the answer carries, built by
// PostgreSQL (ROW_JSON): the columns, the body fields FacturadorPro shows (due date, telephone, exchange
// rate), which files exist, totals with two decimals, dates in Lima and ISO, the download links. The API only
// joins the rows' text: a day of 10,000 documents was three Prisma queries, a Decimal and two Dates per row, an
// Intl call per timestamp, 10,000 objects and one 10 MB JSON.stringify — most of the listing's time and memory.
import type { TenantRef } from '../../pipeline/deps.ts';
import type { Database } from '../../platform/db/database.ts';
import { quoteIdent } from '../../platform/db/schema-name.ts';

export interface ListFilter {
  types: string[];
  from?: string;
  to?: string;
  /** Rows before this (issue date, id) in the newest-first order. */
  before?: { date: string; id: number };
  take: number;
}

/** What each row shows that is not in the row: the tenant's links, its SUNAT mode, the catalogs' descriptions. */
export interface ListContext {
  baseUrl: string;
  soapType: { soap_type_id: string; soap_type_description: string };
  typeDescriptions: Record<string, string>;
  stateDescriptions: Record<string, string>;
}

export interface ListedJson {
  /** One JSON object per row, newest first. */
  rows: string[];
  /** Each row's key (issue date, id), for the next page's cursor. */
  keys: { date: string; id: number }[];
}

const ISO_MS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const LIMA = `'YYYY-MM-DD HH24:MI:SS'`;

const TOTALS = [
  'total_exportation',
  'total_free',
  'total_unaffected',
  'total_exonerated',
  'total_taxed',
  'total_igv',
  'total',
];

/** The row's keys in the answer's (FacturadorPro's) order, each with its SQL value; $3 base URL, $4–$5 SOAP type,
 *  $6 type descriptions, $7 state descriptions. A missing due date is the issue date (facturas and boletas only). */
const FIELDS: Array<[string, string]> = [
  ['id', 'd.id'],
  ['external_id', 'd.external_id'],
  ['group_id', `CASE WHEN d.document_type = '03' OR d.serie LIKE 'B%' THEN '02' ELSE '01' END`],
  ['soap_type_id', '$4::text'],
  ['soap_type_description', '$5::text'],
  ['document_type_id', 'd.document_type'],
  ['document_type_description', 'COALESCE($6::jsonb ->> d.document_type, d.document_type)'],
  ['number', `d.serie || '-' || d.number`],
  ['filename', 'd.filename'],
  ['date_of_issue', 'f.issue'],
  [
    'date_of_due',
    `CASE WHEN d.document_type IN ('01', '03') THEN COALESCE(d.payload->>'fecha_de_vencimiento', f.issue) END`,
  ],
  ['customer_number', 'd.customer_doc_number'],
  ['customer_name', 'd.customer_name'],
  ['customer_telephone', `NULLIF(d.payload->'datos_del_cliente_o_receptor'->>'telefono', '')`],
  ['currency_type_id', 'd.currency'],
  ['exchange_rate_sale', `d.payload->>'factor_tipo_de_cambio'`],
  ...TOTALS.map((c): [string, string] => [c, `round(d.${c}, 2)::text`]),
  ['state_type_id', 'd.state_type_id'],
  ['state_type_description', 'COALESCE($7::jsonb ->> d.state_type_id, d.state_type_id)'],
  ['has_xml', 'f.has_xml'],
  ['has_pdf', 'true'],
  ['has_cdr', 'f.has_cdr'],
  ['download_xml', `$3::text || '/downloads/document/xml/' || d.external_id`],
  ['download_pdf', `$3::text || '/downloads/document/pdf/' || d.external_id`],
  ['download_cdr', `CASE WHEN f.has_cdr THEN $3::text || '/downloads/document/cdr/' || d.external_id ELSE '' END`],
  ['created_at', `to_char(d.created_at AT TIME ZONE 'America/Lima', ${LIMA})`],
  ['updated_at', `to_char(d.updated_at AT TIME ZONE 'America/Lima', ${LIMA})`],
  ['created_at_iso', `to_char(d.created_at AT TIME ZONE 'UTC', ${ISO_MS})`],
];

/** Compact JSON text of the row (json_build_object would write " : " and ", " between members): each value
 *  through to_json, which escapes it as JSON does; SQL NULL as null. */
const ROW_JSON = `'{' || ${FIELDS.map(([key, value]) => `'"${key}":' || COALESCE(to_json(${value})::text, 'null')`).join(" || ',' || ")} || '}'`;

export async function listJson(
  db: Database,
  tenant: TenantRef,
  filter: ListFilter,
  ctx: ListContext,
): Promise<ListedJson> {
  const s = quoteIdent(tenant.schema);
  const params: unknown[] = [
    filter.types,
    filter.take,
    ctx.baseUrl,
    ctx.soapType.soap_type_id,
    ctx.soapType.soap_type_description,
    JSON.stringify(ctx.typeDescriptions),
    JSON.stringify(ctx.stateDescriptions),
  ];
  const where = ['d.document_type = ANY($1::text[])'];
  if (filter.from && filter.to) {
    params.push(filter.from, filter.to);
    where.push(`d.issue_date BETWEEN $${params.length - 1}::date AND $${params.length}::date`);
  }
  if (filter.before) {
    params.push(filter.before.date, filter.before.id);
    where.push(`(d.issue_date, d.id) < ($${params.length - 1}::date, $${params.length}::int)`);
  }
  const { rows } = await db.pool.query<{ row: string; issue: string; id: number }>(
    `SELECT ${ROW_JSON} AS row, f.issue, d.id
       FROM ${s}."documents" d
       CROSS JOIN LATERAL (SELECT to_char(d.issue_date, 'YYYY-MM-DD') AS issue,
              EXISTS (SELECT 1 FROM ${s}."document_files" x WHERE x.document_id = d.id AND x.kind = 'xml') AS has_xml,
              EXISTS (SELECT 1 FROM ${s}."document_files" x WHERE x.document_id = d.id AND x.kind = 'cdr') AS has_cdr) f
      WHERE ${where.join(' AND ')}
      ORDER BY d.issue_date DESC, d.id DESC
      LIMIT $2`,
    params,
  );
  return { rows: rows.map((r) => r.row), keys: rows.map((r) => ({ date: r.issue, id: r.id })) };
}
