// What `npm start` does, in order: open the database (embedded when DATABASE_URL is empty) → migrate the
// central schema and every tenant schema (refusing tampered migrations) → first admin → demo tenant on an
// empty database → build the app → listen. Also the graceful stop: drain requests, then close the pool.
import type { FastifyInstance } from 'fastify';
import { ensureFirstAdmin, ensureGeneratedAdmin, type GeneratedAdmin } from './admin/first-admin.ts';
import { buildApp } from './app.ts';
import { checkSecretsKey } from './tenancy/secrets-key-check.ts';
import { ensureDemoTenant, type DemoTenant } from './tenancy/demo.ts';
import { ConfigError, productionProblems, type Config } from './platform/config.ts';
import { openDatabase, type Database } from './platform/db/database.ts';
import { migrateAll } from './platform/db/migrator.ts';
import { createSecretBox } from './platform/secrets.ts';

export interface StartOptions {
  /** prisma/ directory (tests point it at a copy). */
  prismaRoot?: string;
  /** Where the banner goes (stdout by default). */
  print?: (line: string) => void;
}

export interface RunningFacturo {
  app: FastifyInstance;
  db: Database;
  /** http://localhost:<port> */
  url: string;
  demo: DemoTenant | null;
  /** The admin user this start generated (no ADMIN_EMAIL/ADMIN_PASSWORD, empty database), shown once. */
  generatedAdmin: GeneratedAdmin | null;
  close(): Promise<void>;
}

export async function prepareDatabase(
  db: Database,
  config: Config,
  options: StartOptions = {},
): Promise<{ demo: DemoTenant | null; generatedAdmin: GeneratedAdmin | null }> {
  await migrateAll(db.pool, { prismaRoot: options.prismaRoot, serverPool: (server) => db.directory.pool(server) });
  // Read again now that central is up to date (a first start had no central schema when the database opened).
  await db.directory.load();
  const secrets = createSecretBox(config.secretsKey);
  // Another SECRETS_KEY than the one the stored secrets were sealed with: refused now, not at every signature.
  await checkSecretsKey(db, secrets);
  await ensureFirstAdmin(db, config);
  const generatedAdmin = await ensureGeneratedAdmin(db, config);
  if (!config.demoTenant) return { demo: null, generatedAdmin };
  const demo = await ensureDemoTenant({ db, config, secrets }, config.dataDir);
  return { demo, generatedAdmin };
}

export async function startFacturo(config: Config, options: StartOptions = {}): Promise<RunningFacturo> {
  const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  // Also for a Config assembled in code rather than by loadConfig.
  const unsafe = productionProblems(config);
  if (unsafe.length) throw new ConfigError(unsafe);
  // Until the app (and its logger) exists, a failing idle connection is reported on stderr.
  const poolLogger = {
    error: (obj: unknown, msg?: string) =>
      process.stderr.write(`${msg ?? 'database error'}: ${String((obj as { err?: Error }).err?.message ?? obj)}\n`),
  };
  const db = await openDatabase(config, { whenEmbeddedBusy: 'refuse', logger: poolLogger });
  let app: FastifyInstance | null = null;
  try {
    const { demo, generatedAdmin } = await prepareDatabase(db, config, options);
    app = await buildApp(config, { db });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = address && typeof address === 'object' ? address.port : config.port;
    const url = `http://localhost:${port}`;
    const portSuffix = port === 80 ? '' : `:${port}`;
    print('');
    print(
      `Facturo escucha en ${url} (base de datos: ${db.mode === 'server' ? 'PostgreSQL' : `PGlite embebido en ${config.dataDir}`})`,
    );
    // The reference is opened on the demo company's host: "Try it out" then calls the same origin, which a
    // browser allows without CORS (from localhost it would be another origin and be blocked); the admin host's
    // operations, likewise, on the admin host's own page.
    const docsHost = demo ? `http://${demo.hostname}${portSuffix}` : url;
    const adminUrl = `http://${config.adminHost}${portSuffix}`;
    print(`  Documentación: ${docsHost}/documentation   (administración: ${adminUrl}/documentation)`);
    print(`  Administración: ${adminUrl}`);
    if (generatedAdmin)
      print(
        `  Administrador (se muestra una sola vez; copia en ${generatedAdmin.file}):\n` +
          `    correo ${generatedAdmin.email}   contraseña ${generatedAdmin.password}`,
      );
    if (demo) {
      print(`  Empresa demo:  http://${demo.hostname}${portSuffix}`);
      if (demo.created) print(`  Token API (se muestra una sola vez; copia en ${demo.tokenFile}):\n    ${demo.token}`);
      else if (demo.token) print(`  Token API: en ${demo.tokenFile}`);
      else
        print(
          `  Token API: genere uno nuevo con \`npx facturo tenant:token --subdomain ${demo.hostname.split('.')[0]}\``,
        );
      print(`  Prueba: curl -H 'Host: ${demo.hostname}' -H 'Authorization: Bearer <token>' ${url}/health/ready`);
    }
    print('');
    const running = app;
    let closing: Promise<void> | null = null;
    return {
      app: running,
      db,
      url,
      demo,
      generatedAdmin,
      close() {
        closing ??= (async () => {
          await running.close();
          await db.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await app?.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw error;
  }
}
