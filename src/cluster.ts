// WEB_CONCURRENCY > 1: `npm start` as a node cluster — N API processes on one port (the primary hands incoming
// connections to them in turn), one database. The primary serves nothing: it starts the first process, waits until
// it listens (that one migrates, provisions the demo company and prints the banner, as a single process does),
// then starts the others, which find the database ready. A process that dies is replaced; SIGTERM/SIGINT stop the
// processes (each drains its open requests) and then the primary.
import cluster, { type Worker } from 'node:cluster';

const SHUTDOWN_GRACE_MS = 15_000;

/** Env of a cluster process: FACTURO_PROCESS = its index (1 = the first, which prints the banner). */
export const PROCESS_INDEX_ENV = 'FACTURO_PROCESS';

export function isClusterPrimary(concurrency: number): boolean {
  return concurrency > 1 && cluster.isPrimary;
}

export async function runClusterPrimary(concurrency: number): Promise<void> {
  let stopping = false;
  const live = new Set<Worker>();
  const fork = (index: number): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork({ [PROCESS_INDEX_ENV]: String(index) });
      let listening = false;
      live.add(worker);
      worker.once('listening', () => {
        listening = true;
        resolve(worker);
      });
      worker.once('exit', (code, signal) => {
        live.delete(worker);
        if (stopping) return;
        // One that served and died is replaced; one that could not start (its error is on stderr) stops the cluster.
        if (!listening) {
          reject(new Error(`process ${index} exited before listening`));
          process.exit(1);
        }
        process.stderr.write(`Facturo: el proceso ${index} terminó (${signal ?? code}); se inicia otro\n`);
        fork(index).catch(() => process.exit(1));
      });
    });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    if (live.size === 0) process.exit(0);
    for (const worker of live) worker.process.kill('SIGTERM');
    cluster.on('exit', () => {
      if (live.size === 0) process.exit(0);
    });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await fork(1);
  await Promise.all(Array.from({ length: concurrency - 1 }, (_, i) => fork(i + 2)));
}

/** In a cluster, only the first process prints the start banner. */
export function printsBanner(): boolean {
  const index = process.env[PROCESS_INDEX_ENV];
  return index === undefined || index === '1';
}
