// What build/ is made from, and whether the build there is still theirs. Read by scripts/build.mjs (to skip a build
// that would change nothing) and by bin/facturo.mjs (to run the compiled CLI only when it matches the sources), so it
// imports nothing heavy: a fingerprint is ~700 stat calls, a few milliseconds.
// The fingerprint covers every input's path, size and mtime (src/, console/, the tsconfigs) and the versions of the
// tools that turn them into build/ (TypeScript, esbuild, preact). Any difference, an older mtime included (a
// checkout, an extracted archive), means the build is not current.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const OUT = join(ROOT, 'build');
export const STAMP = join(OUT, '.inputs');
export const CONSOLE_SOURCES = join(ROOT, 'console');
const require = createRequire(import.meta.url);

export function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/** The version of an installed package, or null when it is not installed (a production install without devDependencies). */
export function installedVersion(name) {
  try {
    return require(`${name}/package.json`).version;
  } catch {
    return null;
  }
}

export function fingerprint() {
  const hash = createHash('sha256');
  hash.update(`typescript ${installedVersion('typescript')}\n`);
  hash.update(`esbuild ${installedVersion('esbuild')} preact ${installedVersion('preact')}\n`);
  const inputs = [
    join(ROOT, 'tsconfig.json'),
    join(ROOT, 'tsconfig.build.json'),
    ...files(join(ROOT, 'src')),
    ...files(CONSOLE_SOURCES),
  ];
  for (const path of inputs.sort()) {
    const { size, mtimeMs } = statSync(path);
    hash.update(`${path.slice(ROOT.length)} ${size} ${mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/** The fingerprint of the inputs build/ was last made from ('' when there is no build). */
export function lastFingerprint() {
  try {
    return readFileSync(STAMP, 'utf8');
  } catch {
    return '';
  }
}

/** Whether build/ holds what the sources compile to now. */
export function buildIsCurrent() {
  return lastFingerprint() === fingerprint();
}
