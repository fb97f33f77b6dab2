import type { Socket } from 'node:net';

/** How long a refused client may keep writing after its answer before the connection is closed anyway. */
export const LINGER_MS = 2_000;

/**
 * Answer a request whose body was never read, then close without a reset. Node closes such a connection as soon
 * as the answer is written; the body bytes still arriving are unread, so the kernel answers them with a reset,
 * and a reset makes the client drop the answer it had already been sent (a tokenless 136 MB upload sees
 * ECONNRESET instead of its 401). Like nginx's lingering close: send FIN after the answer, keep discarding what
 * arrives until the client closes its side or LINGER_MS pass, then close.
 */
export function closeLingering(socket: Socket | null | undefined, lingerMs = LINGER_MS): void {
  if (!socket || socket.destroyed) return;
  // Node's HTTP server ends a `Connection: close` answer with socket.destroySoon(); only this socket's is replaced.
  const lingering = socket as Socket & { destroySoon?: () => void };
  lingering.destroySoon = () => {
    if (socket.destroyed) return;
    const timer = setTimeout(() => socket.destroy(), lingerMs);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    socket.once('end', () => socket.destroy());
    socket.end();
    socket.resume();
  };
}
