// The commands of several database servers without DATABASE_URL (the embedded database, PGlite: one server only):
// adding a server is refused and a move says it needs PostgreSQL — clearly, with exit 1, no stack trace, and
// before opening any database. Run from an empty directory.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'facturo.mjs');
let cwd = '';

beforeAll(() => {
  cwd = mkdtempSync(join(tmpdir(), 'facturo-cli-db-'));
});
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

function facturo(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'NODE_OPTIONS'].includes(k)),
  );
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { cwd, env: { ...env, DATA_DIR: join(cwd, 'data'), LOG_LEVEL: 'warn' }, timeout: 60_000, encoding: 'utf8' },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

describe('several database servers on the embedded database', () => {
  it('database:add is refused: the embedded database is one server', async () => {
    const res = await facturo('database:add', 'b', 'postgresql://postgres@127.0.0.1:5999/facturo');
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/PGlite\) es un solo servidor.*DATABASE_URL/);
    expect(res.stderr).not.toMatch(/^\s+at /m);
  });

  it('tenant:move says it needs PostgreSQL', async () => {
    const res = await facturo('tenant:move', '--subdomain', 'demo', '--to', 'b');
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/tenant:move necesita PostgreSQL \(DATABASE_URL\).*replicación lógica/);
    expect(res.stderr).not.toMatch(/^\s+at /m);
    expect(readdirSync(cwd)).toEqual([]);
  });
});
