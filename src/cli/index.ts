// `npx facturo <command> [options]` — one module per command under ./commands, loaded lazily so that a
// command never pays for the others' imports (the XML preview must not open a database, for instance).
export interface CliCommand {
  /** One line shown by `facturo help`. */
  summary: string;
  /** Runs the command; returns the process exit code. */
  run(argv: string[]): Promise<number>;
}

const commands: Record<string, () => Promise<{ command: CliCommand }>> = {
  'xml': () => import('./commands/xml.ts'),
  'sunat-simulator': () => import('./commands/sunat-simulator.ts'),
};

export function registerCommand(name: string, loader: () => Promise<{ command: CliCommand }>): void {
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
        lines.push(`  ${key}`);
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
  const { command } = await load();
  return command.run(rest);
}
