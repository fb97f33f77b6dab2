#!/usr/bin/env node
// `npm run build`, run by `npm install` (postinstall) and by `npm start`'s prestart: src/*.ts → build/*.js, emitted by
// tsc (tsconfig.build.json, types not checked: `npm run typecheck` does that), and the web console (console/ →
// build/console/, scripts/build-console.mjs). The API and the CLI (bin/facturo.mjs) run the JavaScript in plain node:
// no TypeScript is compiled while they start, and the tsx loader's thread, its own V8 isolate and esbuild (about 40 MB
// of resident memory) stay out of the process.
// Most builds would change nothing: the build is skipped when the inputs' fingerprint (scripts/build-inputs.mjs)
// equals the last build's. tsc builds incrementally and never deletes: the JavaScript of a source deleted or renamed
// since is removed after each build (prune), so no module that no longer exists can still be imported. Two builds at
// once (two commands started together on a stale tree) take turns on a lock; the second then finds nothing to do.
// Without TypeScript (a production install, `--omit=dev`) nothing can be built: an existing build/ is run as it is.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { buildConsole } from './build-console.mjs';
import { fingerprint, files, installedVersion, lastFingerprint, OUT, ROOT, STAMP } from './build-inputs.mjs';

const require = createRequire(import.meta.url);
const LOCK = join(OUT, '.lock');

/** Removes build/**\/*.js whose src/**\/*.ts is gone, and the folders that leaves empty. */
function prune(dir = OUT) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (path === join(OUT, 'console') || path === LOCK) continue; // the console's bundle, a build's lock: not tsc's
    if (entry.isDirectory()) {
      prune(path);
      if (readdirSync(path).length === 0) rmSync(path, { recursive: true });
    } else if (entry.name.endsWith('.js')) {
      const source = join(ROOT, 'src', path.slice(OUT.length + 1).replace(/\.js$/, '.ts'));
      if (!existsSync(source)) rmSync(path);
    }
  }
}

/** Files the compiled code reads beside itself, which tsc does not emit: Prisma's query compiler
 *  (scripts/prisma-generate.mjs). */
function copyAssets() {
  for (const path of files(join(ROOT, 'src'))) {
    if (!path.endsWith('.wasm')) continue;
    const target = join(OUT, path.slice(join(ROOT, 'src').length + 1));
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(path, target);
  }
}

/** Waits for another build's lock (a lock older than STALE_LOCK_MS is a dead build's) and takes it. */
function takeLock() {
  const STALE_LOCK_MS = 180_000;
  mkdirSync(OUT, { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      return;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (Date.now() - statSync(LOCK).mtimeMs > STALE_LOCK_MS) rmSync(LOCK, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
}

function build(current) {
  const tsc = require.resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { cwd: ROOT, stdio: 'inherit' });
  prune();
  copyAssets();
  return buildConsole(join(OUT, 'console')).then(() => writeFileSync(STAMP, current));
}

const built = () => existsSync(join(OUT, 'server.js')) && existsSync(join(OUT, 'console', 'manifest.json'));
if (installedVersion('typescript') === null) {
  if (!built()) {
    console.error(
      'build/ is missing and TypeScript (a devDependency) is not installed: run `npm install`, then `npm run build`.',
    );
    process.exit(1);
  }
} else if (fingerprint() !== lastFingerprint() || !built()) {
  takeLock();
  try {
    const current = fingerprint();
    if (current !== lastFingerprint() || !built()) await build(current);
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
