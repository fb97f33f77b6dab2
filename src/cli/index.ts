// `npx facturo <command> [options]` — one module per command under ./commands, loaded lazily so that a
// command never pays for the others' imports (the XML preview must not open a database, for instance).
export interface CliCommand {
  /** One line shown by `facturo help`. */
  summary: string;
  /** Runs the command; returns the process exit code. */
  run(argv: string[]): Promise<number>;
}

type Loader = () => Promise<{ command: CliCommand }>;

// Modules of commands owned by other engineers are resolved at run time, so the registry type-checks
// while they are still being written; a missing one answers with a clear message.
const lazy =
  (file: string): Loader =>
  () =>
    import(`./commands/${file}.ts`) as Promise<{ command: CliCommand }>;

const commands: Record<string, Loader> = {
  migrate: () => import('./commands/migrate.ts'),
  'tenant:create': () => import('./commands/tenant-create.ts'),
  'tenant:token': () => import('./commands/tenant-token.ts'),
  xml: lazy('xml'),
  'sunat-simulator': lazy('sunat-simulator'),
  worker: lazy('worker'),
  'whatsapp-fake': lazy('whatsapp-fake'),
  'padron:import': lazy('padron-import'),
};

export function registerCommand(name: string, loader: Loader): void {
  commands[name] = loader;
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    const lines = ['Uso: facturo <comando> [opciones]', '', 'Comandos:'];
    for (const [key, load] of Object.entries(commands)) {
      try {
        const { command } = await load();
        lines.push(`  ${key.padEnd(18)} ${command.summary}`);
      } catch {
        lines.push(`  ${key.padEnd(18)} (no disponible en esta versión)`);
      }
    }
    process.stdout.write(lines.join('\n') + '\n');
    return 0;
  }
  const load = commands[name];
  if (!load) {
    process.stderr.write(`Comando desconocido: ${name}. Ejecute "facturo help".\n`);
    return 2;
  }
  let command: CliCommand;
  try {
    ({ command } = await load());
  } catch (error) {
    process.stderr.write(`El comando ${name} no está disponible: ${(error as Error).message}\n`);
    return 2;
  }
  return command.run(rest);
}
