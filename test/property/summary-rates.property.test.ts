// Property-based check of the resumen diario: any set of boletas and notes of boletas the core accepts — at 18 %, at
// Ley 31556's 10 %, exonerated, free, with ICBPER or ISC — makes an RC that is XSD-valid, signed, passed by the
// simulator's RC rules, and whose every line names its document's IGV rate (SUNAT 2992). `npm run fuzz` runs the same
// judge over its accepted boletas.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { assignNumber, type ComputedDocument, prepareDocument } from '../../src/core/index.ts';
import { testContext } from '../fixtures/invoices.ts';
import { documentBody } from './bodies.ts';
import { summaryViolation } from './judge.ts';

const boletaBody = documentBody.filter((b) => b.serie_documento.startsWith('B'));

describe('the resumen diario, property-based (fast-check)', () => {
  it('accepted boletas and their notes ⇒ an RC that passes, every line with its rate', () => {
    fc.assert(
      fc.property(fc.array(boletaBody, { minLength: 1, maxLength: 8 }), (bodies) => {
        const documents: ComputedDocument[] = [];
        for (const [i, body] of bodies.entries()) {
          const prepared = prepareDocument(structuredClone(body), testContext({ mode: 'demo' }));
          if (prepared.ok) documents.push(assignNumber(prepared.document, i + 1));
        }
        const problem = summaryViolation(documents);
        if (problem) throw new Error(problem);
      }),
      { numRuns: 25, seed: 48 },
    );
  });
});
