// Configuration is parsed once from the environment; every key has the documented default.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/platform/config.ts';

const root = join(import.meta.dirname, '..', '..');

describe('loadConfig', () => {
  it('gives every key its documented default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '0.0.0.0',
      logLevel: 'info',
      databaseUrl: null,
      dataDir: resolve('./data'),
      storageDir: resolve('./storage'),
      appDomain: 'localhost',
      adminHost: 'admin.localhost',
      bodyLimit: 1_048_576,
      sunatMode: 'simulator',
      sunatSimulatorUrl: null,
      sunatTimeoutMs: 15_000,
      workerEnabled: true,
      webConcurrency: 1,
      adminEmail: null,
      adminPassword: null,
      notifyToken: null,
      whatsappToken: null,
      whatsappPhoneNumberId: null,
      demoTenant: true,
      secretsKeyIsDevDefault: true,
      publicUrl: 'http://localhost:3000',
      metricsToken: null,
      sunatSimulatorHost: 'sunat.localhost',
    });
    expect(config.secretsKey).toHaveLength(32);
  });

  it('reads and converts the environment', () => {
    const config = loadConfig({
      PORT: '8080',
      APP_DOMAIN: 'Facturo.PE',
      BODY_LIMIT: '2048',
      WORKER_ENABLED: 'false',
      DEMO_TENANT: '0',
      DATABASE_URL: 'postgresql://u@db:5432/f',
      SUNAT_MODE: 'beta',
      SECRETS_KEY: 'ab'.repeat(32),
      SUNAT_SIMULATOR_URL: '',
    });
    expect(config).toMatchObject({
      port: 8080,
      appDomain: 'facturo.pe',
      adminHost: 'admin.facturo.pe',
      bodyLimit: 2048,
      workerEnabled: false,
      demoTenant: false,
      databaseUrl: 'postgresql://u@db:5432/f',
      sunatMode: 'beta',
      sunatSimulatorUrl: null,
      secretsKeyIsDevDefault: false,
    });
    expect(config.secretsKey.equals(Buffer.alloc(32, 0xab))).toBe(true);
    expect(
      loadConfig({ SECRETS_KEY: Buffer.alloc(32, 1).toString('base64') }).secretsKey.equals(Buffer.alloc(32, 1)),
    ).toBe(true);
  });

  it('refuses to start in production without SECRETS_KEY, and defaults DEMO_TENANT off there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SECRETS_KEY/);
    const prod = loadConfig({ NODE_ENV: 'production', SECRETS_KEY: 'cd'.repeat(32) });
    expect(prod.demoTenant).toBe(false);
    expect(prod.secretsKeyIsDevDefault).toBe(false);
    // Never the simulator by default there; links default to https on the standard port.
    expect(prod.sunatMode).toBe('production');
    expect(prod.publicUrl).toBe('https://localhost');
  });

  it('refuses in production the simulator, the demo tenant and the public development key, naming each', () => {
    const key = { NODE_ENV: 'production', SECRETS_KEY: 'cd'.repeat(32) };
    expect(() => loadConfig({ ...key, SUNAT_MODE: 'simulator' })).toThrow(
      /SUNAT_MODE=simulator no se admite en producción/,
    );
    expect(() => loadConfig({ ...key, DEMO_TENANT: 'true' })).toThrow(/DEMO_TENANT=true no se admite en producción/);
    const devKey = loadConfig({}).secretsKey.toString('hex');
    expect(loadConfig({ SECRETS_KEY: devKey }).secretsKeyIsDevDefault).toBe(true);
    expect(() => loadConfig({ ...key, SECRETS_KEY: devKey })).toThrow(/clave de desarrollo es pública/);
    // Overrides cannot slip past the check either.
    expect(() => loadConfig(key, { sunatMode: 'simulator' })).toThrow(ConfigError);
    expect(loadConfig({ ...key, SUNAT_MODE: 'beta', DEMO_TENANT: 'false' })).toMatchObject({
      sunatMode: 'beta',
      demoTenant: false,
    });
    // Outside production the same settings are the development defaults.
    expect(loadConfig({ SUNAT_MODE: 'simulator', DEMO_TENANT: 'true', SECRETS_KEY: devKey })).toMatchObject({
      sunatMode: 'simulator',
      demoTenant: true,
    });
  });

  it('takes PUBLIC_URL (scheme, host, port only), METRICS_TOKEN (16+ characters) and SUNAT_SIMULATOR_HOST', () => {
    expect(
      loadConfig({
        PUBLIC_URL: 'https://facturo.pe:8443',
        METRICS_TOKEN: 'x'.repeat(16),
        SUNAT_SIMULATOR_HOST: 'SIM.Local',
      }),
    ).toMatchObject({
      publicUrl: 'https://facturo.pe:8443',
      metricsToken: 'x'.repeat(16),
      sunatSimulatorHost: 'sim.local',
    });
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    for (const bad of [
      'ftp://facturo.pe',
      'https://u:p@facturo.pe',
      'https://facturo.pe/app',
      'https://facturo.pe/?x=1',
      'facturo.pe',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
    expect(() => loadConfig({ METRICS_TOKEN: 'corto' })).toThrow(/METRICS_TOKEN/);
  });

  it('lists every bad key at once', () => {
    try {
      loadConfig({
        PORT: 'abc',
        SUNAT_MODE: 'live',
        DATABASE_URL: 'mysql://x',
        SECRETS_KEY: 'short',
        ADMIN_EMAIL: 'a@b.pe',
      });
      throw new Error('expected ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const text = (error as ConfigError).message;
      for (const key of ['PORT', 'SUNAT_MODE', 'DATABASE_URL']) expect(text).toContain(key);
    }
    expect(() => loadConfig({ SECRETS_KEY: 'short' })).toThrow(/SECRETS_KEY/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.pe' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('is documented key by key in .env.example and docs/configuration.md', () => {
    const source = readFileSync(join(root, 'src/platform/config.ts'), 'utf8');
    const keys = [...source.matchAll(/^\s{2}([A-Z][A-Z0-9_]+): /gm)].map((m) => m[1]);
    expect(keys.length).toBeGreaterThan(20);
    const example = readFileSync(join(root, '.env.example'), 'utf8');
    const docs = readFileSync(join(root, 'docs/configuration.md'), 'utf8');
    for (const key of keys) {
      expect(example, `.env.example lacks ${key}`).toMatch(new RegExp(`^#?\\s*${key}=`, 'm'));
      expect(docs, `docs/configuration.md lacks ${key}`).toContain(`\`${key}\``);
    }
  });
});

describe('docs/errors.md', () => {
  it('documents every error code the platform raises', async () => {
    const { readdirSync, statSync } = await import('node:fs');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.ts')) files.push(path);
      }
    };
    for (const dir of ['platform', 'pipeline', 'features', 'admin', 'worker']) walk(join(root, 'src', dir));
    const codes = new Set<string>();
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(
        /errors\.(?:badRequest|forbidden|notFound|conflict|unprocessable|badGateway|serviceUnavailable|gatewayTimeout)\(\s*'([a-z_]+)'/g,
      ))
        codes.add(m[1]);
      for (const m of text.matchAll(/new AppError\(\s*\d{3},\s*'([a-z_]+)'/g)) codes.add(m[1]);
      for (const m of text.matchAll(/\bcode: '([a-z_]+)'/g)) codes.add(m[1]);
    }
    expect(codes.size).toBeGreaterThan(15);
    const doc = readFileSync(join(root, 'docs', 'errors.md'), 'utf8');
    const missing = [...codes].filter((c) => !doc.includes(`\`${c}\``));
    expect(missing).toEqual([]);
  });
});
