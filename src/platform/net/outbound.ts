// Outbound connections to a host a company configured (its SMTP server; webhooks will use the same): the name is
// resolved here, every address judged (address-classes.ts), and the socket opened to an address that passed — never
// to the name again, so a DNS answer that changes between the check and the connection (rebinding) cannot slip a
// private address in. What is refused, and why, is a stable code; the remote side's own words (its banner, its error
// text) are never what a company reads back.
import dns from 'node:dns/promises';
import net from 'node:net';
import type { Config } from '../config.ts';
import { type AddressClass, classifyAddress, INTERNAL_CLASSES } from './address-classes.ts';

export interface OutboundPolicy {
  /** Address classes refused. */
  refuse: ReadonlySet<AddressClass>;
}

/** Production refuses every class but the public Internet; elsewhere only the metadata service is refused. */
export function outboundPolicy(config: Pick<Config, 'outboundPrivateAllowed'>): OutboundPolicy {
  return { refuse: new Set(config.outboundPrivateAllowed ? ['metadata'] : INTERNAL_CLASSES) };
}

export const PRODUCTION_POLICY: OutboundPolicy = { refuse: new Set(INTERNAL_CLASSES) };

export type Lookup = (host: string) => Promise<string[]>;

/** The system resolver (getaddrinfo): also what turns 127.1, 2130706433 or 0x7f.1 into 127.0.0.1. */
export const systemLookup: Lookup = async (host) =>
  (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

export type OutboundRefusalCode = 'host_refused' | 'host_unresolvable';

export class OutboundRefused extends Error {
  constructor(
    readonly code: OutboundRefusalCode,
    /** For the operator's log: the class found, never shown to the company. */
    readonly detail: string,
  ) {
    super(code === 'host_refused' ? 'host not allowed for outbound connections' : 'host could not be resolved');
    this.name = 'OutboundRefused';
  }
}

/** `[::1]` → `::1`; names and IPv4 forms unchanged (the resolver reads 127.1 and 0x7f.1 as it would anywhere). */
export function bareHost(host: string): string {
  const trimmed = host.trim();
  return trimmed.startsWith('[') && trimmed.endsWith(']') ? trimmed.slice(1, -1) : trimmed;
}

/** The addresses of `host` a connection may go to; throws OutboundRefused when none may. */
export async function allowedAddresses(
  host: string,
  policy: OutboundPolicy,
  lookup: Lookup = systemLookup,
): Promise<string[]> {
  const bare = bareHost(host);
  let addresses: string[];
  try {
    addresses = net.isIP(bare) ? [bare] : await lookup(bare);
  } catch (error) {
    throw new OutboundRefused('host_unresolvable', String((error as { code?: string }).code ?? error));
  }
  if (addresses.length === 0) throw new OutboundRefused('host_unresolvable', 'no address');
  const classes = addresses.map(classifyAddress);
  // One refused address refuses the name: a name that resolves inside is not a public server's.
  const refused = classes.find((c) => policy.refuse.has(c));
  if (refused) throw new OutboundRefused('host_refused', `${bare} resolves to a ${refused} address`);
  return addresses;
}

export interface ConnectOptions {
  policy: OutboundPolicy;
  lookup?: Lookup;
  /** Connecting (resolution included) may take this long. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Sees the checked addresses before the connection opens, and may refuse them by throwing. */
  vet?: (addresses: string[]) => void | Promise<void>;
}

/** A TCP socket connected to `host`:`port` through an address that passed the policy. */
export async function connectOutbound(host: string, port: number, options: ConnectOptions): Promise<net.Socket> {
  const addresses = await allowedAddresses(host, options.policy, options.lookup);
  await options.vet?.(addresses);
  options.signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    // An address, not the name: nothing is resolved again between the check and the connection.
    const socket = net.connect({ host: addresses[0], port });
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      cleanup();
      socket.destroy();
      reject(error);
    };
    const timer = setTimeout(
      () => fail(Object.assign(new Error('connection timed out'), { code: 'ETIMEDOUT' })),
      options.timeoutMs,
    );
    const onAbort = () => fail(Object.assign(new Error('aborted'), { code: 'EABORT' }));
    const cleanup = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      socket.off('error', fail);
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    socket.once('error', fail);
    socket.once('connect', () => {
      if (settled) return;
      settled = true;
      cleanup();
      resolve(socket);
    });
  });
}
