// What the hold checks before the flip, with the source fenced and the target caught up to it: every table holds the
// same rows on both sides (count, highest id, latest updated_at), the series counters — rows, replicated like the
// rest: numbering is `series.last_number` moved in the transaction (pipeline/insert.ts) — are equal one by
// one, and the sequences, which logical replication does not carry, are set on the target to the source's values, so
// the next id on the target follows the last one written on the source. Any difference fails the move.
import type pg from 'pg';
import { quoteIdent } from '../schema-name.ts';
import { qualified, quoteLiteral, tablesOf } from './replication.ts';

type Queryable = Pick<pg.Pool, 'query'>;

export interface TableFigures {
  rows: number;
  maxId: string | null;
  lastUpdate: string | null;
}

/** Per table, its `id` and `updated_at` columns with their types. */
async function columnsOf(pool: Queryable, schema: string): Promise<Map<string, Map<string, string>>> {
  const { rows } = await pool.query<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT table_name, column_name, data_type FROM information_schema.columns
     WHERE table_schema = $1 AND column_name IN ('id', 'updated_at')`,
    [schema],
  );
  const byTable = new Map<string, Map<string, string>>();
  for (const row of rows)
    byTable.set(row.table_name, (byTable.get(row.table_name) ?? new Map()).set(row.column_name, row.data_type));
  return byTable;
}

/** The highest id as text: numerically for integer ids, in byte order for the others (uuid has no max). */
function maxIdOf(type: string | undefined): string {
  if (!type) return 'NULL::text';
  return /int|numeric/.test(type) ? 'max(id)::text' : 'max(id::text COLLATE "C")';
}

/** Per table: rows, highest id and latest updated_at (where the table has them). */
export async function tableFigures(pool: Queryable, schema: string): Promise<Record<string, TableFigures>> {
  const [tables, columns] = await Promise.all([tablesOf(pool, schema), columnsOf(pool, schema)]);
  const parts = tables.map((table) => {
    const has = columns.get(table) ?? new Map<string, string>();
    const maxId = maxIdOf(has.get('id'));
    // In UTC: the two servers may not share a TimeZone setting.
    const lastUpdate = has.has('updated_at') ? "(max(updated_at) AT TIME ZONE 'UTC')::text" : 'NULL::text';
    return `SELECT ${quoteLiteral(table)} AS name, count(*)::bigint::text AS n, ${maxId} AS max_id, ${lastUpdate} AS last_update FROM ${qualified(schema, table)}`;
  });
  if (!parts.length) return {};
  const { rows } = await pool.query<{ name: string; n: string; max_id: string | null; last_update: string | null }>(
    parts.join(' UNION ALL '),
  );
  return Object.fromEntries(
    rows.map((r) => [r.name, { rows: Number(r.n), maxId: r.max_id, lastUpdate: r.last_update }]),
  );
}

/** The series counters, in order: `01 F001 37` … */
export async function seriesCounters(pool: Queryable, schema: string): Promise<string[]> {
  const { rows } = await pool.query<{ line: string }>(
    `SELECT document_type || ' ' || serie || ' ' || last_number AS line FROM ${quoteIdent(schema)}."series" ORDER BY 1`,
  );
  return rows.map((r) => r.line);
}

/** The first difference between the two sides, or null when they hold the same. */
export function firstDifference(
  source: Record<string, TableFigures>,
  target: Record<string, TableFigures>,
): string | null {
  const names = new Set([...Object.keys(source), ...Object.keys(target)]);
  for (const name of [...names].sort()) {
    const a = source[name];
    const b = target[name];
    if (!a || !b) return `la tabla ${name} falta en ${a ? 'el destino' : 'el origen'}`;
    if (a.rows !== b.rows) return `${name}: ${a.rows} filas en el origen, ${b.rows} en el destino`;
    if (a.maxId !== b.maxId) return `${name}: id máximo ${a.maxId} en el origen, ${b.maxId} en el destino`;
    if (a.lastUpdate !== b.lastUpdate)
      return `${name}: última modificación ${a.lastUpdate} en el origen, ${b.lastUpdate} en el destino`;
  }
  return null;
}

export interface SequenceValue {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

/** The schema's sequences and their values on the source. */
export async function sequenceValues(pool: Queryable, schema: string): Promise<SequenceValue[]> {
  const { rows: names } = await pool.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relkind = 'S' ORDER BY 1`,
    [schema],
  );
  const values: SequenceValue[] = [];
  for (const { name } of names) {
    const { rows } = await pool.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text, is_called FROM ${qualified(schema, name)}`,
    );
    values.push({ name, lastValue: rows[0].last_value, isCalled: rows[0].is_called });
  }
  return values;
}

/** Sets each sequence on the target to the source's value. */
export async function setSequences(pool: Queryable, schema: string, values: SequenceValue[]): Promise<void> {
  for (const value of values) {
    await pool.query('SELECT setval($1::regclass, $2::bigint, $3)', [
      qualified(schema, value.name),
      value.lastValue,
      value.isCalled,
    ]);
  }
}
