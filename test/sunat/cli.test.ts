// `npx facturo sunat-simulator` runs the simulator on its own: it prints its URL, serves sendBill there, and stops
// cleanly on SIGTERM.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveSunatEndpoints, sendBill, zipDocument } from '../../src/sunat/index.ts';
import { REPO_ROOT, credentials, invoiceXml, sign } from './helpers.ts';

const started: ReturnType<typeof spawn>[] = [];
// A test that fails before its SIGTERM (a slow start under load) must not leave its simulator running.
afterEach(() => {
  for (const child of started.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function run(args: string[]) {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'bin', 'facturo.mjs'), 'sunat-simulator', ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL printed: ${out} ${err}`)), 30_000);
    child.stdout.on('data', () => {
      const m = /escuchando en (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on('exit', () => reject(new Error(`exited early: ${out} ${err}`)));
  });
  url.catch(() => undefined); // a test that expects an early exit never awaits the URL
  return { child, url, exited, output: () => out + err };
}

describe('npx facturo sunat-simulator', () => {
  it('serves SUNAT’s paths on the port it prints and exits 0 on SIGTERM', async () => {
    const sim = run(['--port', '0']);
    const url = await sim.url;
    expect(sim.output()).toContain('/ol-ti-itcpfegem-beta/billService');
    const base = '20000000001-01-F001-41';
    const outcome = await sendBill({
      endpoint: resolveSunatEndpoints({ mode: 'simulator', simulatorUrl: url }).invoices,
      credentials,
      fileName: base,
      zip: zipDocument(base, sign(invoiceXml(41))),
      timeoutMs: 10_000,
    });
    expect(outcome).toMatchObject({ kind: 'accepted', code: '0' });
    sim.child.kill('SIGTERM');
    expect(await sim.exited).toBe(0);
  });

  it('refuses a bad option with exit code 2 and the usage', async () => {
    const sim = run(['--rejections', 'maybe']);
    expect(await sim.exited).toBe(2);
    expect(sim.output()).toContain('--rejections debe ser fault o cdr');
  });
});
