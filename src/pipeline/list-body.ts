// The document list's row members from "number" to "total" (FacturadorPro's order) as JSON text: the part of a
// listed row that never changes once a document is issued, rendered ONCE, at insert, into documents.list_body
// (list-query.ts puts it between the members that do change or depend on the request). Rendering it for every
// listed row — three of its values read from the compressed payload — was most of a day's listing.
// Migration 0011 holds the same SQL over the stored columns for the documents issued before it;
// test/features/documents/list-bytes.test.ts proves both write what the list showed.

/** The SQL of the members, given each value's SQL: `column` a documents column, `payload` the request body (jsonb).
 *  Each value through to_json (escaped as JSON does), SQL NULL as null; the totals (numeric(14,2)) as strings with
 *  their two decimals. A missing due date is the issue date, for facturas and boletas only. */
export function listBodySql(column: (name: string) => string, payload: string): string {
  const json = (value: string) => `COALESCE(to_json(${value})::text, 'null')`;
  const issue = `to_char(${column('issue_date')}, 'YYYY-MM-DD')`;
  const totals = [
    'total_exportation',
    'total_free',
    'total_unaffected',
    'total_exonerated',
    'total_taxed',
    'total_igv',
    'total',
  ];
  const members: Array<[string, string]> = [
    ['number', json(`${column('serie')} || '-' || ${column('number')}`)],
    ['filename', json(column('filename'))],
    ['date_of_issue', json(issue)],
    [
      'date_of_due',
      json(
        `CASE WHEN ${column('document_type')} IN ('01', '03') THEN COALESCE(${payload} ->> 'fecha_de_vencimiento', ${issue}) END`,
      ),
    ],
    ['customer_number', json(column('customer_doc_number'))],
    ['customer_name', json(column('customer_name'))],
    ['customer_telephone', json(`NULLIF(${payload} -> 'datos_del_cliente_o_receptor' ->> 'telefono', '')`)],
    ['currency_type_id', json(column('currency'))],
    ['exchange_rate_sale', json(`${payload} ->> 'factor_tipo_de_cambio'`)],
    ...totals.map((name): [string, string] => [name, json(`${column(name)}::text`)]),
  ];
  return `concat(${members.map(([key, value], i) => `'${i ? ',' : ''}"${key}":', ${value}`).join(', ')})`;
}
