// One LISTEN connection for a channel, outside the pool (a pooled client is shared and released; a listener must
// stay). It reports `live` only once it has heard a probe notification sent from ANOTHER session (`probe`) — proof
// that other sessions' notifications reach it, not just that LISTEN was accepted. The embedded database fails that
// proof, as it should: PGlite is one session behind its socket (pglite-server.ts), and a notification goes back
// to the connection that sent it, never to the listener. It reports `down` the moment its connection fails, then
// reconnects with backoff.
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export interface ChannelHandlers {
  /** Notifications on the channel are being heard from now on. */
  live(): void;
  /** They may not be: the connection failed or closed. */
  down(): void;
  message(payload: string): void;
}

export interface ChannelListener {
  close(): Promise<void>;
}

export interface ListenerLogger {
  warn(obj: unknown, msg?: string): void;
}

const RETRY_MS = [250, 1_000, 5_000];

export function listenChannel(
  url: string,
  channel: string,
  handlers: ChannelHandlers,
  /** Sends `pg_notify(channel, payload)` from a session other than the listener's (a pooled connection). */
  probe: (channel: string, payload: string) => Promise<unknown>,
  options: { applicationName?: string; logger?: ListenerLogger } = {},
): ChannelListener {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`unexpected channel name ${channel}`);
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | null = null;

  const lost = (c: pg.Client, error?: Error) => {
    if (client !== c) return;
    client = null;
    handlers.down();
    c.removeAllListeners('notification');
    c.end().catch(() => undefined);
    if (closed) return;
    if (error) options.logger?.warn({ err: error, channel }, 'database listener lost; memos off until it is back');
    retry = setTimeout(connect, RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]);
    retry.unref();
  };

  async function connect(): Promise<void> {
    retry = null;
    if (closed) return;
    const c = new pg.Client({
      connectionString: url,
      application_name: options.applicationName ?? 'facturo-listener',
      keepAlive: true,
    });
    client = c;
    const expected = `probe:${randomUUID()}`;
    c.on('error', (error) => lost(c, error));
    c.on('end', () => lost(c));
    c.on('notification', (n) => {
      if (client !== c || n.channel !== channel) return;
      if (n.payload === expected) {
        failures = 0;
        handlers.live();
      } else handlers.message(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      await probe(channel, expected);
    } catch (error) {
      lost(c, error as Error);
    }
  }

  void connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      if (c) {
        handlers.down();
        c.removeAllListeners('notification');
        await c.end().catch(() => undefined);
      }
    },
  };
}
