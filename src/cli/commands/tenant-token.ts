// `npx facturo tenant:token --subdomain acme [--json]`: revokes the tenant's current API token(s) and
// prints a new one.
import { parseArgs } from 'node:util';
import { rotateTenantToken } from '../../platform/tenants/tokens.ts';
import type { CliCommand } from '../index.ts';
import { usageError, withDatabase } from './shared.ts';

const USAGE = `Uso: facturo tenant:token --subdomain SUB [--json]

Revoca el token API vigente de la empresa y emite uno nuevo (se muestra una sola vez).
`;

export const command: CliCommand = {
  summary: 'Rota el token API de una empresa (revoca el anterior)',
  async run(argv) {
    let values;
    try {
      ({ values } = parseArgs({ args: argv, options: { subdomain: { type: 'string' }, json: { type: 'boolean' } } }));
    } catch (error) {
      return usageError(USAGE, (error as Error).message);
    }
    if (!values.subdomain) return usageError(USAGE, 'Falta --subdomain.');
    return withDatabase(async (db) => {
      const result = await rotateTenantToken(db, values.subdomain!);
      if (values.json) {
        process.stdout.write(
          `${JSON.stringify({ subdomain: result.tenant.subdomain, token: result.token, revoked: result.revoked })}\n`,
        );
      } else {
        process.stdout.write(
          `Nuevo token API de ${result.tenant.subdomain} (${result.revoked} revocado(s)):\n  ${result.token}\n`,
        );
      }
      return 0;
    });
  },
};
