// The compiled parsers of the document bodies (parserOf in src/core/invoice/prepare.ts: zod's z.compile) judged by
// zod's runtime parser of the same schema: for every body — generated valid ones across the whole input space, each
// with one value anywhere replaced by a hostile one, the fixtures of every family — the same answer: accepted with
// the same parsed value, or refused with the same issues (codes, paths, messages).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { parserOf } from '../../src/core/invoice/prepare.ts';
import { documentBodySchema } from '../../src/core/invoice/schema.ts';
import { perceptionBodySchema } from '../../src/core/perception/schema.ts';
import { retentionBodySchema } from '../../src/core/retention/schema.ts';
import { loadExamples, type ExampleFolder } from '../../src/api/examples.ts';
import { TODAY } from '../fixtures/invoices.ts';
import { documentBody } from './bodies.ts';

function sameAnswer(schema: z.ZodType, body: unknown): void {
  const runtime = schema.safeParse(structuredClone(body));
  const compiled = parserOf(schema).safeParse(structuredClone(body));
  expect(compiled.success).toBe(runtime.success);
  if (runtime.success) expect(compiled.data).toEqual(runtime.data);
  else expect(compiled.error?.issues).toEqual(runtime.error.issues);
}

/** Values a client could put anywhere: wrong types, empties, edge numbers, padded and non-numeric texts. */
const hostile = fc.oneof(
  fc.constantFrom(null, '', ' ', true, false, 0, -1, 1e15, 0.005, -0.0, '01', '1', '10', '#', 'abc', ' 5 ', '1e3'),
  fc.constantFrom('99999999999999', '9999999999999.995', '2025-02-30', '25:00:00', '00:00', 'PEN', 'usd'),
  fc.constantFrom([], {}, [1], { a: 1 }, 'x'.repeat(600)),
  fc.string({ maxLength: 8 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Every path to a value in the body (keys of objects, indexes of arrays). */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [at, ...value.flatMap((v, i) => paths(v, [...at, i]))];
  if (value !== null && typeof value === 'object')
    return [at, ...Object.entries(value).flatMap(([k, v]) => paths(v, [...at, k]))];
  return [at];
}

function replaced(body: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}

const mutated = documentBody.chain((body) => {
  const all = paths(body).filter((p) => p.length > 0);
  return fc.tuple(fc.constantFrom(...all), hostile).map(([path, value]) => replaced(body, path, value));
});

/** The test fixtures of a folder (invoices, perceptions) and the published examples of its family. */
function bodiesOf(folder: ExampleFolder): unknown[] {
  const dir = join(import.meta.dirname, '..', 'fixtures', 'requests', folder);
  const fixtures = folder === 'retentions' ? [] : readdirSync(dir).filter((f) => f.endsWith('.json'));
  return [
    ...fixtures.map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8').replace(/\$\{TODAY(?:[+-]\d+)?\}/g, TODAY))),
    ...Object.values(loadExamples(folder)).map((e) => e.value),
  ];
}

describe('compiled body parsers answer as zod runtime parser does', () => {
  it('on generated bodies of every document type', () => {
    fc.assert(
      fc.property(documentBody, (body) => sameAnswer(documentBodySchema, body)),
      { numRuns: 300 },
    );
  });

  it('on those bodies with any one value made hostile', () => {
    fc.assert(
      fc.property(mutated, (body) => sameAnswer(documentBodySchema, body)),
      { numRuns: 1500 },
    );
  });

  it('on every fixture and example of invoices, perceptions and retentions, and each with a value removed', () => {
    const cases: [z.ZodType, unknown[]][] = [
      [documentBodySchema, bodiesOf('invoices')],
      [perceptionBodySchema, bodiesOf('perceptions')],
      [retentionBodySchema, bodiesOf('retentions')],
    ];
    for (const [schema, bodies] of cases) {
      expect(bodies.length).toBeGreaterThan(0);
      for (const body of bodies) {
        sameAnswer(schema, body);
        for (const path of paths(body).filter((p) => p.length > 0)) sameAnswer(schema, replaced(body, path, undefined));
      }
    }
  });
});
