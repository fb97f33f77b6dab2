// `npx facturo worker`: the background worker alone (send retries, crash recovery), for deployments that run
// the API with WORKER_ENABLED=false. Several workers may run at once: jobs and sends are leased.
import pino from 'pino';
import { jobs } from '../../jobs.ts';
import { listenDirectory } from '../../platform/db/directory-listener.ts';
import { migrateAll } from '../../platform/db/migrator.ts';
import { installProcessGuard } from '../../runtime/process-guard.ts';
import { createSecretBox } from '../../platform/secrets.ts';
import { createDiskStorage } from '../../platform/storage.ts';
import { DEFAULT_SIMULATOR_URL } from '../../sunat/endpoints.ts';
import { ensureSunatErrorCodes } from '../../sunat/error-codes.ts';
import { startWorker } from '../../worker/worker.ts';
import { defineCommand } from '../command.ts';
import { untilSignalled } from '../signals.ts';
import { DATABASE_NOTES, withDatabase } from './database.ts';

export const command = defineCommand(
  {
    name: 'worker',
    summary: 'Worker de envíos a SUNAT y reintentos (sin la API)',
    description: `Ejecuta solo el worker: envíos a SUNAT, reintentos, mensajes de WhatsApp y la recuperación de envíos
interrumpidos, para instalaciones que arrancan la API con WORKER_ENABLED=false. Pueden correr varios a la vez.
Se detiene con Ctrl+C (SIGINT) o SIGTERM, terminando los trabajos en curso.`,
    options: {},
    notes: `${DATABASE_NOTES}
También: STORAGE_DIR (por defecto ./storage), SUNAT_SIMULATOR_URL (por defecto ${DEFAULT_SIMULATOR_URL}),
LOG_LEVEL (por defecto info).`,
  },
  async () => {
    // SUNAT's messages are read from the bundled catalogue: a missing file stops the worker now, not at the
    // first answer.
    ensureSunatErrorCodes();
    return withDatabase(async (db, config) => {
      // The same migrations the server applies at start: a worker started first finds its tables.
      await migrateAll(db.pool, { serverPool: (server) => db.directory.pool(server) });
      await db.directory.load();
      const log = pino({ level: process.env.LOG_LEVEL ?? 'info' });
      const deps = {
        config,
        db,
        storage: createDiskStorage(config.storageDir),
        secrets: createSecretBox(config.secretsKey),
        // The standalone worker has no in-process simulator: SUNAT_SIMULATOR_URL or the default port.
        sunatSimulatorUrl: () => config.sunatSimulatorUrl ?? DEFAULT_SIMULATOR_URL,
        log,
      };
      // Hears moves and new companies like the API does (it runs their jobs: a move holds them too).
      const listener = listenDirectory(db, { logger: log, applicationName: config.databaseApplicationName });
      const worker = startWorker(deps, { jobs });
      log.info('worker started');
      // A PDF whose library throws from a callback fails that job; any other uncaught error stops the worker (exit 1).
      let fatal = false;
      const failed = new Promise<void>((resolve) => {
        installProcessGuard({
          log,
          onFatal: () => {
            fatal = true;
            resolve();
          },
        });
      });
      await Promise.race([untilSignalled(), failed]);
      log.info('worker stopping');
      await worker.stop();
      await listener?.close();
      return fatal ? 1 : 0;
    });
  },
);
