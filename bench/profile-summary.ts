// Summarises a V8 .cpuprofile (node --cpu-prof): self time by function and by package/file, top N.
// Usage: node --import tsx bench/profile-summary.ts <file.cpuprofile> [N]
import { readFileSync } from 'node:fs';

const [file, nArg] = process.argv.slice(2);
const top = Number(nArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[];
  samples: number[];
  timeDeltas: number[];
};
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const fn = new Map<string, number>();
const pkg = new Map<string, number>();
for (const [id, us] of self) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const short = url.replace(/^.*node_modules\//, 'nm:').replace(/^file:\/\/.*\/work\/main\//, '');
  fn.set(
    `${functionName || '(anonymous)'} ${short}:${lineNumber}`,
    (fn.get(`${functionName || '(anonymous)'} ${short}:${lineNumber}`) ?? 0) + us,
  );
  const group = url.includes('node_modules/')
    ? url.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1')
    : url.startsWith('node:')
      ? url
      : url
        ? url.replace(/^.*\/work\/main\//, '').replace(/\/[^/]+$/, '/')
        : functionName;
  pkg.set(group, (pkg.get(group) ?? 0) + us);
}
const show = (m: Map<string, number>, title: string) => {
  console.log(`\n${title} (total ${(total / 1000).toFixed(0)} ms)`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((us / total) * 100).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`);
};
show(pkg, 'Self time by package / folder');
show(fn, 'Self time by function');
