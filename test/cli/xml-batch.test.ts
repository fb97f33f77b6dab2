// `npx facturo xml --out-dir DIR body1.json body2.json …`: many bodies in one process through the real entry point —
// one line per body (file → document name, or the 422 with its code and path), each XML written, exit 1 when any
// failed; the single-body form still prints the XML on stdout.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyXmlSignature } from '../../src/core/signing.ts';
import { FIXTURES, TODAY } from '../fixtures/invoices.ts';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'facturo.mjs');
const body = (name: string) => join(FIXTURES, 'invoices', `${name}.json`);
let dir = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'facturo-xml-batch-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function facturo(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { timeout: 60_000, encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

const batch = (out: string, ...bodies: string[]) => facturo('xml', '--out-dir', out, '--today', TODAY, ...bodies);

describe('facturo xml --out-dir (batch preview)', () => {
  it('builds every body in one process: one line each, the XML files written, numbers per series', async () => {
    const out = join(dir, 'ok');
    const res = await batch(out, body('01-taxed'), body('13-detraction'), body('25-boleta'), body('26-credit-note'));
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout.trim().split('\n')).toEqual([
      '01-taxed.json → 20000000001-01-F001-1.xml',
      '13-detraction.json → 20000000001-01-F001-2.xml',
      '25-boleta.json → 20000000001-03-B001-1.xml',
      '26-credit-note.json → 20000000001-07-FC01-1.xml',
    ]);
    expect(readdirSync(out).sort()).toHaveLength(4);
    const xml = readFileSync(join(out, '20000000001-07-FC01-1.xml'), 'utf8');
    expect(xml).toContain('<CreditNote ');
    expect(verifyXmlSignature(xml)).toMatchObject({ valid: true });
  });

  it('takes a folder as its *.json files in name order, so thousands of bodies need one argument', async () => {
    const bodies = join(dir, 'bodies');
    mkdirSync(bodies);
    for (let i = 0; i < 300; i++) copyFileSync(body('01-taxed'), join(bodies, `b${String(i).padStart(3, '0')}.json`));
    const out = join(dir, 'folder');
    const res = await batch(out, bodies, body('25-boleta'));
    expect(res.code, res.stderr).toBe(0);
    const lines = res.stdout.trim().split('\n');
    expect(lines).toHaveLength(301);
    expect(lines[0]).toBe('b000.json → 20000000001-01-F001-1.xml');
    expect(lines[299]).toBe('b299.json → 20000000001-01-F001-300.xml');
    expect(lines[300]).toBe('25-boleta.json → 20000000001-03-B001-1.xml');
    expect(readdirSync(out)).toHaveLength(301);
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    const none = await batch(join(dir, 'none'), empty);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no contiene archivos .json');
    const alone = await facturo('xml', '--today', TODAY, bodies);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--out-dir');
  });

  it('a body the core refuses is a line with the 422 code and path; the others are still built; exit 1', async () => {
    const out = join(dir, 'mixed');
    const res = await batch(out, join(FIXTURES, 'invalid/14-series-x001.json'), body('01-taxed'));
    expect(res.code).toBe(1);
    const [bad, good] = res.stdout.trim().split('\n');
    expect(bad).toMatch(/^14-series-x001\.json → 422 error series_invalid serie_documento: /);
    expect(good).toBe('01-taxed.json → 20000000001-01-F001-1.xml');
    expect(readdirSync(out)).toEqual(['20000000001-01-F001-1.xml']);
  });

  it('several bodies without --out-dir is a usage error (exit 2); --help still answers and names --out-dir', async () => {
    const res = await facturo('xml', body('01-taxed'), body('25-boleta'));
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/con varios cuerpos indique --out-dir/);
    const help = await facturo('xml', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Uso: facturo xml <cuerpo\.json>…/);
    expect(help.stdout).toMatch(/--out-dir <carpeta>/);
  });

  it('the single-body form keeps printing the XML on stdout', async () => {
    const res = await facturo('xml', '--today', TODAY, body('01-taxed'));
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('<cbc:ID>F001-1</cbc:ID>');
    expect(res.stderr).toMatch(/archivo: 20000000001-01-F001-1\.xml/);
  });
});
