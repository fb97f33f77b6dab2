// `npx facturo database:add NAME URL`: registers another PostgreSQL server (a database on it) where companies may
// live. The URL is sealed with SECRETS_KEY at rest and never printed whole.
import { addServer, maskUrl } from '../../platform/db/servers.ts';
import { createSecretBox } from '../../platform/secrets.ts';
import { defineCommand } from '../command.ts';
import { jsonOutputOption } from '../options.ts';
import { DATABASE_NOTES, withDatabase } from './database.ts';

export const command = defineCommand(
  {
    name: 'database:add',
    summary: 'Agrega un servidor PostgreSQL donde pueden vivir empresas',
    description: `Agrega un servidor de base de datos al directorio: las empresas nuevas pueden crearse en él
(tenant:create --database NAME, o el menos cargado) y trasladarse a él (tenant:move). La URL lleva la contraseña:
se guarda cifrada con SECRETS_KEY y solo se muestra con la contraseña oculta. "default" es DATABASE_URL.
Para trasladar empresas DESDE este servidor necesita wal_level=logical; la URL debe ser alcanzable también desde
los otros servidores (la suscripción del traslado se conecta con ella).`,
    positionals: [
      { name: 'NAME', description: 'Nombre del servidor (minúsculas, números, "-" o "_")' },
      { name: 'URL', description: 'postgresql://usuario:clave@host:puerto/base (la base debe existir)' },
    ],
    options: { json: jsonOutputOption('{name, url (sin contraseña), version, wal_level}') },
    notes: DATABASE_NOTES,
  },
  async ({ options, positionals: [name, url] }) =>
    withDatabase(
      async (db, config) => {
        const added = await addServer(db.pool, createSecretBox(config.secretsKey), db.url, name, url);
        const shown = maskUrl(url);
        const version = `${Math.floor(added.identity.version / 10000)}.${added.identity.version % 10000}`;
        if (options.json)
          process.stdout.write(
            `${JSON.stringify({ name, url: shown, version, wal_level: added.identity.walLevel })}\n`,
          );
        else {
          process.stdout.write(
            `Servidor "${name}" agregado: ${shown} (PostgreSQL ${version}, wal_level=${added.identity.walLevel}).\n`,
          );
          if (added.identity.walLevel !== 'logical')
            process.stdout.write('  (para trasladar empresas desde él hace falta wal_level=logical)\n');
        }
        return 0;
      },
      { serverOnly: EMBEDDED_IS_ONE_SERVER },
    ),
);

const EMBEDDED_IS_ONE_SERVER =
  'La base embebida (PGlite) es un solo servidor: para varios servidores use PostgreSQL (DATABASE_URL).';
