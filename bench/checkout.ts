// Another commit of this repository checked out beside us, ready for the bench to start its API (bench:compare,
// bench:stages). A commit whose package-lock.json is ours runs on this checkout's node_modules; an older one with
// other dependencies (a633e83, for one, had @fastify/helmet and no nodemailer or smtp-server) gets
// its own `npm ci`, so that any commit of the history can be measured against the working tree.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './harness.ts';

/**
 * The commit named first on the command line, the `--name=value` options after it, and `number(name, fallback)`,
 * an option read as a number; without a commit, or with an option that is not a number, `usage` is printed and the
 * process ends.
 */
export function refAndOptions(usage: string): {
  ref: string;
  args: Map<string, string>;
  number: (name: string, fallback: number) => number;
} {
  const given = process.argv.slice(2);
  const ref = given.find((a) => !a.startsWith('--'));
  if (!ref) {
    console.error(usage);
    process.exit(2);
  }
  const options = given.filter((a) => a.startsWith('--')).map((a) => a.replace(/^--/, '').split('='));
  const args = new Map(options as Array<[string, string]>);
  const number = (name: string, fallback: number): number => {
    const value = args.has(name) ? Number(args.get(name)) : fallback;
    if (!Number.isFinite(value) || value <= 0) {
      console.error(`--${name} needs a positive number, not ${JSON.stringify(args.get(name) ?? '')}\n${usage}`);
      process.exit(2);
    }
    return value;
  };
  return { ref, args, number };
}

function sameLock(dir: string): boolean {
  const lock = (root: string) => readFileSync(join(root, 'package-lock.json'), 'utf8');
  return existsSync(join(dir, 'package-lock.json')) && lock(dir) === lock(ROOT);
}

/** `gitRef` in a temporary worktree with its dependencies and its own generated Prisma clients; its path. */
export function checkoutRef(gitRef: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'facturo-checkout-'));
  execFileSync('git', ['-C', ROOT, 'worktree', 'add', '--detach', dir, gitRef], { stdio: 'ignore' });
  if (sameLock(dir)) {
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  } else {
    console.log(`${gitRef}: dependencies differ from this checkout's, installing them (npm ci)`);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'ignore' });
  }
  execFileSync(process.execPath, ['scripts/prisma-generate.mjs'], { cwd: dir, stdio: 'ignore' });
  if (!existsSync(join(dir, 'src/generated'))) cpSync(join(ROOT, 'src/generated'), join(dir, 'src/generated'));
  return dir;
}

export function removeCheckout(dir: string): void {
  try {
    execFileSync('git', ['-C', ROOT, 'worktree', 'remove', '--force', dir], { stdio: 'ignore' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
  }
}
