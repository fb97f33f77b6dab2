// `npx facturo <command> --help` for every command through the real entry point: exit 0, the usage on stdout,
// and nothing started — run from an empty directory with no database configured, so a command that did start
// would hang past the timeout or leave its data directory behind. Wrong command lines exit 2 with one usage line
// and no stack trace.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliCommand } from '../../src/cli/command.ts';
import { COMMANDS, SUMMARIES } from '../../src/cli/registry.ts';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'facturo.mjs');
const STACK_FRAME = /^\s+at /m;
let cwd = '';

beforeAll(() => {
  cwd = mkdtempSync(join(tmpdir(), 'facturo-cli-'));
});
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

function facturo(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !['DATABASE_URL', 'DATA_DIR', 'STORAGE_DIR', 'NODE_OPTIONS'].includes(k),
    ),
  );
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { cwd, env, timeout: 30_000, encoding: 'utf8' },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
      },
    );
  });
}

async function load(name: string): Promise<CliCommand> {
  return (await COMMANDS[name]()).command;
}

describe('facturo <command> --help', () => {
  it.each(Object.keys(COMMANDS))('%s --help prints its usage and every option, and starts nothing', async (name) => {
    const { spec } = await load(name);
    expect(spec.name).toBe(name);
    const res = await facturo(name, '--help');
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout.startsWith(`Uso: facturo ${name}`)).toBe(true);
    for (const [option, declared] of Object.entries(spec.options)) {
      const line =
        res.stdout.split('\n').find((l) => l.trimStart().startsWith(`--${option} `) || l.trim() === `--${option}`) ??
        '';
      expect(line, `--${option}`).toMatch(/\S\s{2,}\S/);
      if (declared.type !== 'boolean')
        expect(line, `--${option}`).toMatch(/\((?:[^)]*; )?(obligatorio|por defecto: [^)]+)\)$/);
    }
    expect(res.stdout).toContain('-h, --help');
    expect(res.stderr).toBe('');
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('-h is the same as --help, and `facturo help <command>` too', async () => {
    const long = await facturo('worker', '--help');
    expect(await facturo('worker', '-h')).toEqual(long);
    expect(await facturo('help', 'worker')).toEqual(long);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('`facturo help` lists every command with its summary', async () => {
    const res = await facturo('help');
    expect(res.code).toBe(0);
    for (const name of Object.keys(COMMANDS)) expect(res.stdout).toContain(`  ${name} `);
    expect(res.stdout).toContain((await load('xml')).spec.summary);
  });

  it("lists each command's own summary, and no command the registry does not load", async () => {
    expect(Object.keys(SUMMARIES).sort()).toEqual(Object.keys(COMMANDS).sort());
    for (const name of Object.keys(COMMANDS))
      expect(SUMMARIES[name as keyof typeof COMMANDS], name).toBe((await load(name)).spec.summary);
  });

  it('the sunat-simulator help names the bundled XSD directory as the default', async () => {
    expect((await facturo('sunat-simulator', '--help')).stdout).toMatch(
      /--xsd-dir DIR +.*\(por defecto: assets\/sunat\/xsd/,
    );
  });
});

describe('wrong command lines', () => {
  function expectUsageError(
    res: { code: number | null; stdout: string; stderr: string },
    name: string,
    message: RegExp,
  ) {
    expect(res.code, res.stderr).toBe(2);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(message);
    expect(res.stderr).not.toMatch(STACK_FRAME);
    expect(res.stderr.split('\n').filter((l) => l.startsWith('Uso: '))).toEqual([
      expect.stringMatching(new RegExp(`^Uso: facturo ${name}`)),
    ]);
  }

  it('an unknown option exits 2 with one usage line and no stack trace', async () => {
    expectUsageError(await facturo('whatsapp-fake', '--bogus'), 'whatsapp-fake', /opción desconocida: --bogus/);
    expectUsageError(await facturo('migrate', '--verbose'), 'migrate', /opción desconocida: --verbose/);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('a missing or invalid value exits 2 and says which', async () => {
    expectUsageError(await facturo('sunat-simulator', '--port'), 'sunat-simulator', /falta el valor de --port/);
    expectUsageError(await facturo('whatsapp-fake', '--port', 'ochenta'), 'whatsapp-fake', /--port debe ser un entero/);
    expectUsageError(await facturo('tenant:token'), 'tenant:token', /falta --subdomain/);
    expectUsageError(
      await facturo('padron:import', 'no-such-file.txt'),
      'padron:import',
      /no existe el archivo no-such-file\.txt/,
    );
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('every command refuses an unknown option before doing anything', async () => {
    for (const name of Object.keys(COMMANDS)) {
      const writes: string[] = [];
      const write = process.stderr.write;
      process.stderr.write = ((chunk: string) => writes.push(String(chunk)) > 0) as typeof process.stderr.write;
      try {
        expect(await (await load(name)).run(['--no-such-option']), name).toBe(2);
      } finally {
        process.stderr.write = write;
      }
      expect(writes.join(''), name).toMatch(
        new RegExp(`^facturo ${name}: opción desconocida: --no-such-option\\nUso: facturo ${name}`),
      );
    }
  });

  it('an unknown command exits 2 with a hint', async () => {
    const typo = await facturo('tenant-create');
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/comando desconocido "tenant-create". ¿Quiso decir "tenant:create"\?/);
    expect(typo.stderr).toContain('facturo help');
    const other = await facturo('frobnicate');
    expect(other.code).toBe(2);
    expect(other.stderr).not.toContain('¿Quiso decir');
    expect(other.stderr).not.toMatch(STACK_FRAME);
  });

  it('no command at all lists the commands on stderr and exits 2', async () => {
    const res = await facturo();
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('Comandos:');
  });
});
