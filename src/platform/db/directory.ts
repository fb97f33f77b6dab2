// Which database server each tenant schema lives on, as this process knows it — and the pool it keeps per server.
// The truth is central.tenants.database_server; this is its copy in memory, loaded when the database is opened and
// kept current by the notices on channel facturo_directory (directory-listener.ts): a company created on a server,
// a server added or removed, and a move's hold, flip or release. A process whose listener is not live (a pooler in
// front, a connection lost) asks central on every request instead (resolve/admit): nobody routes by a stale copy.
//
// A move (move/move.ts) holds a company's requests for a moment: each process stops admitting new ones for it
// (admit waits), lets those in flight finish (enter/leave count them), says so on the channel, and then sends the
// held ones to wherever the flip put the company — or back where it was, if the move was released.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { SecretBox } from '../secrets.ts';
import { DEFAULT_SERVER, DIRECTORY_CHANNEL, isMissingRelation, readServers } from './servers.ts';

export { DIRECTORY_CHANNEL };

export type DirectoryNotice =
  | { k: 'placed'; schema: string; tenant: number; server: string }
  | { k: 'servers' }
  /** `ms`: how long the hold may last at most (each process counts it on its own clock). */
  | { k: 'hold'; schema: string; move: number; ms: number }
  | { k: 'release'; schema: string; move: number }
  | { k: 'flip'; schema: string; move: number; tenant: number; server: string }
  | { k: 'drained'; move: number; process: string };

/** A tenant's way to its data right now: its server, that server's pool, and where its transactions queue jobs. */
export interface TenantRoute {
  server: string;
  pool: pg.Pool;
  /**
   * `central`: the tenant shares the central server, its transactions insert into central.jobs; `outbox`: they
   * insert into the schema's own job_outbox, relayed to central.jobs after the commit (jobs/outbox.ts).
   */
  jobs: 'central' | 'outbox';
}

export class TenantNotPlaced extends Error {
  constructor(readonly schema: string) {
    super(`tenant schema ${schema} is not in this process's directory of database servers`);
    this.name = 'TenantNotPlaced';
  }
}

export class UnknownServer extends Error {
  constructor(readonly server: string) {
    super(`No existe el servidor de base de datos "${server}" (npx facturo database:list).`);
    this.name = 'UnknownServer';
  }
}

interface Placement {
  server: string;
  tenant: number;
}

interface Hold {
  move: number;
  until: number;
  released: Promise<void>;
  release(): void;
}

export interface DirectoryOptions {
  /** The default server's pool (DATABASE_URL or the embedded database): central lives there. */
  centralPool: pg.Pool;
  /** Opens a pool for another server (the same settings as the default one). */
  openPool(url: string): pg.Pool;
  secrets: SecretBox;
  /** Embedded PGlite: one server only, nothing to listen to or check. */
  embedded: boolean;
}

export type MovedListener = (schema: string) => void;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)).unref());

export class Directory {
  private readonly urls = new Map<string, string>();
  private readonly pools = new Map<string, pg.Pool>();
  private readonly placements = new Map<string, Placement>();
  private readonly holds = new Map<string, Hold>();
  private readonly inflight = new Map<string, number>();
  private readonly drained = new Map<string, Set<() => void>>();
  private readonly movedListeners = new Set<MovedListener>();
  private readonly serversListeners = new Set<(names: string[]) => void>();
  private listening = false;
  /** Notices heard so far, and the last one that placed each schema: a load started before a notice must not
   *  overwrite what the notice said. */
  private heard = 0;
  private readonly placedAt = new Map<string, number>();
  /** Who this process is in a move's acknowledgements. */
  readonly processId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  constructor(private readonly options: DirectoryOptions) {
    this.pools.set(DEFAULT_SERVER, options.centralPool);
  }

  /** Servers and placements from central (a central schema not migrated yet: `default` alone, nothing placed). */
  async load(): Promise<void> {
    const since = this.heard;
    const servers = await readServers(this.options.centralPool, this.options.secrets);
    this.setServers(servers);
    let rows: { id: number; schema_name: string; database_server: string }[] = [];
    try {
      ({ rows } = await this.options.centralPool.query(
        'SELECT id, schema_name, database_server FROM "central"."tenants"',
      ));
    } catch (error) {
      if (!isMissingRelation(error)) throw error;
    }
    const seen = new Set<string>();
    for (const row of rows) {
      seen.add(row.schema_name);
      if ((this.placedAt.get(row.schema_name) ?? -1) > since) continue;
      this.placements.set(row.schema_name, { server: row.database_server, tenant: row.id });
    }
    for (const schema of this.placements.keys())
      if (!seen.has(schema) && (this.placedAt.get(schema) ?? -1) <= since) this.placements.delete(schema);
  }

  private noticePlaced(schema: string, placement: Placement): void {
    this.placedAt.set(schema, this.heard);
    this.placements.set(schema, placement);
  }

  private setServers(servers: { name: string; url: string }[]): void {
    const names = new Set(servers.map((s) => s.name));
    for (const [name, pool] of this.pools) {
      if (name === DEFAULT_SERVER) continue;
      // A server removed, or added again with another URL: its pool goes (requests using it finish first).
      if (!names.has(name) || servers.find((s) => s.name === name)?.url !== this.urls.get(name)) {
        this.pools.delete(name);
        setTimeout(() => void pool.end().catch(() => undefined), 30_000).unref();
      }
    }
    this.urls.clear();
    for (const server of servers) this.urls.set(server.name, server.url);
    const all = this.serverNames();
    for (const listener of this.serversListeners) listener(all);
  }

  /** Called with every server's name each time the list is read again (a server added or removed). */
  onServers(listener: (names: string[]) => void): () => void {
    this.serversListeners.add(listener);
    return () => this.serversListeners.delete(listener);
  }

  /** Names of every server: `default` first. */
  serverNames(): string[] {
    return [DEFAULT_SERVER, ...[...this.urls.keys()].sort()];
  }

  hasServer(name: string): boolean {
    return name === DEFAULT_SERVER || this.urls.has(name);
  }

  /** The pool of a server, opened on first use. */
  pool(server: string): pg.Pool {
    const open = this.pools.get(server);
    if (open) return open;
    const url = this.urls.get(server);
    if (!url) throw new UnknownServer(server);
    const pool = this.options.openPool(url);
    this.pools.set(server, pool);
    return pool;
  }

  /** The server's URL (secret: never printed); `default` is the process's own database URL. */
  url(server: string): string | undefined {
    return this.urls.get(server);
  }

  /**
   * The server a schema lives on. Unknown schemas are on `default` while it is the only server (a single-server
   * installation never needs the directory); with several, a schema this process has not heard of is an error
   * rather than a guess — request paths resolve() first.
   */
  serverOf(schema: string): string {
    const placed = this.placements.get(schema);
    if (placed) return placed.server;
    if (this.urls.size === 0) return DEFAULT_SERVER;
    throw new TenantNotPlaced(schema);
  }

  route(schema: string): TenantRoute {
    const server = this.serverOf(schema);
    return { server, pool: this.pool(server), jobs: server === DEFAULT_SERVER ? 'central' : 'outbox' };
  }

  schemaOfTenant(tenantId: number): string | undefined {
    for (const [schema, placement] of this.placements) if (placement.tenant === tenantId) return schema;
    return undefined;
  }

  /** Records where a company is (provisioning, in this process: before its notice comes back). */
  place(schema: string, tenant: number, server: string): void {
    this.placements.set(schema, { server, tenant });
  }

  /** True while this process hears the directory's notices (then it trusts its copy). */
  get live(): boolean {
    return this.listening;
  }

  /**
   * The listener came live (after a reload) or went down. Down, the holds heard so far are let go: a release or flip
   * may now go unheard, and every request asks central whether its company is held instead (resolve).
   */
  setListening(listening: boolean): void {
    this.listening = listening;
    if (listening) return;
    for (const [schema, hold] of this.holds) this.endHold(schema, hold.move);
  }

  /** Called with a company's schema when it moved (caches that keep per-server state forget it). */
  onMoved(listener: MovedListener): () => void {
    this.movedListeners.add(listener);
    return () => this.movedListeners.delete(listener);
  }

  /**
   * Makes sure the schema's placement is current: from memory while the listener is live and the schema is known,
   * else from central. Returns whether central has the company on hold (a move about to flip it).
   */
  async resolve(schema: string): Promise<{ held: boolean }> {
    if (this.options.embedded) return { held: false };
    if (this.listening && this.placements.has(schema)) return { held: this.holds.has(schema) };
    const { rows } = await this.options.centralPool.query<{ id: number; server: string; held: boolean }>(
      `SELECT t.id, t.database_server AS server,
              EXISTS (SELECT 1 FROM "central"."tenant_moves" m WHERE m.tenant_id = t.id AND m.state = 'holding') AS held
       FROM "central"."tenants" t WHERE t.schema_name = $1`,
      [schema],
    );
    const row = rows[0];
    if (!row) return { held: false };
    if (!this.hasServer(row.server)) await this.load();
    this.placements.set(schema, { server: row.server, tenant: row.id });
    return { held: row.held };
  }

  /**
   * Lets a request (or a job) of the tenant through: at once, unless a move holds the tenant — then once the move
   * flips or releases it, or false after `waitMs` (the caller answers 503 with Retry-After).
   */
  async admit(schema: string, waitMs: number): Promise<boolean> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const { held } = await this.resolve(schema);
      const hold = this.holds.get(schema);
      if (!hold) {
        if (!held) return true;
        // Central says held, and this process has not heard of it (no listener): ask again shortly.
        if (Date.now() >= deadline) return false;
        await sleep(Math.min(100, deadline - Date.now()));
        continue;
      }
      if (Date.now() >= hold.until) {
        // The mover should have flipped or released by now: it is gone; the worker's sweep cleans up after it.
        this.endHold(schema, hold.move);
        continue;
      }
      if (Date.now() >= deadline) return false;
      await Promise.race([hold.released, sleep(Math.min(deadline, hold.until) - Date.now())]);
    }
  }

  /** Counts a request or job of the tenant as in flight until the returned function is called. */
  enter(schema: string): () => void {
    this.inflight.set(schema, (this.inflight.get(schema) ?? 0) + 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const n = (this.inflight.get(schema) ?? 1) - 1;
      if (n > 0) {
        this.inflight.set(schema, n);
        return;
      }
      this.inflight.delete(schema);
      const waiting = this.drained.get(schema);
      this.drained.delete(schema);
      for (const wake of waiting ?? []) wake();
    };
  }

  /** Whether a move holds the tenant in this process right now. */
  isHeld(schema: string): boolean {
    return this.holds.has(schema);
  }

  inFlight(schema: string): number {
    return this.inflight.get(schema) ?? 0;
  }

  /** A notice from the channel (or sent by this process to itself). Unknown or malformed ones are ignored. */
  hear(payload: string): void {
    let notice: DirectoryNotice;
    try {
      notice = JSON.parse(payload) as DirectoryNotice;
    } catch {
      return;
    }
    this.heard += 1;
    switch (notice.k) {
      case 'placed':
        this.noticePlaced(notice.schema, { server: notice.server, tenant: notice.tenant });
        return;
      case 'servers':
        void this.load().catch(() => undefined);
        return;
      case 'hold':
        this.startHold(notice.schema, notice.move, Date.now() + notice.ms);
        return;
      case 'release':
        this.endHold(notice.schema, notice.move);
        return;
      case 'flip':
        this.noticePlaced(notice.schema, { server: notice.server, tenant: notice.tenant });
        for (const listener of this.movedListeners) listener(notice.schema);
        this.endHold(notice.schema, notice.move);
        return;
      default:
    }
  }

  private startHold(schema: string, move: number, until: number): void {
    if (this.holds.get(schema)?.move === move) return;
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.holds.set(schema, { move, until, released, release });
    void this.acknowledgeWhenDrained(schema, move, until);
  }

  private endHold(schema: string, move: number): void {
    const hold = this.holds.get(schema);
    if (!hold || hold.move !== move) return;
    this.holds.delete(schema);
    hold.release();
  }

  /** Waits until none of the tenant's requests or jobs is in flight here, then tells the mover. */
  private async acknowledgeWhenDrained(schema: string, move: number, until: number): Promise<void> {
    if (this.inFlight(schema) > 0) {
      await Promise.race([
        new Promise<void>((resolve) => {
          const waiting = this.drained.get(schema) ?? new Set();
          waiting.add(resolve);
          this.drained.set(schema, waiting);
        }),
        sleep(until - Date.now()),
      ]);
      if (this.inFlight(schema) > 0) return; // not drained in time: the mover goes on without this process
    }
    if (this.holds.get(schema)?.move !== move) return;
    const notice: DirectoryNotice = { k: 'drained', move, process: this.processId };
    await this.options.centralPool
      .query('SELECT pg_notify($1, $2)', [DIRECTORY_CHANNEL, JSON.stringify(notice)])
      .catch(() => undefined);
  }

  /** Every pool but the default one (the caller owns that). */
  async close(): Promise<void> {
    const others = [...this.pools].filter(([name]) => name !== DEFAULT_SERVER).map(([, pool]) => pool);
    this.pools.clear();
    this.pools.set(DEFAULT_SERVER, this.options.centralPool);
    await Promise.all(others.map((pool) => pool.end().catch(() => undefined)));
  }
}

/** The notice as sent: `SELECT pg_notify($1, $2)` with these values (inside a transaction: sent at its commit). */
export function noticeValues(notice: DirectoryNotice): [string, string] {
  return [DIRECTORY_CHANNEL, JSON.stringify(notice)];
}
