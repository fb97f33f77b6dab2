// The demo tenant: created on the first start with an empty database so that a newcomer can issue an
// invoice at once (`demo.localhost`). Its token is printed once and kept in DATA_DIR/demo-token.txt.
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
  await mkdir(dataDir, { recursive: true });
  await writeFile(tokenFile, `${result.token}\n`, { mode: 0o600 });
  return { created: true, hostname: result.tenant.hostname, token: result.token, tokenFile };
}
