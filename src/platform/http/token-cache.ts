// Memo of the API tokens this process has checked: a request whose token was checked moments ago spends no round
// trip on it. Every request carries a token, and its lookup was one of the two statements each issued document
// paid for on top of storing it.
//
// A memo must never let a revoked token through. Three things keep it honest:
//  - it is trusted only while it hears the database: tenant schemas notify channel facturo_auth when a token is
//    revoked, re-pointed or deleted, or a user changes (migration 0013), and a listener (platform/db/listener.ts)
//    forgets that tenant's tokens at once. A schema notifies on its own server, so there is a listener per database
//    server (directory.ts), and a tenant's tokens are memoised only while the listener of its server is live. Until
//    that listener has heard its own probe, and whenever its connection drops, nothing of that server's tenants is
//    memoised and every request asks the database, as before;
//  - a lookup that started before a change is not stored after it (the generation below);
//  - an entry lives HOST_CACHE_TTL_MS (5 s) at most, the time a locked tenant or an edited company row takes too:
//    the bound if a notification were ever lost with its connection still looking alive.
// A route of this process that revokes forgets at once as well (Platform.tokens.forget), before it answers.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { listenChannel, type ChannelListener } from '../db/listener.ts';
import { DEFAULT_SERVER } from '../db/servers.ts';
import type { TenantUser } from './tenant-context.ts';

/** The channel tenant schemas notify (prisma/tenant/migrations/0013_auth_change_notify). */
export const AUTH_CHANNEL = 'facturo_auth';

export interface CheckedToken {
  user: TenantUser;
  /** When last_used_at was last written (ms), so that it is refreshed once a minute as before. */
  lastUsedAt: number | null;
}

interface Entry {
  token: CheckedToken;
  schema: string;
  expires: number;
}

export class TokenCache {
  private readonly entries = new Map<string, Entry>();
  /** Servers whose listener is live. */
  private readonly listening = new Set<string>();
  private changes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly capacity = 10_000,
    /** The server a tenant schema lives on (throws for one not known: then nothing is memoised for it). */
    private readonly serverOf: (schema: string) => string = () => DEFAULT_SERVER,
  ) {}

  private hears(schema: string): boolean {
    try {
      return this.listening.has(this.serverOf(schema));
    } catch {
      return false;
    }
  }

  /** Taken before a lookup and handed back to set(): a change heard in between voids what the lookup read. */
  get generation(): number {
    return this.changes;
  }

  /** Whether entries are kept: a live listener (on the default server) and a positive TTL. */
  get active(): boolean {
    return this.listening.has(DEFAULT_SERVER) && this.ttlMs > 0;
  }

  get(schema: string, hash: string): CheckedToken | undefined {
    if (!this.hears(schema)) return undefined;
    const key = `${schema}\u0000${hash}`;
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.token;
    if (hit) this.entries.delete(key);
    return undefined;
  }

  /** Keeps `token` itself (not a copy): its lastUsedAt, refreshed by the caller, is the one the next hit reads. */
  set(schema: string, hash: string, token: CheckedToken, generation: number): void {
    if (this.ttlMs <= 0 || !this.hears(schema) || generation !== this.changes) return;
    if (this.entries.size >= this.capacity) this.entries.clear();
    this.entries.set(`${schema}\u0000${hash}`, { token, schema, expires: Date.now() + this.ttlMs });
  }

  /** A tenant's tokens or users changed: its entries go, and lookups in flight are not stored. */
  forget(schema: string): void {
    this.changes++;
    for (const [key, entry] of this.entries) if (entry.schema === schema) this.entries.delete(key);
  }

  /** A server's listener heard its probe (true) or lost its connection (false): either way, start from nothing. */
  setListening(listening: boolean, server = DEFAULT_SERVER): void {
    this.changes++;
    this.entries.clear();
    if (listening) this.listening.add(server);
    else this.listening.delete(server);
  }
}

/**
 * The process's token memo, kept live by a listener on AUTH_CHANNEL closed with the app. The embedded database
 * (PGlite: one session shared by every connection, database.ts) gets no listener, and reached by URL it fails the
 * listener's probe; with a TTL of 0 there is none either. The memo then stays off and every request asks the
 * database.
 */
export function installTokenCache(
  app: FastifyInstance,
  db: Database,
  ttlMs: number,
  applicationName = 'facturo',
): TokenCache {
  const cache = new TokenCache(ttlMs, undefined, (schema) => db.directory.serverOf(schema));
  if (db.mode !== 'server' || ttlMs <= 0) return cache;
  const listeners = new Map<string, ChannelListener>();
  const listen = (server: string) => {
    const url = server === DEFAULT_SERVER ? db.url : db.directory.url(server);
    if (!url) return;
    const pool = db.directory.pool(server);
    listeners.set(
      server,
      listenChannel(
        url,
        AUTH_CHANNEL,
        {
          live: () => cache.setListening(true, server),
          down: () => cache.setListening(false, server),
          message: (schema) => cache.forget(schema),
        },
        (channel, payload) => pool.query('SELECT pg_notify($1, $2)', [channel, payload]),
        { logger: app.log, applicationName },
      ),
    );
  };
  // One listener per server, following the directory as servers are added or removed.
  const follow = (names: string[]) => {
    for (const [server, listener] of listeners)
      if (!names.includes(server)) {
        listeners.delete(server);
        void listener.close();
      }
    for (const server of names) if (!listeners.has(server)) listen(server);
  };
  follow(db.directory.serverNames());
  const unfollow = db.directory.onServers(follow);
  // A company that moved: what was checked on its old server is not kept.
  const unmoved = db.directory.onMoved((schema) => cache.forget(schema));
  app.addHook('onClose', async () => {
    unfollow();
    unmoved();
    await Promise.all([...listeners.values()].map((l) => l.close()));
  });
  return cache;
}
