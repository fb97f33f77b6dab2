// Per-stage CPU of the issue path from a V8 CPU profile (node --cpu-prof): each sample is charged to the stage of
// the frame nearest its leaf that belongs to a known stage (pg's parser called from our insert → "DB statements";
// node:crypto called from src/core/signing → "sign"). Only samples inside [fromUs, toUs] (CLOCK_MONOTONIC
// microseconds, the clock of both V8's profile and process.hrtime) count, so start-up and warm-up are left out.
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Stage → test on a frame's url (or function name for V8's pseudo-frames). First match wins, leaf upwards. */
export const STAGES: Array<[string, (url: string, fn: string) => boolean]> = [
  ['GC', (_u, f) => f === '(garbage collector)'],
  ['QR', (u) => u.includes('/qrcode/') || /\/src\/(core|render)\/qr/.test(u)],
  ['zip', (u) => u.includes('/fflate/') || u.includes('/src/sunat/zip.ts')],
  ['CDR parse', (u) => u.includes('/src/core/cdr') || u.includes('/src/pipeline/cdr-')],
  [
    'SOAP build/parse + HTTP to SUNAT',
    (u) =>
      /\/src\/sunat\/(soap|xml|client|transport|outcomes|recovery)\.ts/.test(u) ||
      u.includes('/undici/') ||
      u.startsWith('node:_http_client') ||
      u.startsWith('node:_http_agent'),
  ],
  ['sign', (u) => u.includes('/src/core/signing') || u.includes('/hash-wasm/') || u.includes('/node-forge/')],
  ['XML (UBL)', (u) => u.includes('/src/core/ubl/')],
  ['compute', (u) => u.includes('/src/core/') || u.includes('/decimal.js/')],
  ['validation (zod)', (u) => u.includes('/zod/') || u.includes('fastify-type-provider-zod')],
  ['storage (files)', (u) => u.includes('/src/platform/storage')],
  [
    'DB statements',
    (u) => /\/node_modules\/(pg|pg-[a-z-]+|@prisma|postgres-[a-z]+)\//.test(u) || u.includes('/src/generated/'),
  ],
  ['envelope (presenter)', (u) => u.includes('/src/api/presenter')],
  ['tenancy + auth', (u) => /\/src\/platform\/(http\/tenan|tokens)/.test(u)],
  ['pipeline glue', (u) => /\/src\/(pipeline|features|api|delivery|tenancy)\//.test(u)],
  [
    'HTTP parse + reply (fastify)',
    (u) =>
      /\/node_modules\/(fastify|@fastify|find-my-way|avvio|light-my-request|secure-json-parse|fast-json-stringify)/.test(
        u,
      ) ||
      u.startsWith('node:_http') ||
      u.startsWith('node:http'),
  ],
  ['logging / metrics', (u) => /\/node_modules\/(pino|prom-client|sonic-boom)/.test(u)],
  ['tsx loader', (u) => u.includes('/tsx/') || u.includes('/esbuild/')],
];

/** A frame of the compiled build (`npm start` runs build/*.js) is charged as its source file, src/*.ts. */
function sourceUrl(url: string): string {
  return url.includes('/node_modules/') ? url : url.replace(/\/build\/(.+)\.js$/, '/src/$1.ts');
}

export interface StageCpu {
  stage: string;
  ms: number;
}

/** CPU milliseconds per stage inside the window (and per leaf function, for digging); idle time is dropped. */
export function stagesOf(file: string, fromUs: number, toUs: number): { stages: StageCpu[]; functions: StageCpu[] } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stageOfNode = new Map<number, string>();
  const classify = (id: number): string => {
    const known = stageOfNode.get(id);
    if (known) return known;
    let stage = 'other (node internals, event loop)';
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { url, functionName } = byId.get(at)!.callFrame;
      const hit = STAGES.find(([, test]) => test(sourceUrl(url), functionName));
      if (hit) {
        stage = hit[0];
        break;
      }
    }
    stageOfNode.set(id, stage);
    return stage;
  };
  const totals = new Map<string, number>();
  const leaves = new Map<string, number>();
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    const delta = profile.timeDeltas[i + 1] ?? 0;
    if (t < fromUs || t > toUs) return;
    if (byId.get(id)!.callFrame.functionName === '(idle)') return;
    const stage = classify(id);
    totals.set(stage, (totals.get(stage) ?? 0) + delta / 1000);
    const { functionName, url } = byId.get(id)!.callFrame;
    const leaf = `${functionName || '(anonymous)'} ${sourceUrl(url).replace(/^.*\/(node_modules|src)\//, '$1/')} [${stage}]`;
    leaves.set(leaf, (leaves.get(leaf) ?? 0) + delta / 1000);
  });
  const sorted = (m: Map<string, number>) => [...m].map(([stage, ms]) => ({ stage, ms })).sort((a, b) => b.ms - a.ms);
  return { stages: sorted(totals), functions: sorted(leaves) };
}

/** hrtime in microseconds: the clock V8 stamps profile samples with (CLOCK_MONOTONIC on Linux). */
export function monotonicUs(): number {
  return Number(process.hrtime.bigint() / 1000n);
}
