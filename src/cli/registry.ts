// Every command of `npx facturo`, by the name typed after it. Adding a command: one module under ./commands that
// exports `command` (see command.ts), and one line here. Modules load on demand, so a command never pays for the
// others' imports (the XML preview must not load the database layer, for instance).
import type { CliCommand } from './command.ts';

export type CommandLoader = () => Promise<{ command: CliCommand }>;

export const COMMANDS: Readonly<Record<string, CommandLoader>> = {
  migrate: () => import('./commands/migrate.ts'),
  'tenant:create': () => import('./commands/tenant-create.ts'),
  'tenant:token': () => import('./commands/tenant-token.ts'),
  'tenant:move': () => import('./commands/tenant-move.ts'),
  'database:add': () => import('./commands/database-add.ts'),
  'database:list': () => import('./commands/database-list.ts'),
  'database:remove': () => import('./commands/database-remove.ts'),
  'database:prune': () => import('./commands/database-prune.ts'),
  xml: () => import('./commands/xml.ts'),
  'sunat-simulator': () => import('./commands/sunat-simulator.ts'),
  worker: () => import('./commands/worker.ts'),
  'whatsapp-fake': () => import('./commands/whatsapp-fake.ts'),
  'smtp-fake': () => import('./commands/smtp-fake.ts'),
  'padron:import': () => import('./commands/padron-import.ts'),
  'reseller:create': () => import('./commands/reseller-create.ts'),
};
