// A command's help, written from its declaration so that the text always lists the options the command accepts.
import type { CommandSpec, OptionSpec } from './options.ts';

const HELP_LINE: [string, string] = ['-h, --help', 'Muestra esta ayuda y termina (no ejecuta nada)'];

/** The one line shown after a usage error. */
export function usageLine(spec: CommandSpec): string {
  const positionals = (spec.positionals ?? []).map((p) => ` ${p.name}${p.variadic ? '…' : ''}`).join('');
  const required = Object.entries(spec.options)
    .filter(([, option]) => option.type !== 'boolean' && option.required)
    .map(([name, option]) => ` ${label(name, option)}`)
    .join('');
  return `Uso: facturo ${spec.name}${positionals}${required} [opciones]`;
}

export function helpText(spec: CommandSpec): string {
  const sections = [usageLine(spec), spec.description.trim()];
  const positionals = (spec.positionals ?? []).map((p): [string, string] => [p.name, p.description]);
  if (positionals.length) sections.push(`Argumentos:\n${table(positionals)}`);
  const options = Object.entries(spec.options).map(([name, option]): [string, string] => [
    label(name, option),
    option.description + notes(option),
  ]);
  sections.push(`Opciones:\n${table([...options, HELP_LINE])}`);
  if (spec.notes) sections.push(spec.notes.trim());
  return `${sections.join('\n\n')}\n`;
}

function label(name: string, option: OptionSpec): string {
  if (option.type === 'boolean') return `--${name}`;
  const value = option.placeholder ?? (option.type === 'string' && option.choices ? option.choices.join('|') : 'VALOR');
  return `--${name} ${value}`;
}

/** What the reader must know beside the description: required, repeatable, and what happens when absent. */
function notes(option: OptionSpec): string {
  const notes: string[] = [];
  if (option.type !== 'boolean' && option.required) notes.push('obligatorio');
  if (option.type === 'string' && option.multiple) notes.push('repetible');
  const fallback = option.defaultText ?? (option.type === 'boolean' ? undefined : option.default);
  if (fallback !== undefined) notes.push(`por defecto: ${fallback}`);
  return notes.length ? ` (${notes.join('; ')})` : '';
}

function table(rows: [string, string][]): string {
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  return rows.map(([left, right]) => `  ${left.padEnd(width)}${right}`).join('\n');
}
