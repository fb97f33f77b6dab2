// An SMTP tarpit for tests and benchmarks: it accepts every connection and sends "220-" greeting lines every
// `everyMs`, for ever — a byte before any gap timeout fires, and never the end of the greeting.
import net from 'node:net';

/** A server that never finishes its greeting: "220-" lines every `everyMs`, for ever. */
export async function startTarpit(everyMs: number) {
  const open = new Set<net.Socket>();
  let accepted = 0;
  let closedByPeer = 0;
  const server = net.createServer((socket) => {
    accepted += 1;
    open.add(socket);
    const timer = setInterval(() => socket.write('220-espere\r\n'), everyMs);
    socket.on('close', () => {
      clearInterval(timer);
      open.delete(socket);
      closedByPeer += 1;
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    get open() {
      return open.size;
    },
    get accepted() {
      return accepted;
    },
    get closedByPeer() {
      return closedByPeer;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
