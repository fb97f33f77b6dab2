// The hold, as the mover sees it: every process that listens on facturo_directory (directory-listener.ts) stops
// admitting the company's requests and jobs when the hold is announced, and says `drained` once none of them is in
// flight there. The mover counts the listening sessions and waits for as many acknowledgements (bounded): then no
// process it can hear is in the middle of writing to the source. A process it cannot hear (no live listener) is
// met by the fence instead (fence.ts).
import pg from 'pg';
import { DIRECTORY_CHANNEL, type DirectoryNotice } from '../directory.ts';

export interface Acknowledgements {
  /** The sessions listening on the channel now (this one excluded): the processes that will acknowledge. */
  listeners(): Promise<number>;
  /** Resolves with how many processes acknowledged, once `expected` did or at `deadline` (ms since epoch). */
  waitFor(expected: number, deadline: number): Promise<number>;
  close(): Promise<void>;
}

export async function listenForAcknowledgements(centralUrl: string, move: number): Promise<Acknowledgements> {
  const client = new pg.Client({ connectionString: centralUrl, application_name: 'facturo-move' });
  client.on('error', () => undefined);
  await client.connect();
  const acknowledged = new Set<string>();
  let wake: (() => void) | null = null;
  client.on('notification', (n) => {
    if (n.channel !== DIRECTORY_CHANNEL || !n.payload) return;
    try {
      const notice = JSON.parse(n.payload) as DirectoryNotice;
      if (notice.k === 'drained' && notice.move === move) {
        acknowledged.add(notice.process);
        wake?.();
      }
    } catch {
      /* not ours */
    }
  });
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const ownPid = rows[0].pid;
  await client.query(`LISTEN ${DIRECTORY_CHANNEL}`);
  return {
    async listeners() {
      const { rows: counted } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> $1 AND query = $2 AND backend_type = 'client backend'`,
        [ownPid, `LISTEN ${DIRECTORY_CHANNEL}`],
      );
      return counted[0].n;
    },
    async waitFor(expected, deadline) {
      while (acknowledged.size < expected && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
      return acknowledged.size;
    },
    async close() {
      await client.end().catch(() => undefined);
    },
  };
}
