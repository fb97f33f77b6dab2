// `npx facturo <command> [options]`: finds the command in the registry and runs it. Arguments, `--help` and usage
// errors are handled per command by command.ts; this file only answers for the command name itself.
import { COMMANDS, SUMMARIES } from './registry.ts';
import { closestName } from '../core/closest-name.ts';
import { unexpectedErrorText } from './unexpected.ts';

const HELP_WORDS = new Set(['help', '--help', '-h']);

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  try {
    if (name === undefined) return await listCommands(process.stderr, 2);
    if (HELP_WORDS.has(name))
      return rest.length && !HELP_WORDS.has(rest[0])
        ? await run(rest[0], ['--help'])
        : await listCommands(process.stdout, 0);
    return await run(name, rest);
  } catch (error) {
    process.stderr.write(unexpectedErrorText(error));
    return 1;
  }
}

async function run(name: string, argv: string[]): Promise<number> {
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!load) return unknownCommand(name);
  const { command } = await load();
  return command.run(argv);
}

function unknownCommand(name: string): number {
  const guess = closestName(name, Object.keys(COMMANDS));
  const hint = guess ? ` ¿Quiso decir "${guess}"?` : '';
  process.stderr.write(
    `facturo: comando desconocido "${name}".${hint}\nComandos: ${Object.keys(COMMANDS).join(', ')}. Detalles: facturo help\n`,
  );
  return 2;
}

async function listCommands(out: NodeJS.WritableStream, code: number): Promise<number> {
  const lines = ['Uso: facturo <comando> [opciones]', '', 'Comandos:'];
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length)) + 2;
  for (const [name, summary] of Object.entries(SUMMARIES)) lines.push(`  ${name.padEnd(width)}${summary}`);
  lines.push('', 'Ayuda de un comando: facturo <comando> --help (o facturo help <comando>).');
  out.write(`${lines.join('\n')}\n`);
  return code;
}
