// The OpenAPI document as the app builds it, without listening: an app on a throw-away embedded database (the
// document depends on the routes and the configuration, never on data). Used by `npm run openapi`, `npm run
// postman` and the tests that generate a client from it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/platform/config.ts';

export type OpenApiDocument = Record<string, unknown> & {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  servers?: { url: string; variables?: Record<string, { default: string }> }[];
};

/** The document for this environment's APP_DOMAIN, ADMIN_HOST and PORT. */
export async function buildOpenApiDocument(env: NodeJS.ProcessEnv = process.env): Promise<OpenApiDocument> {
  const dir = await mkdtemp(join(tmpdir(), 'facturo-openapi-'));
  try {
    const config = loadConfig({
      ...env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'silent',
      DATABASE_URL: env.DATABASE_URL ?? '',
      DATA_DIR: join(dir, 'data'),
      STORAGE_DIR: join(dir, 'storage'),
      DEMO_TENANT: 'false',
      WORKER_ENABLED: 'false',
    });
    const app = await buildApp(config);
    try {
      await app.ready();
      return structuredClone(app.swagger()) as unknown as OpenApiDocument;
    } finally {
      await app.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
