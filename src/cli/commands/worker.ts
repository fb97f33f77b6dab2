// `npx facturo worker`: the background worker alone (send retries, crash recovery), for deployments that run
// the API with WORKER_ENABLED=false. Several workers may run at once: jobs and sends are leased.
import pino from 'pino';
import type { CliCommand } from '../index.ts';
import { createSecretBox } from '../../platform/secrets.ts';
import { createDiskStorage } from '../../platform/storage.ts';
import { DEFAULT_SIMULATOR_URL } from '../../sunat/endpoints.ts';
import { startWorker } from '../../worker/worker.ts';
import { withDatabase } from './shared.ts';

export const command: CliCommand = {
  summary: 'Worker de envíos a SUNAT y reintentos (sin la API)',
  async run() {
    return withDatabase(async (db, config) => {
      const log = pino({ level: process.env.LOG_LEVEL ?? 'info' });
      const worker = startWorker({
        config,
        db,
        storage: createDiskStorage(config.storageDir),
        secrets: createSecretBox(config.secretsKey),
        // The standalone worker has no in-process simulator: SUNAT_SIMULATOR_URL or the default port.
        sunatSimulatorUrl: () => config.sunatSimulatorUrl ?? DEFAULT_SIMULATOR_URL,
        log,
      });
      log.info('worker started');
      await new Promise<void>((resolve) => {
        process.once('SIGINT', () => resolve());
        process.once('SIGTERM', () => resolve());
      });
      log.info('worker stopping');
      await worker.stop();
      return 0;
    });
  },
};
