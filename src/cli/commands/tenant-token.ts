// `npx facturo tenant:token --subdomain acme [--json]`: revokes the tenant's current API token(s) and
// prints a new one; for the demo company it also rewrites DATA_DIR/demo-token.txt, which the README reads.
import { keepDemoToken } from '../../tenancy/demo.ts';
import { rotateTenantToken } from '../../tenancy/rotate-token.ts';
import { defineCommand } from '../command.ts';
import { DATABASE_NOTES, withDatabase } from './database.ts';
import { jsonOutputOption } from '../options.ts';

export const command = defineCommand(
  {
    name: 'tenant:token',
    summary: 'Rota el token API de una empresa (revoca el anterior)',
    description:
      'Revoca el token API vigente de la empresa y emite uno nuevo (se muestra una sola vez). Para la empresa demo ' +
      'también lo escribe en DATA_DIR/demo-token.txt, de donde lo leen los comandos del README.',
    options: {
      subdomain: { type: 'string', placeholder: 'SUB', required: true, description: 'Subdominio de la empresa' },
      json: jsonOutputOption('{subdomain, token, revoked, token_file}'),
    },
    notes: DATABASE_NOTES,
  },
  async ({ options }) =>
    withDatabase(async (db, config) => {
      const result = await rotateTenantToken(db, options.subdomain);
      const file = await keepDemoToken(config.dataDir, result.tenant.subdomain, result.token);
      if (options.json) {
        const { subdomain } = result.tenant;
        process.stdout.write(
          `${JSON.stringify({ subdomain, token: result.token, revoked: result.revoked, token_file: file })}\n`,
        );
      } else {
        process.stdout.write(
          `Nuevo token API de ${result.tenant.subdomain} (${result.revoked} revocado(s)):\n  ${result.token}\n` +
            (file ? `  (copia en ${file})\n` : ''),
        );
      }
      return 0;
    }),
);
