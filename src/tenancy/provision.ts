// Tenant provisioning, used by `facturo tenant:create`, the demo tenant at first start and the admin host
// (POST /api/tenants, guest registration). Everything a tenant needs is written in ONE transaction: the central rows, the
// schema with every tenant migration, the company, the default series, the first user and its API token.
// So a tenant is either complete or absent, and two simultaneous requests for the same RUC or subdomain
// cannot both succeed: the second blocks on the unique index and gets 409. A company placed on another database
// server than the central one (platform/db/servers.ts) takes two transactions, one per server (acrossServers).
import { randomBytes } from 'node:crypto';
import { ubigeoNames } from '../core/catalogs/ubigeo/index.ts';
import { isValidRuc } from '../core/ruc.ts';
import { describeCertificate, generateSelfSignedCertificate, type KeyMaterial } from '../crypto/certificates.ts';
import type { Config } from '../platform/config.ts';
import type { Database } from '../platform/db/database.ts';
import type pg from 'pg';
import { noticeValues } from '../platform/db/directory.ts';
import { applyMigrationsInTransaction, loadMigrations, migrationsDir } from '../platform/db/migrator.ts';
import { companiesPerServer, DEFAULT_SERVER, leastLoaded } from '../platform/db/servers.ts';
import { quoteIdent, tenantSchemaName } from '../platform/db/schema-name.ts';
import { withTransaction } from '../platform/db/transaction.ts';
import { errors, type ErrorItem } from '../platform/errors.ts';
import { SUBDOMAIN_PATTERN, tenantHostname, type HostResolver } from '../platform/http/hosts.ts';
import type { SecretBox } from '../platform/secrets.ts';
import { hashPassword } from '../platform/passwords.ts';
import { issueToken } from '../platform/tokens.ts';

export type TenantSunatMode = 'demo' | 'production';

export interface CompanyAddress {
  ubigeo: string;
  codigoEstablecimiento: string;
  direccion: string;
  urbanizacion?: string | null;
  provincia: string;
  departamento: string;
  distrito: string;
  codigoPais: string;
}

export interface ProvisionTenantInput {
  ruc: string;
  /** Razón social. */
  name: string;
  subdomain: string;
  email?: string | null;
  tradeName?: string | null;
  telefono?: string | null;
  address?: Partial<CompanyAddress>;
  /**
   * Its first establishment, 0000 (the fiscal domicile at `address`): its name (default "Oficina principal"), phone
   * and e-mail (default the company's).
   */
  establishment?: { name?: string; telefono?: string; email?: string };
  /** demo (default): SUNAT beta / simulator with a generated self-signed certificate. */
  sunatMode?: TenantSunatMode;
  solUser?: string | null;
  solPassword?: string | null;
  /** Required in production; generated (self-signed) in demo mode when absent. */
  certificate?: KeyMaterial | null;
  planId?: number | null;
  resellerId?: number | null;
  /** The tenant's first user (role admin). Defaults: 'Administrador', the company e-mail, a random password. */
  user?: { name?: string; email?: string; password?: string };
  /** The database server its schema goes to (database:list); absent: the least loaded. */
  database?: string | null;
}

export interface ProvisionedTenant {
  tenant: {
    id: number;
    ruc: string;
    name: string;
    subdomain: string;
    schemaName: string;
    hostname: string;
    sunatMode: TenantSunatMode;
    /** The database server its schema lives on. */
    database: string;
  };
  user: { id: number; name: string; email: string };
  /** The API token, shown once (only its SHA-256 is stored). */
  token: string;
  /** The first user's password, shown once. */
  password: string;
}

export interface ProvisionDeps {
  db: Database;
  config: Pick<Config, 'appDomain' | 'adminHost'>;
  secrets: SecretBox;
  /** Forgets a cached "unknown host" answer for the new hostname. */
  hosts?: HostResolver;
}

/** The series every tenant starts with (FacturadorPro's defaults for the CPE we issue). */
export const DEFAULT_SERIES: ReadonlyArray<{ documentType: string; serie: string }> = [
  { documentType: '01', serie: 'F001' },
  { documentType: '03', serie: 'B001' },
  { documentType: '07', serie: 'FC01' },
  { documentType: '07', serie: 'BC01' },
  { documentType: '08', serie: 'FD01' },
  { documentType: '08', serie: 'BD01' },
  { documentType: '40', serie: 'P001' },
  { documentType: '20', serie: 'R001' },
  { documentType: '04', serie: 'L001' },
  { documentType: '09', serie: 'T001' },
  { documentType: '31', serie: 'V001' },
];

/** FacturadorPro's default establishment: Oficina Principal, Lima. */
export const DEFAULT_ADDRESS: CompanyAddress = {
  ubigeo: '150101',
  codigoEstablecimiento: '0000',
  direccion: '-',
  urbanizacion: null,
  provincia: 'LIMA',
  departamento: 'LIMA',
  distrito: 'LIMA',
  codigoPais: 'PE',
};

/** SUNAT's beta service credentials (user = RUC + MODDATOS). */
export const DEMO_SOL = { user: 'MODDATOS', password: 'moddatos' };

const RESERVED_SUBDOMAINS = new Set([
  'admin',
  'www',
  'api',
  'app',
  'mail',
  'smtp',
  'ftp',
  'static',
  'assets',
  'cdn',
  'docs',
  'documentation',
  'status',
  'metrics',
  'health',
  'sunat',
]);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validate(
  input: ProvisionTenantInput,
  config: ProvisionDeps['config'],
): { subdomain: string; mode: TenantSunatMode } {
  const problems: ErrorItem[] = [];
  const subdomain = input.subdomain.trim().toLowerCase();
  const mode = input.sunatMode ?? 'demo';
  if (!/^\d{11}$/.test(input.ruc)) {
    problems.push({ path: 'ruc', code: 'ruc_invalid', message: 'El RUC debe tener 11 dígitos' });
  } else if (!isValidRuc(input.ruc)) {
    problems.push({
      path: 'ruc',
      code: 'ruc_invalid',
      message: `El RUC ${input.ruc} no es válido (prefijo o dígito verificador incorrecto)`,
    });
  }
  if (!SUBDOMAIN_PATTERN.test(subdomain)) {
    problems.push({
      path: 'subdomain',
      code: 'subdomain_invalid',
      message:
        'El subdominio debe tener de 1 a 40 caracteres: letras minúsculas, números y guiones (sin guion al inicio ni al final)',
    });
  } else if (RESERVED_SUBDOMAINS.has(subdomain) || `${subdomain}.${config.appDomain}` === config.adminHost) {
    problems.push({
      path: 'subdomain',
      code: 'subdomain_reserved',
      message: `El subdominio ${subdomain} está reservado`,
    });
  }
  if (!input.name.trim() || input.name.length > 200) {
    problems.push({
      path: 'name',
      code: 'validation_failed',
      message: 'La razón social es obligatoria (máximo 200 caracteres)',
    });
  }
  for (const [path, value] of [
    ['email', input.email],
    ['user.email', input.user?.email],
  ] as const) {
    if (value && !EMAIL.test(value))
      problems.push({ path, code: 'validation_failed', message: 'Correo electrónico inválido' });
  }
  if (input.address?.ubigeo !== undefined && !/^\d{6}$/.test(input.address.ubigeo)) {
    problems.push({
      path: 'address.ubigeo',
      code: 'validation_failed',
      message: 'El código ubigeo debe contener 6 dígitos',
    });
  }
  if (mode === 'production') {
    if (!input.certificate)
      problems.push({
        path: 'certificate',
        code: 'certificate_required',
        message: 'Una empresa en producción necesita su certificado digital',
      });
    if (!input.solUser || !input.solPassword) {
      problems.push({
        path: 'soap_username',
        code: 'sol_credentials_required',
        message: 'Una empresa en producción necesita su usuario y clave SOL',
      });
    }
  }
  if (input.user?.password !== undefined && input.user.password.length < 8) {
    problems.push({
      path: 'user.password',
      code: 'validation_failed',
      message: 'La contraseña debe tener al menos 8 caracteres',
    });
  }
  if (problems.length) {
    const codes = new Set(problems.map((p) => p.code));
    throw errors.unprocessable(
      codes.size === 1 ? problems[0].code : 'validation_failed',
      problems[0].message,
      problems,
    );
  }
  return { subdomain, mode };
}

function conflictFor(constraint: string | undefined, input: { ruc: string; subdomain: string }) {
  if (constraint?.includes('ruc')) {
    return errors.conflict('ruc_already_registered', `Ya existe una empresa con el RUC ${input.ruc}`, [
      { path: 'ruc', code: 'ruc_already_registered', message: `Ya existe una empresa con el RUC ${input.ruc}` },
    ]);
  }
  return errors.conflict('subdomain_already_registered', 'El subdominio ya se encuentra registrado', [
    {
      path: 'subdomain',
      code: 'subdomain_already_registered',
      message: `El subdominio ${input.subdomain} ya se encuentra registrado`,
    },
  ]);
}

/**
 * A reseller's tenant quota (limit_tenants, 0 = none), counted inside the transaction that inserts the tenant and
 * under the reseller row's lock: concurrent creations for one reseller take turns, and each counts the tenants the
 * ones before it committed — counted outside, six parallel requests all found the last free slot.
 */
async function withinResellerLimit(client: pg.PoolClient, resellerId: number): Promise<void> {
  const { rows } = await client.query<{ limit_tenants: number }>(
    `SELECT limit_tenants FROM "central"."resellers" WHERE id = $1 FOR UPDATE`,
    [resellerId],
  );
  if (rows.length === 0 || rows[0].limit_tenants <= 0) return;
  // Its own statement, after the lock: a subquery of the locking one would count from the snapshot taken before
  // the wait, without the tenant the previous holder of the lock just committed.
  const used = await client.query<{ used: number }>(
    `SELECT count(*)::int AS used FROM "central"."tenants" WHERE reseller_id = $1`,
    [resellerId],
  );
  const limit = rows[0].limit_tenants;
  if (used.rows[0].used >= limit) throw resellerLimitReached(limit);
}

export function resellerLimitReached(limit: number) {
  return errors.forbidden(
    'reseller_limit_reached',
    `Alcanzó el límite de ${limit} empresas de su cuenta de distribuidor.`,
  );
}

function randomPassword(): string {
  // 12 characters from an unambiguous alphabet (~70 bits).
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(12);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

export async function provisionTenant(deps: ProvisionDeps, input: ProvisionTenantInput): Promise<ProvisionedTenant> {
  const { subdomain, mode } = validate(input, deps.config);
  const ruc = input.ruc;
  const name = input.name.trim();
  const schema = tenantSchemaName(subdomain);
  const hostname = tenantHostname(subdomain, deps.config);
  const central = deps.db.central;

  // Friendly early answers; the unique indexes inside the transaction are what actually guarantees them.
  const existing = await central.tenant.findFirst({ where: { OR: [{ ruc }, { subdomain }] }, select: { ruc: true } });
  if (existing) throw conflictFor(existing.ruc === ruc ? 'ruc' : 'subdomain', { ruc, subdomain });
  if (input.planId != null && !(await central.plan.findUnique({ where: { id: input.planId }, select: { id: true } }))) {
    throw errors.unprocessable('plan_not_found', `No existe el plan ${input.planId}`, [
      { path: 'plan_id', code: 'plan_not_found', message: `No existe el plan ${input.planId}` },
    ]);
  }
  const server = await placementOf(deps.db, input.database);

  // The slow parts (key generation, password hashing) happen before the transaction: on the embedded
  // database an open transaction holds every other connection.
  const certificate = input.certificate ?? generateSelfSignedCertificate({ ruc, name });
  const signingKeyEnc = deps.secrets.seal(
    JSON.stringify({ privateKeyPem: certificate.privateKeyPem, certificatePem: certificate.certificatePem }),
  );
  const solUser = mode === 'demo' ? (input.solUser ?? DEMO_SOL.user) : input.solUser!;
  const solPasswordEnc = deps.secrets.seal(
    mode === 'demo' ? (input.solPassword ?? DEMO_SOL.password) : input.solPassword!,
  );
  const password = input.user?.password ?? randomPassword();
  const passwordHash = await hashPassword(password);
  const issued = issueToken();
  const userName = input.user?.name?.trim() || 'Administrador';
  const userEmail = (input.user?.email ?? input.email ?? `admin@${hostname}`).toLowerCase();
  const address: CompanyAddress = { ...DEFAULT_ADDRESS, ...stripUndefined(input.address ?? {}) };
  const migrations = await loadMigrations(migrationsDir('tenant'));
  const certInfo = describeCertificate(certificate.certificatePem);

  const created: CreatedRows = { tenantId: 0, userId: 0 };
  const schemaRows = async (client: pg.PoolClient) => {
    await applyMigrationsInTransaction(client, schema, migrations);
    created.userId = await insertCompany(client, schema, {
      ...input,
      name,
      mode,
      address,
      solUser,
      solPasswordEnc,
      signingKeyEnc,
      certInfo,
      userName,
      userEmail,
      passwordHash,
      issued,
    });
  };
  const centralRows = async (client: pg.PoolClient) => {
    if (input.resellerId != null) await withinResellerLimit(client, input.resellerId);
    created.tenantId = await insertCentralRows(client, {
      ...input,
      ruc,
      subdomain,
      schema,
      name,
      mode,
      hostname,
      server,
    });
  };
  try {
    if (server === DEFAULT_SERVER)
      await withTransaction(deps.db.pool, async (client) => {
        await centralRows(client);
        await schemaRows(client);
      });
    else await acrossServers(deps.db.pool, deps.db.directory.pool(server), schema, centralRows, schemaRows);
  } catch (error) {
    const pgError = error as { code?: string; constraint?: string };
    if (pgError.code === '23505') throw conflictFor(pgError.constraint, { ruc, subdomain });
    if (pgError.code === '42P06') {
      throw errors.conflict(
        'tenant_schema_exists',
        `El esquema ${schema} ya existe en la base de datos: elija otro subdominio`,
      );
    }
    throw error;
  }
  deps.db.directory.place(schema, created.tenantId, server);
  deps.hosts?.invalidate(hostname);
  return {
    tenant: {
      id: created.tenantId,
      ruc,
      name,
      subdomain,
      schemaName: schema,
      hostname,
      sunatMode: mode,
      database: server,
    },
    user: { id: created.userId, name: userName, email: userEmail },
    token: issued.token,
    password,
  };
}

interface CreatedRows {
  tenantId: number;
  userId: number;
}

/**
 * The server a new company goes to: the one asked for (422 when there is none of that name), else the least
 * loaded (servers.ts: the fewest companies). A single-server installation never asks central.
 */
async function placementOf(db: Database, asked: string | null | undefined): Promise<string> {
  if (asked != null) {
    if (!db.directory.hasServer(asked)) await db.directory.load();
    if (!db.directory.hasServer(asked)) {
      const message = `No existe el servidor de base de datos "${asked}": ${db.directory.serverNames().join(', ')}`;
      throw errors.unprocessable('database_server_unknown', message, [
        { path: 'database', code: 'database_server_unknown', message },
      ]);
    }
    return asked;
  }
  const names = db.directory.serverNames();
  if (names.length === 1) return DEFAULT_SERVER;
  return leastLoaded(await companiesPerServer(db.pool, names));
}

/**
 * Central rows on the central server, the schema on the company's own: the central transaction opens first and holds
 * the RUC's and subdomain's unique entries (a second creation of either waits, then gets 409), the schema commits,
 * then central does. Should central's commit fail after that, the schema is dropped again; only if that drop fails
 * too is a schema left without its company (a later creation of the same subdomain on that server is then 409
 * tenant_schema_exists, naming the schema to remove).
 */
async function acrossServers(
  centralPool: pg.Pool,
  tenantPool: pg.Pool,
  schema: string,
  centralRows: (client: pg.PoolClient) => Promise<void>,
  schemaRows: (client: pg.PoolClient) => Promise<void>,
): Promise<void> {
  const central = await centralPool.connect();
  try {
    await central.query('BEGIN');
    try {
      await centralRows(central);
      await withTransaction(tenantPool, schemaRows);
    } catch (error) {
      await central.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
    try {
      await central.query('COMMIT');
    } catch (error) {
      await tenantPool.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`).catch(() => undefined);
      throw error;
    }
  } finally {
    central.release();
  }
}

async function insertCentralRows(
  client: pg.PoolClient,
  t: Pick<ProvisionTenantInput, 'email' | 'planId' | 'resellerId'> & {
    ruc: string;
    subdomain: string;
    schema: string;
    name: string;
    mode: TenantSunatMode;
    hostname: string;
    server: string;
  },
): Promise<number> {
  const tenantRow = await client.query<{ id: number }>(
    `INSERT INTO "central"."tenants" (ruc, subdomain, schema_name, name, email, plan_id, reseller_id, sunat_mode, database_server)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [t.ruc, t.subdomain, t.schema, t.name, t.email ?? null, t.planId ?? null, t.resellerId ?? null, t.mode, t.server],
  );
  const tenantId = tenantRow.rows[0].id;
  await client.query(`INSERT INTO "central"."hostnames" (hostname, tenant_id) VALUES ($1, $2)`, [t.hostname, tenantId]);
  // Every process learns where the company lives when this commits (directory.ts).
  await client.query(
    'SELECT pg_notify($1, $2)',
    noticeValues({ k: 'placed', schema: t.schema, tenant: tenantId, server: t.server }),
  );
  return tenantId;
}

interface CompanyRows extends ProvisionTenantInput {
  name: string;
  mode: TenantSunatMode;
  address: CompanyAddress;
  solUser: string;
  solPasswordEnc: string;
  signingKeyEnc: string;
  certInfo: { subject: string; notAfter: Date };
  userName: string;
  userEmail: string;
  passwordHash: string;
  issued: { hash: string; prefix: string };
}

/** The company, its default series, its first user and that user's token; returns the user's id. */
async function insertCompany(client: pg.PoolClient, schema: string, c: CompanyRows): Promise<number> {
  const t = quoteIdent(schema);
  await client.query(
    `INSERT INTO ${t}."company" (id, ruc, razon_social, nombre_comercial, ubigeo, codigo_establecimiento, direccion, urbanizacion,
       provincia, departamento, distrito, codigo_pais, email, telefono, sunat_mode, sol_user, sol_password_enc, signing_key_enc,
       certificate_subject, certificate_not_after)
     VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
    [
      c.ruc,
      c.name,
      c.tradeName ?? null,
      c.address.ubigeo,
      c.address.codigoEstablecimiento,
      c.address.direccion,
      c.address.urbanizacion ?? null,
      c.address.provincia,
      c.address.departamento,
      c.address.distrito,
      c.address.codigoPais,
      c.email ?? null,
      c.telefono ?? null,
      c.mode,
      c.solUser,
      c.solPasswordEnc,
      c.signingKeyEnc,
      c.certInfo.subject,
      c.certInfo.notAfter,
    ],
  );
  await insertFiscalDomicile(client, t, c);
  await client.query(
    // ON CONFLICT: a migration may already have added a default series (R001) to the new schema.
    `INSERT INTO ${t}."series" (document_type, serie) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING`,
    [DEFAULT_SERIES.map((s) => s.documentType), DEFAULT_SERIES.map((s) => s.serie)],
  );
  const userRow = await client.query<{ id: number }>(
    `INSERT INTO ${t}."users" (name, email, password_hash, role) VALUES ($1, $2, $3, 'admin') RETURNING id`,
    [c.userName, c.userEmail, c.passwordHash],
  );
  const userId = userRow.rows[0].id;
  await client.query(
    `INSERT INTO ${t}."api_tokens" (user_id, name, token_hash, prefix) VALUES ($1, 'default', $2, $3)`,
    [userId, c.issued.hash, c.issued.prefix],
  );
  return userId;
}

/**
 * Establishment 0000, the fiscal domicile, from the company's address: its department, province and district are
 * the ubigeo catalogue's when it knows the code (the address given otherwise).
 */
async function insertFiscalDomicile(client: pg.PoolClient, t: string, c: CompanyRows): Promise<void> {
  const a = c.address;
  const names = ubigeoNames(a.ubigeo) ?? { departamento: a.departamento, provincia: a.provincia, distrito: a.distrito };
  await client.query(
    `INSERT INTO ${t}."establishments" (codigo, nombre, direccion, ubigeo, departamento, provincia, distrito, urbanizacion,
       codigo_pais, telefono, correo_electronico)
     VALUES ('0000', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      c.establishment?.name?.trim() || 'Oficina principal',
      a.direccion,
      a.ubigeo,
      names.departamento,
      names.provincia,
      names.distrito,
      a.urbanizacion ?? null,
      a.codigoPais,
      c.establishment?.telefono ?? c.telefono ?? null,
      c.establishment?.email ?? c.email ?? null,
    ],
  );
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
