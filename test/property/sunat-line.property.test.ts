// Property-based check that the core never draws a stricter line than SUNAT (bounded run; `npm run fuzz` runs it long): every body the core
// accepts yields XSD-valid, verifiable XML the simulator does not reject; every refusal names a field with one of
// our codes and, when it cites SUNAT, a rejection code.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { documentBody } from './bodies.ts';
import { violation } from './judge.ts';

describe("SUNAT's line, property-based (fast-check)", () => {
  it('accepted ⇒ XSD-valid, signed, no simulator rejection; refused ⇒ our code, a field, a rejection code', () => {
    fc.assert(
      fc.property(documentBody, (body) => {
        const problem = violation(body);
        if (problem) throw new Error(problem);
      }),
      { numRuns: 40, seed: 15 },
    );
  });
});
