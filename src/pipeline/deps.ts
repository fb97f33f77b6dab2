// What the document pipeline needs from the outside world, handed in by the HTTP layer (app.platform) or by the
// standalone worker. Nothing here reaches for globals: tests and the worker build the same object.
import type pino from 'pino';
import type { Issuer } from '../core/index.ts';
import { limaDateOf, limaTimeOf } from '../core/lima-clock.ts';
import type { Config } from '../platform/config.ts';
import type { Database } from '../platform/db/database.ts';
import type { TenantClient } from '../platform/db/clients.ts';
import type { Company } from '../platform/http/tenant-context.ts';
import type { SecretBox } from '../platform/secrets.ts';
import type { FileStorage } from '../platform/storage.ts';

export interface PipelineDeps {
  config: Config;
  db: Database;
  storage: FileStorage;
  secrets: SecretBox;
  /** Base URL of the SUNAT simulator (SUNAT_MODE=simulator). */
  sunatSimulatorUrl(): string;
  log: Pick<pino.Logger, 'info' | 'warn' | 'error'>;
  /** Wakes an in-process worker at once after something was queued (optional). */
  wakeWorker?(): void;
}

/** What a running app or worker holds that the pipeline needs (the HTTP layer's `app.platform` is one). */
export interface PipelineSources
  extends Pick<PipelineDeps, 'config' | 'db' | 'storage' | 'secrets' | 'sunatSimulatorUrl'> {
  worker?: { wake(): void } | null;
}

/** The pipeline's dependencies from a running app's platform, logging to `log`. */
export function pipelineDepsFrom(platform: PipelineSources, log: PipelineDeps['log']): PipelineDeps {
  return {
    config: platform.config,
    db: platform.db,
    storage: platform.storage,
    secrets: platform.secrets,
    sunatSimulatorUrl: () => platform.sunatSimulatorUrl(),
    log,
    wakeWorker: () => platform.worker?.wake(),
  };
}

/** The tenant a pipeline call works for: its schema (also the storage folder), client and company row. */
export interface TenantRef {
  id: number;
  schema: string;
  db: TenantClient;
  company: Company;
}

/** The company row as the core's issuer. */
export function issuerOf(company: Company): Issuer {
  return {
    ruc: company.ruc,
    razonSocial: company.razonSocial,
    nombreComercial: company.nombreComercial ?? undefined,
    address: {
      ubigeo: company.ubigeo,
      codigoEstablecimiento: company.codigoEstablecimiento,
      direccion: company.direccion,
      urbanizacion: company.urbanizacion ?? undefined,
      provincia: company.provincia,
      departamento: company.departamento,
      distrito: company.distrito,
      codigoPais: company.codigoPais,
    },
    email: company.email ?? undefined,
    telefono: company.telefono ?? undefined,
  };
}

/**
 * What documents.issuer holds: the issuer the XML was signed with and the SUNAT mode the document was issued in
 * (absent in documents stored before it was recorded). The mode never reaches the XML.
 */
export type IssuerSnapshot = Issuer & { sunatMode?: string };

/** The snapshot to store with a document issued now. */
export function issuerSnapshot(issuer: Issuer, company: Pick<Company, 'sunatMode'>): IssuerSnapshot {
  return { ...issuer, sunatMode: company.sunatMode };
}

/**
 * Whether a stored document was issued in demo mode (SUNAT beta or the simulator: no tax value): the mode recorded
 * with it, else — documents stored before the mode was recorded — the company's.
 */
export function issuedInDemo(doc: { issuer: unknown }, company: Pick<Company, 'sunatMode'>): boolean {
  return ((doc.issuer as IssuerSnapshot | null)?.sunatMode ?? company.sunatMode) !== 'production';
}

/**
 * The issuer a stored document was signed with (documents.issuer, migration 0016): its XML is made again and its
 * PDF printed from it, whatever the company has become. A document stored before that migration has none: the
 * company as it is now is the best there is (it matches unless the company was edited since).
 */
export function signedIssuerOf(tenant: Pick<TenantRef, 'company'>, doc: { issuer: unknown }): Issuer {
  return (doc.issuer as Issuer | null) ?? issuerOf(tenant.company);
}

/** Today's calendar date in Lima (SUNAT's dates are Peruvian dates), YYYY-MM-DD. */
export function limaToday(now: Date = new Date()): string {
  return limaDateOf(now);
}

/** The time of day in Lima, HH:mm:ss (the issue time of a body that sends neither date nor time). */
export function limaTime(now: Date = new Date()): string {
  return limaTimeOf(now);
}
