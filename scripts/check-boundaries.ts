// `npm run check:boundaries`: fails (exit 1) when an import under src/ crosses the layers the wrong way, listing
// each offending import with its file and line. The rules: scripts/boundaries/rules.ts and docs/architecture.md.
// An optional argument names another repository root (the test plants violations in a temporary tree).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBoundaries, formatViolation } from './boundaries/check.ts';

const root = resolve(process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url)));
const violations = checkBoundaries(root);
for (const v of violations) process.stderr.write(`${formatViolation(v)}\n`);
if (violations.length > 0) {
  process.stderr.write(`\n${violations.length} import(s) cross the layer boundaries (docs/architecture.md).\n`);
  process.exit(1);
}
process.stdout.write('Layer boundaries hold.\n');
