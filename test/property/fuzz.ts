// `npm run fuzz -- [--seed N] [--count N]`: the long run of test/property/sunat-line.property.test.ts. Prints the
// seed, how many bodies were accepted and refused, and on failure the shrunk failing body and what went wrong.
import fc from 'fast-check';
import { prepareDocument } from '../../src/core/index.ts';
import { testContext } from '../fixtures/invoices.ts';
import { documentBody } from './bodies.ts';
import { violation } from './judge.ts';

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
const result = fc.check(
  fc.property(documentBody, (body) => {
    const problem = violation(body);
    if (problem) throw new Error(problem);
    if (prepareDocument(structuredClone(body), testContext({ mode: 'demo' })).ok) accepted++;
    else refused++;
  }),
  { numRuns: count, seed },
);
process.stdout.write(`seed ${seed}, ${count} cuerpos: ${accepted} aceptados, ${refused} rechazados (4xx)\n`);
if (result.failed) {
  process.stdout.write(`FALLA tras ${result.numRuns} cuerpos (reducido en ${result.numShrinks} pasos):\n`);
  process.stdout.write(`${JSON.stringify(result.counterexample?.[0], null, 2)}\n`);
  process.stdout.write(
    `${result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance)}\n`,
  );
  process.stdout.write(`reproducir: npm run fuzz -- --seed ${seed} --count ${count}\n`);
  process.exit(1);
}
