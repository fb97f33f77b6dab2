// `npx facturo database:remove NAME`: takes a server out of the directory — refused while anything lives there.
import { removeServer } from '../../platform/db/servers.ts';
import { defineCommand } from '../command.ts';
import { DATABASE_NOTES, withDatabase } from './database.ts';

export const command = defineCommand(
  {
    name: 'database:remove',
    summary: 'Quita un servidor de base de datos del directorio (sin empresas)',
    description: `Quita un servidor del directorio. Se rechaza mientras tenga empresas (trasládelas con tenant:move),
un traslado en curso lo use o guarde copias de empresas trasladadas en su periodo de gracia (database:prune --all).
No borra nada en ese servidor.`,
    positionals: [{ name: 'NAME', description: 'Nombre del servidor (database:list)' }],
    options: {},
    notes: DATABASE_NOTES,
  },
  async ({ positionals: [name] }) =>
    withDatabase(async (db) => {
      await removeServer(db.pool, name);
      process.stdout.write(`Servidor "${name}" quitado del directorio.\n`);
      return 0;
    }),
);
