// buildApp(config): the Fastify app with its plugins in a fixed order — platform → hosts/auth → features.
// It does not listen (tests import it and use inject or their own listen); src/server.ts does.
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { adminFeatures } from './admin/index.ts';
import { installPlanLimits } from './tenancy/plan-limits.ts';
import { installUsageCounter } from './tenancy/usage-counter.ts';
import { pipelineDepsOf } from './api/deps.ts';
import { features } from './features/index.ts';
import { jobs } from './jobs.ts';
import type { Config } from './platform/config.ts';
import { openDatabase, type Database } from './platform/db/database.ts';
import { listenDirectory } from './platform/db/directory-listener.ts';
import { installSecurityHeaders } from './platform/http/security-headers.ts';
import { installConsole } from './platform/http/console.ts';
import { installContentTypeCheck } from './platform/http/content-type.ts';
import { answerClientError, installErrorHandler, renderFrameworkError } from './platform/http/error-handler.ts';
import { registerFeatures, type Feature } from './platform/http/features.ts';
import { installHealth } from './platform/http/health.ts';
import { restrictToHost } from './platform/http/host-guard.ts';
import { installIdempotency } from './platform/http/idempotency.ts';
import { createHostKindStrategy, HostResolver } from './platform/http/hosts.ts';
import { installMetrics } from './platform/http/metrics.ts';
import { installRateLimit } from './platform/http/rate-limit.ts';
import { genRequestId, installRequestId } from './platform/http/request-id.ts';
import { installRouting, rewriteRefusedUrl } from './platform/http/routing.ts';
import { installSwagger } from './platform/http/swagger.ts';
import { installTenancy } from './platform/http/tenancy.ts';
import { installTokenCache } from './platform/http/token-cache.ts';
import type { Platform } from './platform/http/types.ts';
import './platform/http/types.ts';
import { installInputGuard, installUnknownFieldWarnings, validatorCompiler } from './platform/http/validation.ts';
import { createSecretBox, type SecretBox } from './platform/secrets.ts';
import { createDiskStorage, type FileStorage } from './platform/storage.ts';
import { ensureSunatErrorCodes } from './sunat/error-codes.ts';
import type { SunatSimulator } from './sunat/simulator/index.ts';

declare module './platform/http/types.ts' {
  interface Platform {
    /** The in-process SUNAT simulator (SUNAT_MODE=simulator, no SUNAT_SIMULATOR_URL), for fault injection and stats. */
    sunatSimulator: SunatSimulator | null;
  }
}

export interface AppDeps {
  /** An open database (tests, server.ts). Without it buildApp opens one and closes it with the app. */
  db?: Database;
  storage?: FileStorage;
  secrets?: SecretBox;
  /** Extra features after the registered ones (tests). */
  extraFeatures?: Feature[];
  /** The built web console (scripts/build-console.mjs); build/console by default. */
  consoleDir?: string;
}

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  // A bundled asset missing from the installation stops the start here, naming the file (no degraded messages).
  ensureSunatErrorCodes();
  const hostSettings = { appDomain: config.appDomain, adminHost: config.adminHost };
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    },
    genReqId: genRequestId,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // Path parameters are bounded by each route's schema (a longer one is a 422 with its path, not a bare 414).
    routerOptions: { constraints: { hostKind: createHostKindStrategy(hostSettings) }, maxParamLength: 2048 },
    rewriteUrl: rewriteRefusedUrl,
    frameworkErrors: renderFrameworkError,
    clientErrorHandler: answerClientError,
    return503OnClosing: true,
    // Graceful shutdown: idle keep-alive sockets close at once, in-flight requests finish.
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDb = !deps.db;
  const db = deps.db ?? (await openDatabase(config, { logger: app.log, whenEmbeddedBusy: 'refuse' }));
  if (ownsDb) app.addHook('onClose', async () => db.close());

  // 1. Platform: ids, errors, routing bookkeeping, security headers, limits, docs, metrics, health.
  installRequestId(app);
  installErrorHandler(app, config.bodyLimit);
  const routing = installRouting(app, hostSettings);
  const hosts = new HostResolver(db.central, config.hostCacheTtlMs);
  const platform: Platform = {
    config,
    db,
    storage: deps.storage ?? createDiskStorage(config.storageDir),
    secrets: deps.secrets ?? createSecretBox(config.secretsKey),
    hosts,
    selfUrl() {
      const address = app.server.address();
      if (!address || typeof address === 'string') return null;
      const { port, family } = address as AddressInfo;
      return family === 'IPv6' && address.address !== '::'
        ? `http://[${address.address}]:${port}`
        : `http://127.0.0.1:${port}`;
    },
    routes: () => routing.routes(),
    sunatSimulator: null,
    worker: null,
    usage: null,
    companies: { forget: () => undefined },
    tokens: { forget: () => undefined, active: false },
    metrics: null,
    sunatSimulatorUrl() {
      if (config.sunatSimulatorUrl) return config.sunatSimulatorUrl;
      const self = this.selfUrl();
      if (!self)
        throw new Error(
          'the in-process SUNAT simulator is reachable once the app listens (app.listen), not through inject',
        );
      return self;
    },
  };
  app.decorate('platform', platform);

  installSecurityHeaders(app, {
    // Plain-HTTP local hosts (demo.localhost) must keep loading the Swagger UI's assets.
    contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
    hsts: config.nodeEnv === 'production',
  });
  installContentTypeCheck(app);
  installInputGuard(app);
  installUnknownFieldWarnings(app);
  await installRateLimit(app, db.central);
  await installSwagger(app, config);
  installConsole(app, deps.consoleDir);
  platform.metrics = installMetrics(app, config.metricsToken);
  installHealth(app, db);

  // SUNAT_MODE=simulator without SUNAT_SIMULATOR_URL (never in production): SUNAT's stand-in answers on this very
  // server (SUNAT's own paths, left out of the API docs) on SUNAT_SIMULATOR_HOST or a loopback address only —
  // never on a tenant's host — and the SOAP client targets platform.sunatSimulatorUrl().
  if (config.sunatMode === 'simulator' && !config.sunatSimulatorUrl) {
    const { createSunatSimulator } = await import('./sunat/simulator/index.ts');
    mkdirSync(config.dataDir, { recursive: true });
    // Kept in DATA_DIR like SUNAT's memory: after a restart it still knows what it accepted.
    const simulator = createSunatSimulator({ control: false, dataFile: join(config.dataDir, 'sunat-simulator.jsonl') });
    platform.sunatSimulator = simulator;
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.schema = { ...route.schema, hide: true };
      });
      restrictToHost(scope, config.sunatSimulatorHost);
      await scope.register(simulator.plugin);
    });
  }

  // 2. Hosts and auth: Host → tenant → its database server → token, before any feature route runs.
  const directoryListener = listenDirectory(db, { logger: app.log, applicationName: config.databaseApplicationName });
  if (directoryListener) app.addHook('onClose', () => directoryListener.close());
  const tokens = installTokenCache(app, db, config.hostCacheTtlMs, config.databaseApplicationName);
  platform.tokens = tokens;
  platform.companies = installTenancy(app, db, hosts, config.hostCacheTtlMs, tokens, config.tenantMoveWaitMs);
  installPlanLimits(app, db.central);
  installIdempotency(app);
  platform.usage = installUsageCounter(app, db.pool);

  // 3. Features: tenant and any-host first, then the admin host.
  await registerFeatures(app, [...features, ...adminFeatures, ...(deps.extraFeatures ?? [])]);

  // 4. The worker (send retries, crash recovery) inside this process unless WORKER_ENABLED=false.
  if (config.workerEnabled) {
    const { startWorker } = await import('./worker/worker.ts');
    let worker: Awaited<ReturnType<typeof startWorker>> | null = null;
    app.addHook('onReady', async () => {
      worker = startWorker(pipelineDepsOf(app, app.log), { jobs });
      platform.worker = worker;
    });
    app.addHook('onClose', async () => {
      await worker?.stop();
    });
  }
  return app;
}
