// What `npm start` and `npx facturo …` print for a failure the user can fix: one line with the cause and the fix
// (a port in use, a database that cannot be reached or is not migrated, a SECRETS_KEY that does not open the
// stored secrets). Anything else is a defect, and its caller prints the stack to report it.
import { isDatabaseUnavailable } from './db/connection-errors.ts';
import { SecretError } from './secrets.ts';

export interface FailureContext {
  /** The port and host `npm start` listens on. */
  port?: number;
  host?: string;
  /** DATABASE_URL (its password is never printed); null or absent: the embedded database. */
  databaseUrl?: string | null;
}

interface ErrorFields {
  code?: unknown;
  syscall?: unknown;
  message?: unknown;
  severity?: unknown;
  cause?: unknown;
}

/** `postgresql://user@host:5432/db`: DATABASE_URL without its password. */
export function redactedDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    u.password = '';
    return u.toString().replace(/:@/, '@');
  } catch {
    return '(DATABASE_URL ilegible)';
  }
}

function databaseName(context: FailureContext): string {
  try {
    return decodeURIComponent(new URL(context.databaseUrl ?? '').pathname.slice(1)) || 'facturo';
  } catch {
    return 'facturo';
  }
}

function where(context: FailureContext): string {
  return context.databaseUrl ? redactedDatabaseUrl(context.databaseUrl) : 'la base de datos embebida';
}

/** The error itself or the first cause in its chain that carries a code (pg, Prisma and the pool wrap them). */
function coded(error: unknown): ErrorFields | null {
  let e = error as ErrorFields | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (typeof e.code === 'string') return e;
    e = e.cause as ErrorFields | undefined;
  }
  return null;
}

const LISTEN: Record<string, (c: FailureContext) => string> = {
  EADDRINUSE: (c) =>
    `el puerto ${c.port} ya está en uso (EADDRINUSE): detenga el proceso que lo ocupa o elija otro puerto, p. ej. PORT=${(c.port ?? 3000) + 1} npm start.`,
  EACCES: (c) =>
    `no hay permiso para escuchar en el puerto ${c.port} (EACCES): use un puerto desde 1024, p. ej. PORT=3000 npm start.`,
  EADDRNOTAVAIL: (c) =>
    `la dirección HOST=${c.host} no es de esta máquina (EADDRNOTAVAIL): use HOST=0.0.0.0 o una dirección local.`,
};

/** SQLSTATE → the fix (PostgreSQL's error codes). */
const SQLSTATES: Record<string, (c: FailureContext) => string> = {
  '3D000': (c) =>
    `la base de datos de ${where(c)} no existe (3D000): créela (createdb ${databaseName(c)}) o corrija DATABASE_URL.`,
  '28P01': (c) => `PostgreSQL rechazó el usuario o la contraseña de ${where(c)} (28P01): corrija DATABASE_URL.`,
  '28000': (c) =>
    `PostgreSQL no admite esta conexión a ${where(c)} (28000): revise el usuario de DATABASE_URL y pg_hba.conf.`,
  '3F000': (c) => notMigrated(c, '3F000'),
  '42P01': (c) => notMigrated(c, '42P01'),
};

function notMigrated(c: FailureContext, code: string): string {
  return `${where(c)} aún no tiene las tablas de Facturo (${code}: no se migró): ejecute npx facturo migrate (npm start también migra al iniciar) y repita.`;
}

/** One line for a failure the user can fix, or null for a defect. */
export function explainFailure(error: unknown, context: FailureContext = {}): string | null {
  if (error instanceof SecretError)
    return 'SECRETS_KEY no abre los secretos guardados (claves de firma, clave SOL): use la SECRETS_KEY con la que se guardaron (sin SECRETS_KEY, la de desarrollo).';
  const e = coded(error);
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : String(error);
  if (e?.syscall === 'listen' && LISTEN[code]) return LISTEN[code](context);
  if (typeof e?.severity === 'string' && SQLSTATES[code]) return SQLSTATES[code](context);
  if (isDatabaseUnavailable(error) || code === 'EAI_AGAIN' || code === 'ENOTFOUND')
    return `no se pudo conectar a ${where(context)} (${code || message}): compruebe que PostgreSQL está en marcha y que DATABASE_URL es correcta, o quite DATABASE_URL para usar la base embebida en DATA_DIR.`;
  return null;
}
