// Configuration: parsed once from the environment with zod and injected everywhere (docs/architecture.md, rule 8).
// Every key, its default and its meaning is listed in .env.example and docs/configuration.md.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const booleanFlag = (fallback: boolean) =>
  z
    .preprocess(emptyToUndefined, z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off']).optional())
    .transform((value) => (value === undefined ? fallback : ['true', '1', 'yes', 'on'].includes(value)));

const integer = (fallback: number, min: number, max: number) =>
  z
    .preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).optional())
    .transform((value) => value ?? fallback);

const optionalText = z.preprocess(emptyToUndefined, z.string().trim().optional());

const optionalUrl = z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional());

const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('development')),
  PORT: integer(3000, 0, 65535),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  ),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'debe empezar con postgresql://')
      .optional(),
  ),
  DATABASE_POOL_MAX: integer(10, 1, 500),
  DATABASE_PREPARED_STATEMENTS: booleanFlag(true),
  DATABASE_APPLICATION_NAME: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[\x20-\x7e]{1,63}$/, 'de 1 a 63 caracteres ASCII visibles')
      .default('facturo'),
  ),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  STORAGE_DIR: z.preprocess(emptyToUndefined, z.string().default('./storage')),
  APP_DOMAIN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .toLowerCase()
      .regex(/^[a-z0-9.-]+$/, 'dominio inválido')
      .default('localhost'),
  ),
  ADMIN_HOST: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .toLowerCase()
      .regex(/^[a-z0-9.-]+$/, 'host inválido')
      .optional(),
  ),
  BODY_LIMIT: integer(1_048_576, 1024, 104_857_600),
  HOST_CACHE_TTL_MS: integer(5000, 0, 600_000),
  // A tenant Prisma client that has run queries holds ~1.7 MB of heap (~2.4 MB of RSS): 200 of them were ~480 MB,
  // more than the whole process should take. A client created again costs ~13 ms once.
  TENANT_CLIENT_CACHE_SIZE: integer(32, 1, 100_000),
  TENANT_MOVE_WAIT_MS: integer(5_000, 0, 60_000),
  TRUST_PROXY: booleanFlag(false),
  SECRETS_KEY: optionalText,
  PUBLIC_URL: optionalUrl,
  METRICS_TOKEN: optionalText,
  SUNAT_MODE: z.preprocess(emptyToUndefined, z.enum(['simulator', 'beta', 'production']).optional()),
  SUNAT_SIMULATOR_URL: optionalUrl,
  SUNAT_SIMULATOR_HOST: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .toLowerCase()
      .regex(/^[a-z0-9.-]+$/, 'host inválido')
      .optional(),
  ),
  SUNAT_TIMEOUT_MS: integer(15_000, 100, 600_000),
  WORKER_ENABLED: booleanFlag(true),
  WEB_CONCURRENCY: integer(1, 1, 64),
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  ADMIN_PASSWORD: optionalText,
  NOTIFY_TOKEN: optionalText,
  CONSULTAS_RATE_LIMIT: integer(30, 1, 100_000),
  EMAIL_RATE_LIMIT: integer(30, 1, 100_000),
  CERTIFICATE_RATE_LIMIT: integer(10, 1, 100_000),
  PROFILE_RATE_LIMIT: integer(30, 1, 100_000),
  COMPANY_LOGIN_RATE_LIMIT: integer(30, 1, 100_000),
  GUEST_REGISTER_ENABLED: booleanFlag(true),
  WHATSAPP_API_URL: z.preprocess(emptyToUndefined, z.url().default('https://graph.facebook.com/v21.0')),
  WHATSAPP_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: optionalText,
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\/[^/]/, 'debe empezar con smtp:// o smtps://')
      .optional(),
  ),
  SMTP_FROM: z.preprocess(emptyToUndefined, z.email().optional()),
  OUTBOUND_PRIVATE_ALLOWED: z.preprocess(
    emptyToUndefined,
    z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off']).optional(),
  ),
  DELIVERY_DEADLINE_MS: integer(60_000, 1_000, 600_000),
  WEBHOOK_TIMEOUT_MS: integer(10_000, 500, 60_000),
  WEBHOOK_RETRY_SCHEDULE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, { message: 'seconds, comma-separated: 30,120,600' })
      .optional(),
  ),
  WEBHOOK_DISABLE_AFTER_HOURS: integer(72, 1, 24 * 30),
  DNI_API_URL: optionalUrl,
  DNI_API_TOKEN: optionalText,
  DNI_CACHE_TTL_SECONDS: integer(86_400, 0, 30 * 86_400),
  DNI_RATE_LIMIT: integer(60, 1, 100_000),
  DEMO_TENANT: z.preprocess(emptyToUndefined, z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off']).optional()),
});

/**
 * Retries of a webhook delivery (seconds): the first within a minute, the last about 24 h after the first attempt
 * (30 s + 2 min + 10 min + 30 min + 1 h + 2 h + 4 h + 8 h + 8 h ≈ 23 h 43 min).
 */
export const DEFAULT_WEBHOOK_RETRY_SCHEDULE = [30, 120, 600, 1_800, 3_600, 7_200, 14_400, 28_800, 28_800];

export type SunatMode = 'simulator' | 'beta' | 'production';

/** Passwords of .env.example, docker-compose.yml and the usual defaults. */
const WEAK_ADMIN_PASSWORDS = new Set([
  'admin',
  'admin123',
  'administrador',
  'password',
  'changeme',
  'change-me',
  'cambiar',
  'cambiame',
  '12345678',
  'facturo',
  'facturo123',
  'facturo-admin',
]);

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** null → embedded PGlite under dataDir. */
  databaseUrl: string | null;
  databasePoolMax: number;
  /** Named prepared statements for the hot path's large statements (off behind a transaction-mode pooler). */
  databasePreparedStatements: boolean;
  /** application_name of the pool's connections (pg_stat_activity): tells this process's sessions apart. */
  databaseApplicationName: string;
  /** Absolute. Embedded database (dataDir/pglite), demo token file. */
  dataDir: string;
  /** Absolute. Signed XML, CDR and PDF files (src/platform/storage.ts). */
  storageDir: string;
  appDomain: string;
  adminHost: string;
  bodyLimit: number;
  hostCacheTtlMs: number;
  tenantClientCacheSize: number;
  /** How long a request of a company that a move holds waits for the flip before it is answered 503 tenant_moving. */
  tenantMoveWaitMs: number;
  trustProxy: boolean;
  /** 32 bytes for AES-256-GCM (src/platform/secrets.ts). */
  secretsKey: Buffer;
  /** true when the public development key is in use (SECRETS_KEY unset, or set to that very key). */
  secretsKeyIsDevDefault: boolean;
  /** Scheme and port of the links the API gives (`http://localhost:3000`); the host is each tenant's own. */
  publicUrl: string;
  /** Bearer token that reads /metrics; null → /metrics is off. */
  metricsToken: string | null;
  sunatMode: SunatMode;
  /** null → the app mounts the simulator in-process and targets its own listening address. */
  sunatSimulatorUrl: string | null;
  /** The host name the in-process simulator answers on (besides loopback addresses). */
  sunatSimulatorHost: string;
  sunatTimeoutMs: number;
  workerEnabled: boolean;
  /** API processes `npm start` runs on the same port (node cluster); 1: this process alone. */
  webConcurrency: number;
  adminEmail: string | null;
  adminPassword: string | null;
  notifyToken: string | null;
  /** POST /api/consultas/search requests per IP per minute. */
  consultasRateLimit: number;
  /** POST /api/document/email requests per company per minute. */
  emailRateLimit: number;
  /** PUT /api/company/certificate requests per company per hour (each PFX read holds a thread for seconds). */
  certificateRateLimit: number;
  /** PATCH /api/company requests per company per minute (a logo is decoded in a thread of its own). */
  profileRateLimit: number;
  /** POST /api/login requests on one company's host per minute, whatever their addresses. */
  companyLoginRateLimit: number;
  /** Self-registration on the admin host (POST /api/guest-register). */
  guestRegisterEnabled: boolean;
  whatsappApiUrl: string;
  whatsappToken: string | null;
  whatsappPhoneNumberId: string | null;
  /** The system's SMTP server (smtp[s]://user:pass@host:port): e-mail of companies without their own. */
  smtpUrl: string | null;
  /** From address of e-mail sent through smtpUrl. */
  smtpFrom: string;
  /**
   * A company's own outbound servers (SMTP) may be on loopback, private, link-local or shared networks. Off in
   * production (src/platform/net/outbound.ts); the cloud's metadata service is refused either way.
   */
  outboundPrivateAllowed: boolean;
  /** Longest one e-mail or WhatsApp delivery may take, start to end, however slowly the other side answers. */
  deliveryDeadlineMs: number;
  /** Longest one webhook POST may take (connection and answer included). */
  webhookTimeoutMs: number;
  /** Waits before each retry of a webhook delivery, in seconds; after the last one the delivery has failed. */
  webhookRetrySchedule: number[];
  /** A webhook endpoint failing without a success for this long is switched off. */
  webhookDisableAfterMs: number;
  demoTenant: boolean;
  /**
   * The DNI lookup's provider (GET /api/services/dni/{n}): its URL, `{numero}` where the number goes (else appended
   * as the last path segment), and the token sent as `Authorization: Bearer`. null: the lookup answers 503.
   */
  dniApiUrl: string | null;
  dniApiToken: string | null;
  /** How long a DNI's answer is kept (0: never kept). */
  dniCacheTtlSeconds: number;
  /** DNI lookups per company per minute (each may cost a paid query). */
  dniRateLimit: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      problems.length === 1
        ? `Configuración inválida: ${problems[0]}`
        : `Configuración inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

// Fixed and public on purpose: it only protects development data. Production refuses to start without a key.
const DEV_SECRETS_KEY: Buffer = createHash('sha256').update('facturo-development-secrets-key (not secret)').digest();

function parseSecretsKey(raw: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(raw)) return Buffer.from(raw, 'hex');
  const b64 = raw.startsWith('base64:') ? raw.slice(7) : raw;
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(b64)) {
    const buf = Buffer.from(b64.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (buf.length === 32) return buf;
  }
  return null;
}

/** Loads `./.env` into process.env when it exists; variables already set keep their value. */
export function loadDotEnv(path = '.env'): boolean {
  if (!existsSync(path)) return false;
  process.loadEnvFile(path);
  return true;
}

/** Parses the environment (process.env by default). Throws ConfigError listing every bad key. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  const production = e.NODE_ENV === 'production';

  let secretsKey: Buffer = DEV_SECRETS_KEY;
  if (e.SECRETS_KEY) {
    const key = parseSecretsKey(e.SECRETS_KEY);
    if (!key)
      problems.push(
        'SECRETS_KEY: debe ser 32 bytes en hexadecimal (64 caracteres) o en base64: genere una con `openssl rand -hex 32` (o quítela en desarrollo)',
      );
    else secretsKey = key;
  } else if (production) {
    problems.push('SECRETS_KEY: es obligatorio en producción (genere uno con `openssl rand -hex 32`)');
  }
  if (e.METRICS_TOKEN !== undefined && e.METRICS_TOKEN.length < 16)
    problems.push('METRICS_TOKEN: al menos 16 caracteres');
  const publicUrlProblem = e.PUBLIC_URL === undefined ? null : publicUrlError(e.PUBLIC_URL);
  if (publicUrlProblem) problems.push(`PUBLIC_URL: ${publicUrlProblem}`);
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    problems.push('ADMIN_EMAIL y ADMIN_PASSWORD: indique ambos o ninguno');
  }
  if (e.ADMIN_PASSWORD !== undefined && e.ADMIN_PASSWORD.length < 8) {
    problems.push('ADMIN_PASSWORD: al menos 8 caracteres');
  }
  // The admin host must not open in production with a password from an example file or a guessable one.
  if (
    production &&
    e.ADMIN_PASSWORD !== undefined &&
    (WEAK_ADMIN_PASSWORDS.has(e.ADMIN_PASSWORD.toLowerCase()) || e.ADMIN_PASSWORD.length < 12)
  ) {
    problems.push(
      'ADMIN_PASSWORD: en producción use una contraseña propia de al menos 12 caracteres (no la de ejemplo)',
    );
  }
  if (problems.length) throw new ConfigError(problems);

  const demoFlag = e.DEMO_TENANT;
  const config: Config = {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    databaseUrl: e.DATABASE_URL ?? null,
    databasePoolMax: e.DATABASE_POOL_MAX,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    databaseApplicationName: e.DATABASE_APPLICATION_NAME,
    dataDir: resolve(e.DATA_DIR),
    storageDir: resolve(e.STORAGE_DIR),
    appDomain: e.APP_DOMAIN,
    adminHost: e.ADMIN_HOST ?? `admin.${e.APP_DOMAIN}`,
    bodyLimit: e.BODY_LIMIT,
    hostCacheTtlMs: e.HOST_CACHE_TTL_MS,
    tenantClientCacheSize: e.TENANT_CLIENT_CACHE_SIZE,
    tenantMoveWaitMs: e.TENANT_MOVE_WAIT_MS,
    trustProxy: e.TRUST_PROXY,
    secretsKey,
    secretsKeyIsDevDefault: secretsKey.equals(DEV_SECRETS_KEY),
    publicUrl: e.PUBLIC_URL ?? defaultPublicUrl(production, e.APP_DOMAIN, e.PORT),
    metricsToken: e.METRICS_TOKEN ?? null,
    // Production never defaults to the simulator: demo companies go to SUNAT's beta service there.
    sunatMode: e.SUNAT_MODE ?? (production ? 'production' : 'simulator'),
    sunatSimulatorUrl: e.SUNAT_SIMULATOR_URL ?? null,
    sunatSimulatorHost: e.SUNAT_SIMULATOR_HOST ?? `sunat.${e.APP_DOMAIN}`,
    sunatTimeoutMs: e.SUNAT_TIMEOUT_MS,
    workerEnabled: e.WORKER_ENABLED,
    webConcurrency: e.WEB_CONCURRENCY,
    adminEmail: e.ADMIN_EMAIL ?? null,
    adminPassword: e.ADMIN_PASSWORD ?? null,
    notifyToken: e.NOTIFY_TOKEN ?? null,
    consultasRateLimit: e.CONSULTAS_RATE_LIMIT,
    emailRateLimit: e.EMAIL_RATE_LIMIT,
    certificateRateLimit: e.CERTIFICATE_RATE_LIMIT,
    profileRateLimit: e.PROFILE_RATE_LIMIT,
    companyLoginRateLimit: e.COMPANY_LOGIN_RATE_LIMIT,
    guestRegisterEnabled: e.GUEST_REGISTER_ENABLED,
    whatsappApiUrl: e.WHATSAPP_API_URL,
    whatsappToken: e.WHATSAPP_TOKEN ?? null,
    whatsappPhoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    smtpFrom: e.SMTP_FROM ?? `facturacion@${e.APP_DOMAIN}`,
    outboundPrivateAllowed:
      e.OUTBOUND_PRIVATE_ALLOWED === undefined
        ? !production
        : ['true', '1', 'yes', 'on'].includes(e.OUTBOUND_PRIVATE_ALLOWED),
    deliveryDeadlineMs: e.DELIVERY_DEADLINE_MS,
    webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
    webhookRetrySchedule: e.WEBHOOK_RETRY_SCHEDULE
      ? e.WEBHOOK_RETRY_SCHEDULE.split(',').map((v) => Number(v.trim()))
      : DEFAULT_WEBHOOK_RETRY_SCHEDULE,
    webhookDisableAfterMs: e.WEBHOOK_DISABLE_AFTER_HOURS * 3_600_000,
    dniApiUrl: e.DNI_API_URL ?? null,
    dniApiToken: e.DNI_API_TOKEN ?? null,
    dniCacheTtlSeconds: e.DNI_CACHE_TTL_SECONDS,
    dniRateLimit: e.DNI_RATE_LIMIT,
    // A demo company with a published token has no place in production unless asked for explicitly.
    demoTenant: demoFlag === undefined ? !production : ['true', '1', 'yes', 'on'].includes(demoFlag),
  };
  const final = { ...config, ...overrides };
  const unsafe = productionProblems(final);
  if (unsafe.length) throw new ConfigError(unsafe);
  return final;
}

/** Only scheme, host and port: links append their own paths. */
function publicUrlError(raw: string): string | null {
  const url = new URL(raw);
  if (url.username || url.password) return 'sin usuario ni contraseña';
  if (url.pathname !== '/' || url.search || url.hash)
    return 'solo esquema, host y puerto (sin ruta, consulta ni fragmento)';
  return null;
}

// Behind TLS on the standard port in production; the port the server listens on elsewhere (0 = unknown: none).
function defaultPublicUrl(production: boolean, appDomain: string, port: number): string {
  if (production) return `https://${appDomain}`;
  return port === 0 || port === 80 ? `http://${appDomain}` : `http://${appDomain}:${port}`;
}

/**
 * What production refuses to start with. Explicit settings are refused rather than silently overridden: an
 * operator who asked for the simulator or the demo company expects them, and quietly sending to SUNAT instead (or
 * dropping the demo company) would surprise worse than a start that names the setting to change.
 * - the built-in simulator: anyone can derive its credentials from a RUC, pre-register a company's next number
 *   or read its CDRs, and no document of a company reaches SUNAT;
 * - the demo company: its token is printed and kept on disk, and its data is public by design;
 * - the development SECRETS_KEY: it is published in this source, so sealed secrets would be readable by anyone.
 */
export function productionProblems(
  config: Pick<Config, 'nodeEnv' | 'sunatMode' | 'demoTenant' | 'secretsKeyIsDevDefault'>,
): string[] {
  if (config.nodeEnv !== 'production') return [];
  const problems: string[] = [];
  if (config.sunatMode === 'simulator') {
    problems.push(
      'SUNAT_MODE=simulator no se admite en producción: el simulador acepta credenciales deducibles del RUC. Use SUNAT_MODE=beta o production.',
    );
  }
  if (config.demoTenant) {
    problems.push(
      'DEMO_TENANT=true no se admite en producción: la empresa demo tiene un token publicado. Quite DEMO_TENANT o use false.',
    );
  }
  if (config.secretsKeyIsDevDefault) {
    problems.push(
      'SECRETS_KEY: la clave de desarrollo es pública; en producción genere una propia con `openssl rand -hex 32`.',
    );
  }
  return problems;
}
