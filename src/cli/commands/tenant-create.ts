// `npx facturo tenant:create --ruc 20123456786 --name "ACME S.A.C." --subdomain acme [--json]`
// Creates a tenant (schema, company, default series, first user) and prints its hostname and API token.
import { parseArgs } from 'node:util';
import { migrateSchema, loadMigrations, migrationsDir } from '../../platform/db/migrator.ts';
import { createSecretBox } from '../../platform/secrets.ts';
import { provisionTenant } from '../../platform/tenants/provision.ts';
import type { CliCommand } from '../index.ts';
import { usageError, withDatabase } from './shared.ts';

const USAGE = `Uso: facturo tenant:create --ruc RUC --name "RAZÓN SOCIAL" --subdomain SUB [opciones]

  --ruc RUC             RUC de 11 dígitos con dígito verificador válido
  --name TEXTO          Razón social
  --subdomain SUB       Subdominio: la empresa responde en SUB.{APP_DOMAIN}
  --email CORREO        Correo de la empresa y de su primer usuario
  --plan ID             Plan (central.plans)
  --json                Salida JSON: {hostname, token, password, ...}

La empresa se crea en modo demo (SUNAT beta / simulador, certificado autofirmado). El token y la
contraseña se muestran una sola vez.
`;

export const command: CliCommand = {
  summary: 'Crea una empresa (esquema, series, usuario) e imprime su host y token API',
  async run(argv) {
    let values;
    try {
      ({ values } = parseArgs({
        args: argv,
        options: {
          ruc: { type: 'string' },
          name: { type: 'string' },
          subdomain: { type: 'string' },
          email: { type: 'string' },
          plan: { type: 'string' },
          json: { type: 'boolean' },
        },
      }));
    } catch (error) {
      return usageError(USAGE, (error as Error).message);
    }
    if (!values.ruc || !values.name || !values.subdomain)
      return usageError(USAGE, 'Faltan --ruc, --name o --subdomain.');
    const planId = values.plan === undefined ? null : Number(values.plan);
    if (planId !== null && !Number.isInteger(planId)) return usageError(USAGE, '--plan debe ser un número.');
    return withDatabase(async (db, config) => {
      await migrateSchema(db.pool, 'central', await loadMigrations(migrationsDir('central')));
      const result = await provisionTenant(
        { db, config, secrets: createSecretBox(config.secretsKey) },
        { ruc: values.ruc!, name: values.name!, subdomain: values.subdomain!, email: values.email ?? null, planId },
      );
      if (values.json) {
        process.stdout.write(
          `${JSON.stringify({
            id: result.tenant.id,
            ruc: result.tenant.ruc,
            name: result.tenant.name,
            subdomain: result.tenant.subdomain,
            schema: result.tenant.schemaName,
            hostname: result.tenant.hostname,
            sunat_mode: result.tenant.sunatMode,
            user_email: result.user.email,
            password: result.password,
            token: result.token,
          })}\n`,
        );
      } else {
        process.stdout.write(
          [
            `Empresa creada: ${result.tenant.name} (RUC ${result.tenant.ruc}), modo ${result.tenant.sunatMode}`,
            `  Host:       ${result.tenant.hostname}`,
            `  Usuario:    ${result.user.email} / ${result.password}`,
            `  Token API:  ${result.token}`,
            '  (el token y la contraseña no se vuelven a mostrar; rote el token con `facturo tenant:token`)',
            '',
          ].join('\n'),
        );
      }
      return 0;
    });
  },
};
