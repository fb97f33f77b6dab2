// Throttling of admin-host logins, shared by every process (the counters live in PostgreSQL, timed by its clock):
// - per account and client network (central.login_throttles): the first FREE_FAILURES wrong passwords cost
//   nothing; from then on that pair waits a delay that doubles with each further failure (1 min, 2, 4 … at most
//   1 h). The count is forgotten a day after its last failure, or at a successful login from that network.
//   Someone guessing from elsewhere never locks the owner out: the owner's network has its own count.
// - per client network (central.rate_limit_hits): past NETWORK_MAX_FAILURES failed logins within an hour, on
//   whatever accounts, logins from that network wait for the hour to end (password spraying).
// A client network is an IPv4 address or an IPv6 /64, which one client usually holds whole.
import { isIPv6 } from 'node:net';
import type { CentralClient } from '../platform/db/clients.ts';

export const FREE_FAILURES = 5;
export const NETWORK_MAX_FAILURES = 30;
const FIRST_DELAY_SECONDS = 60;
const MAX_DELAY_SECONDS = 3600;
const NETWORK_WINDOW_SECONDS = 3600;

export interface LoginWait {
  seconds: number;
  scope: 'account' | 'network';
}

/** Seconds an (account, network) pair waits after its `failures`-th consecutive failure. */
export function backoffSeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(FIRST_DELAY_SECONDS * 2 ** Math.min(failures - FREE_FAILURES, 20), MAX_DELAY_SECONDS);
}

function ipv6Groups(ip: string): string[] {
  const [left, right] = ip.split('%')[0].toLowerCase().split('::');
  const groups = (part: string | undefined) =>
    part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [];
  const head = groups(left);
  const tail = groups(right);
  const fill = right === undefined ? [] : Array<string>(Math.max(0, 8 - head.length - tail.length)).fill('0');
  return [...head, ...fill, ...tail].map((g) => g.replace(/^0+(?=.)/, ''));
}

/** `203.0.113.9` → itself; `::ffff:203.0.113.9` → `203.0.113.9`; `2001:db8:1:2:a:b:c:d` → `2001:db8:1:2::/64`. */
export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip.slice(0, 64);
  return `${ipv6Groups(ip).slice(0, 4).join(':')}::/64`;
}

const networkKey = (network: string) => `login-failures:${network}`.slice(0, 255);

/** How long this login must wait, or null when it may proceed. */
export async function loginWait(central: CentralClient, email: string, network: string): Promise<LoginWait | null> {
  const [byNetwork] = await central.$queryRaw<{ wait: number }[]>`
    SELECT CEIL(EXTRACT(EPOCH FROM (window_end - now())))::int AS wait FROM "central"."rate_limit_hits"
    WHERE key = ${networkKey(network)} AND window_end > now() AND count >= ${NETWORK_MAX_FAILURES}`;
  if (byNetwork) return { seconds: Math.max(1, byNetwork.wait), scope: 'network' };
  const [byAccount] = await central.$queryRaw<{ wait: number }[]>`
    SELECT CEIL(EXTRACT(EPOCH FROM (blocked_until - now())))::int AS wait FROM "central"."login_throttles"
    WHERE email = ${email} AND network = ${network} AND blocked_until > now()`;
  return byAccount ? { seconds: Math.max(1, byAccount.wait), scope: 'account' } : null;
}

let failuresSincePrune = 0;

/** Counts a wrong password (or an unknown account) for the pair and for the network. */
export async function recordLoginFailure(central: CentralClient, email: string, network: string): Promise<void> {
  const [row] = await central.$queryRaw<{ failures: number }[]>`
    INSERT INTO "central"."login_throttles" (email, network, failures, last_failure_at) VALUES (${email}, ${network}, 1, now())
    ON CONFLICT (email, network) DO UPDATE SET
      failures = CASE WHEN "login_throttles".last_failure_at < now() - interval '1 day' THEN 1 ELSE "login_throttles".failures + 1 END,
      last_failure_at = now()
    RETURNING failures`;
  const delay = backoffSeconds(row.failures);
  if (delay > 0) {
    await central.$executeRaw`
      UPDATE "central"."login_throttles" SET blocked_until = GREATEST(COALESCE(blocked_until, now()), now() + make_interval(secs => ${delay}))
      WHERE email = ${email} AND network = ${network}`;
  }
  await central.$executeRaw`
    INSERT INTO "central"."rate_limit_hits" (key, window_end, count) VALUES (${networkKey(network)}, now() + make_interval(secs => ${NETWORK_WINDOW_SECONDS}), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN "rate_limit_hits".window_end <= now() THEN 1 ELSE "rate_limit_hits".count + 1 END,
      window_end = CASE WHEN "rate_limit_hits".window_end <= now() THEN EXCLUDED.window_end ELSE "rate_limit_hits".window_end END`;
  if (++failuresSincePrune % 100 === 0) {
    await central.$executeRaw`
      DELETE FROM "central"."login_throttles" WHERE last_failure_at < now() - interval '1 day' AND (blocked_until IS NULL OR blocked_until < now())`;
  }
}

/** The right password from this network: its count starts over (other networks keep theirs). */
export async function clearLoginFailures(central: CentralClient, email: string, network: string): Promise<void> {
  await central.loginThrottle.deleteMany({ where: { email, network } });
}
