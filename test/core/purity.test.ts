// The core is pure (architecture.md): no Fastify, Prisma, fs, network or child processes, no clock, no randomness.
// A static scan of every file under src/core.
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

const FORBIDDEN_MODULES =
  /^(node:)?(fs|fs\/promises|net|http|https|http2|tls|dgram|dns|child_process|cluster|worker_threads)$|^fastify|^@fastify\/|^@prisma\/|^prisma$|^pg$|^pg-boss$|^undici$|^axios$/;
const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|require\s*\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;
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
  it('imports nothing from fastify, prisma, fs, the network or child processes', () => {
    const offenders: string[] = [];
    for (const f of all) {
      const src = stripComments(readFileSync(f, 'utf8'));
      for (const m of src.matchAll(IMPORT)) {
        const spec = m[1] ?? m[2] ?? m[3] ?? m[4];
        if (spec && FORBIDDEN_MODULES.test(spec)) offenders.push(`${relative(REPO_ROOT, f)} imports ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
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
    const sample = "import { readFileSync } from 'node:fs';\nconst t = Date.now();";
    expect([...sample.matchAll(IMPORT)].map((m) => m[1])).toEqual(['node:fs']);
    expect(FORBIDDEN_MODULES.test('node:fs')).toBe(true);
    expect(FORBIDDEN_CALLS.some(([re]) => re.test(sample))).toBe(true);
  });
});
