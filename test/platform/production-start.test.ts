// Production refuses to start exposed: with the built-in simulator, the demo tenant or the public
// development SECRETS_KEY, `npm start` exits 1 before touching the database and says, in Spanish, what to change.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/platform/config.ts';
import { startFacturo } from '../../src/startup.ts';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'facturo-prod-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** `npm start`'s entry in a directory without .env; the database URL points nowhere (never reached). */
async function start(env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(DATABASE_URL|NODE_OPTIONS|SUNAT_|DEMO_|SECRETS_KEY|NODE_ENV)/.test(k),
    ),
  ) as Record<string, string>;
  try {
    await run(
      process.execPath,
      ['--import', pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href, join(root, 'src/server.ts')],
      {
        cwd: dir,
        timeout: 60_000,
        env: {
          ...clean,
          DATA_DIR: join(dir, 'data'),
          STORAGE_DIR: join(dir, 'storage'),
          PORT: '0',
          HOST: '127.0.0.1',
          DATABASE_URL: 'postgresql://nobody@127.0.0.1:9/none',
          ...env,
        },
      },
    );
    return { code: 0, stderr: '' };
  } catch (error) {
    const e = error as { code?: number; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stderr: e.stderr ?? '' };
  }
}

describe('production start', () => {
  it('exits 1 naming the simulator, the demo tenant and the development key together', async () => {
    const devKey = loadConfig({}).secretsKey.toString('hex');
    const { code, stderr } = await start({
      NODE_ENV: 'production',
      SUNAT_MODE: 'simulator',
      DEMO_TENANT: 'true',
      SECRETS_KEY: devKey,
    });
    expect(code).toBe(1);
    expect(stderr).toContain('Configuración inválida');
    expect(stderr).toContain('SUNAT_MODE=simulator no se admite en producción');
    expect(stderr).toContain('DEMO_TENANT=true no se admite en producción');
    expect(stderr).toContain('SECRETS_KEY: la clave de desarrollo es pública');
    expect(stderr).not.toContain('ECONNREFUSED');
  });

  it('refuses a Config assembled in code as well, before opening the database', async () => {
    const config = {
      ...loadConfig({ DATA_DIR: join(dir, 'data'), DATABASE_URL: 'postgresql://nobody@127.0.0.1:9/none' }),
      nodeEnv: 'production' as const,
    };
    await expect(startFacturo(config, { print: () => undefined })).rejects.toThrow(ConfigError);
    await expect(startFacturo(config, { print: () => undefined })).rejects.toThrow(/SUNAT_MODE=simulator/);
  });
});
