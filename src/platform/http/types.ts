// Module augmentation: what the platform adds to Fastify's types (no `any` on request).
import type { Registry } from 'prom-client';
import type { FileStorage } from '../storage.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { SecretBox } from '../secrets.ts';
import type { HostKind, HostResolver } from './hosts.ts';
import type { SecurityName } from './openapi-parts.ts';
import type { TenantContext } from './tenant-context.ts';

/** Who may call a route. 'tenant' = Bearer API token of the tenant of the Host; 'none' = no check. */
export type RouteAuth = 'tenant' | 'none';

export interface RouteEntry {
  method: string;
  url: string;
  hostKind: HostKind | null;
  auth: RouteAuth;
  hidden: boolean;
}

/**
 * The app's shared services. The composition root (src/app.ts) adds what only it knows about by augmenting this
 * interface — the in-process SUNAT simulator — so the platform imports nothing above it.
 */
export interface Platform {
  config: Config;
  db: Database;
  storage: FileStorage;
  secrets: SecretBox;
  hosts: HostResolver;
  /** `http://127.0.0.1:<port>` once the server listens (the in-process SUNAT simulator targets it), else null. */
  selfUrl(): string | null;
  /** Every route registered, after `ready()` (what /documentation/json must list). */
  routes(): RouteEntry[];
  /** API usage counter (flush() writes the pending counts now). */
  usage: { flush(): Promise<void> } | null;
  /** The Prometheus registry behind GET /metrics, where features add their own gauges. */
  metrics: Registry | null;
  /** The memo of tenants' company rows: a route that changes the company forgets it (src/platform/http/tenancy.ts). */
  companies: { forget(schema: string): void };
  /** The memo of checked API tokens: a route that revokes a token forgets the tenant's (token-cache.ts). */
  tokens: { forget(schema: string): void; readonly active: boolean };
  /** The in-process worker (WORKER_ENABLED), once the app is ready; null otherwise. */
  worker: { wake(): void } | null;
  /** Base URL for SUNAT in simulator mode: SUNAT_SIMULATOR_URL, else this server's own address (needs listen). */
  sunatSimulatorUrl(): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
  }
  interface FastifyRequest {
    /** The tenant of the Host header. Set on every route with `config.hostKind: 'tenant'`; throws elsewhere. */
    readonly tenant: TenantContext;
    /** admin | tenant | other, from the Host header. */
    readonly hostKind: HostKind;
  }
  interface FastifyContextConfig {
    /** Restricts the route to one kind of host (also sets the router constraint). Omit for any host. */
    hostKind?: HostKind;
    /** Default for tenant routes: 'tenant'. */
    auth?: RouteAuth;
    /** Creating POST: honours the Idempotency-Key header (src/platform/http/idempotency.ts). */
    idempotent?: boolean;
    /** The plan limit this route consumes (enforced by the plans module when present). */
    planLimit?: 'documents' | 'users';
    /** Request body examples for the OpenAPI document (name → {summary, value}). */
    openapiExamples?: Record<string, { summary: string; value: unknown }>;
    /** The bearer schemes that open this route, any one of them (default: bearerAuth on tenant routes). */
    openapiSecurity?: readonly SecurityName[];
    /** A download route's media types (its 200 answer in the OpenAPI document). */
    openapiProduces?: readonly string[];
  }
}
