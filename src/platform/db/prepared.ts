// Named prepared statements for the hot path's large statements (the insert, SUNAT's answer). An unnamed
// statement is parsed, analysed and planned by PostgreSQL on every execution; a named one once per connection.
// Each distinct text gets a name that is never reused for another text. What a connection keeps is bounded: past
// PER_CONNECTION names it drops them all (DEALLOCATE ALL) and starts again — tenants times line counts would
// otherwise grow every backend's memory without end. Only on connections of a pool that allows it (a PostgreSQL
// server of our own; not PGlite, whose connections share one session, nor a transaction-mode pooler).
import type pg from 'pg';

const PER_CONNECTION = 64;
/** The texts named, bounded by what they hold (a 50-line insert is ~15,000 characters), not by their number. */
const NAMES_MAX_CHARACTERS = 4_000_000;

const names = new Map<string, string>();
let namedCharacters = 0;
let sequence = 0;

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    if (namedCharacters + text.length > NAMES_MAX_CHARACTERS) {
      names.clear(); // a forgotten text gets a new name, never an old one
      namedCharacters = 0;
    }
    sequence += 1;
    name = `facturo_${sequence}`;
    names.set(text, name);
    namedCharacters += text.length;
  }
  return name;
}

/** pg's record of the statements a connection has parsed (name → text); absent on a client that is not pg's. */
function parsedOn(client: pg.ClientBase): Record<string, string> | undefined {
  return (client as unknown as { connection?: { parsedStatements?: Record<string, string> } }).connection
    ?.parsedStatements;
}

const counts = new WeakMap<object, number>();
const allowed = new WeakSet<object>();

/** Called by the pool for each new connection on which names may be kept. */
export function allowNamedStatements(client: pg.ClientBase): void {
  allowed.add(client);
}

/**
 * Runs `text` as a named prepared statement on `client` (inside or outside a transaction). The statement must not
 * depend on the session's search_path: our raw SQL names its schema (quoteIdent), so the text is the identity.
 */
export async function queryPrepared<R extends pg.QueryResultRow>(
  client: pg.ClientBase,
  text: string,
  values: unknown[],
): Promise<pg.QueryResult<R>> {
  if (!allowed.has(client)) return client.query<R>(text, values);
  const name = nameOf(text);
  const parsed = parsedOn(client);
  if (parsed && parsed[name] === undefined) {
    const count = (counts.get(parsed) ?? 0) + 1;
    if (count > PER_CONNECTION) {
      await client.query('DEALLOCATE ALL');
      for (const key of Object.keys(parsed)) delete parsed[key];
      counts.set(parsed, 1);
    } else {
      counts.set(parsed, count);
    }
  }
  return client.query<R>({ name, text, values });
}

/** queryPrepared on a connection of the pool, returned to it afterwards (what pool.query does). */
export async function poolQueryPrepared<R extends pg.QueryResultRow>(
  pool: pg.Pool,
  text: string,
  values: unknown[],
): Promise<pg.QueryResult<R>> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    return await queryPrepared<R>(client, text, values);
  } catch (error) {
    // A connection the server dropped must not go back to the pool.
    if ((error as { code?: string }).code === undefined) broken = error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}
