// An in-process TCP proxy between an application and PostgreSQL, for tests and the drills: `cut()` resets every
// connection and refuses new ones — a PostgreSQL restart as the application sees it — and `restore()` accepts
// again on the same port. The real server is never touched (other processes share it).
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  urlFor(databaseUrl: string): string;
  /** Resets every open connection and stops accepting: connecting now gets ECONNREFUSED. */
  cut(): Promise<void>;
  /** Accepts connections again. */
  restore(): Promise<void>;
  /** Connections carried since the start. */
  readonly accepted: number;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }, port = 0): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let accepted = 0;
  const onConnection = (client: net.Socket) => {
    accepted += 1;
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('error', () => undefined); // the peer's reset is the point of the drill
      socket.on('close', () => {
        open.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  };
  let server = net.createServer(onConnection);
  const listen = (s: net.Server, p: number) =>
    new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(p, '127.0.0.1', () => resolve());
    });
  await listen(server, port);
  const bound = (server.address() as net.AddressInfo).port;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      for (const socket of open) socket.resetAndDestroy();
    });
  return {
    port: bound,
    urlFor(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(bound);
      return url.toString();
    },
    cut: stop,
    async restore() {
      if (server.listening) return;
      server = net.createServer(onConnection);
      await listen(server, bound);
    },
    get accepted() {
      return accepted;
    },
    close: stop,
  };
}
