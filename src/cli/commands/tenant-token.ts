// `npx facturo tenant:token --subdomain acme [--json]`: revokes the tenant's current API token(s) and
// prints a new one.
import { rotateTenantToken } from '../../features/company/public.ts';
import { defineCommand } from '../command.ts';
import { DATABASE_NOTES, withDatabase } from './database.ts';
import { jsonOutputOption } from '../options.ts';

export const command = defineCommand(
  {
    name: 'tenant:token',
    summary: 'Rota el token API de una empresa (revoca el anterior)',
    description: 'Revoca el token API vigente de la empresa y emite uno nuevo (se muestra una sola vez).',
    options: {
      subdomain: { type: 'string', placeholder: 'SUB', required: true, description: 'Subdominio de la empresa' },
      json: jsonOutputOption('{subdomain, token, revoked}'),
    },
    notes: DATABASE_NOTES,
  },
  async ({ options }) =>
    withDatabase(async (db) => {
      const result = await rotateTenantToken(db, options.subdomain);
      if (options.json) {
        process.stdout.write(
          `${JSON.stringify({ subdomain: result.tenant.subdomain, token: result.token, revoked: result.revoked })}\n`,
        );
      } else {
        process.stdout.write(
          `Nuevo token API de ${result.tenant.subdomain} (${result.revoked} revocado(s)):\n  ${result.token}\n`,
        );
      }
      return 0;
    }),
);
