// What a command is for the CLI: its declaration and a run function. `runCommand` answers `--help` and usage
// errors before the command's body runs, so neither can start, open or write anything.
import { parseCommandLine, UsageError, type CommandSpec, type OptionSpecs, type ParsedArgs } from './options.ts';
import { helpText, usageLine } from './usage.ts';

export interface CliCommand {
  readonly spec: CommandSpec;
  /** Runs the command; returns the process exit code. */
  run(argv: string[]): Promise<number>;
}

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

export const processIo: CliIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
};

/** The body of a command: it receives valid arguments and may throw UsageError before it starts anything. */
export type CommandBody<O extends OptionSpecs> = (args: ParsedArgs<O>) => Promise<number>;

export function defineCommand<const O extends OptionSpecs>(spec: CommandSpec<O>, body: CommandBody<O>): CliCommand {
  return { spec, run: (argv) => runCommand(spec, argv, processIo, body) };
}

export async function runCommand<O extends OptionSpecs>(
  spec: CommandSpec<O>,
  argv: string[],
  io: CliIo,
  body: CommandBody<O>,
): Promise<number> {
  const outcome = parseCommandLine(spec, argv);
  if (outcome.kind === 'help') {
    io.stdout(helpText(spec));
    return 0;
  }
  if (outcome.kind === 'usage-error') return reportUsageError(spec, outcome.message, io);
  try {
    return await body(outcome.args);
  } catch (error) {
    if (error instanceof UsageError) return reportUsageError(spec, error.message, io);
    throw error;
  }
}

function reportUsageError(spec: CommandSpec, message: string, io: CliIo): number {
  io.stderr(`facturo ${spec.name}: ${message}\n${usageLine(spec)}   (detalles: facturo ${spec.name} --help)\n`);
  return 2;
}
