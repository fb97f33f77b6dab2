// The Host header picks the routes (docs/architecture.md, "Hosts"):
//   admin  — ADMIN_HOST;  tenant — `{subdomain}.{APP_DOMAIN}`;  other — anything else.
// `hostKind` is a router constraint derived synchronously from the header, so the same method + path can
// exist on the admin and the tenant host; routes without the constraint answer on every host. Which tenant a
// tenant host belongs to is an async lookup (central.hostnames), cached briefly (src/platform/http/tenancy.ts).
import type { ConstraintStrategy, HTTPVersion } from 'find-my-way';
import type { IncomingMessage } from 'node:http';
import type { CentralClient } from '../db/clients.ts';

export type HostKind = 'admin' | 'tenant' | 'other';
export const HOST_KINDS: readonly HostKind[] = ['admin', 'tenant', 'other'];

export interface HostSettings {
  appDomain: string;
  adminHost: string;
}

/** A DNS label: what a subdomain may be. */
export const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

/** `Demo.LocalHost:3000` → `demo.localhost`; IPv6 literals keep their brackets. */
export function normalizeHost(raw: string | undefined): string {
  if (!raw) return '';
  let host = raw.trim().toLowerCase();
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end === -1 ? host : host.slice(0, end + 1);
  }
  const colon = host.indexOf(':');
  if (colon !== -1) host = host.slice(0, colon);
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/**
 * Why the request names its host ambiguously, or null when it names one host. The Host header picks the company, so
 * what another reader (a proxy, a cache, a log) could take for another host is refused rather than guessed: two Host
 * lines (Node keeps the first), a Host value that is a list, or an absolute-form target (`GET http://x/…`) whose
 * authority is not the Host header's (RFC 9112 §3.2.2 has the server follow the target; here they must agree).
 * The server speaks HTTP/1.1 only: there is no HTTP/2 `:authority` to disagree with.
 */
export function hostAmbiguity(req: Pick<IncomingMessage, 'rawHeaders' | 'headers' | 'url'>): string | null {
  const raw = req.rawHeaders;
  let lines = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i].length === 4 && raw[i].toLowerCase() === 'host') lines += 1;
  if (lines > 1) return 'La solicitud trae más de un encabezado Host: envíe uno solo.';
  const host = req.headers.host ?? '';
  if (/[,\s]/.test(host.trim())) return `El encabezado Host debe nombrar un solo host, no «${host.slice(0, 100)}».`;
  const url = req.url ?? '/';
  if (url.startsWith('/') || url === '*') return null;
  let authority: string;
  try {
    authority = new URL(url).host;
  } catch {
    return 'El destino de la solicitud no es una ruta ni una URL válida.';
  }
  if (normalizeHost(authority) !== normalizeHost(host))
    return `El destino de la solicitud (${authority}) no es el host del encabezado Host (${normalizeHost(host)}).`;
  return null;
}

export function classifyHost(host: string, settings: HostSettings): HostKind {
  if (host === settings.adminHost) return 'admin';
  const suffix = `.${settings.appDomain}`;
  if (host.endsWith(suffix)) {
    const label = host.slice(0, -suffix.length);
    if (SUBDOMAIN_PATTERN.test(label)) return 'tenant';
  }
  return 'other';
}

/** `acme` → `acme.localhost` */
export function tenantHostname(subdomain: string, settings: Pick<HostSettings, 'appDomain'>): string {
  return `${subdomain}.${settings.appDomain}`;
}

export function createHostKindStrategy(settings: HostSettings): ConstraintStrategy<HTTPVersion.V1, HostKind> {
  return {
    name: 'hostKind',
    storage() {
      const handlers = new Map<HostKind, unknown>();
      return {
        get: (kind: HostKind) => (handlers.get(kind) ?? null) as never,
        set: (kind: HostKind, store: unknown) => {
          handlers.set(kind, store);
        },
      };
    },
    validate(value: unknown) {
      if (!HOST_KINDS.includes(value as HostKind)) throw new Error(`hostKind must be one of ${HOST_KINDS.join(', ')}`);
    },
    deriveConstraint(req: IncomingMessage) {
      return classifyHost(normalizeHost(req.headers.host), settings);
    },
    // A request for a host kind without a constrained route still reaches the routes of every host.
    mustMatchWhenDerived: false,
  };
}

export interface ResolvedTenant {
  id: number;
  ruc: string;
  subdomain: string;
  schemaName: string;
  name: string;
  hostname: string;
  /** locked_tenant, or its reseller's locked_admin. */
  locked: boolean;
  lockedEmission: boolean;
  planId: number | null;
  resellerId: number | null;
}

interface CacheEntry {
  value: ResolvedTenant | null;
  expires: number;
}

/**
 * hostname → tenant, cached for `ttlMs` (a few seconds: a lock set by the admin host takes effect quickly, and
 * no two processes disagree for long). Unknown hosts are cached for a shorter time.
 */
export class HostResolver {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly inflight = new Map<string, Promise<ResolvedTenant | null>>();

  constructor(
    private readonly central: CentralClient,
    private readonly ttlMs: number,
    private readonly capacity = 10_000,
  ) {}

  async resolve(hostname: string): Promise<ResolvedTenant | null> {
    const now = Date.now();
    const hit = this.cache.get(hostname);
    if (hit && hit.expires > now) return hit.value;
    const running = this.inflight.get(hostname);
    if (running) return running;
    const lookup = this.lookup(hostname).finally(() => this.inflight.delete(hostname));
    this.inflight.set(hostname, lookup);
    const value = await lookup;
    if (this.ttlMs > 0) {
      if (this.cache.size >= this.capacity) this.cache.clear();
      this.cache.set(hostname, { value, expires: Date.now() + (value ? this.ttlMs : Math.min(this.ttlMs, 1000)) });
    }
    return value;
  }

  invalidate(hostname?: string): void {
    if (hostname === undefined) this.cache.clear();
    else this.cache.delete(hostname);
  }

  private async lookup(hostname: string): Promise<ResolvedTenant | null> {
    const row = await this.central.hostname.findUnique({
      where: { hostname },
      select: { tenant: { include: { reseller: { select: { lockedAdmin: true } } } } },
    });
    if (!row) return null;
    const t = row.tenant;
    return {
      id: t.id,
      ruc: t.ruc,
      subdomain: t.subdomain,
      schemaName: t.schemaName,
      name: t.name,
      hostname,
      locked: t.lockedTenant || (t.reseller?.lockedAdmin ?? false),
      lockedEmission: t.lockedEmission,
      planId: t.planId,
      resellerId: t.resellerId,
    };
  }
}
