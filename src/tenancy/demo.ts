// The demo tenant: created on the first start with an empty database so that a newcomer can issue an
// invoice at once (`demo.localhost`). Its token is printed once and kept in DATA_DIR/demo-token.txt, which
// `npx facturo tenant:token --subdomain demo` rewrites: the README's commands read the token from there.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { provisionTenant, type ProvisionDeps } from './provision.ts';

/** A valid RUC (check digit 1) that belongs to no real company; SUNAT's own examples use it. */
export const DEMO_RUC = '20000000001';
export const DEMO_SUBDOMAIN = 'demo';

export interface DemoTenant {
  created: boolean;
  hostname: string;
  /** Known when it was just created or when DATA_DIR still has it. */
  token: string | null;
  tokenFile: string;
}

export function demoTokenFile(dataDir: string): string {
  return join(dataDir, 'demo-token.txt');
}

/** Writes the demo company's current token to DATA_DIR/demo-token.txt (owner-only). Returns the file. */
async function writeDemoToken(dataDir: string, token: string): Promise<string> {
  const file = demoTokenFile(dataDir);
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${token}\n`, { mode: 0o600 });
  return file;
}

/**
 * After a token rotation: when the company is the demo one, DATA_DIR/demo-token.txt follows the new token (the
 * old one no longer works). Returns the file written, or null for any other company.
 */
export async function keepDemoToken(dataDir: string, subdomain: string, token: string): Promise<string | null> {
  return subdomain === DEMO_SUBDOMAIN ? writeDemoToken(dataDir, token) : null;
}

/** Creates the demo tenant when the central schema has no tenant at all; otherwise reports the existing one. */
export async function ensureDemoTenant(deps: ProvisionDeps, dataDir: string): Promise<DemoTenant | null> {
  const tokenFile = demoTokenFile(dataDir);
  const count = await deps.db.central.tenant.count();
  if (count > 0) {
    const demo = await deps.db.central.tenant.findUnique({
      where: { subdomain: DEMO_SUBDOMAIN },
      include: { hostnames: true },
    });
    if (!demo) return null;
    const token = await readFile(tokenFile, 'utf8').then(
      (t) => t.trim(),
      () => null,
    );
    return {
      created: false,
      hostname: demo.hostnames[0]?.hostname ?? `${DEMO_SUBDOMAIN}.${deps.config.appDomain}`,
      token,
      tokenFile,
    };
  }
  const result = await provisionTenant(deps, {
    ruc: DEMO_RUC,
    name: 'EMPRESA DEMO S.A.C.',
    tradeName: 'Facturo Demo',
    subdomain: DEMO_SUBDOMAIN,
    email: `demo@${deps.config.appDomain === 'localhost' ? 'facturo.example' : deps.config.appDomain}`,
    sunatMode: 'demo',
    address: { direccion: 'Av. Demo 123', urbanizacion: 'Cercado' },
  });
  await writeDemoToken(dataDir, result.token);
  return { created: true, hostname: result.tenant.hostname, token: result.token, tokenFile };
}
