// `npx facturo tenant:create --ruc 20123456786 --name "ACME S.A.C." --subdomain acme [--json]`
// Creates a tenant (schema, company, default series, first user) and prints its hostname and API token.
import { migrateSchema, loadMigrations, migrationsDir } from '../../platform/db/migrator.ts';
import { createSecretBox } from '../../platform/secrets.ts';
import { provisionTenant } from '../../tenancy/provision.ts';
import { defineCommand } from '../command.ts';
import { DATABASE_NOTES, withDatabase } from './database.ts';
import { jsonOutputOption } from '../options.ts';

export const command = defineCommand(
  {
    name: 'tenant:create',
    summary: 'Crea una empresa (esquema, series, usuario) e imprime su host y token API',
    description: `Crea una empresa: su esquema, sus series por defecto y su primer usuario. La empresa se crea en modo
demo (SUNAT beta / simulador, certificado autofirmado). El token y la contraseña se muestran una sola vez.`,
    options: {
      ruc: {
        type: 'string',
        placeholder: 'RUC',
        required: true,
        description: 'RUC de 11 dígitos con dígito verificador válido',
      },
      name: { type: 'string', placeholder: '"RAZÓN SOCIAL"', required: true, description: 'Razón social' },
      subdomain: {
        type: 'string',
        placeholder: 'SUB',
        required: true,
        description: 'Subdominio: la empresa responde en SUB.{APP_DOMAIN}',
      },
      email: {
        type: 'string',
        placeholder: 'CORREO',
        description: 'Correo de la empresa y de su primer usuario',
        defaultText: 'la empresa sin correo; el usuario admin@{host}',
      },
      plan: {
        type: 'integer',
        placeholder: 'ID',
        min: 1,
        description: 'Plan (central.plans)',
        defaultText: 'ninguno, sin límites',
      },
      database: {
        type: 'string',
        placeholder: 'NAME',
        description: 'Servidor de base de datos donde crearla (database:list)',
        defaultText: 'el que tiene menos empresas',
      },
      json: jsonOutputOption('{hostname, token, password, database, ...}'),
    },
    notes: DATABASE_NOTES,
  },
  async ({ options }) =>
    withDatabase(async (db, config) => {
      await migrateSchema(db.pool, 'central', await loadMigrations(migrationsDir('central')));
      const result = await provisionTenant(
        { db, config, secrets: createSecretBox(config.secretsKey) },
        {
          ruc: options.ruc,
          name: options.name,
          subdomain: options.subdomain,
          email: options.email ?? null,
          planId: options.plan ?? null,
          database: options.database ?? null,
        },
      );
      process.stdout.write(options.json ? asJson(result) : asText(result));
      return 0;
    }),
);

type ProvisionResult = Awaited<ReturnType<typeof provisionTenant>>;

function asJson({ tenant, user, password, token }: ProvisionResult): string {
  return `${JSON.stringify({
    id: tenant.id,
    ruc: tenant.ruc,
    name: tenant.name,
    subdomain: tenant.subdomain,
    schema: tenant.schemaName,
    hostname: tenant.hostname,
    sunat_mode: tenant.sunatMode,
    database: tenant.database,
    user_email: user.email,
    password,
    token,
  })}\n`;
}

function asText({ tenant, user, password, token }: ProvisionResult): string {
  return [
    `Empresa creada: ${tenant.name} (RUC ${tenant.ruc}), modo ${tenant.sunatMode}`,
    `  Host:       ${tenant.hostname}`,
    `  Servidor:   ${tenant.database}`,
    `  Usuario:    ${user.email} / ${password}`,
    `  Token API:  ${token}`,
    '  (el token y la contraseña no se vuelven a mostrar; rote el token con `facturo tenant:token`)',
    '',
  ].join('\n');
}
