#!/usr/bin/env node
// `npm run build` (and `npm start`'s prestart): src/*.ts → build/*.js, emitted by tsc (tsconfig.build.json, types not
// checked: `npm run typecheck` does that), and the web console (console/ → build/console/, scripts/build-console.mjs). The API runs the JavaScript in plain node: the tsx loader costs a loader
// thread with its own V8 isolate and esbuild, about 40 MB of resident memory.
// `npm start` must never run stale code, yet most starts change nothing: the build is skipped when a fingerprint of
// every input (path, size, mtime of src/ and the tsconfigs, TypeScript's version) equals the last build's. Any
// difference, an older mtime included (a checkout, an extracted archive), builds again. tsc builds incrementally and
// never deletes: the JavaScript of a source deleted or renamed since is removed after each build (prune), so no
// module that no longer exists can still be imported.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildConsole, CONSOLE_SOURCES } from './build-console.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'build');
const STAMP = join(OUT, '.inputs');
const require = createRequire(import.meta.url);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

function fingerprint() {
  const hash = createHash('sha256');
  hash.update(`typescript ${require('typescript/package.json').version}\n`);
  hash.update(`esbuild ${require('esbuild/package.json').version} preact ${require('preact/package.json').version}\n`);
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

function lastFingerprint() {
  try {
    return readFileSync(STAMP, 'utf8');
  } catch {
    return '';
  }
}

/** Removes build/**\/*.js whose src/**\/*.ts is gone, and the folders that leaves empty. */
function prune(dir = OUT) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (path === join(OUT, 'console')) continue; // the web console's bundle, not tsc's output
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

const current = fingerprint();
if (current !== lastFingerprint() || !existsSync(join(OUT, 'console', 'manifest.json'))) {
  const tsc = require.resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { cwd: ROOT, stdio: 'inherit' });
  mkdirSync(OUT, { recursive: true });
  prune();
  copyAssets();
  await buildConsole(join(OUT, 'console'));
  writeFileSync(STAMP, current);
}
