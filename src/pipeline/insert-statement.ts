// The one statement that stores issued documents: any number of them, each with its lines, its signed XML's file
// row, its first history entry and — when the request asked for it — its e-mail (the outbox row and its delivery
// job: queued in the document's own transaction, so no crash can store the one without the other), from ONE jsonb
// parameter (an array of documents, lines nested). Its text depends
// on the schema alone, so each connection prepares it once per tenant whatever the batch size or line counts —
// a statement per line count, with a placeholder per value, was what the one-document insert needed before.
// Raw SQL names the tenant's schema (house rule).
import { statementTexts } from '../platform/db/statement-texts.ts';
import type { IssuerSnapshot } from './deps.ts';
import { quoteIdent } from '../platform/db/schema-name.ts';
import { enqueueFromSelect } from '../platform/jobs/queue.ts';
import { jobsTableOf, type JobsTable } from '../platform/jobs/outbox.ts';
import type { DocumentColumns, LineColumns } from './document-kind.ts';
import { listBodySql } from './list-body.ts';

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
  /** The request's hash (src/platform/fingerprint.ts) for an explicit number; null for "#". */
  fingerprint: string | null;
  payload: unknown;
  computed: unknown;
  /** The issuer the XML was signed with (rebuild.ts makes the XML again from it and `computed`), and its mode. */
  issuer: IssuerSnapshot;
  /** The establishment it is issued from (its XML's AddressTypeCode); absent: the fiscal domicile, 0000. */
  establishmentCode?: string;
  /** Claimed for this request's own send attempt until then (null: not to be sent). */
  leaseUntil: Date | null;
  xmlFile: { storageKey: string; sha256: string; size: number };
  actor: string;
  /** The e-mail the request asked for, planned by src/delivery/email; null: none. */
  email?: QueuedEmail | null;
  /** The request's Idempotency-Key (its idempotency_keys row): the statement writes this document on it. */
  idempotencyKeyId?: number | null;
}

/**
 * An e-mail outbox row (source "issue") and the job that delivers it, written with the document. A document this
 * request sends to SUNAT itself holds its job until its send lease ends, so the e-mail carries SUNAT's answer (its
 * CDR): the issuing request makes it due as soon as the answer is recorded (emailDueNow, src/delivery/email); should
 * that request die, the e-mail still goes when the lease ends.
 */
export interface QueuedEmail {
  id: string;
  /** Comma-separated addresses, as the outbox keeps them. */
  to: string;
  job: { name: string; dedupeKey: string; tenantId: number; payload: object };
  /** Where the statement queues its job: central.jobs, or the schema's job_outbox (platform/jobs/outbox.ts). */
  jobs?: JobsTable;
}

/** The documents columns written, with the SQL type each value is read as (the column's own type). */
const DOCUMENT_FIELDS: Array<[string, string]> = [
  ['external_id', 'uuid'],
  ['document_type', 'char(2)'],
  ['serie', 'varchar(4)'],
  ['number', 'int'],
  ['filename', 'text'],
  ['issue_date', 'date'],
  ['issue_time', 'text'],
  ['customer_doc_type', 'text'],
  ['customer_doc_number', 'varchar(20)'],
  ['customer_name', 'text'],
  ['currency', 'char(3)'],
  ['total_taxed', 'numeric(14,2)'],
  ['total_exonerated', 'numeric(14,2)'],
  ['total_unaffected', 'numeric(14,2)'],
  ['total_exportation', 'numeric(14,2)'],
  ['total_free', 'numeric(14,2)'],
  ['total_discounts', 'numeric(14,2)'],
  ['total_charges', 'numeric(14,2)'],
  ['total_igv', 'numeric(14,2)'],
  ['total_isc', 'numeric(14,2)'],
  ['total_icbper', 'numeric(14,2)'],
  ['total_taxes', 'numeric(14,2)'],
  ['total', 'numeric(14,2)'],
  ['hash', 'text'],
  ['qr_text', 'text'],
  ['request_fingerprint', 'text'],
  ['payload', 'jsonb'],
  ['computed', 'jsonb'],
  ['issuer', 'jsonb'],
  ['next_attempt_at', 'timestamptz'],
  ['locked_until', 'timestamptz'],
  ['send_attempts', 'int'],
  ['establishment_code', 'varchar(4)'],
];
/** Carried along for the other tables, not documents columns. */
const EXTRA_FIELDS: Array<[string, string]> = [
  ['xml_key', 'text'],
  ['xml_sha256', 'text'],
  ['xml_size', 'int'],
  ['actor', 'text'],
  ['lines', 'jsonb'],
  ['email_id', 'uuid'],
  ['email_to', 'text'],
  ['email_job_name', 'text'],
  ['email_job_key', 'text'],
  ['email_job_tenant', 'int'],
  ['email_job_payload', 'jsonb'],
  ['idempotency_key_id', 'int'],
];
const LINE_FIELDS: Array<[string, string]> = [
  ['line_number', 'int'],
  ['internal_code', 'text'],
  ['sunat_product_code', 'text'],
  ['description', 'text'],
  ['unit_code', 'text'],
  ['quantity', 'numeric'],
  ['unit_value', 'numeric'],
  ['unit_price', 'numeric'],
  ['igv_affectation_type', 'text'],
  ['total_value', 'numeric'],
  ['total_igv', 'numeric'],
  ['total_taxes', 'numeric'],
  ['total', 'numeric'],
];

const definition = (fields: Array<[string, string]>) => fields.map(([name, type]) => `${name} ${type}`).join(', ');
const names = (fields: Array<[string, string]>) => fields.map(([name]) => name).join(', ');

/**
 * The e-mails' two inserts, only in the text of a batch that carries an e-mail: PostgreSQL runs every
 * data-modifying CTE, opening its table and indexes even for no row, and most documents ask for no e-mail.
 */
function emailInserts(schema: string, jobs: JobsTable): string {
  const s = quoteIdent(schema);
  return `
       , mail AS (INSERT INTO ${s}."email_outbox" (id, document_id, to_addresses, source)
           SELECT src.email_id, doc.id, src.email_to, 'issue' FROM doc JOIN src USING (external_id)
           WHERE src.email_id IS NOT NULL)
       , mail_job AS (${enqueueFromSelect(
         `SELECT src.email_job_name, src.email_job_key, src.email_job_tenant,
             src.email_job_payload, COALESCE(src.locked_until::timestamptz, now()) FROM src WHERE src.email_id IS NOT NULL`,
         jobsTableOf(schema, jobs),
       )})`;
}

/**
 * The request's Idempotency-Key learns its document in the document's own transaction, only in the text of a batch
 * that carries a key: should the COMMIT's answer be lost, the key still says what was stored (idempotency.ts).
 */
function idempotencyLink(s: string): string {
  return `
       , idem AS (UPDATE ${s}."idempotency_keys" k SET document_external_id = src.external_id
           FROM src WHERE k.id = src.idempotency_key_id)`;
}

/**
 * Parameter $1: the documents as documentsParameter() writes them. Returns each stored document's id and
 * external_id. Each value is cast to its column's type before list_body is rendered from it (list-body.ts), so the
 * list shows exactly what the row holds.
 */
function buildStatement(schema: string, email: JobsTable | null, withKey: boolean, guarded: boolean): string {
  const s = quoteIdent(schema);
  const typed = DOCUMENT_FIELDS.map(([name, type]) => `d.${name}::${type}`).join(', ');
  const listBody = listBodySql((name) => {
    const type = DOCUMENT_FIELDS.find(([field]) => field === name)![1];
    return `d.${name}::${type}`;
  }, 'd.payload');
  return `WITH ${guarded ? seriesGuard(s) : ''}src AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS d(${definition([...DOCUMENT_FIELDS, ...EXTRA_FIELDS])})${guarded ? ' WHERE EXISTS (SELECT FROM taken)' : ''})
       , doc AS (INSERT INTO ${s}."documents" (${names(DOCUMENT_FIELDS)}, list_body, has_xml)
           SELECT ${typed}, ${listBody}, true FROM src d RETURNING id, external_id)
       , lines AS (INSERT INTO ${s}."document_lines" (document_id, ${names(LINE_FIELDS)})
           SELECT doc.id, l.* FROM doc JOIN src USING (external_id)
           CROSS JOIN LATERAL jsonb_to_recordset(src.lines) AS l(${definition(LINE_FIELDS)}))
       , files AS (INSERT INTO ${s}."document_files" (document_id, kind, storage_key, sha256, size)
           SELECT doc.id, 'xml', src.xml_key, src.xml_sha256, src.xml_size FROM doc JOIN src USING (external_id))
       , hist AS (INSERT INTO ${s}."document_state_history" (document_id, from_state, to_state, actor, reason)
           SELECT doc.id, NULL, '01', src.actor, 'Registrado' FROM doc JOIN src USING (external_id))${email ? emailInserts(schema, email) : ''}${withKey ? idempotencyLink(s) : ''}
       SELECT id, external_id::text AS external_id FROM doc`;
}

/**
 * The guarded form's first step: the series ($2 type, $3 serie) takes $5 numbers only if its last is still $4 — the
 * documents were built with the numbers $4 + 1 … $4 + $5 — and nothing is inserted unless it did (src reads `taken`).
 * The row lock it takes holds off every other taker until the statement's own commit.
 */
function seriesGuard(s: string): string {
  return `taken AS (UPDATE ${s}."series" SET last_number = last_number + $5::int, updated_at = now()
           WHERE document_type = $2 AND serie = $3 AND last_number = $4::int RETURNING last_number)
       , `;
}

// Twelve texts per schema (without the e-mails' inserts or with them queuing into central.jobs or the outbox; with
// or without the key's link, the series guard).
const textOf = statementTexts(12, 4_000_000);

/**
 * The statement storing `rows` in `schema`: with the e-mails' inserts when one of them carries an e-mail, with the
 * key's link when one of them carries an Idempotency-Key. Guarded: it also takes the rows' numbers from their series,
 * and stores nothing if those are not the series' next (parameters $2–$5, seriesGuard). The rows of one statement
 * share a server, so their e-mails queue their jobs in the same place.
 */
export function insertStatement(schema: string, rows: NewDocument[], guarded = false): string {
  const mailed = rows.find((row) => row.email)?.email;
  const email: JobsTable | null = mailed ? (mailed.jobs ?? 'central') : null;
  const withKey = rows.some((row) => row.idempotencyKeyId != null);
  const variant = (email === null ? 0 : email === 'central' ? 1 : 2) + (withKey ? 3 : 0) + (guarded ? 6 : 0);
  return textOf(variant, schema, () => buildStatement(schema, email, withKey, guarded));
}

function lineObject(l: LineColumns): Record<string, unknown> {
  return {
    line_number: l.lineNumber,
    internal_code: l.internalCode ?? null,
    sunat_product_code: l.sunatProductCode ?? null,
    description: l.description,
    unit_code: l.unitCode,
    quantity: l.quantity,
    unit_value: l.unitValue,
    unit_price: l.unitPrice,
    igv_affectation_type: l.igvAffectationType,
    total_value: l.totalValue,
    total_igv: l.totalIgv,
    total_taxes: l.totalTaxes,
    total: l.total,
  };
}

function documentObject(row: NewDocument): Record<string, unknown> {
  const c = row.columns;
  return {
    external_id: row.externalId,
    document_type: row.documentType,
    serie: row.serie,
    number: row.number,
    filename: row.filename,
    issue_date: c.issueDate,
    issue_time: c.issueTime,
    customer_doc_type: c.customerDocType,
    customer_doc_number: c.customerDocNumber,
    customer_name: c.customerName,
    currency: c.currency,
    total_taxed: c.totalTaxed ?? '0',
    total_exonerated: c.totalExonerated ?? '0',
    total_unaffected: c.totalUnaffected ?? '0',
    total_exportation: c.totalExportation ?? '0',
    total_free: c.totalFree ?? '0',
    total_discounts: c.totalDiscounts ?? '0',
    total_charges: c.totalCharges ?? '0',
    total_igv: c.totalIgv ?? '0',
    total_isc: c.totalIsc ?? '0',
    total_icbper: c.totalIcbper ?? '0',
    total_taxes: c.totalTaxes ?? '0',
    total: c.total,
    hash: row.hash,
    qr_text: row.qrText,
    request_fingerprint: row.fingerprint,
    payload: row.payload ?? null,
    computed: row.computed,
    issuer: row.issuer,
    next_attempt_at: row.leaseUntil,
    locked_until: row.leaseUntil,
    send_attempts: row.leaseUntil ? 1 : 0,
    establishment_code: row.establishmentCode ?? '0000',
    xml_key: row.xmlFile.storageKey,
    xml_sha256: row.xmlFile.sha256,
    xml_size: row.xmlFile.size,
    actor: row.actor,
    lines: row.lines.map(lineObject),
    ...(row.idempotencyKeyId != null ? { idempotency_key_id: row.idempotencyKeyId } : {}),
    ...(row.email
      ? {
          email_id: row.email.id,
          email_to: row.email.to,
          email_job_name: row.email.job.name,
          email_job_key: row.email.job.dedupeKey,
          email_job_tenant: row.email.job.tenantId,
          email_job_payload: row.email.job.payload,
        }
      : {}),
  };
}

/** The statement's one parameter: the documents as a JSON array (payload and computed nested as they are). */
export function documentsParameter(rows: NewDocument[]): string {
  return JSON.stringify(rows.map(documentObject));
}
