// Process entry (`npm start`): configuration → database → app → listen; SIGINT/SIGTERM drain the open
// requests, close the pool and the embedded database, then exit. WEB_CONCURRENCY > 1: this process becomes a
// cluster's primary and runs that many of the above (cluster.ts).
import { ConfigError, loadConfig, loadDotEnv } from './platform/config.ts';
import { EmbeddedDatabaseBusyError } from './platform/db/embedded.ts';
import { explainFailure } from './platform/failures.ts';
import { MigrationError } from './platform/db/migrator.ts';
import { installProcessGuard } from './runtime/process-guard.ts';
import { BundledAssetError } from './sunat/assets.ts';
import { isClusterPrimary, printsBanner, runClusterPrimary } from './cluster.ts';
import { startFacturo } from './startup.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config;
  try {
    loadDotEnv();
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (isClusterPrimary(config.webConcurrency)) {
    if (!config.databaseUrl) {
      process.stderr.write('Facturo no puede iniciar: WEB_CONCURRENCY > 1 necesita DATABASE_URL (PostgreSQL).\n');
      process.exit(1);
    }
    await runClusterPrimary(config.webConcurrency);
    return;
  }
  let running;
  try {
    running = await startFacturo(config, printsBanner() ? {} : { print: () => {} });
  } catch (error) {
    if (
      error instanceof MigrationError ||
      error instanceof EmbeddedDatabaseBusyError ||
      error instanceof BundledAssetError
    ) {
      process.stderr.write(`Facturo no puede iniciar: ${error.message}\n`);
    } else {
      // A port in use, a database that cannot be reached or is not migrated, a SECRETS_KEY that opens nothing: one
      // line with the cause and the fix. Anything else is a defect: the message first, the stack after.
      const line = explainFailure(error, { port: config.port, host: config.host, databaseUrl: config.databaseUrl });
      process.stderr.write(
        line
          ? `Facturo no puede iniciar: ${line}\n`
          : `Facturo no puede iniciar: ${(error as Error)?.message ?? String(error)}\n${(error as Error)?.stack ?? ''}\n`,
      );
    }
    process.exit(1);
  }
  const stop = (signal: string, exitCode = 0) => {
    running.app.log.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => {
      running.app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    running.close().then(
      () => process.exit(exitCode),
      (error) => {
        running.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  // What a library throws from its own callbacks fails its request, not the process; anything else stops it cleanly.
  installProcessGuard({ log: running.app.log, onFatal: () => stop('uncaughtException', 1) });
}

await main();
