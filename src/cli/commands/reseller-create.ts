// `npx facturo reseller:create --name "…" --email … [--limit-tenants N] [--json]`: a reseller account and its
// login. Without --password a random one is generated; either way it is printed once.
import { randomBytes } from 'node:crypto';
import { createReseller } from '../../admin/resellers-service.ts';
import { defineCommand } from '../command.ts';
import { DATABASE_NOTES, withDatabase } from './database.ts';
import { jsonOutputOption } from '../options.ts';

export const command = defineCommand(
  {
    name: 'reseller:create',
    summary: 'Crea un distribuidor y su usuario del host de administración',
    description: `Crea un distribuidor (cuenta con cupo de empresas) y el usuario con el que inicia sesión en el host de
administración (POST /api/login). Solo ve y administra sus propias empresas. La contraseña se muestra una sola vez.`,
    options: {
      name: { type: 'string', placeholder: '"NOMBRE"', required: true, description: 'Nombre del distribuidor' },
      email: { type: 'string', placeholder: 'CORREO', required: true, description: 'Correo con el que inicia sesión' },
      password: {
        type: 'string',
        placeholder: 'CLAVE',
        description: 'Contraseña (8+ caracteres)',
        defaultText: 'una generada al azar',
      },
      'limit-tenants': {
        type: 'integer',
        placeholder: 'N',
        min: 0,
        description: 'Empresas que puede crear',
        defaultText: '0, sin límite',
      },
      json: jsonOutputOption('{id, email, password, limit_tenants}'),
    },
    notes: DATABASE_NOTES,
  },
  async ({ options }) =>
    withDatabase(async (db) => {
      const password = options.password ?? randomBytes(12).toString('base64url');
      const created = await createReseller(db.central, {
        name: options.name,
        email: options.email,
        password,
        limitTenants: options['limit-tenants'] ?? 0,
      });
      const out = { id: created.id, email: created.email, password, limit_tenants: created.limitTenants };
      process.stdout.write(
        options.json
          ? `${JSON.stringify(out)}\n`
          : `Distribuidor ${created.name} (id ${created.id}) creado.\n  usuario: ${created.email}\n  contraseña: ${password}\n`,
      );
      return 0;
    }),
);
