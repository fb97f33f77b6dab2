#!/usr/bin/env node
// Entry of `npx facturo <command>`: runs the compiled CLI, build/cli/index.js, in plain node. `npm install` builds it
// (postinstall), as does `npm run build`. When the sources changed since (an edit, a checkout) it is built again
// first, on stderr — tsc works incrementally, so that takes seconds once — and never runs stale code.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIsCurrent, installedVersion } from '../scripts/build-inputs.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (!buildIsCurrent() && installedVersion('typescript') !== null) {
  process.stderr.write('facturo: src/ changed since the last build; building it (npm run build)…\n');
  // The build's own output goes to stderr: stdout is the command's.
  const built = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: ['ignore', 2, 2] });
  if (built.status !== 0) {
    process.stderr.write('facturo: the build failed; `npm run build` shows why.\n');
    process.exit(1);
  }
}
const { main } = await import(pathToFileURL(join(root, 'build', 'cli', 'index.js')).href);
const code = await main(process.argv.slice(2));
process.exitCode = typeof code === 'number' ? code : 0;
