// Every command of `npx facturo`, by the name typed after it. Adding a command: one module under ./commands that
// exports `command` (see command.ts), and its line in COMMANDS and in SUMMARIES. Modules load on demand, so a command
// never pays for the others' imports (the XML preview must not load the database layer, for instance), and
// `facturo help` loads none: it prints SUMMARIES (test/cli/help.test.ts checks each equals its command's own).
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

/** Each command's one-line summary, as its spec says it: what `facturo help` lists without loading a module. */
export const SUMMARIES: Readonly<Record<keyof typeof COMMANDS, string>> = {
  migrate: 'Aplica las migraciones pendientes (esquema central y de cada empresa)',
  'tenant:create': 'Crea una empresa (esquema, series, usuario) e imprime su host y token API',
  'tenant:token': 'Rota el token API de una empresa (revoca el anterior)',
  'tenant:move': 'Traslada una empresa a otro servidor de base de datos sin detenerla',
  'database:add': 'Agrega un servidor PostgreSQL donde pueden vivir empresas',
  'database:list': 'Lista los servidores de base de datos y cuántas empresas tiene cada uno',
  'database:remove': 'Quita un servidor de base de datos del directorio (sin empresas)',
  'database:prune': 'Elimina las copias antiguas de empresas trasladadas cuyo periodo de gracia terminó',
  xml: 'Imprime el XML firmado de un cuerpo de POST /api/documents (vista previa)',
  'sunat-simulator': 'Simulador de los servicios SOAP de SUNAT (beta) en un puerto local',
  worker: 'Worker de envíos a SUNAT y reintentos (sin la API)',
  'whatsapp-fake': 'API de WhatsApp Cloud simulada (registra los mensajes; para desarrollo)',
  'smtp-fake': 'Servidor SMTP local que guarda cada correo como .eml (para desarrollo)',
  'padron:import': 'Importa el padrón reducido de RUC de SUNAT (txt o zip)',
  'reseller:create': 'Crea un distribuidor y su usuario del host de administración',
};
