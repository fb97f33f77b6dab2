// The database servers tenant schemas may live on: `default` is DATABASE_URL (where the central schema lives, never
// a row); the others are rows of central.database_servers, added with `npx facturo database:add`. A server's URL
// carries a password: it is sealed with SECRETS_KEY at rest (secrets.ts) and shown only with the password masked.
import pg from 'pg';
import type { SecretBox } from '../secrets.ts';
import { withTransaction } from './transaction.ts';

export const DEFAULT_SERVER = 'default';

/** The channel on the central server where the directory's changes are announced (directory.ts). */
export const DIRECTORY_CHANNEL = 'facturo_directory';

/** A server's name: what `tenant:create --database` and `tenant:move --to` take. */
export const SERVER_NAME = /^[a-z][a-z0-9_-]{0,39}$/;

export interface ServerRow {
  name: string;
  /** Opened: never printed or logged (maskUrl). */
  url: string;
}

type Queryable = Pick<pg.Pool, 'query'>;

/** PostgreSQL error codes of a central schema not migrated yet (a fresh database): no servers, no placements. */
export function isMissingRelation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '42P01' || code === '42703' || code === '3F000';
}

/** The rows of central.database_servers, URLs opened. */
export async function readServers(pool: Queryable, secrets: SecretBox): Promise<ServerRow[]> {
  let rows: { name: string; url_sealed: string }[];
  try {
    ({ rows } = await pool.query('SELECT name, url_sealed FROM "central"."database_servers" ORDER BY name'));
  } catch (error) {
    if (isMissingRelation(error)) return [];
    throw error;
  }
  return rows.map((row) => {
    try {
      return { name: row.name, url: secrets.open(row.url_sealed) };
    } catch {
      throw new Error(
        `La URL del servidor de base de datos "${row.name}" no se puede abrir con este SECRETS_KEY: use la clave con que se agregó, o vuelva a agregarlo (database:remove, database:add).`,
      );
    }
  });
}

/** `postgresql://user:***@host:port/db`: what may be printed of a server's URL. */
export function maskUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    for (const key of [...parsed.searchParams.keys()])
      if (/pass|secret|key/i.test(key)) parsed.searchParams.set(key, '***');
    return parsed.toString();
  } catch {
    return '(URL ilegible)';
  }
}

/** Who a server is: its cluster (system identifier) and database; two names for one database are refused. */
export interface ServerIdentity {
  system: string;
  database: string;
  walLevel: string;
  version: number;
}

export async function identify(pool: Queryable): Promise<ServerIdentity> {
  const { rows } = await pool.query<{ system: string; database: string; wal_level: string; version: string }>(
    `SELECT (SELECT system_identifier::text FROM pg_control_system()) AS system, current_database() AS database,
            current_setting('wal_level') AS wal_level, current_setting('server_version_num') AS version`,
  );
  return {
    system: rows[0].system,
    database: rows[0].database,
    walLevel: rows[0].wal_level,
    version: Number(rows[0].version),
  };
}

export function sameDatabase(a: ServerIdentity, b: ServerIdentity): boolean {
  return a.system === b.system && a.database === b.database;
}

/** Companies per server (central.tenants), every known server listed (0 for an empty one). */
export async function companiesPerServer(pool: Queryable, names: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map(names.map((name) => [name, 0]));
  const { rows } = await pool.query<{ server: string; n: number }>(
    'SELECT database_server AS server, count(*)::int AS n FROM "central"."tenants" GROUP BY 1',
  );
  for (const row of rows) counts.set(row.server, row.n);
  return counts;
}

/**
 * Where a new company goes when none is named: the server holding the fewest companies (ties: `default`, then by
 * name). Companies, not documents: every company costs a schema of catalog and a share of each server's
 * connections whatever it issues, the count is exact and cheap, and a server just added fills up before the
 * others get new companies again. A large company is given a server of its own by a move, not by placement.
 */
export function leastLoaded(counts: Map<string, number>): string {
  let best = DEFAULT_SERVER;
  let bestCount = counts.get(DEFAULT_SERVER) ?? 0;
  for (const [name, n] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
    if (n < bestCount) {
      best = name;
      bestCount = n;
    }
  }
  return best;
}

/** A client on `url` for one short task (database:add's checks), closed afterwards. */
export async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: url,
    application_name: 'facturo-admin',
    connectionTimeoutMillis: 10_000,
  });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A refusal of database:add/remove, in Spanish for the operator. */
export class ServerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServerError';
  }
}

export interface AddedServer {
  name: string;
  identity: ServerIdentity;
}

/**
 * Registers a server: a new name, a PostgreSQL URL that answers, and a database no other name already stands for.
 * The row and the notice that makes every process read the list again commit together.
 */
export async function addServer(
  central: pg.Pool,
  secrets: SecretBox,
  defaultUrl: string,
  name: string,
  url: string,
): Promise<AddedServer> {
  if (!SERVER_NAME.test(name))
    throw new ServerError(
      `Nombre de servidor inválido "${name}": de 1 a 40 caracteres, minúsculas, números, "-" o "_", empezando por una letra.`,
    );
  if (name === DEFAULT_SERVER) throw new ServerError(`"${DEFAULT_SERVER}" es DATABASE_URL: no se agrega.`);
  if (!/^postgres(ql)?:\/\/[^/]/.test(url)) throw new ServerError('La URL debe empezar con postgresql://');
  const existing = await readServers(central, secrets);
  if (existing.some((s) => s.name === name)) throw new ServerError(`Ya existe el servidor "${name}".`);
  let identity: ServerIdentity;
  try {
    identity = await withClient(url, (client) => identify(client));
  } catch (error) {
    const detail = String((error as Error).message ?? error).replaceAll(url, maskUrl(url));
    throw new ServerError(`No se pudo conectar a ${maskUrl(url)}: ${detail}`);
  }
  for (const other of [{ name: DEFAULT_SERVER, url: defaultUrl }, ...existing]) {
    const known = await withClient(other.url, (client) => identify(client)).catch(() => null);
    if (known && sameDatabase(known, identity))
      throw new ServerError(`${maskUrl(url)} es la misma base de datos que el servidor "${other.name}".`);
  }
  await withTransaction(central, async (client) => {
    await client.query('INSERT INTO "central"."database_servers" (name, url_sealed) VALUES ($1, $2)', [
      name,
      secrets.seal(url),
    ]);
    await client.query('SELECT pg_notify($1, $2)', [DIRECTORY_CHANNEL, JSON.stringify({ k: 'servers' })]);
  }).catch((error: { code?: string }) => {
    throw error.code === '23505' ? new ServerError(`Ya existe el servidor "${name}".`) : error;
  });
  return { name, identity };
}

/**
 * Removes a server from the directory — refused while a company lives there, a move involves it, or a moved
 * company's old copy waits there for its grace period (database:prune drops it).
 */
export async function removeServer(central: pg.Pool, name: string): Promise<void> {
  if (name === DEFAULT_SERVER) throw new ServerError(`"${DEFAULT_SERVER}" es DATABASE_URL: no se quita.`);
  await withTransaction(central, async (client) => {
    const { rows } = await client.query('SELECT 1 FROM "central"."database_servers" WHERE name = $1 FOR UPDATE', [
      name,
    ]);
    if (!rows.length) throw new ServerError(`No existe el servidor "${name}".`);
    const { rows: using } = await client.query<{ companies: number; moves: number; copies: number }>(
      `SELECT (SELECT count(*)::int FROM "central"."tenants" WHERE database_server = $1) AS companies,
              (SELECT count(*)::int FROM "central"."tenant_moves"
                WHERE state IN ('copying', 'holding') AND $1 IN (from_server, to_server)) AS moves,
              (SELECT count(*)::int FROM "central"."tenant_moves" WHERE state = 'done' AND from_server = $1) AS copies`,
      [name],
    );
    const { companies, moves, copies } = using[0];
    if (companies)
      throw new ServerError(
        `El servidor "${name}" tiene ${companies} empresa${companies === 1 ? '' : 's'}: trasládelas antes (tenant:move).`,
      );
    if (moves) throw new ServerError(`Hay un traslado en curso que usa el servidor "${name}".`);
    if (copies)
      throw new ServerError(
        `El servidor "${name}" guarda ${copies} copia${copies === 1 ? '' : 's'} de empresas trasladadas en su periodo de gracia: database:prune --all las elimina.`,
      );
    await client.query('DELETE FROM "central"."database_servers" WHERE name = $1', [name]);
    await client.query('SELECT pg_notify($1, $2)', [DIRECTORY_CHANNEL, JSON.stringify({ k: 'servers' })]);
  });
}
