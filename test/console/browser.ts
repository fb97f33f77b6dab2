// A real browser for the console's tests: Debian's Chromium (`apt-get install chromium`; CHROMIUM_PATH names another
// binary), driven by playwright-core — never a browser build downloaded by a tool. One browser per test file, a fresh
// empty profile (playwright's own temporary --user-data-dir), and a host resolver that sends every name but the
// test server's *.localhost hosts nowhere: the page cannot reach outside the machine even if it tried, and the
// tests record and check every request it makes.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { buildConsole } from '../../scripts/build-console.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Whether the browser tests run: with Chromium installed, and always in CI (CI=true), where a missing Chromium fails
 * them instead (.ci/run installs it). `npm test` on a machine with only Node and npm skips them, saying so.
 */
export const BROWSER_TESTS = existsSync(CHROMIUM) || process.env.CI === 'true';
if (!BROWSER_TESTS)
  console.warn(`console browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install chromium)`);

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  // *.localhost is loopback without DNS; anything else resolves to nothing.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE *.localhost, EXCLUDE 127.0.0.1',
];

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium is missing at ${CHROMIUM}: apt-get install chromium (or set CHROMIUM_PATH)`);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS, timeout: 60_000 });
}

let built: Promise<string> | null = null;

/** The console built once per test process into a temporary folder (what `npm run build` writes to build/console). */
export function builtConsole(): Promise<string> {
  built ??= (async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'facturo-console-')), 'console');
    await buildConsole(dir);
    return dir;
  })();
  return built;
}
