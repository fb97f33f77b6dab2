// The core is pure (docs/architecture.md): no clock, no randomness, no environment — a static scan of every file
// under src/core. What the core may import (no Fastify, Prisma, fs, network or child processes) is one of the
// layer rules checked by scripts/check-boundaries.ts (test/architecture/boundaries.test.ts).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../fixtures/invoices.ts';

const CORE = join(REPO_ROOT, 'src/core');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

const FORBIDDEN_CALLS: [RegExp, string][] = [
  [/\bDate\.now\s*\(/, 'Date.now()'],
  [/\bnew\s+Date\s*\(\s*\)/, 'new Date()'],
  [/\bMath\.random\s*\(/, 'Math.random()'],
  [/\bperformance\.now\s*\(/, 'performance.now()'],
  [/\bprocess\.env\b/, 'process.env'],
  [/\bfetch\s*\(/, 'fetch()'],
];

function stripComments(src: string): string {
  return src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

describe('src/core is pure', () => {
  const all = files(CORE);
  it('scans the whole core', () => {
    expect(all.length).toBeGreaterThan(30);
  });
  it('never reads the clock, randomness or the environment', () => {
    const offenders: string[] = [];
    for (const f of all) {
      const src = stripComments(readFileSync(f, 'utf8'));
      for (const [re, what] of FORBIDDEN_CALLS)
        if (re.test(src)) offenders.push(`${relative(REPO_ROOT, f)} calls ${what}`);
    }
    expect(offenders).toEqual([]);
  });
  it('the scan does catch a violation', () => {
    const sample = 'const t = Date.now(); // read the clock';
    expect(FORBIDDEN_CALLS.filter(([re]) => re.test(stripComments(sample))).map(([, what]) => what)).toEqual([
      'Date.now()',
    ]);
    expect(FORBIDDEN_CALLS.some(([re]) => re.test(stripComments('// Date.now() in a comment is fine')))).toBe(false);
  });
});
