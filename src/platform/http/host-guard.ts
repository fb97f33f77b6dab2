// Routes that must answer on one host name only, or on a loopback address to a loopback client — never on a
// tenant's host nor from another machine through a forged Host header. The peer is the socket's own address:
// X-Forwarded-For is not believed here, whatever TRUST_PROXY says.
import type { FastifyInstance } from 'fastify';
import { isIPv4 } from 'node:net';
import { errors } from '../errors.ts';
import { normalizeHost } from './hosts.ts';

/** 127.0.0.0/8, ::1 and their IPv4-mapped form. */
export function isLoopbackAddress(ip: string | undefined): boolean {
  if (!ip) return false;
  const v4 = ip.toLowerCase().startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIPv4(v4)) return v4.startsWith('127.');
  return ip === '::1';
}

/** A Host (already normalised) that names this machine: `localhost`, a 127.x address or `[::1]`. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || (isIPv4(host) && host.startsWith('127.'));
}

/** Every route of `scope` answers 404 unless the Host is `hostName`, or a loopback host reached from loopback. */
export function restrictToHost(scope: FastifyInstance, hostName: string): void {
  scope.addHook('onRequest', async (request) => {
    const host = normalizeHost(request.headers.host);
    if (host === hostName) return;
    if (isLoopbackHost(host) && isLoopbackAddress(request.socket.remoteAddress)) return;
    throw errors.routeNotFound();
  });
}
