// How a command declares its arguments, and how a command line is read against that declaration. Every command
// goes through here, so `--help`, unknown options and missing values behave the same everywhere.
import { parseArgs } from 'node:util';

interface OptionBase {
  description: string;
  /** What happens when the option is absent, when that is not a plain value (shown in the help). */
  defaultText?: string;
}

export interface StringOption extends OptionBase {
  type: 'string';
  /** The value's name in the help, e.g. `RUC`; for `choices`, the choices themselves are shown. */
  placeholder?: string;
  default?: string;
  required?: boolean;
  choices?: readonly string[];
  /** The option may be repeated; its value is the list of the given values. */
  multiple?: boolean;
}

export interface IntegerOption extends OptionBase {
  type: 'integer';
  placeholder?: string;
  default?: number;
  required?: boolean;
  min?: number;
  max?: number;
}

export interface BooleanOption extends OptionBase {
  type: 'boolean';
}

/** `--json`: the command prints one JSON object of this shape instead of text (scripts read it). */
export function jsonOutputOption(shape: string): BooleanOption {
  return { type: 'boolean', description: `Salida JSON: ${shape}`, defaultText: 'texto' };
}

export type OptionSpec = StringOption | IntegerOption | BooleanOption;
export type OptionSpecs = Record<string, OptionSpec>;

/** A positional argument; every declared one is required. The last may be repeated (`variadic`). */
export interface PositionalSpec {
  name: string;
  description: string;
  variadic?: boolean;
}

export interface CommandSpec<O extends OptionSpecs = OptionSpecs> {
  /** As typed after `facturo`. */
  name: string;
  /** One line for `facturo help`. */
  summary: string;
  /** What the command does, for its own help. */
  description: string;
  positionals?: readonly PositionalSpec[];
  /** `help` (and `-h`) is added to every command and may not be declared. */
  options: O;
  /** Shown after the options (environment, caveats). */
  notes?: string;
}

type Always<S> = S extends { required: true } ? true : S extends { default: unknown } ? true : false;
type Maybe<S, T> = Always<S> extends true ? T : T | undefined;
type ValueOf<S extends OptionSpec> = S extends BooleanOption
  ? boolean
  : S extends IntegerOption
    ? Maybe<S, number>
    : S extends { multiple: true }
      ? string[]
      : S extends { choices: readonly (infer C)[] }
        ? Maybe<S, C>
        : Maybe<S, string>;

export type OptionValues<O extends OptionSpecs> = { -readonly [K in keyof O]: ValueOf<O[K]> };

export interface ParsedArgs<O extends OptionSpecs> {
  options: OptionValues<O>;
  positionals: string[];
}

/** A command line that does not match the command's declaration; the message says what is wrong, in Spanish. */
export class UsageError extends Error {}

export type ParseOutcome<O extends OptionSpecs> =
  | { kind: 'help' }
  | { kind: 'usage-error'; message: string }
  | { kind: 'ok'; args: ParsedArgs<O> };

type NodeOptions = Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>;
type NodeValues = Record<string, string | boolean | (string | boolean)[] | undefined>;
type Token = NonNullable<ReturnType<typeof parseArgs>['tokens']>[number];

export function parseCommandLine<O extends OptionSpecs>(spec: CommandSpec<O>, argv: string[]): ParseOutcome<O> {
  const config = { args: argv, options: nodeOptions(spec.options), allowPositionals: true };
  // A first, lenient pass only finds `--help`, which wins over anything else on the line.
  const { tokens } = parseArgs({ ...config, strict: false, tokens: true });
  if (tokens.some((t) => t.kind === 'option' && t.name === 'help')) return { kind: 'help' };
  let parsed: { values: NodeValues; positionals: string[] };
  try {
    parsed = parseArgs({ ...config, strict: true });
  } catch (error) {
    return { kind: 'usage-error', message: diagnose(tokens, spec.options) ?? (error as Error).message };
  }
  try {
    const options = readValues(spec.options, parsed.values);
    return { kind: 'ok', args: { options, positionals: checkPositionals(spec.positionals ?? [], parsed.positionals) } };
  } catch (error) {
    if (error instanceof UsageError) return { kind: 'usage-error', message: error.message };
    throw error;
  }
}

function nodeOptions(options: OptionSpecs): NodeOptions {
  const out: NodeOptions = { help: { type: 'boolean', short: 'h' } };
  for (const [name, option] of Object.entries(options)) {
    if (name === 'help') throw new Error('La opción --help la declara el módulo de argumentos, no el comando.');
    out[name] =
      option.type === 'boolean'
        ? { type: 'boolean' }
        : { type: 'string', multiple: option.type === 'string' && option.multiple === true };
  }
  return out;
}

/** Node's strict parser says what is wrong in English; the tokens of the lenient pass let us say it in Spanish. */
function diagnose(tokens: Token[], options: OptionSpecs): string | undefined {
  for (const token of tokens) {
    if (token.kind !== 'option' || token.name === 'help') continue;
    const option = options[token.name];
    if (!option) return `opción desconocida: ${token.rawName}`;
    if (option.type === 'boolean') {
      if (token.value !== undefined) return `${token.rawName} no admite valor`;
    } else if (token.value === undefined || (!token.inlineValue && token.value.startsWith('-'))) {
      return `falta el valor de ${token.rawName} (si el valor empieza con "-", escriba ${token.rawName}=VALOR)`;
    }
  }
  return undefined;
}

function readValues<O extends OptionSpecs>(options: O, values: NodeValues): OptionValues<O> {
  const out: Record<string, unknown> = {};
  for (const [name, option] of Object.entries(options)) out[name] = readValue(`--${name}`, option, values[name]);
  return out as OptionValues<O>;
}

function readValue(flag: string, option: OptionSpec, raw: NodeValues[string]): unknown {
  if (option.type === 'boolean') return raw === true;
  if (option.type === 'string' && option.multiple) return (raw as string[] | undefined) ?? [];
  const text = raw as string | undefined;
  if (text === undefined || (option.required && text.trim() === '')) {
    if (option.required) throw new UsageError(`falta ${flag}`);
    return option.default;
  }
  if (option.type === 'integer') return readInteger(flag, option, text);
  if (option.choices && !option.choices.includes(text)) {
    throw new UsageError(`${flag} debe ser ${option.choices.join(' o ')} (se recibió "${text}")`);
  }
  return text;
}

function readInteger(flag: string, option: IntegerOption, text: string): number {
  const value = Number(text);
  const { min, max } = option;
  if (/^-?\d+$/.test(text) && (min === undefined || value >= min) && (max === undefined || value <= max)) return value;
  const range =
    min !== undefined && max !== undefined
      ? ` entre ${min} y ${max}`
      : min !== undefined
        ? ` ≥ ${min}`
        : max !== undefined
          ? ` ≤ ${max}`
          : '';
  throw new UsageError(`${flag} debe ser un entero${range} (se recibió "${text}")`);
}

function checkPositionals(declared: readonly PositionalSpec[], given: string[]): string[] {
  const variadic = declared.at(-1)?.variadic === true;
  if (!variadic && given.length > declared.length)
    throw new UsageError(`argumento inesperado: ${given[declared.length]}`);
  if (given.length < declared.length) throw new UsageError(`falta ${declared[given.length].name}`);
  return given;
}
