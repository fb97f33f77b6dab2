// Named prepared statements for the hot path's large statements (the insert, SUNAT's answer). An unnamed
// statement is parsed, analysed and planned by PostgreSQL on every execution; a named one once per connection.
// Each distinct text gets a name that is never reused for another text. What a connection keeps is bounded: past
// PER_CONNECTION names it drops them all (DEALLOCATE ALL) and starts again — tenants times line counts would
// otherwise grow every backend's memory without end. Only on connections of a pool that allows it (a PostgreSQL
// server of our own; not PGlite, whose connections share one session, nor a transaction-mode pooler).
import pg from 'pg';

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

/** The statement's name on `client`, counted against what the connection may keep (DEALLOCATE ALL past it). */
async function nameOn(client: pg.ClientBase, text: string): Promise<string> {
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
  return name;
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
  return client.query<R>({ name: await nameOn(client, text), text, values });
}

/** The statement ran; the COMMIT that followed it failed (`cause`), so whether the transaction committed is not known. */
export class CommitFailed extends Error {
  constructor(override readonly cause: unknown) {
    super(`COMMIT failed: ${(cause as Error)?.message ?? String(cause)}`);
    this.name = 'CommitFailed';
  }
}

interface PgConnection {
  execute(config: { portal: string; rows: number | undefined }): void;
  parse(config: { text: string; name: string; types: unknown[] }): void;
  bind(config: object): void;
  sync(): void;
}

/** pg's Query as it is (pg 8's lib/query.js): the hooks its client calls, which its type declarations leave out. */
const PgQuery = pg.Query as unknown as new (
  config: pg.QueryConfig,
) => pg.Submittable & {
  callback?: (error: Error | null, result: unknown) => void;
  _getRows(connection: PgConnection, rows: number | undefined): void;
  handleCommandComplete(message: unknown, connection: PgConnection): void;
  handleError(error: Error, connection: PgConnection): void;
};

/**
 * pg's extended-protocol query with COMMIT sent behind it in the same write, before the one Sync: one round trip for
 * the two. Should the statement fail, PostgreSQL skips everything up to the Sync — the COMMIT too — and the
 * transaction stays open and failed, for the caller's ROLLBACK. The error says which of the two failed.
 */
class StatementThenCommit extends PgQuery {
  completed = 0;

  // pg's Query ends its message sequence here (Execute, Sync); the COMMIT goes in between.
  override _getRows(connection: PgConnection, rows: number | undefined): void {
    connection.execute({ portal: '', rows });
    connection.parse({ text: 'COMMIT', name: '', types: [] });
    connection.bind({});
    connection.execute({ portal: '', rows: 0 });
    connection.sync();
  }

  override handleCommandComplete(message: unknown, connection: PgConnection): void {
    this.completed += 1;
    super.handleCommandComplete(message, connection);
  }

  override handleError(error: Error, connection: PgConnection): void {
    super.handleError(this.completed > 0 ? new CommitFailed(error) : error, connection);
  }
}

/**
 * `text` as a named prepared statement, then COMMIT, in one round trip (StatementThenCommit) on a connection of
 * our own PostgreSQL server; elsewhere (PGlite, a pooler) the two one after the other, with the same errors: the
 * statement's own error (the transaction left open, failed) or CommitFailed.
 */
export async function queryPreparedThenCommit<R extends pg.QueryResultRow>(
  client: pg.ClientBase,
  text: string,
  values: unknown[],
): Promise<pg.QueryResult<R>> {
  if (!allowed.has(client)) {
    const result = await client.query<R>(text, values);
    try {
      await client.query('COMMIT');
    } catch (error) {
      throw new CommitFailed(error);
    }
    return result;
  }
  const query = new StatementThenCommit({ name: await nameOn(client, text), text, values });
  const results = await new Promise<pg.QueryResult<R>[]>((resolve, reject) => {
    query.callback = (error: Error | null, result: unknown) =>
      error ? reject(error) : resolve(result as pg.QueryResult<R>[]);
    client.query(query);
  });
  const [statement, commit] = results;
  // A COMMIT answered "ROLLBACK" committed nothing: a failed transaction the statement did not report.
  if (commit?.command !== 'COMMIT') throw new CommitFailed(new Error(`COMMIT answered ${commit?.command}`));
  return statement;
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
