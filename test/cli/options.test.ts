// The argument module every command goes through: typed values and defaults, `--help` winning over
// anything else, and a Spanish message for every way a command line can be wrong.
import { describe, expect, it } from 'vitest';
import { parseCommandLine, type CommandSpec } from '../../src/cli/options.ts';
import { helpText, usageLine } from '../../src/cli/usage.ts';

const spec = {
  name: 'demo',
  summary: 'Demostración',
  description: 'Un comando de prueba.',
  positionals: [{ name: '<archivo>', description: 'Un archivo' }],
  options: {
    port: { type: 'integer', placeholder: 'N', default: 8089, min: 0, max: 65535, description: 'Puerto' },
    ruc: { type: 'string', placeholder: 'RUC', required: true, description: 'RUC' },
    mode: { type: 'string', choices: ['demo', 'production'], default: 'demo', description: 'Modo' },
    user: { type: 'string', placeholder: 'U', multiple: true, description: 'Usuario', defaultText: 'ninguno' },
    plan: { type: 'integer', placeholder: 'ID', min: 1, description: 'Plan', defaultText: 'sin plan' },
    json: { type: 'boolean', description: 'Salida JSON' },
  },
} as const satisfies CommandSpec;

function parse(...argv: string[]) {
  return parseCommandLine(spec, argv);
}

function messageOf(...argv: string[]): string {
  const outcome = parse(...argv);
  if (outcome.kind !== 'usage-error') throw new Error(`expected a usage error, got ${outcome.kind}`);
  return outcome.message;
}

describe('parseCommandLine', () => {
  it('reads typed values and applies the declared defaults', () => {
    expect(parse('a.txt', '--ruc', '20000000001', '--port=0', '--user', 'x', '--user', 'y', '--json')).toEqual({
      kind: 'ok',
      args: {
        positionals: ['a.txt'],
        options: { port: 0, ruc: '20000000001', mode: 'demo', user: ['x', 'y'], plan: undefined, json: true },
      },
    });
    expect(parse('a.txt', '--ruc', '1', '--mode', 'production', '--plan', '3')).toMatchObject({
      args: { options: { port: 8089, mode: 'production', plan: 3, user: [], json: false } },
    });
  });

  it('answers --help or -h wherever it stands, even beside mistakes', () => {
    expect(parse('--help')).toEqual({ kind: 'help' });
    expect(parse('--bogus', '-h')).toEqual({ kind: 'help' });
    expect(parse('--port', 'x', '--help')).toEqual({ kind: 'help' });
  });

  it('names an unknown option, long or short', () => {
    expect(messageOf('a', '--ruc', '1', '--prot', '80')).toBe('opción desconocida: --prot');
    expect(messageOf('a', '--ruc', '1', '-x')).toBe('opción desconocida: -x');
  });

  it('says when a value is missing, including when the next word is another option', () => {
    expect(messageOf('a', '--ruc')).toMatch(/^falta el valor de --ruc/);
    expect(messageOf('a', '--ruc', '1', '--port', '--json')).toMatch(/^falta el valor de --port/);
    expect(messageOf('a', '--ruc', '1', '--json=yes')).toBe('--json no admite valor');
    expect(messageOf('a')).toBe('falta --ruc');
    expect(messageOf('a', '--ruc', ' ')).toBe('falta --ruc');
  });

  it('checks integers, ranges and choices', () => {
    expect(messageOf('a', '--ruc', '1', '--port', '80a')).toBe(
      '--port debe ser un entero entre 0 y 65535 (se recibió "80a")',
    );
    expect(messageOf('a', '--ruc', '1', '--port', '70000')).toMatch(/entre 0 y 65535/);
    expect(messageOf('a', '--ruc', '1', '--plan=0')).toBe('--plan debe ser un entero ≥ 1 (se recibió "0")');
    expect(messageOf('a', '--ruc', '1', '--mode', 'beta')).toBe(
      '--mode debe ser demo o production (se recibió "beta")',
    );
  });

  it('counts positional arguments', () => {
    expect(messageOf('--ruc', '1')).toBe('falta <archivo>');
    expect(messageOf('a', 'b', '--ruc', '1')).toBe('argumento inesperado: b');
  });
});

describe('usage text', () => {
  it('has one usage line naming the positionals and required options', () => {
    expect(usageLine(spec)).toBe('Uso: facturo demo <archivo> --ruc RUC [opciones]');
  });

  it('lists every option with what happens when it is absent', () => {
    const text = helpText(spec);
    expect(text).toMatch(/--port N +Puerto \(por defecto: 8089\)/);
    expect(text).toMatch(/--ruc RUC +RUC \(obligatorio\)/);
    expect(text).toMatch(/--mode demo\|production +Modo \(por defecto: demo\)/);
    expect(text).toMatch(/--user U +Usuario \(repetible; por defecto: ninguno\)/);
    expect(text).toMatch(/--plan ID +Plan \(por defecto: sin plan\)/);
    expect(text).toMatch(/--json +Salida JSON\n/);
    expect(text).toMatch(/-h, --help +Muestra esta ayuda/);
    expect(text).toMatch(/Argumentos:\n +<archivo> +Un archivo/);
  });
});
