#!/usr/bin/env node
// The web console (console/): its TypeScript/JSX bundled by esbuild into build/console/ — one script per console
// (company.js, admin.js), one stylesheet and the icon, each named by its content's hash so that a browser may keep
// it for a year, and manifest.json, which src/platform/http/console.ts reads to write the page. Nothing is fetched
// at run time from anywhere else. ~0.2 s. `npm run build` (and `npm start`'s prestart) runs it through build.mjs;
// `node scripts/build-console.mjs [outDir]` alone builds the console only.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CONSOLE_SOURCES = join(ROOT, 'console');

/** Builds the console into `outDir` (emptied first) and returns its manifest. */
export async function buildConsole(outDir = join(ROOT, 'build', 'console'), { minify = true } = {}) {
  const esbuild = await import('esbuild');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: {
      company: join(CONSOLE_SOURCES, 'src', 'company', 'main.tsx'),
      admin: join(CONSOLE_SOURCES, 'src', 'admin', 'main.tsx'),
      console: join(CONSOLE_SOURCES, 'console.css'),
    },
    outdir: outDir,
    entryNames: '[name]-[hash]',
    bundle: true,
    format: 'esm',
    // Browsers of the last few years, phones included (no transpiling of what they all support).
    target: ['chrome109', 'firefox115', 'safari15'],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    minify,
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  });
  const manifest = {};
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    const name = basename(file);
    const entry = output.entryPoint ? basename(output.entryPoint) : '';
    if (entry === 'main.tsx') manifest[basename(dirname(output.entryPoint))] = name;
    else if (entry === 'console.css') manifest.css = name;
  }
  const icon = readFileSync(join(CONSOLE_SOURCES, 'icon.svg'));
  manifest.icon = `icon-${createHash('sha256').update(icon).digest('hex').slice(0, 8)}.svg`;
  copyFileSync(join(CONSOLE_SOURCES, 'icon.svg'), join(outDir, manifest.icon));
  writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildConsole(process.argv[2]);
}
