// Recognises "the database is not there right now" among the errors a request can end with, whichever layer
// threw it: node-postgres (a server that terminated the session, a dropped socket, a refused connection, a pool
// checkout that timed out) or Prisma's driver adapter wrapping the same. Such a request is retryable: its
// transaction was rolled back by the server, the pool replaces the broken connection, and the client gets a 503.

/**
 * Raised by the fence a move leaves on the old copy of a tenant's schema (move/fence.ts): that company now lives on
 * another server, and a write that still reached the old copy is refused — nothing was written, asking again (on the
 * new server) is safe.
 */
export const MOVED_AWAY_SQLSTATE = 'FM001';

/** SQLSTATE: 57P01 admin shutdown (pg_terminate_backend), 57P02 crash shutdown, 57P03 cannot connect now
 *  (starting up), class 08 connection exceptions, 53300 too many connections, FM001 a moved tenant's old copy. */
const SQLSTATE = /^(57P0[123]|08[0-9A-Z]{3}|53300|FM001)$/;
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
]);
/** Prisma: P1001 unreachable, P1002 timed out, P1008 operation timed out, P1017 server closed the connection,
 *  P2024 timed out waiting for a pooled connection, P2028 an interactive transaction that could not start or
 *  outlived its timeout on a busy server (rolled back: asking again is safe). */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028']);
/** @prisma/adapter-pg's kinds for the same conditions. */
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
/** node-postgres's own messages (no code) for a connection that ended, or a pool that cannot hand one out. */
const PG_MESSAGES =
  /Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end on the pool/;

interface Inspectable {
  name?: unknown;
  code?: unknown;
  errorCode?: unknown;
  severity?: unknown;
  syscall?: unknown;
  message?: unknown;
  kind?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: { cause?: unknown } };
}

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as Inspectable;
  const code = typeof e.code === 'string' ? e.code : undefined;
  // pg's DatabaseError carries a severity; a socket error a syscall: neither is confused with another library's.
  if (code && typeof e.severity === 'string' && SQLSTATE.test(code)) return true;
  if (code && typeof e.syscall === 'string' && SOCKET_CODES.has(code)) return true;
  const prisma = typeof e.name === 'string' && e.name.startsWith('PrismaClient');
  if (prisma && (PRISMA_CODES.has(code ?? '') || PRISMA_CODES.has(String(e.errorCode)))) return true;
  const adapterCause = e.meta?.driverAdapterError?.cause ?? (e.name === 'DriverAdapterError' ? e.cause : undefined);
  if (adapterCause && isUnavailableKind(adapterCause)) return true;
  return typeof e.message === 'string' && PG_MESSAGES.test(e.message);
}

/** The error came from the fence on a moved tenant's old copy (MOVED_AWAY_SQLSTATE), whichever layer threw it. */
export function isMovedAway(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as Inspectable;
  if (e.code === MOVED_AWAY_SQLSTATE && typeof e.severity === 'string') return true;
  const cause = (e.meta?.driverAdapterError?.cause ?? (e.name === 'DriverAdapterError' ? e.cause : undefined)) as
    | { code?: unknown }
    | undefined;
  return cause?.code === MOVED_AWAY_SQLSTATE;
}

function isUnavailableKind(cause: unknown): boolean {
  if (!cause || typeof cause !== 'object') return false;
  const c = cause as { kind?: unknown; code?: unknown; originalMessage?: unknown };
  if (typeof c.kind === 'string' && ADAPTER_KINDS.has(c.kind)) return true;
  if (c.kind === 'postgres' && typeof c.code === 'string' && SQLSTATE.test(c.code)) return true;
  return typeof c.originalMessage === 'string' && PG_MESSAGES.test(c.originalMessage);
}
