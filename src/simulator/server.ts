// The simulator as its own HTTP server (the CLI command, tests that want a real port, the benchmark's separate
// process). Port 0 picks a free port; `url` is the base URL to give the client (SUNAT_SIMULATOR_URL).
import Fastify, { type FastifyInstance } from 'fastify';
import { createSunatSimulator, type SimulatorOptions, type SunatSimulator } from './plugin.ts';

export interface StartOptions extends SimulatorOptions {
  port?: number;
  host?: string;
  /** Fastify's logger (default off). */
  logger?: boolean;
}

export interface RunningSimulator {
  url: string;
  port: number;
  simulator: SunatSimulator;
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function startSunatSimulator(options: StartOptions = {}): Promise<RunningSimulator> {
  const simulator = createSunatSimulator(options);
  // keepAliveTimeout above undici's default keep-alive (4 s) so pooled client sockets are not closed under them.
  const app = Fastify({
    logger: options.logger ?? false,
    keepAliveTimeout: 10_000,
    bodyLimit: options.bodyLimit ?? 20 * 1024 * 1024,
  });
  await app.register(simulator.plugin);
  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    simulator,
    app,
    close: () => app.close(),
  };
}
