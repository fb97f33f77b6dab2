// The numbering transaction of issue.ts in raw SQL on one pooled connection (this is the hot path: a Prisma
// interactive transaction with nested creates cost several times the CPU of the SQL itself). Three round trips for
// "#": BEGIN with the series upsert/UPDATE … RETURNING (the row lock serialises "#" on the series until COMMIT),
// then ONE statement inserting the document, its lines, its XML file row and its first history entry, then COMMIT.
// Raw SQL names the tenant's schema (house rule).
import type pg from 'pg';
import { queryPrepared } from '../platform/db/prepared.ts';
import { quoteIdent } from '../platform/db/schema-name.ts';
import type { DocumentColumns, LineColumns } from './kinds.ts';
import { listBodySql } from './list-body.ts';

export class DuplicateNumber extends Error {}
export class SeriesNotRegistered extends Error {}
export class QuotaExceeded extends Error {
  constructor(readonly limit: number) {
    super(`monthly quota of ${limit} documents reached`);
  }
}

/** The plan's monthly limit: at most `limit` documents created since `since`. */
export interface Quota {
  limit: number;
  since: Date;
}

/** The series has no number left ("#"), or an explicit number would use its last one. */
export class SeriesExhausted extends Error {
  constructor(readonly byExplicitNumber: boolean) {
    super(byExplicitNumber ? 'explicit number would exhaust the series' : 'series exhausted');
  }
}

/** SUNAT 1001: a correlative has 1 to 8 digits, so a series ends at 99,999,999. */
export const LAST_NUMBER = 99_999_999;

export interface NewDocument {
  externalId: string;
  documentType: string;
  serie: string;
  number: number;
  filename: string;
  columns: DocumentColumns;
  lines: LineColumns[];
  hash: string;
  qrText: string | null;
  fingerprint: string;
  payload: unknown;
  computed: unknown;
  /** Claimed for this request's own send attempt until then (null: not to be sent). */
  leaseUntil: Date | null;
  xmlFile: { storageKey: string; sha256: string; size: number };
  actor: string;
}

const DOC_COLUMNS = [
  'external_id',
  'document_type',
  'serie',
  'number',
  'filename',
  'issue_date',
  'issue_time',
  'customer_doc_type',
  'customer_doc_number',
  'customer_name',
  'currency',
  'total_taxed',
  'total_exonerated',
  'total_unaffected',
  'total_exportation',
  'total_free',
  'total_discounts',
  'total_charges',
  'total_igv',
  'total_isc',
  'total_icbper',
  'total_taxes',
  'total',
  'hash',
  'qr_text',
  'request_fingerprint',
  'payload',
  'computed',
  'next_attempt_at',
  'locked_until',
  'send_attempts',
];
/** The types of the columns list_body is rendered from: the parameters cast as the insert stores them. */
const LISTED_TYPES: Record<string, string> = {
  document_type: 'char(2)',
  serie: 'varchar(4)',
  number: 'int',
  filename: 'text',
  issue_date: 'date',
  customer_doc_number: 'varchar(20)',
  customer_name: 'text',
  currency: 'char(3)',
  total_exportation: 'numeric(14,2)',
  total_free: 'numeric(14,2)',
  total_unaffected: 'numeric(14,2)',
  total_exonerated: 'numeric(14,2)',
  total_taxed: 'numeric(14,2)',
  total_igv: 'numeric(14,2)',
  total: 'numeric(14,2)',
};

/** Columns the list reads that this statement writes from the others: the row's fixed members rendered from the
 *  very values stored (list-body.ts), and has_xml, since the xml file row is written here too. */
function listColumns(): Array<[string, string]> {
  const param = (name: string) => `$${DOC_COLUMNS.indexOf(name) + 1}`;
  return [
    ['list_body', listBodySql((name) => `${param(name)}::${LISTED_TYPES[name]}`, `${param('payload')}::jsonb`)],
    ['has_xml', 'true'],
  ];
}
const LINE_TYPES = [
  'int',
  'text',
  'text',
  'text',
  'text',
  'numeric',
  'numeric',
  'numeric',
  'text',
  'numeric',
  'numeric',
  'numeric',
  'numeric',
];
const LINE_COLUMNS = [
  'line_number',
  'internal_code',
  'sunat_product_code',
  'description',
  'unit_code',
  'quantity',
  'unit_value',
  'unit_price',
  'igv_affectation_type',
  'total_value',
  'total_igv',
  'total_taxes',
  'total',
];

export interface NumberingResult {
  id: number;
  number: number;
}

/**
 * The tenant's issues under a quota count one at a time: a transaction-scoped advisory lock per tenant, taken
 * before the series row lock (always in this order, so no deadlock), is held until COMMIT — the next request's count
 * then sees this document. Two-key form: apart from the single-key locks of the migrator.
 */
async function checkQuota(client: pg.PoolClient, schema: string, quota: Quota): Promise<void> {
  await client.query(`SELECT pg_advisory_xact_lock(hashtext('plan-quota'), hashtext($1))`, [schema]);
  const { rows } = await client.query<{ used: number }>(
    `SELECT count(*)::int AS used FROM ${quoteIdent(schema)}."documents" WHERE created_at >= $1`,
    [quota.since],
  );
  if (rows[0].used >= quota.limit) throw new QuotaExceeded(quota.limit);
}

// The insert's text depends only on the schema and the number of lines: built once per pair (a few kilobytes of
// placeholders and column lists assembled per document otherwise). Bounded by the text it holds, not by entries:
// a 999-line statement is ~170 KB, so 2,000 entries of many tenants' long documents could have held ~340 MB.
// Cleared when full.
const statements = new Map<string, string>();
const STATEMENTS_MAX_CHARS = 4_000_000;
let statementsChars = 0;

function insertStatement(s: string, lineCount: number): string {
  const cacheKey = `${s}\u0000${lineCount}`;
  let text = statements.get(cacheKey);
  if (text === undefined) {
    text = buildInsertStatement(s, lineCount);
    if (statementsChars + text.length > STATEMENTS_MAX_CHARS) {
      statements.clear();
      statementsChars = 0;
    }
    statements.set(cacheKey, text);
    statementsChars += text.length;
  }
  return text;
}

/** Parameters: the document's DOC_COLUMNS, then LINE_COLUMNS per line, then the XML file's key, sha256, size, actor. */
function buildInsertStatement(s: string, lineCount: number): string {
  const listed = listColumns();
  const docColumns = [...DOC_COLUMNS, ...listed.map(([column]) => column)].join(', ');
  const docPlaceholders = [...DOC_COLUMNS.map((_, i) => `$${i + 1}`), ...listed.map(([, value]) => value)].join(', ');
  let p = DOC_COLUMNS.length;
  const lineRows = Array.from(
    { length: lineCount },
    () => `(${LINE_COLUMNS.map((_, i) => `$${++p}::${LINE_TYPES[i]}`).join(', ')})`,
  );
  const [key, sha, size, actor] = [p + 1, p + 2, p + 3, p + 4];
  const linesCte = lineCount
    ? `, lines AS (INSERT INTO ${s}."document_lines" (document_id, ${LINE_COLUMNS.join(', ')})
         SELECT doc.id, l.* FROM doc, (VALUES ${lineRows.join(', ')}) AS l(${LINE_COLUMNS.join(', ')}))`
    : '';
  return `WITH doc AS (INSERT INTO ${s}."documents" (${docColumns}) VALUES (${docPlaceholders}) RETURNING id)${linesCte}
       , files AS (INSERT INTO ${s}."document_files" (document_id, kind, storage_key, sha256, size) SELECT id, 'xml', $${key}, $${sha}, $${size} FROM doc)
       , hist AS (INSERT INTO ${s}."document_state_history" (document_id, from_state, to_state, actor, reason) SELECT id, NULL, '01', $${actor}, 'Registrado' FROM doc)
       SELECT id FROM doc`;
}

// Document types and series are validated by the core before they get here; checked again because they are
// written into the statement as literals (a simple-protocol query, which can carry BEGIN too, has no parameters).
const LITERAL = /^[A-Z0-9]{1,4}$/;

/** BEGIN and the series' next number in one simple-protocol round trip; the number, or SeriesExhausted. */
async function nextNumberWithBegin(
  client: pg.PoolClient,
  s: string,
  series: { documentType: string; serie: string },
): Promise<number> {
  if (!LITERAL.test(series.documentType) || !LITERAL.test(series.serie))
    throw new Error(`unexpected series ${JSON.stringify(series)}`);
  const results = (await client.query(
    `BEGIN; INSERT INTO ${s}."series" (document_type, serie, last_number, registered) VALUES ('${series.documentType}', '${series.serie}', 1, false)
     ON CONFLICT (document_type, serie) DO UPDATE SET last_number = "series".last_number + 1, updated_at = now()
     WHERE "series".last_number < ${LAST_NUMBER}
     RETURNING last_number`,
  )) as unknown as pg.QueryResult<{ last_number: number }>[];
  const rows = results[1].rows;
  if (rows.length === 0) throw new SeriesExhausted(false);
  return rows[0].last_number;
}

/**
 * Runs `build(number)` between the number allocation and the insert, inside the transaction: it signs the XML with
 * the allocated number and returns the row to insert. Throws DuplicateNumber for a used explicit number, and
 * QuotaExceeded (before taking a number) when `quota` is full.
 */
export async function insertNumbered(
  pool: pg.Pool,
  schema: string,
  series: { documentType: string; serie: string; explicitNumber: number | null; requireRegistered: boolean },
  build: (number: number) => NewDocument,
  quota: Quota | null = null,
): Promise<NumberingResult & { row: NewDocument }> {
  const s = quoteIdent(schema);
  const client = await pool.connect();
  let open = false;
  let broken: Error | undefined;
  try {
    // The common case — "#" on a series that needs no registration, no quota — opens the transaction and takes the
    // number in one round trip (nextNumberWithBegin); every other case begins on its own.
    const fused = series.explicitNumber === null && !series.requireRegistered && !quota;
    let fusedNumber: number | undefined;
    if (fused) {
      open = true;
      fusedNumber = await nextNumberWithBegin(client, s, series);
    } else {
      await client.query('BEGIN');
      open = true;
    }
    if (quota) await checkQuota(client, schema, quota);
    if (series.requireRegistered) {
      const found = await client.query(`SELECT 1 FROM ${s}."series" WHERE document_type = $1 AND serie = $2`, [
        series.documentType,
        series.serie,
      ]);
      if (!found.rowCount) throw new SeriesNotRegistered();
    }
    let number: number;
    if (fusedNumber !== undefined) {
      number = fusedNumber;
    } else if (series.explicitNumber === null) {
      // Registers a valid series on first use, then takes its next number (row lock held until COMMIT).
      // A full series updates no row (and returns none): a clear refusal instead of a 9-digit number.
      const { rows } = await client.query<{ last_number: number }>(
        `INSERT INTO ${s}."series" (document_type, serie, last_number, registered) VALUES ($1, $2, 1, false)
         ON CONFLICT (document_type, serie) DO UPDATE SET last_number = "series".last_number + 1, updated_at = now()
         WHERE "series".last_number < $3
         RETURNING last_number`,
        [series.documentType, series.serie, LAST_NUMBER],
      );
      if (rows.length === 0) throw new SeriesExhausted(false);
      number = rows[0].last_number;
    } else {
      number = series.explicitNumber;
      const used = await client.query(
        `SELECT 1 FROM ${s}."documents" WHERE document_type = $1 AND serie = $2 AND number = $3`,
        [series.documentType, series.serie, number],
      );
      if (used.rowCount) throw new DuplicateNumber();
      // The counter follows explicit numbers (GREATEST below): one mistyped 99999999 would leave "#" nothing.
      if (number >= LAST_NUMBER) throw new SeriesExhausted(true);
      await client.query(
        `INSERT INTO ${s}."series" (document_type, serie, last_number, registered) VALUES ($1, $2, $3, false)
         ON CONFLICT (document_type, serie) DO UPDATE SET last_number = GREATEST("series".last_number, $3), updated_at = now()`,
        [series.documentType, series.serie, number],
      );
    }
    const row = build(number);
    const c = row.columns;
    const values: unknown[] = [
      row.externalId,
      row.documentType,
      row.serie,
      row.number,
      row.filename,
      c.issueDate,
      c.issueTime,
      c.customerDocType,
      c.customerDocNumber,
      c.customerName,
      c.currency,
      c.totalTaxed ?? '0',
      c.totalExonerated ?? '0',
      c.totalUnaffected ?? '0',
      c.totalExportation ?? '0',
      c.totalFree ?? '0',
      c.totalDiscounts ?? '0',
      c.totalCharges ?? '0',
      c.totalIgv ?? '0',
      c.totalIsc ?? '0',
      c.totalIcbper ?? '0',
      c.totalTaxes ?? '0',
      c.total,
      row.hash,
      row.qrText,
      row.fingerprint,
      JSON.stringify(row.payload ?? null),
      JSON.stringify(row.computed),
      row.leaseUntil,
      row.leaseUntil,
      row.leaseUntil ? 1 : 0,
    ];
    for (const l of row.lines) {
      values.push(
        l.lineNumber,
        l.internalCode ?? null,
        l.sunatProductCode ?? null,
        l.description,
        l.unitCode,
        l.quantity,
        l.unitValue,
        l.unitPrice,
        l.igvAffectationType,
        l.totalValue,
        l.totalIgv,
        l.totalTaxes,
        l.total,
      );
    }
    values.push(row.xmlFile.storageKey, row.xmlFile.sha256, row.xmlFile.size, row.actor);
    const { rows } = await queryPrepared<{ id: number }>(client, insertStatement(s, row.lines.length), values);
    await client.query('COMMIT');
    open = false;
    return { id: rows[0].id, number, row };
  } catch (error) {
    // A connection the server dropped cannot roll back (the server already did): the pool must not reuse it.
    if (open)
      await client.query('ROLLBACK').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
    // A unique violation on the document (explicit number raced by an identical request) is a duplicate.
    if ((error as { code?: string }).code === '23505' && series.explicitNumber !== null) throw new DuplicateNumber();
    throw error;
  } finally {
    client.release(broken);
  }
}
