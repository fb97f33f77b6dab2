// `npm run fuzz -- [--seed N] [--count N]`: the long run of test/property/sunat-line.property.test.ts and, over the
// boletas and notes of boletas it accepts, of test/property/summary-rates.property.test.ts (one RC per 100). Prints
// the seed, how many bodies were accepted and refused, and on failure the shrunk failing body and what went wrong.
import fc from 'fast-check';
import { assignNumber, type ComputedDocument, prepareDocument } from '../../src/core/index.ts';
import { testContext } from '../fixtures/invoices.ts';
import { documentBody } from './bodies.ts';
import { summaryViolation, violation } from './judge.ts';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isInteger(value)) {
    process.stderr.write(`--${name} necesita un entero\n`);
    process.exit(2);
  }
  return value;
}

const seed = option('seed', Date.now() % 2_147_483_647);
const count = option('count', 2000);
let accepted = 0;
let refused = 0;
/** Accepted boletas and notes of boletas waiting for their RC. */
let declared: ComputedDocument[] = [];
let summaries = 0;
function declare(document: ComputedDocument): void {
  declared.push(assignNumber(document, declared.length + 1));
  if (declared.length < 100) return;
  flushSummary();
}
function flushSummary(): void {
  const problem = summaryViolation(declared);
  if (declared.length > 0) summaries++;
  declared = [];
  if (problem) {
    process.stdout.write(
      `FALLA en un resumen diario: ${problem}\nreproducir: npm run fuzz -- --seed ${seed} --count ${count}\n`,
    );
    process.exit(1);
  }
}
const result = fc.check(
  fc.property(documentBody, (body) => {
    const problem = violation(body);
    if (problem) throw new Error(problem);
    const prepared = prepareDocument(structuredClone(body), testContext({ mode: 'demo' }));
    if (!prepared.ok) {
      refused++;
      return;
    }
    accepted++;
    if (prepared.document.series.startsWith('B')) declare(prepared.document);
  }),
  { numRuns: count, seed },
);
if (!result.failed) flushSummary();
process.stdout.write(
  `seed ${seed}, ${count} cuerpos: ${accepted} aceptados, ${refused} rechazados (4xx); ${summaries} resúmenes diarios\n`,
);
if (result.failed) {
  process.stdout.write(`FALLA tras ${result.numRuns} cuerpos (reducido en ${result.numShrinks} pasos):\n`);
  process.stdout.write(`${JSON.stringify(result.counterexample?.[0], null, 2)}\n`);
  process.stdout.write(
    `${result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance)}\n`,
  );
  process.stdout.write(`reproducir: npm run fuzz -- --seed ${seed} --count ${count}\n`);
  process.exit(1);
}
