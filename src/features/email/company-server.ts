// How e-mail reaches a company's own SMTP server: through the outbound guard (src/platform/net/outbound.ts — the
// checked address, no internal networks in production), and never as a way to borrow the system's relay. A company
// server that is the system's relay (the same address and port as SMTP_URL's host) may send only as the system's
// SMTP_FROM or from the company's own domain — one of its hosts here — since the relay would vouch for whatever From
// it is handed.
import type { Socket } from 'node:net';
import type { PipelineDeps } from '../../pipeline/deps.ts';
import {
  allowedAddresses,
  bareHost,
  connectOutbound,
  outboundPolicy,
  systemLookup,
  type Lookup,
} from '../../platform/net/outbound.ts';

/** Connecting to a company's server, the name's resolution included. */
const CONNECT_TIMEOUT_MS = 15_000;

export class FromNotAllowed extends Error {
  readonly code = 'from_not_allowed';
  constructor(from: string) {
    super(`from ${from} is outside the company's domains on the system relay`);
  }
}

/** Host and port of SMTP_URL (smtp://user:pass@host:port), or null. */
function relayOf(smtpUrl: string | null): { host: string; port: number } | null {
  if (!smtpUrl) return null;
  const url = new URL(smtpUrl);
  return { host: bareHost(url.hostname), port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587) };
}

function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

/** The system's From, or an address at one of the company's hosts. */
export function fromAllowedOnRelay(from: string, systemFrom: string, companyDomains: readonly string[]): boolean {
  if (from.toLowerCase() === systemFrom.toLowerCase()) return true;
  return companyDomains.map((d) => d.toLowerCase()).includes(domainOf(from));
}

async function isSystemRelay(
  addresses: string[],
  port: number,
  smtpUrl: string | null,
  lookup: Lookup,
): Promise<boolean> {
  const relay = relayOf(smtpUrl);
  if (!relay || relay.port !== port) return false;
  const relayAddresses = await lookup(relay.host).catch(() => [relay.host]);
  return addresses.some((a) => relayAddresses.includes(a));
}

export interface CompanyServerContext {
  tenantId: number;
  from: string;
  lookup?: Lookup;
}

/** The outbound check of a company's server without connecting (PUT /api/company/smtp answers it at once). */
export async function checkCompanyServer(
  deps: Pick<PipelineDeps, 'config' | 'db'>,
  host: string,
  port: number,
  context: CompanyServerContext,
): Promise<void> {
  const lookup = context.lookup ?? systemLookup;
  const addresses = await allowedAddresses(host, outboundPolicy(deps.config), lookup);
  await vetFrom(deps, addresses, port, context, lookup);
}

async function vetFrom(
  deps: Pick<PipelineDeps, 'config' | 'db'>,
  addresses: string[],
  port: number,
  context: CompanyServerContext,
  lookup: Lookup,
): Promise<void> {
  if (!(await isSystemRelay(addresses, port, deps.config.smtpUrl, lookup))) return;
  const hosts = await deps.db.central.hostname.findMany({
    where: { tenantId: context.tenantId },
    select: { hostname: true },
  });
  if (
    !fromAllowedOnRelay(
      context.from,
      deps.config.smtpFrom,
      hosts.map((h) => h.hostname),
    )
  )
    throw new FromNotAllowed(context.from);
}

/** The `connect` of sendMail for a company's own server. */
export function companyServerConnector(
  deps: Pick<PipelineDeps, 'config' | 'db'>,
  context: CompanyServerContext,
): (host: string, port: number, signal?: AbortSignal) => Promise<Socket> {
  const lookup = context.lookup ?? systemLookup;
  return (host, port, signal) =>
    connectOutbound(host, port, {
      policy: outboundPolicy(deps.config),
      lookup,
      timeoutMs: CONNECT_TIMEOUT_MS,
      signal,
      vet: (addresses) => vetFrom(deps, addresses, port, context, lookup),
    });
}
