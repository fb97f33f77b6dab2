// SUNAT's answer for a document stored in one statement: its state, the answer, the CDR (its bytes in its file row)
// and the history entry, atomic — the answer is never recorded without its proof, nor the proof without the answer.
// The answers of one tenant that arrive while its statement runs wait here and go together in the next one
// (platform/db/group-commit.ts): one round trip and one commit for all of them. An answer that finds its tenant's
// queue idle goes at once, alone, in the statement it always had.
import type pg from 'pg';
import { isDatabaseUnavailable } from '../platform/db/connection-errors.ts';
import { groupCommit, RetryAlone, type GroupTotals } from '../platform/db/group-commit.ts';
import { poolQueryPrepared } from '../platform/db/prepared.ts';
import { quoteIdent } from '../platform/db/schema-name.ts';
import { statementTexts } from '../platform/db/statement-texts.ts';

/** One document's answer as its row is to be changed. */
export interface OutcomeRow {
  id: number;
  state: string;
  /** sunat_response, as JSON text. */
  response: string;
  attempts: number;
  retryAt: Date | null;
  lastError: string | null;
  cdr: { key: string; sha: string; size: number; zip: Buffer } | null;
  actor: string;
  /** The history entry's reason; the entry is written when `historic` (a final answer, or a hold). */
  reason: string;
  historic: boolean;
  hold: string | null;
  uncertain: boolean;
}

/** The most answers one statement takes. */
export const MAX_OUTCOMES = 32;

/** What the queues did since the process started: statements run and answers stored. */
export const outcomeTotals: GroupTotals = { statements: 0, items: 0 };

// has_cdr is the list's copy of "a cdr file row exists" (list-query.ts). A hold is recorded in the history too
// (01 → 01): who stopped the document, when and why.
function aloneStatement(s: string): string {
  return `WITH upd AS (
       UPDATE ${s}."documents" SET state_type_id = $2, sunat_response = $3::jsonb, send_attempts = $4, next_attempt_at = $5,
         locked_until = NULL, last_error = $6, send_hold = $13, send_uncertain = $14, updated_at = now(),
         has_cdr = has_cdr OR $7::text IS NOT NULL
       WHERE id = $1 RETURNING id)
     , f AS (INSERT INTO ${s}."document_files" (document_id, kind, storage_key, sha256, size, data)
         SELECT id, 'cdr', $7::text, $8::text, $9::int, $15::bytea FROM upd WHERE $7::text IS NOT NULL
         ON CONFLICT (document_id, kind) DO UPDATE SET storage_key = EXCLUDED.storage_key, sha256 = EXCLUDED.sha256, size = EXCLUDED.size,
           data = EXCLUDED.data)
     , h AS (INSERT INTO ${s}."document_state_history" (document_id, from_state, to_state, actor, reason)
         SELECT id, '01', $2, $10, $11 FROM upd WHERE $12::boolean)
     SELECT id FROM upd`;
}

function aloneValues(r: OutcomeRow): unknown[] {
  return [
    r.id,
    r.state,
    r.response,
    r.attempts,
    r.retryAt,
    r.lastError,
    r.cdr?.key ?? null,
    r.cdr?.sha ?? null,
    r.cdr?.size ?? null,
    r.actor,
    r.reason,
    r.historic,
    r.hold,
    r.uncertain,
    r.cdr?.zip ?? null,
  ];
}

// The same changes for many documents, one array per column. Planned on every run, never prepared: a generic plan
// made while the table is small scans it whole (a hash join over a seq scan filtering `id = ANY($1)`; EXPLAIN on
// PostgreSQL 15), and kept while the table grows it cost PostgreSQL twice its CPU per document within two minutes
// of a bench. Planned with the actual arrays, the UPDATE takes the primary key's index.
function togetherStatement(s: string): string {
  return `WITH a AS (
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::timestamptz[], $6::text[], $7::text[],
         $8::text[], $9::int[], $10::text[], $11::text[], $12::boolean[], $13::text[], $14::boolean[], $15::bytea[])
         AS a(id, state, response, attempts, retry_at, last_error, cdr_key, cdr_sha, cdr_size, actor, reason, historic,
           hold, uncertain, zip))
     , upd AS (
       UPDATE ${s}."documents" d SET state_type_id = a.state, sunat_response = a.response::jsonb, send_attempts = a.attempts,
         next_attempt_at = a.retry_at, locked_until = NULL, last_error = a.last_error, send_hold = a.hold,
         send_uncertain = a.uncertain, updated_at = now(), has_cdr = d.has_cdr OR a.cdr_key IS NOT NULL
       FROM a WHERE d.id = ANY($1::int[]) AND d.id = a.id RETURNING d.id)
     , f AS (INSERT INTO ${s}."document_files" (document_id, kind, storage_key, sha256, size, data)
         SELECT a.id, 'cdr', a.cdr_key, a.cdr_sha, a.cdr_size, a.zip FROM a JOIN upd USING (id) WHERE a.cdr_key IS NOT NULL
         ON CONFLICT (document_id, kind) DO UPDATE SET storage_key = EXCLUDED.storage_key, sha256 = EXCLUDED.sha256, size = EXCLUDED.size,
           data = EXCLUDED.data)
     , h AS (INSERT INTO ${s}."document_state_history" (document_id, from_state, to_state, actor, reason)
         SELECT a.id, '01', a.state, a.actor, a.reason FROM a JOIN upd USING (id) WHERE a.historic)
     SELECT id FROM upd`;
}

/** The alone statement's parameters, column by column: one array per parameter, in the same order ($1 … $15). */
function togetherValues(rows: OutcomeRow[]): unknown[][] {
  const values = rows.map(aloneValues);
  return values[0].map((_, column) => values.map((row) => row[column]));
}

const textOf = statementTexts(2, 2_000_000);

function textFor(schema: string, together: boolean): string {
  return textOf(together ? 1 : 0, schema, () =>
    together ? togetherStatement(quoteIdent(schema)) : aloneStatement(quoteIdent(schema)),
  );
}

interface Pending {
  schema: string;
  row: OutcomeRow;
}

/**
 * The answers together. A statement PostgreSQL refused changed nothing (one statement, its own transaction): each
 * answer goes again alone, and only one that fails alone fails. Anything else — a lost connection — is every
 * answer's error, as it would have been alone: whether it committed is not known, and each document keeps its lease
 * until the next attempt asks SUNAT (send.ts).
 */
async function storeTogether(pool: pg.Pool, pending: Pending[]): Promise<true[]> {
  // One document twice (never while its lease holds, but not for this statement to assume): each alone, in turn.
  if (new Set(pending.map((p) => p.row.id)).size < pending.length) throw new RetryAlone('one document twice');
  try {
    // pg's pool.query: a connection that fails is not given back to the pool.
    await pool.query(textFor(pending[0].schema, true), togetherValues(pending.map((p) => p.row)));
  } catch (error) {
    // Refused by PostgreSQL (an error it reported, with its severity, for this statement): nothing was stored.
    // A socket error, or a session the server ended, leaves the commit unknown: every answer's error.
    const refused = typeof (error as { severity?: unknown }).severity === 'string' && !isDatabaseUnavailable(error);
    if (refused) throw new RetryAlone(error);
    throw error;
  }
  return pending.map(() => true);
}

function queueFor(pool: pg.Pool) {
  return groupCommit<Pending, true>(
    {
      max: MAX_OUTCOMES,
      alone: async (p) => {
        await poolQueryPrepared(pool, textFor(p.schema, false), aloneValues(p.row));
        return true;
      },
      together: (pending) => storeTogether(pool, pending),
    },
    outcomeTotals,
  );
}

const queues = new WeakMap<pg.Pool, ReturnType<typeof queueFor>>();

/** Stores one document's answer, with the other answers of its tenant in flight when there are. */
export async function storeOutcome(pool: pg.Pool, schema: string, row: OutcomeRow): Promise<void> {
  let queue = queues.get(pool);
  if (!queue) {
    queue = queueFor(pool);
    queues.set(pool, queue);
  }
  await queue.inTurn(schema, { schema, row });
}
