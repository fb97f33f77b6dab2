// Closing a database handle twice (a shutdown hook and a test's afterAll, say) must not stop it twice.

/** The close action, run the first time it is called; later calls resolve at once. */
export function closeOnce(close: () => Promise<void>): () => Promise<void> {
  let closed = false;
  return async () => {
    if (closed) return;
    closed = true;
    await close();
  };
}
