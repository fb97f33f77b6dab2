// The process's ear on channel facturo_directory (directory.ts): while it is live the directory trusts its copy;
// when it comes live it reads central again (what was missed meanwhile), and while it is down every request asks
// central. The API (app.ts) and the standalone worker run one; the embedded database has no other process to hear.
import type { Database } from './database.ts';
import { DIRECTORY_CHANNEL } from './directory.ts';
import { listenChannel, type ChannelListener, type ListenerLogger } from './listener.ts';

export function listenDirectory(
  db: Database,
  options: { applicationName?: string; logger?: ListenerLogger } = {},
): ChannelListener | null {
  if (db.mode !== 'server') return null;
  // A `down` heard while the reload runs wins over that reload's end.
  let epoch = 0;
  return listenChannel(
    db.url,
    DIRECTORY_CHANNEL,
    {
      live: () => {
        const mine = ++epoch;
        void db.directory
          .load()
          .then(() => {
            if (epoch === mine) db.directory.setListening(true);
          })
          .catch((error) => options.logger?.warn({ err: error }, 'directory of database servers not reloaded'));
      },
      down: () => {
        epoch += 1;
        db.directory.setListening(false);
      },
      message: (payload) => db.directory.hear(payload),
    },
    (channel, payload) => db.pool.query('SELECT pg_notify($1, $2)', [channel, payload]),
    options,
  );
}
