// The layer boundaries (docs/architecture.md): the repository keeps them, and the checker behind
// `npm run check:boundaries` does catch each kind of violation when one is planted in a throwaway tree.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBoundaries, formatViolation } from '../../scripts/boundaries/check.ts';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const planted: string[] = [];

function plant(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'facturo-boundaries-'));
  planted.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

afterAll(() => {
  for (const root of planted) rmSync(root, { recursive: true, force: true });
});

/** Each planted file and the one rule it must break (null: it is allowed and must not be reported). */
const CASES: ReadonlyArray<readonly [file: string, text: string, rule: string | null]> = [
  ['src/core/reads-files.ts', "import { readFileSync } from 'node:fs';\n", 'core-is-pure'],
  ['src/core/logs.ts', "import pino from 'pino';\n", 'core-is-pure'],
  ['src/core/climbs.ts', "import { errors } from '../platform/errors.ts';\n", 'layers'],
  ['src/platform/errors.ts', 'export const errors = {};\n', null],
  ['src/platform/uses-feature.ts', "import { s } from '../features/a/service.ts';\n", 'layers'],
  ['src/platform/uses-pipeline.ts', "import { fingerprintOf } from '../pipeline/fingerprint.ts';\n", 'layers'],
  ['src/platform/uses-simulator.ts', "import type { SunatSimulator } from '../sunat/simulator/index.ts';\n", 'layers'],
  ['src/platform/uses-app.ts', "import { buildApp } from '../app.ts';\n", 'layers'],
  ['src/pipeline/uses-worker.ts', "import { enqueue } from '../worker/queue.ts';\n", 'layers'],
  ['src/pipeline/knows-fastify.ts', "import type { FastifyInstance } from 'fastify';\n", 'no-http-below-the-routes'],
  ['src/pipeline/uses-platform.ts', "import { errors } from '../platform/errors.ts';\n", null],
  [
    'src/worker/loads-feature.ts',
    "export async function load() { return import('../features/a/public.ts'); }\n",
    'layers',
  ],
  [
    'src/features/a/service.ts',
    "// import { buildApp } from '../../app.ts' — a comment is not an import\nexport const s = 1;\n",
    null,
  ],
  ['src/features/a/public.ts', "export { s } from './service.ts';\n", null],
  ['src/features/a/routes.ts', "import { s } from './service.ts';\nexport const routes = s;\n", null],
  ['src/features/b/reaches-in.ts', "import { s } from '../a/service.ts';\n", 'feature-leaf'],
  ['src/features/b/uses-public.ts', "import { s } from '../a/public.ts';\n", 'feature-leaf'],
  ['src/features/b/uses-api.ts', "import { pipelineDepsOf } from '../../api/deps.ts';\n", null],
  ['src/features/b/uses-tenancy.ts', "import { provisionTenant } from '../../tenancy/provision.ts';\n", null],
  ['src/features/b/uses-delivery.ts', "import { pdfForDocument } from '../../delivery/pdf.ts';\n", null],
  ['src/api/deps.ts', "import { errors } from '../platform/errors.ts';\n", null],
  ['src/api/uses-feature.ts', "import { s } from '../features/a/public.ts';\n", 'layers'],
  ['src/delivery/pdf.ts', "import { provisionTenant } from '../tenancy/provision.ts';\n", null],
  ['src/delivery/uses-api.ts', "import { pipelineDepsOf } from '../api/deps.ts';\n", 'layers'],
  ['src/delivery/knows-fastify.ts', "import type { FastifyReply } from 'fastify';\n", 'no-http-below-the-routes'],
  ['src/tenancy/provision.ts', "import { fingerprintOf } from '../pipeline/fingerprint.ts';\n", null],
  ['src/tenancy/uses-delivery.ts', "import { pdfForDocument } from '../delivery/pdf.ts';\n", 'layers'],
  ['src/features/b/uses-registry.ts', "import { features } from '../index.ts';\n", 'feature-registry'],
  ['src/features/index.ts', "import { routes } from './a/routes.ts';\nexport const features = [routes];\n", null],
  ['src/admin/type-query.ts', "export type T = import('../features/a/service.ts').T;\n", 'layers'],
  ['src/admin/uses-feature.ts', "import { s } from '../features/a/public.ts';\n", 'layers'],
  ['src/admin/uses-tenancy.ts', "import { provisionTenant } from '../tenancy/provision.ts';\n", null],
  ['src/admin/uses-api.ts', "import { pipelineDepsOf } from '../api/deps.ts';\n", 'layers'],
  ['src/admin/uses-jobs.ts', "import { jobs } from '../jobs.ts';\n", 'layers'],
  ['src/sunat/client.ts', "import pg from 'pg';\n", 'no-database-in-adapters'],
  ['src/sunat/uses-simulator.ts', "import { createSunatSimulator } from './simulator/index.ts';\n", 'layers'],
  ['src/sunat/simulator/index.ts', "import { client } from '../client.ts';\n", null],
  ['src/jobs.ts', "import { s } from './features/a/public.ts';\nexport const jobs = [s];\n", null],
  ['src/app.ts', "import { features } from './features/index.ts';\nimport { jobs } from './jobs.ts';\n", null],
  ['src/cli/worker.ts', "import { jobs } from '../jobs.ts';\nimport { s } from '../features/a/public.ts';\n", null],
  ['src/cli/reaches-in.ts', "import { s } from '../features/a/service.ts';\n", 'feature-public-module'],
  ['src/stray/thing.ts', 'export const x = 1;\n', 'unplaced'],
];

describe('layer boundaries', () => {
  it('hold in this repository', () => {
    expect(checkBoundaries(REPO_ROOT).map(formatViolation)).toEqual([]);
  });

  it('are enforced rule by rule on a planted tree, and allowed imports pass', () => {
    const root = plant(Object.fromEntries(CASES.map(([file, text]) => [file, text])));
    const found = checkBoundaries(root)
      .map((v) => `${v.file} ${v.rule}`)
      .sort();
    const expected = CASES.filter(([, , rule]) => rule !== null)
      .map(([file, , rule]) => `${file} ${rule}`)
      .sort();
    expect(found).toEqual(expected);
  });

  it('name the file and line of the offending import', () => {
    const root = plant({ 'src/pipeline/send.ts': "// sending\n\nimport { enqueue } from '../worker/queue.ts';\n" });
    expect(checkBoundaries(root)).toEqual([
      {
        file: 'src/pipeline/send.ts',
        line: 3,
        specifier: '../worker/queue.ts',
        rule: 'layers',
        message: 'pipeline may not import worker (src/worker/queue.ts)',
      },
    ]);
  });

  it('make `npm run check:boundaries` fail with the list, and pass on a clean tree', () => {
    const script = join(REPO_ROOT, 'scripts/check-boundaries.ts');
    const bad = plant({
      'src/platform/http/types.ts': "import type { SunatSimulator } from '../../sunat/simulator/index.ts';\n",
    });
    const failed = spawnSync(process.execPath, ['--import', 'tsx', script, bad], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('src/platform/http/types.ts:1  [layers] platform may not import simulator');

    const good = plant({
      'src/platform/http/types.ts': "import type { Config } from '../config.ts';\n",
      'src/platform/config.ts': 'export type Config = {};\n',
    });
    const passed = spawnSync(process.execPath, ['--import', 'tsx', script, good], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(passed.status).toBe(0);
  });
  it('make `npm run check:boundaries` fail on a feature that imports another feature, even its public module', () => {
    const files = {
      'src/features/a/service.ts': 'export const s = 1;\n',
      'src/features/a/public.ts': "export { s } from './service.ts';\n",
      'src/features/b/service.ts': "import { s } from '../a/service.ts';\nexport const t = s;\n",
      'src/features/c/service.ts': "import { s } from '../a/public.ts';\nexport const u = s;\n",
      'src/admin/tenants.ts': "import { s } from '../features/a/public.ts';\nexport const v = s;\n",
    };
    const failed = spawnSync('npm', ['run', '--silent', 'check:boundaries', '--', plant(files)], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('src/features/b/service.ts:1  [feature-leaf]');
    expect(failed.stderr).toContain('src/features/c/service.ts:1  [feature-leaf]');
    expect(failed.stderr).toContain('src/admin/tenants.ts:1  [layers] admin may not import features');
    expect(failed.stderr).toContain('3 import(s) cross the layer boundaries');
    // What features share lives below them: importing it is the allowed form.
    const shared = {
      'src/features/a/service.ts': "import { s } from '../../api/shared.ts';\nexport const t = s;\n",
      'src/features/b/service.ts': "import { s } from '../../api/shared.ts';\nexport const u = s;\n",
      'src/api/shared.ts': 'export const s = 1;\n',
    };
    expect(checkBoundaries(plant(shared))).toEqual([]);
  }, 180_000);
});
