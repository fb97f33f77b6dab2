// `npm start` runs the compiled JavaScript (scripts/build.mjs: src/ → build/) in plain node, without tsx: every
// module the server loads must resolve there (import extensions rewritten, paths relative to import.meta.url at the
// same depth), and the PFX worker, a module of its own, must start without tsx's loader.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
let dir: string;

/** The environment without anything that could load tsx into a plain node process, or reach a database. */
function plainEnv(extra: Record<string, string>): Record<string, string> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(DATABASE_URL|NODE_OPTIONS|SUNAT_|DEMO_|SECRETS_KEY|NODE_ENV)/.test(k),
    ),
  ) as Record<string, string>;
  return { ...clean, ...extra };
}

async function node(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, args, { cwd: dir, timeout: 60_000, env: plainEnv(env) });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'facturo-compiled-'));
  await run(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, timeout: 110_000 });
}, 120_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('compiled start (build/)', () => {
  it("loads the server's whole module graph and reaches the configuration check", async () => {
    const { code, stderr } = await node(['--max-old-space-size=512', join(root, 'build', 'server.js')], {
      NODE_ENV: 'production',
      DATA_DIR: join(dir, 'data'),
      DATABASE_URL: 'postgresql://nobody@127.0.0.1:9/none',
    });
    expect(code).toBe(1);
    expect(stderr).toContain('Configuración inválida');
    expect(stderr).toContain('SECRETS_KEY: es obligatorio en producción');
    expect(stderr).not.toMatch(/ERR_MODULE_NOT_FOUND|ERR_UNKNOWN_FILE_EXTENSION/);
  });

  it('builds the web console beside the server: build/console, each file named by its content', async () => {
    const manifest = JSON.parse(await readFile(join(root, 'build', 'console', 'manifest.json'), 'utf8'));
    expect(Object.keys(manifest).sort()).toEqual(['admin', 'company', 'css', 'icon']);
    for (const name of Object.values(manifest) as string[]) {
      expect(name).toMatch(/-[A-Za-z0-9]{8}\.(js|css|svg)$/);
      expect(existsSync(join(root, 'build', 'console', name))).toBe(true);
    }
  });

  it("runs with every node and V8 flag of npm start's command (a flag this node does not know stops the start)", async () => {
    const scripts = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;
    const [command, ...args] = scripts.start.trim().split(/\s+/);
    expect(command).toBe('node');
    expect(args.at(-1)).toBe('build/server.js');
    const flags = args.slice(0, -1);
    // The per-request objects V8 would otherwise pretenure (docs/performance.md, "What the figures rest on").
    expect(flags).toContain('--no-allocation-site-pretenuring');
    const file = join(dir, 'exec-argv.mjs');
    await writeFile(file, 'console.log(JSON.stringify(process.execArgv));\n');
    const { code, stdout, stderr } = await node([...flags, file], {});
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(flags);
  });

  it('reads a PFX in its worker thread, in a process without tsx', async () => {
    const pfx = join(root, 'test', 'fixtures', 'keys', 'test-modern.pfx');
    const script = `
      import { readFileSync } from 'node:fs';
      import { loadPfxOffThread } from ${JSON.stringify(pathToFileURL(join(root, 'build', 'crypto', 'pfx-off-thread.js')).href)};
      const key = await loadPfxOffThread(readFileSync(${JSON.stringify(pfx)}), '123456', { now: new Date('2030-06-01T12:00:00Z') });
      console.log(key.subject);
    `;
    const file = join(dir, 'read-pfx.mjs');
    await writeFile(file, script);
    const { code, stdout, stderr } = await node([file], {});
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout.trim()).toBe('C=PE, O=EMPRESA EMISORA S.A.C., OU=RUC 20000000001, CN=EMPRESA EMISORA S.A.C.');
  });
  it('runs `npx facturo` from build/: no module of src/ and no tsx in the process', async () => {
    // A module hook records every URL the process resolves (node:module's register, run before the bin).
    const log = join(dir, 'resolved.txt');
    await writeFile(
      join(dir, 'hooks.mjs'),
      `import { appendFileSync } from 'node:fs';
       export async function resolve(specifier, context, next) {
         const resolved = await next(specifier, context);
         appendFileSync(${JSON.stringify(log)}, resolved.url + '\\n');
         return resolved;
       }\n`,
    );
    await writeFile(
      join(dir, 'register.mjs'),
      "import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n",
    );
    const { code, stdout, stderr } = await node(
      ['--import', pathToFileURL(join(dir, 'register.mjs')).href, join(root, 'bin', 'facturo.mjs'), 'xml', '--help'],
      {},
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Uso: facturo xml/);
    const urls = (await readFile(log, 'utf8')).trim().split('\n');
    expect(urls).toContain(pathToFileURL(join(root, 'build', 'cli', 'commands', 'xml.js')).href);
    expect(urls.filter((u) => u.startsWith(pathToFileURL(join(root, 'src')).href) || u.includes('/tsx/'))).toEqual([]);
  });

  it("puts Prisma's query compiler beside the compiled clients, byte for byte", async () => {
    const source = await readFile(join(root, 'src', 'generated', 'query-compiler.postgresql.wasm'));
    const compiled = await readFile(join(root, 'build', 'generated', 'query-compiler.postgresql.wasm'));
    expect(compiled.equals(source)).toBe(true);
  });

  it('removes the JavaScript of a source that no longer exists when it builds again', async () => {
    const stale = join(root, 'build', 'features', `zz-deleted-${process.pid}.js`);
    const staleDir = join(root, 'build', `zz-deleted-${process.pid}`);
    await mkdir(staleDir, { recursive: true });
    await writeFile(stale, 'export const gone = true;\n');
    await writeFile(join(staleDir, 'module.js'), 'export const gone = true;\n');
    await rm(join(root, 'build', '.inputs'), { force: true }); // as after a checkout: the inputs changed
    await run(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, timeout: 110_000 });
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(staleDir)).toBe(false);
    expect(existsSync(join(root, 'build', 'server.js'))).toBe(true);
  }, 120_000);
});
